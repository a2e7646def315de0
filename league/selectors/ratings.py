"""Reads of the ratings: a game's leaderboard and a player's ratings with their history."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from games.engines import get_engine
from games.models import Player
from league.models import Rating, RatingChange
from league.ranking.ratings import RatingSystem, system_for


def rating_system(game: str) -> RatingSystem:
    """The rating system of ``game``: Glicko-2 for two seats, Plackett-Luce for more."""
    return system_for(max_seats=get_engine(game).max_seats)


def leaderboard(*, game: str) -> list[Rating]:
    """The ratings of ``game``, best first (then the smaller deviation, then the name); each
    with ``place`` (equal rating and deviation share a place)."""
    ratings = list(Rating.objects.filter(game=game).select_related("player")
                   .order_by("-rating", "deviation", "player__name"))
    for index, rating in enumerate(ratings):
        previous = ratings[index - 1] if index else None
        same = previous is not None and (previous.rating, previous.deviation) == (
            rating.rating, rating.deviation)
        rating.place = previous.place if same else index + 1  # type: ignore[attr-defined,union-attr]
    return ratings


def player_ratings(*, player: Player) -> list[dict[str, Any]]:
    """A player's rating in every game he is rated in, with the history (oldest first)."""
    history: dict[str, list[RatingChange]] = defaultdict(list)
    for change in (RatingChange.objects.filter(player=player)
                   .select_related("match").order_by("game", "sequence")):
        history[change.game].append(change)
    return [{"rating": rating, "game": rating.game, "history": history[rating.game]}
            for rating in Rating.objects.filter(player=player).order_by("game")]
