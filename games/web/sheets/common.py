"""What every game's presenter shares: the scored hands as plain rows, and the generic
hand-by-hand table for a game without a presenter of its own."""

from __future__ import annotations

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
