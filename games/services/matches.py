"""Writes on matches themselves: a scheduled match with its seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from games.engines import get_engine
from games.models import Match, Player, Seat


def match_create(*, game: str, players: Sequence[Player | None],
                 rules: dict[str, Any] | None = None, season: Any = None, round: Any = None,
                 position: int = 0, next_match: Match | None = None,
                 next_slot: int | None = None) -> Match:
    """A scheduled match with one seat per entry of ``players`` (``None``: not known yet)."""
    engine = get_engine(game)
    if not engine.min_seats <= len(players) <= engine.max_seats:
        raise ValueError(f"{engine.name} needs {engine.min_seats}-{engine.max_seats} players")
    engine.rules(rules)  # refuse a rule set the engine does not know, before anything is saved
    with transaction.atomic():
        match = Match.objects.create(game=game, rules=rules or {"preset": "seed"},
                                     season=season, round=round, position=position,
                                     next_match=next_match, next_slot=next_slot)
        Seat.objects.bulk_create(Seat(match=match, index=index, player=player)
                                 for index, player in enumerate(players))
    return match
