"""Gin match documents for the platform tests, scored by hand."""

from __future__ import annotations

import json
from typing import Any


def sheet_game(upcard: str, knocker: str | None = None, gin: bool = False,
               deadwood: dict[str, int] | None = None, dealer: str | None = None) -> dict[str, Any]:
    facts: dict[str, Any] = {"upcard": upcard}
    if knocker is None:
        facts["dead"] = True
    else:
        facts.update({"knocker": knocker, "gin": gin, "deadwood": deadwood})
    deal: dict[str, Any] = {"facts": facts}
    if dealer:
        deal["dealer"] = dealer
    return deal


def gin_sheet(first: str, second: str, games: list[dict[str, Any]], rounds: int = 1,
              **extra: Any) -> dict[str, Any]:
    return {"format": "stammtisch-log/1", "game": "gin",
            "rules": {"preset": "seed", "rounds": rounds}, "players": [first, second],
            "deals": games, **extra}


def first_wins(first: str, second: str) -> dict[str, Any]:
    """A one-round partie that ``first`` wins 145:0. Worked out by hand:

    game 1, upcard 7H (limit 7): first knocks with 5 against 30 -> first 25
    game 2, upcard KS (limit 10, spades double): second gin against 20 -> (25 + 20) x 2 = 90
    game 3, upcard 9C: first gin against 60 -> 25 + 60 = 85; first has 110 >= 100: round over
    round: first 110 + 2 games x 25 + 100 = 260; second 90 + 1 x 25 = 115; 260 - 115 = 145
    """
    return gin_sheet(first, second, [
        sheet_game("7H", first, False, {first: 5, second: 30}, dealer=second),
        sheet_game("KS", second, True, {first: 20, second: 0}),
        sheet_game("9C", first, True, {first: 0, second: 60}),
    ])


def as_text(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=1)
