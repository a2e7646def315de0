"""Stages: groups, then a playoff seeded from the group standings by declarative rules.

A rule is data: :class:`TopPlaces` ("top 2 of each group") or :class:`BestOfPlace` ("best 3
of the third-placed"), stored as JSON (``{"top": 2}``, ``{"best": 3, "place": 3}``).
Qualifiers are seeded by place first (all group winners, then the runners-up, ...), within a
place by the comparison key the caller gives each entry (higher is better, e.g. points,
difference and game points; with groups of different sizes use per-match figures), then by
group name. With ``avoid_same_group`` two players of one group do not meet in the playoff's
first round if a swap of seeds within the same place prevents it (the nearest seed first).

>>> groups = {"A": [GroupEntry("a1", (6,)), GroupEntry("a2", (3,)), GroupEntry("a3", (0,))],
...           "B": [GroupEntry("b1", (4,)), GroupEntry("b2", (4,)), GroupEntry("b3", (1,))]}
>>> [(q.seed, q.player) for q in qualify(groups, [TopPlaces(1), BestOfPlace(2, 1)])]
[(1, 'a1'), (2, 'b1'), (3, 'b2')]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.pairing.elimination.seeding import bracket_size, seeding_order


@dataclass(frozen=True)
class GroupEntry:
    """A player's line in his group's final standings (list them in place order)."""

    player: Hashable
    key: tuple[Any, ...] = ()


@dataclass(frozen=True)
class TopPlaces:
    """The first ``places`` of every group qualify."""

    places: int

    def describe(self) -> str:
        return f"top {self.places} of each group"

    def to_json(self) -> dict[str, int]:
        return {"top": self.places}


@dataclass(frozen=True)
class BestOfPlace:
    """The best ``count`` of the players placed ``place``-th qualify."""

    place: int
    count: int

    def describe(self) -> str:
        return f"best {self.count} of the {_ordinal(self.place)} places"

    def to_json(self) -> dict[str, int]:
        return {"best": self.count, "place": self.place}


Rule = TopPlaces | BestOfPlace


def rule_from_json(data: Mapping[str, int]) -> Rule:
    """
    >>> rule_from_json({"top": 2}), rule_from_json({"best": 3, "place": 3}).describe()
    (TopPlaces(places=2), 'best 3 of the 3rd places')
    """
    if set(data) == {"top"}:
        return TopPlaces(int(data["top"]))
    if set(data) == {"best", "place"}:
        return BestOfPlace(int(data["place"]), int(data["best"]))
    raise ValueError(f"not a qualification rule: {dict(data)!r}")


@dataclass(frozen=True)
class Qualifier:
    seed: int
    player: Hashable
    group: str
    place: int
    rule: str


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        number % 10, "th")
    return f"{number}{suffix}"


def qualify(groups: Mapping[str, Sequence[GroupEntry]], rules: Sequence[Rule], *,
            avoid_same_group: bool = True) -> tuple[Qualifier, ...]:
    """The playoff's seeded list (seed 1 first) from the groups' final standings."""
    chosen: dict[tuple[str, int], str] = {}
    for rule in rules:
        if isinstance(rule, TopPlaces):
            picked = [(name, place) for name, entries in groups.items()
                      for place in range(1, min(rule.places, len(entries)) + 1)]
        else:
            candidates = [(name, rule.place) for name, entries in groups.items()
                          if len(entries) >= rule.place]
            if rule.count > len(candidates):
                raise ValueError(f"{rule.describe()}: only {len(candidates)} groups have a "
                                 f"{_ordinal(rule.place)} place")
            candidates.sort(key=lambda c: _order_key(groups, c))
            picked = candidates[:rule.count]
        for spot in picked:
            if spot in chosen:
                raise ValueError(f"{rule.describe()} and {chosen[spot]} both take the "
                                 f"{_ordinal(spot[1])} place of group {spot[0]}")
            chosen[spot] = rule.describe()
    spots = sorted(chosen, key=lambda c: _order_key(groups, c))
    if avoid_same_group:
        spots = _separate(spots)
    return tuple(Qualifier(seed, groups[name][place - 1].player, name, place,
                           chosen[(name, place)])
                 for seed, (name, place) in enumerate(spots, start=1))


def _order_key(groups: Mapping[str, Sequence[GroupEntry]],
               spot: tuple[str, int]) -> tuple[Any, ...]:
    name, place = spot
    return (place, tuple(_Desc(value) for value in groups[name][place - 1].key), name)


@dataclass(frozen=True)
class _Desc:
    """Sorts a value in descending order."""

    value: Any

    def __lt__(self, other: _Desc) -> bool:
        return bool(self.value > other.value)


def _separate(spots: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Swaps seeds of one place so that no first-round pair comes from one group."""
    spots = list(spots)
    size = bracket_size(len(spots))
    order = seeding_order(size)
    pairs = [(order[i] - 1, order[i + 1] - 1) for i in range(0, size, 2)]
    opponent = {}
    for one, other in pairs:
        if one < len(spots) and other < len(spots):
            opponent[one], opponent[other] = other, one

    def clash(index: int) -> bool:
        return index in opponent and spots[index][0] == spots[opponent[index]][0]

    for top in sorted(opponent):
        low = opponent[top]
        if low < top or not clash(top):
            continue
        candidates = sorted((i for i in opponent if i not in (low, top)
                             and spots[i][1] == spots[low][1]),
                            key=lambda i: (abs(i - low), -i))
        for other in candidates:
            spots[low], spots[other] = spots[other], spots[low]
            if not clash(low) and not clash(other):
                break
            spots[low], spots[other] = spots[other], spots[low]
    return spots
