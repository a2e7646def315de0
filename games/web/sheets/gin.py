"""The Gin score sheet: each round's games, the round's bonuses, the partie accounts."""

from __future__ import annotations

from typing import Any

from games.models import Match, MatchLog
from games.web.sheets.common import hand_rows


def present(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    summary = (log.outcome or {}).get("summary", {})
    hands = {hand["number"]: hand for hand in hand_rows(log)}

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
