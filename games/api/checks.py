"""The row check: one endpoint that checks a partial score sheet, or a log, and answers per
row (the match page calls it as a row is completed; any client may).

``POST /api/matches/{id}/check/`` with ``{"rows": [{"field": "text", ...}, ...]}`` (the
sheet's rows as typed, the fields of ``games.sheets``) answers every row: ``blank``,
``problem`` (a field not filled in, not a number), ``error`` (the engine: the deal cannot
be, at this field), ``playing`` (a game still on the board) or ``scored`` with its points
and running totals, and beside the sheet the match's state (totals, the Punktetopf...).
With ``{"log": {...}}`` or ``{"text": "..."}`` it answers a whole log deal by deal. Nothing
is stored; messages are in the language of ``Accept-Language``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.engines import EngineError
from games.models import Match
from games.replay import parse_document, replay_document
from games.selectors.errors import error_reason, problem_text
from games.selectors.results import may_enter_result, sheet_context
from games.services.drafts import DraftInvalid, draft_clean
from games.sheets import sheet_for
from games.sheets.check import check_result, check_sheet

EXAMPLE = {"rows": [{"dealer": "1", "upcard": "7H", "ended": "knock:0", "deadwood_0": "5",
                     "deadwood_1": "30"},
                    {"upcard": "KS", "ended": "gin:1", "deadwood_0": "20"}]}


def _rendered(problems: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{**problem, "message": problem_text(problem)} for problem in problems]


class MatchCheckView(APIView):
    """Check a partial score sheet (or a log) of the match, row by row."""

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses={200: OpenApiTypes.OBJECT},
        examples=[OpenApiExample("Two rows of a Gin sheet", value=EXAMPLE,
                                 request_only=True)],
        summary="Check a partial sheet or log, row by row")
    def post(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(Match, pk=pk)
        if not may_enter_result(request.user, match):
            raise PermissionDenied(gettext("Only the organizers and the match's players may "
                                           "check its result."))
        data = request.data
        if not isinstance(data, Mapping):
            raise ValidationError({"rows": [gettext("Send {\"rows\": [...]} or "
                                                    "{\"log\": {...}}.")]})
        players = [seat.player.name if seat.player else "?" for seat in
                   match.seats.select_related("player").order_by("index")]
        if "rows" in data:
            return Response(self._sheet(match, data, players))
        if "log" in data or "text" in data:
            return Response(self._log(match, data, players))
        raise ValidationError({"rows": [gettext("Send {\"rows\": [...]} or {\"log\": {...}}.")]})

    def _sheet(self, match: Match, data: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
        sheet = sheet_for(match.game)
        if sheet is None:
            raise ValidationError({"rows": [gettext("This game has no score sheet.")]})
        try:
            rows = draft_clean({"entry": "sheet", "rows": data.get("rows")})["rows"]
        except DraftInvalid as error:
            raise ValidationError({"rows": [str(error)]}) from None
        answer = check_sheet(sheet, rows, sheet_context(match, players), gettext)
        for row in answer["rows"]:
            if "problems" in row:
                row["problems"] = _rendered(row["problems"])
        answer["problems"] = _rendered(answer["problems"])
        return answer

    def _log(self, match: Match, data: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
        try:
            document = data["log"] if "log" in data else parse_document(str(data["text"]))
            result = replay_document(document, game=match.game, rules=match.rules,
                                     players=players, strict=False)
        except EngineError as error:
            problem = error.to_json()
            return {"deals": [], "seats": [],
                    "problems": [{**problem, "message": error_reason(problem)}]}
        answer = check_result(result)
        for deal in answer["deals"]:
            if "error" in deal:
                deal["error"]["message"] = error_reason(deal["error"])
        for problem in answer["problems"]:
            problem["message"] = error_reason(problem)
        return answer
