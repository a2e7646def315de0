"""What a match page shows of a scored log: a template per game and the context it reads.

Each game registers a presenter module in :data:`PRESENTERS` (``games/sheets/<slug>.py``); a
game without one gets the generic hand-by-hand table.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from games.models import Match, MatchLog

Presenter = Callable[[Match, MatchLog, list[str]], dict[str, Any]]


def hand_rows(log: MatchLog) -> list[dict[str, Any]]:
    """The scored hands of a log as plain dicts, in order."""
    return [{"number": hand.number, "source": hand.source, "points": hand.points,
             "facts": hand.facts, "detail": hand.detail} for hand in log.hands.all()]


def generic_sheet(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    return {"template": "games/sheets/generic.html", "hands": hand_rows(log)}


# slug -> module with ``present``; a game without one gets the generic hand-by-hand table.
PRESENTERS: dict[str, str] = {
    "gin": "games.sheets.gin",
    "doppelkopf": "games.sheets.doppelkopf",
    "rennen": "games.sheets.rennen",
    "katarenga-rennen": "games.sheets.katarenga_rennen",
    "nerts": "games.sheets.nerts",
}


def presenter_for(game: str) -> Presenter:
    module = PRESENTERS.get(game)
    if module is None:
        return generic_sheet
    present: Presenter = importlib.import_module(module).present
    return present


def sheet_context(match: Match, log: MatchLog) -> dict[str, Any]:
    if log.status != MatchLog.Status.SCORED:
        return {}
    players = (log.outcome or {}).get("players", [])
    return {"players": players, **presenter_for(match.game)(match, log, players)}
