"""The row check: a partial sheet, or a log, answered row by row.

:func:`check_sheet` builds the document of the rows typed so far, has the engine replay it
leniently (a faulty deal is left out and the others go on), and answers per row: blank, a
problem of the row itself (a field not filled in, not a number), an engine's error (the
deal cannot be: the row and field it points at), or scored (its points and the running
totals, per game more). :func:`check_result` answers a replayed log deal by deal.
Nothing here stores anything; the same code scores the sheet when it is submitted.

>>> from games.engines import get_engine
>>> from games.sheets.base import SheetContext
>>> from games.sheets.gin import SHEET
>>> ctx = SheetContext("gin", ("Anna", "Bert"), get_engine("gin").rules({}), {})
>>> answer = check_sheet(SHEET, [
...     {"dealer": "1", "upcard": "7H", "ended": "knock:0", "deadwood_0": "5",
...      "deadwood_1": "30"},
...     {"upcard": "KS", "ended": "gin:1", "deadwood_0": "20"}], ctx)
>>> [(row["row"], row["status"]) for row in answer["rows"]]
[(1, 'scored'), (2, 'problem')]
>>> answer["rows"][0]["points"], answer["rows"][1]["problems"][0]["field"]
([25, 0], 'deadwood_1')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.engines import EngineError, MatchResult, get_engine

from .base import Problem, Row, Sheet, SheetContext, _, locate

Translate = Callable[[str], str]


def _engine_problem(error: EngineError, row: int | None, field: str | None) -> Problem:
    data = error.to_json()
    return Problem(row, field, str(data.get("reason") or error), engine=data)


def check_sheet(sheet: Sheet, rows: Sequence[Row], ctx: SheetContext,
                translate: Translate = _) -> dict[str, Any]:
    """Answer every row of a (partial) sheet; see the module docstring."""
    built = sheet.build(rows, ctx)
    by_row: dict[int, list[Problem]] = {}
    general: list[Problem] = []
    for problem in built.problems:
        if problem.row is None:
            continue  # "the sheet is empty" is no news while it is being typed
        by_row.setdefault(problem.row, []).append(problem)
    live = {number: state for number, row in enumerate(rows, start=1)
            if (state := sheet.live(row, number, ctx)) is not None}
    # A game still being played on the board is not finished yet; that is no error.
    playing = {number for number, state in live.items()
               if not state.get("over") and not state.get("error")}
    answers: dict[int, dict[str, Any]] = {}
    summary: dict[str, Any] = {}
    deal_of_row = {row: index + 1 for index, row in enumerate(built.deal_rows)}
    if built.document["deals"]:
        try:
            result = get_engine(ctx.game).replay(built.document, strict=False)
        except EngineError as failure:
            if not playing:
                general.append(_engine_problem(failure, None, None))
        else:
            data = result.to_json()
            answers = sheet.answers(data, ctx)
            summary = sheet.sheet_answer(data, ctx)
            for error in result.errors:
                row, field = locate(sheet, error.to_json(), built.deal_rows, ctx)
                if row is None:
                    general.append(_engine_problem(error, None, None))
                elif row not in playing:
                    by_row.setdefault(row, []).append(_engine_problem(error, row, field))
    out_rows: list[dict[str, Any]] = []
    for number, _row in enumerate(rows, start=1):
        answer: dict[str, Any] = {"row": number}
        problems = [p for p in by_row.get(number, []) if number not in playing or not p.missing]
        deal = deal_of_row.get(number)
        if number in playing:
            answer["status"] = "playing"
        elif problems:
            answer["status"] = "problem" if all(p.engine is None for p in problems) \
                else "error"
            answer["problems"] = [p.to_json(translate) for p in problems]
        elif deal is not None and deal in answers:
            answer["status"] = "scored"
            answer.update(answers[deal])
        elif deal is not None:
            answer["status"] = "unchecked"
        else:
            answer["status"] = "blank"
        if number in live:
            answer["live"] = live[number]
        out_rows.append(answer)
    return {"rows": out_rows, "sheet": summary,
            "problems": [p.to_json(translate) for p in general]}


def check_result(result: MatchResult) -> dict[str, Any]:
    """A replayed log, deal by deal: each deal's points, or its error."""
    errors = {error.deal: error.to_json() for error in result.errors if error.deal}
    deals: list[dict[str, Any]] = [
        {"deal": hand.number, "status": "scored", "points": list(hand.points)}
        for hand in result.hands]
    deals += [{"deal": number, "status": "error", "error": error}
              for number, error in errors.items()]
    deals.sort(key=lambda item: int(item["deal"]))
    return {"deals": deals,
            "problems": [error.to_json() for error in result.errors if not error.deal],
            "seats": [{"player": seat.player, "score": seat.score, "rank": seat.rank}
                      for seat in result.seats]}
