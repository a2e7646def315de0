"""One shape for every API error: ``{"message": ..., "extra": {...}}``.

Domain errors raised by the services (a user error such as "Entries are closed") become a
400 with their message; validation errors keep their per-field details in ``extra.fields``.
A log over the size limit is a 413; a database that is briefly away (or a deadlock that
outlasted its retries) is a 503 to try again, never a 500.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games.engines import EngineError
from games.services import LogRefused, LogTooLarge, MatchNotReady
from league.services import LeagueError
from tournaments.services import TournamentError

USER_ERRORS = (LeagueError, TournamentError, MatchNotReady, EngineError, LogRefused)

logger = logging.getLogger(__name__)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, LogTooLarge):
        return Response({"message": str(exc), "extra": {"size": exc.size, "limit": exc.limit}},
                        status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, USER_ERRORS):
        extra = exc.to_json() if isinstance(exc, EngineError) else {}
        return Response({"message": str(exc), "extra": extra},
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        return Response({"message": gettext("The request is larger than the API takes."),
                         "extra": {}}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, (OperationalError, InterfaceError)):
        logger.warning("database unavailable during an API request: %s", exc)
        return Response({"message": gettext("The database is busy or briefly away; nothing "
                                            "was changed. Please try again in a moment."),
                         "extra": {}}, status=status.HTTP_503_SERVICE_UNAVAILABLE,
                        headers={"Retry-After": "5"})
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


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404 for an address no view takes (e.g. ``/api/matches/abc/``): in the API's error
    shape under ``/api/``, the site's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"message": gettext("There is no such address in the API."),
                             "extra": {"path": request.path}}, status=404)
    return defaults.page_not_found(request, exception or Http404())


def server_error(request: HttpRequest) -> HttpResponse:
    """500 (a bug, logged by Django): in the API's error shape under ``/api/``."""
    if request.path.startswith("/api/"):
        return JsonResponse({"message": gettext("Something went wrong on our side; it is "
                                                "logged. Please try again later."),
                             "extra": {}}, status=500)
    return defaults.server_error(request)
