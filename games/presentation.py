"""What a match page shows of a scored log: a template per game and the context it reads.

Each game registers a presenter in :data:`PRESENTERS`; a game without one gets the generic
hand-by-hand table. Presenters only rearrange what the engine already computed (scores,
facts, detail); they never score.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.models import Match, MatchLog

Presenter = Callable[[Match, MatchLog, list[str]], dict[str, Any]]


def _hands(log: MatchLog) -> list[dict[str, Any]]:
    return [{"number": hand.number, "source": hand.source, "points": hand.points,
             "facts": hand.facts, "detail": hand.detail} for hand in log.hands.all()]


def generic_sheet(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    return {"template": "games/sheets/generic.html", "hands": _hands(log)}


def gin_sheet(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    """The Gin score sheet: each round's games, the round's bonuses, the partie accounts."""
    summary = (log.outcome or {}).get("summary", {})
    hands = {hand["number"]: hand for hand in _hands(log)}

    def name(seat: int | None) -> str | None:
        return players[seat] if seat is not None else None

    rounds = []
    for rnd in summary.get("rounds", []):
        games = []
        for number in rnd.get("hands", []):
            hand = hands[number]
            facts, detail = hand["facts"], hand["detail"]
            games.append({**hand, "dealer": name(detail.get("dealer")),
                          "knocker": name(facts.get("knocker")),
                          "winner": name(facts.get("winner"))})
        rounds.append({**rnd, "games": games, "winner_name": name(rnd.get("winner")),
                       "credit_name": name((rnd.get("credit") or {}).get("seat"))})
    return {"template": "games/sheets/gin.html", "rounds": rounds,
            "partie": summary.get("partie", {})}


PRESENTERS: dict[str, Presenter] = {
    "gin": gin_sheet,
}


def sheet_context(match: Match, log: MatchLog) -> dict[str, Any]:
    if log.status != MatchLog.Status.SCORED:
        return {}
    players = (log.outcome or {}).get("players", [])
    presenter = PRESENTERS.get(match.game, generic_sheet)
    return {"players": players, **presenter(match, log, players)}
