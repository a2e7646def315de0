"""Duplicate mode: the same seeded deals at several tables, each result compared on the cards.

Schedule. A deal set is a numbered series of deals generated from one seed (the engines deal
from a seed, so there are no boards to carry between tables). In each round the tables play
``sets_per_round`` deal sets side by side: table ``t`` plays set ``t mod k``, so each set is
held at every k-th table. With the default of one set per round every table of the round
holds the same cards.

Scoring: matchpoints, as in duplicate bridge. The results of one hand (same deal set, same
deal, same seat, i.e. the same cards) are compared with each other: a result gets 2 points
for every other result it beats and 1 for every tie; the top is ``2 * (n - 1)``. A player's
total is his matchpoints over the top of the hands he played, as a percentage.

Why matchpoints and not IMP-like differences: IMP scales are calibrated on bridge scores,
and Doppelkopf and Gin scores have other scales and long tails (a solo, a big undercut), so
one wild deal would outweigh a whole session; matchpoints only look at the order, need no
table of ours, and players know them from bridge. The difference from the datum (the mean
of the other results on the cards) is given as well, for the curious.

>>> results = [DealResult(1, 1, 0, table, player, score) for table, player, score in
...            [(1, "Ann", 30), (2, "Bob", 10), (3, "Cy", 10)]]
>>> [(s.result.player, s.matchpoints, s.top) for s in score_hands(results)]
[('Ann', 4, 4), ('Bob', 1, 4), ('Cy', 1, 4)]
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class DealSet:
    number: int
    seed: int


def deal_sets(count: int, *, seed: int | str) -> tuple[DealSet, ...]:
    """``count`` deal sets with seeds derived from the event's seed (SHA-256, stable).

    >>> [s.number for s in deal_sets(3, seed="club-night")]
    [1, 2, 3]
    >>> deal_sets(1, seed=7) == deal_sets(1, seed=7)
    True
    """
    return tuple(DealSet(number, int.from_bytes(
        hashlib.sha256(f"{seed}/{number}".encode()).digest()[:8], "big"))
        for number in range(1, count + 1))


@dataclass(frozen=True)
class Assignment:
    round: int
    table: int
    deal_set: int


def duplicate_schedule(tables: int, rounds: int, *,
                       sets_per_round: int = 1) -> tuple[Assignment, ...]:
    """Which deal set each table plays in each round (all numbers from 1).

    >>> [(a.round, a.table, a.deal_set) for a in duplicate_schedule(4, 2, sets_per_round=2)]
    [(1, 1, 1), (1, 2, 2), (1, 3, 1), (1, 4, 2), (2, 1, 3), (2, 2, 4), (2, 3, 3), (2, 4, 4)]
    """
    if sets_per_round < 1 or tables < 2 * sets_per_round:
        raise ValueError(f"{tables} tables cannot hold {sets_per_round} deal set(s) a round "
                         "at two tables or more each")
    return tuple(Assignment(rnd, table, (rnd - 1) * sets_per_round
                            + (table - 1) % sets_per_round + 1)
                 for rnd in range(1, rounds + 1) for table in range(1, tables + 1))


@dataclass(frozen=True)
class DealResult:
    """One player's score on one hand: ``seat`` names the cards (the same seat of the same
    deal of the same set holds the same cards at every table)."""

    deal_set: int
    deal: int
    seat: int
    table: int
    player: Hashable
    score: int


@dataclass(frozen=True)
class ScoredResult:
    result: DealResult
    matchpoints: int
    top: int
    datum_difference: Fraction


@dataclass(frozen=True)
class DuplicateTotal:
    player: Hashable
    matchpoints: int
    top: int
    hands: int

    @property
    def percent(self) -> float:
        return round(100 * self.matchpoints / self.top, 2) if self.top else 0.0


def score_hands(results: Iterable[DealResult]) -> tuple[ScoredResult, ...]:
    """Matchpoints for every result, in the order given.

    A hand held at one table only gets top 0 (nothing to compare with).
    """
    results = list(results)
    by_hand: dict[tuple[int, int, int], list[DealResult]] = defaultdict(list)
    for result in results:
        by_hand[(result.deal_set, result.deal, result.seat)].append(result)
    scored = []
    for result in results:
        others = list(by_hand[(result.deal_set, result.deal, result.seat)])
        others.remove(result)
        points = sum(2 if result.score > other.score else 1 if result.score == other.score
                     else 0 for other in others)
        datum = (Fraction(sum(o.score for o in others), len(others)) if others
                 else Fraction(result.score))
        scored.append(ScoredResult(result, points, 2 * len(others), result.score - datum))
    return tuple(scored)


def duplicate_totals(results: Iterable[DealResult]) -> tuple[DuplicateTotal, ...]:
    """Every player's matchpoints and percentage, best first (then by name).

    >>> results = [DealResult(1, 1, 0, 1, "Ann", 30), DealResult(1, 1, 0, 2, "Bob", 10),
    ...            DealResult(1, 1, 1, 1, "Cy", -30), DealResult(1, 1, 1, 2, "Dee", -10)]
    >>> [(t.player, t.percent) for t in duplicate_totals(results)]
    [('Ann', 100.0), ('Dee', 100.0), ('Bob', 0.0), ('Cy', 0.0)]
    """
    points: dict[Hashable, list[int]] = defaultdict(lambda: [0, 0, 0])
    for scored in score_hands(results):
        line = points[scored.result.player]
        line[0] += scored.matchpoints
        line[1] += scored.top
        line[2] += 1
    totals = [DuplicateTotal(player, mp, top, hands) for player, (mp, top, hands)
              in points.items()]
    return tuple(sorted(totals, key=lambda t: (-Fraction(t.matchpoints, t.top or 1),
                                               str(t.player))))


def hand_roles(game: str, players: Sequence[str], hand: Mapping[str, Any]) -> dict[str, int]:
    """Which cards each player held in a scored hand, as a number that means the same cards
    at every table of a deal set.

    Gin: 0 for the non-dealer (dealt first), 1 for the dealer. Doppelkopf: 0 for the forehand,
    1, 2, 3 clockwise (the forehand is dealt the first ten cards); at five the player who
    sits out has no role.

    >>> hand_roles("gin", ["Anna", "Bert"], {"detail": {"dealer": 0}})
    {'Anna': 1, 'Bert': 0}
    >>> hand_roles("doppelkopf", ["A", "B", "C", "D", "E"],
    ...            {"detail": {"forehand": "C", "sits_out": "B"}})
    {'A': 3, 'C': 0, 'D': 1, 'E': 2}
    """
    detail = hand.get("detail") or {}
    if game == "gin":
        dealer = detail.get("dealer")
        if dealer is None:
            return {}
        return {name: int(seat == dealer) for seat, name in enumerate(players)}
    if game == "doppelkopf":
        playing = [name for name in players if name != detail.get("sits_out")]
        forehand = detail.get("forehand")
        if forehand not in playing:
            return {}
        first = playing.index(forehand)
        return {name: (index - first) % len(playing) for index, name in enumerate(playing)}
    return {}
