"""What every game's statistics share: the scored match as plain values, the counters a match
contributes for one player, the figures derived from summed counters, record candidates.

A match contributes *counters* (whole numbers: deals played, knocks, deadwood summed...) for
each of its players; a player's counters in a game are the sums over his matches, so that a
correction only replaces one match's counters. *Figures* (counts, rates, averages) are derived
from the sums when they are read, never stored.

Every hand is either replayed from its moves (``source == "moves"``) or taken from a score
sheet (``"facts"``). A figure's ``basis`` says what it reads: ``"all"`` hands, or only the
``"logs"`` (hands replayed from moves), because only a move log can tell it (who said Re,
how many turns before a knock). ``over`` is how many hands the figure stands on.

>>> counts = {"hands": 10, "hands_logged": 4, "knocks": 3, "knock_deadwood": 12}
>>> [figure.value for figure in derive(counts, (
...     count("knocks", "knocks"), average("deadwood", "knocks", "knock_deadwood", "knocks")))]
[3, 4.0]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: Counters every match contributes, whatever the game.
MATCHES, WINS, DRAWS, LOSSES = "matches", "wins", "draws", "losses"
POINTS, HANDS, HANDS_LOGGED, MATCHES_LOGGED = "points", "hands", "hands_logged", "matches_logged"

ALL, LOGS = "all", "logs"
COUNT, RATE, AVERAGE = "count", "rate", "average"


@dataclass(frozen=True)
class ScoredHand:
    """One scored hand as the engine stored it (``HandResult.to_json()``)."""

    number: int
    source: str
    points: tuple[int, ...]
    facts: Mapping[str, Any] = field(default_factory=dict)
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def logged(self) -> bool:
        """Replayed from its moves (not taken from a score sheet)."""
        return self.source == "moves"


@dataclass(frozen=True)
class ScoredMatch:
    """A scored match: the players (names as in the log) in seat order with their places and
    scores, the rules as the engine resolved them, the summary and the hands."""

    game: str
    players: tuple[str, ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    rules: Mapping[str, Any] = field(default_factory=dict)
    summary: Mapping[str, Any] = field(default_factory=dict)
    hands: tuple[ScoredHand, ...] = ()


def seat_outcome(ranks: tuple[int, ...], seat: int) -> str:
    """``"win"``, ``"draw"`` (a shared first place) or ``"loss"``; the same rule as the
    standings (``league.ranking.standings.seat_outcome``).

    >>> seat_outcome((1, 2), 0), seat_outcome((1, 1), 1), seat_outcome((2, 1, 3), 0)
    ('win', 'draw', 'loss')
    """
    best = min(ranks)
    if ranks[seat] != best:
        return "loss"
    return "draw" if ranks.count(best) > 1 else "win"


def pair_outcome(ranks: tuple[int, ...], seat: int, other: int) -> str:
    """How ``seat`` did against ``other`` at the same table: the better place wins.

    >>> pair_outcome((2, 1, 3, 4), 0, 2), pair_outcome((1, 1), 0, 1), pair_outcome((3, 1), 0, 1)
    ('win', 'draw', 'loss')
    """
    if ranks[seat] == ranks[other]:
        return "draw"
    return "win" if ranks[seat] < ranks[other] else "loss"


def base_counters(match: ScoredMatch, seat: int, hands: Iterable[ScoredHand]) -> Counter[str]:
    """The counters every game has: the match, its result, the player's points, the hands
    he played and how many of them were replayed from moves."""
    counters: Counter[str] = Counter({MATCHES: 1, POINTS: match.scores[seat]})
    outcome = seat_outcome(match.ranks, seat)
    counters[{"win": WINS, "draw": DRAWS, "loss": LOSSES}[outcome]] += 1
    played = list(hands)
    counters[HANDS] += len(played)
    logged = sum(1 for hand in played if hand.logged)
    counters[HANDS_LOGGED] += logged
    counters[MATCHES_LOGGED] += 1 if logged else 0
    return counters


def add(totals: Counter[str], more: Mapping[str, int]) -> Counter[str]:
    """Sum counters; a counter missing on one side counts 0.

    >>> add(Counter({"a": 1}), {"a": 2, "b": 3})
    Counter({'a': 3, 'b': 3})
    """
    for key, value in more.items():
        totals[key] += value
    return totals


@dataclass(frozen=True)
class FigureSpec:
    """How one figure is read off the counters. ``row`` puts it into a breakdown (a solo
    kind, an advantage, a colour); ``key`` names its column there, or the figure itself."""

    section: str
    key: str
    kind: str
    numerator: str
    denominator: str | None = None
    basis: str = ALL
    row: str | None = None


@dataclass(frozen=True)
class Figure:
    """A figure as pages and the API show it; ``value`` is ``None`` when nothing to divide."""

    section: str
    key: str
    row: str | None
    kind: str
    value: int | float | None
    numerator: int
    denominator: int | None
    basis: str
    over: int

    def to_json(self) -> dict[str, Any]:
        return {"section": self.section, "key": self.key, "row": self.row, "kind": self.kind,
                "value": self.value, "numerator": self.numerator,
                "denominator": self.denominator, "basis": self.basis, "over": self.over}


def count(section: str, key: str, counter: str | None = None, *, basis: str = ALL,
          row: str | None = None) -> FigureSpec:
    return FigureSpec(section, key, COUNT, counter or key, None, basis, row)


def rate(section: str, key: str, numerator: str, denominator: str, *, basis: str = ALL,
         row: str | None = None) -> FigureSpec:
    return FigureSpec(section, key, RATE, numerator, denominator, basis, row)


def average(section: str, key: str, numerator: str, denominator: str, *, basis: str = ALL,
            row: str | None = None) -> FigureSpec:
    return FigureSpec(section, key, AVERAGE, numerator, denominator, basis, row)


def _value(spec: FigureSpec, totals: Mapping[str, int]) -> tuple[int | float | None, int,
                                                                  int | None]:
    numerator = int(totals.get(spec.numerator, 0))
    if spec.kind == COUNT:
        return numerator, numerator, None
    assert spec.denominator is not None
    denominator = int(totals.get(spec.denominator, 0))
    if denominator == 0:
        return None, numerator, denominator
    return numerator / denominator, numerator, denominator


def derive(totals: Mapping[str, int], specs: Iterable[FigureSpec]) -> list[Figure]:
    """The figures of ``specs`` from a player's summed counters; ``over`` is the hands each
    figure stands on (all of them, or the replayed ones)."""
    out = []
    for spec in specs:
        value, numerator, denominator = _value(spec, totals)
        over = int(totals.get(HANDS_LOGGED if spec.basis == LOGS else HANDS, 0))
        out.append(Figure(spec.section, spec.key, spec.row, spec.kind, value, numerator,
                          denominator, spec.basis, over))
    return out


def results_specs(section: str = "results") -> list[FigureSpec]:
    """Matches played and won, the match win rate: the same for every game."""
    return [count(section, MATCHES), count(section, WINS), count(section, DRAWS),
            count(section, LOSSES), rate(section, "win_rate", WINS, MATCHES)]


# --- Records ------------------------------------------------------------------------------

HIGH, LOW = "high", "low"


@dataclass(frozen=True)
class RecordKind:
    """A kind of record and which way is better (the highest round, the fewest moves)."""

    key: str
    game: str
    better: str


@dataclass(frozen=True)
class RecordCandidate:
    """A match's best value of a record kind: who holds it (seats), in which deal (hand
    number) and move, and whether that hand was replayed (its page shows the moves)."""

    kind: str
    value: int
    holders: tuple[int, ...]
    deal: int | None = None
    move: int | None = None
    source: str = "moves"


def best(candidates: Iterable[RecordCandidate], better: str) -> list[RecordCandidate]:
    """The best candidate (the first of equal ones), as a list of at most one.

    >>> a, b = RecordCandidate("k", 5, (0,), 1), RecordCandidate("k", 7, (1,), 2)
    >>> best([a, b], HIGH)[0].deal, best([a, b], LOW)[0].deal, best([], HIGH)
    (2, 1, [])
    """
    chosen: RecordCandidate | None = None
    for candidate in candidates:
        if chosen is None or (candidate.value > chosen.value if better == HIGH
                              else candidate.value < chosen.value):
            chosen = candidate
    return [chosen] if chosen is not None else []


# --- A game's statistics ------------------------------------------------------------------


@dataclass(frozen=True)
class GameStatistics:
    """What one game's statistics module offers.

    - ``tally(match, seat)``: the counters the match contributes for the player at ``seat``
      (the common ones of :func:`base_counters` included);
    - ``figures(totals)``: the figures from a player's summed counters;
    - ``records(match)``: the match's record candidates (at most one per kind);
    - ``kinds``: the record kinds of the game;
    - ``chart``: which rates the page draws as bars, as ``(section, row, key)``.
    """

    game: str
    tally: Callable[[ScoredMatch, int], Counter[str]]
    figures: Callable[[Mapping[str, int]], list[Figure]]
    records: Callable[[ScoredMatch], list[RecordCandidate]]
    kinds: tuple[RecordKind, ...] = ()
    chart: tuple[tuple[str, str | None, str], ...] = ()
