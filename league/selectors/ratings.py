"""Reads of the ratings: a game's leaderboard and a player's ratings with their history."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import connection
from django.db.models import Count, QuerySet

from games.engines import get_engine
from games.models import Player
from league.models import Rating, RatingChange
from league.ranking.ratings import RatingSystem, system_for


def rating_system(game: str) -> RatingSystem:
    """The rating system of ``game``: Glicko-2 for two seats, Plackett-Luce for more."""
    return system_for(max_seats=get_engine(game).max_seats)


def leaderboard(*, game: str, text: str = "") -> QuerySet[Rating]:
    """The ratings of ``game``, best first (then the smaller deviation, then the name);
    those of players whose name contains ``text`` if given. A page of it gets its places from
    :func:`leaderboard_places`."""
    ratings = (Rating.objects.filter(game=game).select_related("player")
               .order_by("-rating", "deviation", "player__name", "pk"))
    return ratings.filter(player__name__icontains=text) if text else ratings


def leaderboard_places(*, game: str, ratings: Iterable[Rating]) -> list[Rating]:
    """``ratings`` (a page of :func:`leaderboard`), each with its ``place`` on the whole
    board: one more than the ratings better than it (equal rating and deviation share a
    place). One query, whatever the page; it counts only the ratings above the page's
    lowest, through the board's index."""
    rows = list(ratings)
    if not rows:
        return rows
    values = sorted({(rating.rating, rating.deviation) for rating in rows})
    lowest = values[0]
    # Written as SQL: the ORM built the same statement from a filtered count per value, and
    # building it (resolving 50 conditions) took 8 ms of the leaderboard's 17, the database
    # 1 ms. "Better" is a higher rating, or the same with a smaller deviation.
    better = '"rating" > %s OR ("rating" = %s AND "deviation" < %s)'
    sql = (f"SELECT {', '.join(f'COUNT(*) FILTER (WHERE {better})' for _value in values)} "
           f'FROM {connection.ops.quote_name(Rating._meta.db_table)} '
           f'WHERE "game" = %s AND ({better})')
    with connection.cursor() as cursor:
        cursor.execute(sql, [*(part for rating, deviation in values
                               for part in (rating, rating, deviation)),
                             game, lowest[0], lowest[0], lowest[1]])
        counts = cursor.fetchone()
    above = dict(zip(values, counts, strict=True))
    for rating in rows:
        rating.place = above[(rating.rating, rating.deviation)] + 1  # type: ignore[attr-defined]
    return rows


def rated_counts() -> dict[str, int]:
    """How many players are rated in each game (one query)."""
    return dict(Rating.objects.order_by().values("game").annotate(count=Count("pk"))
                .values_list("game", "count"))


#: How many of the latest steps of a player's history in a game the player page draws.
HISTORY_SHOWN = 100


def player_ratings(*, player: Player, steps: int | None = None) -> list[dict[str, Any]]:
    """A player's rating in every game he is rated in, with the history (oldest first): all
    of it, or its latest ``steps`` (one query per game he is rated in, five at most)."""
    entries = []
    for rating in Rating.objects.filter(player=player).order_by("game"):
        # Only what the page and the API show of a step (the match's day for the chart):
        # the whole match of each step, its rules included, was most of the page's reading.
        changes = (RatingChange.objects.filter(player=player, game=rating.game)
                   .select_related("match")
                   .only("match__played_on", "sequence", "rating_before", "rating_after",
                         "deviation_after", "played_at")
                   .order_by("-key"))  # its index, newest first
        history = list(changes[:steps] if steps is not None else changes)
        history.reverse()
        entries.append({"rating": rating, "game": rating.game, "history": history})
    return entries
