"""One shape for every API error: ``{"message": ..., "extra": {...}}``.

Domain errors raised by the services (a user error such as "Entries are closed") become a
400 with their message; validation errors keep their per-field details in ``extra.fields``.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games.engines import EngineError
from games.services import MatchNotReady
from league.services import LeagueError
from tournaments.services import TournamentError

USER_ERRORS = (LeagueError, TournamentError, MatchNotReady, EngineError)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, USER_ERRORS):
        extra = exc.to_json() if isinstance(exc, EngineError) else {}
        return Response({"message": str(exc), "extra": extra},
                        status=status.HTTP_400_BAD_REQUEST)
    response = exception_handler(exc, context)
    if response is None:
        return None
    detail = response.data
    if isinstance(exc, exceptions.ValidationError):
        fields = detail if isinstance(detail, dict) else {"non_field_errors": detail}
        first = next(iter(fields.items()), ("", [""]))
        message = f"{first[0]}: {_first_text(first[1])}" if first[0] else _first_text(first[1])
        response.data = {"message": message, "extra": {"fields": fields}}
    elif isinstance(detail, dict) and "detail" in detail:
        response.data = {"message": str(detail["detail"]), "extra": {}}
    else:
        response.data = {"message": str(detail), "extra": {}}
    return response


def _first_text(value: Any) -> str:
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    if isinstance(value, dict):
        return _first_text(next(iter(value.values()), ""))
    return str(value)
