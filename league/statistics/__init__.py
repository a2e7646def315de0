"""Player statistics from scored matches, on plain values (no Django, no models):
``league.services.statistics`` bridges them to the database.

One module per game (:mod:`.gin`, :mod:`.doppelkopf`, :mod:`.rennen`,
:mod:`.katarenga_rennen`, :mod:`.nerts`) turns a scored match into the counters it adds to each
player, derives the figures from a player's summed counters and names the match's record
candidates; :mod:`.common` holds what they share; :func:`longest_streak` reads a run of
results.

>>> statistics_for("gin").kinds[0].key
'gin-round'
>>> longest_streak([(1, "win"), (2, "win"), (3, "draw"), (4, "win")])
Streak(length=2, first=1, last=2, current=1)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from league.statistics import doppelkopf, gin, katarenga_rennen, nerts, rennen
from league.statistics.common import (
    HIGH,
    Figure,
    GameStatistics,
    RecordCandidate,
    RecordKind,
    ScoredHand,
    ScoredMatch,
    add,
    pair_outcome,
    seat_outcome,
)

#: The statistics of every game, by slug.
GAMES: dict[str, GameStatistics] = {
    module.STATISTICS.game: module.STATISTICS
    for module in (gin, doppelkopf, rennen, katarenga_rennen, nerts)
}

#: The longest run of match wins, a record of every game.
WINNING_STREAK = RecordKind("winning-streak", "", HIGH)


def statistics_for(game: str) -> GameStatistics:
    try:
        return GAMES[game]
    except KeyError:
        raise KeyError(f"no statistics for the game {game!r}") from None


def record_kinds(game: str) -> tuple[RecordKind, ...]:
    """The game's own record kinds and then the winning streak."""
    return (*statistics_for(game).kinds, WINNING_STREAK)


MatchKey = TypeVar("MatchKey", bound=Hashable)


@dataclass(frozen=True)
class Streak(Generic[MatchKey]):
    """The longest run of wins (its first and last match) and the run still going."""

    length: int
    first: MatchKey | None
    last: MatchKey | None
    current: int


def longest_streak(results: Iterable[tuple[MatchKey, str]]) -> Streak[MatchKey]:
    """The longest run of ``"win"`` in ``(match, outcome)`` pairs in the order played; a
    draw or a loss ends a run; the first of equally long runs is kept.

    >>> longest_streak([])
    Streak(length=0, first=None, last=None, current=0)
    >>> longest_streak([("a", "loss"), ("b", "win"), ("c", "win"), ("d", "win")])
    Streak(length=3, first='b', last='d', current=3)
    """
    best: Streak[MatchKey] = Streak(0, None, None, 0)
    run, start = 0, None
    for match, outcome in results:
        if outcome != "win":
            run, start = 0, None
            continue
        if run == 0:
            start = match
        run += 1
        if run > best.length:
            best = Streak(run, start, match, 0)
    return Streak(best.length, best.first, best.last, run)


__all__ = [
    "GAMES", "WINNING_STREAK", "Figure", "GameStatistics", "RecordCandidate", "RecordKind",
    "ScoredHand", "ScoredMatch", "Streak", "add", "longest_streak", "pair_outcome",
    "record_kinds", "seat_outcome", "statistics_for",
]
