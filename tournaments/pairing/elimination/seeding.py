"""Single elimination on plain values: the bracket's size, standard seeding (1 v 16, 8 v 9,
...) and the first round with byes for the top seeds.

>>> seeding_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds every entrant (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def seeding_order(size: int) -> list[int]:
    """Seeds in bracket order from the top, so that seeds 1 and 2 can meet only in the final.

    Each round doubles the list: every seed ``s`` is followed by its first-round opponent
    ``2n + 1 - s``.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


@dataclass(frozen=True)
class BracketSlot(Generic[T]):
    """One first-round pairing: ``second`` is ``None`` for a bye."""

    position: int
    first: T
    second: T | None


def first_round(seeded: Sequence[T]) -> list[BracketSlot[T]]:
    """First-round pairings for entrants listed by seed (index 0 = seed 1).

    Seeds beyond the number of entrants are byes; they fall to the top seeds, because a top
    seed's first-round opponent is the highest seed number.

    >>> [(s.first, s.second) for s in first_round(["P1", "P2", "P3", "P4", "P5"])]
    [('P1', None), ('P4', 'P5'), ('P2', None), ('P3', None)]
    """
    size = bracket_size(len(seeded))
    order = seeding_order(size)
    slots = []
    for position in range(size // 2):
        top, bottom = order[2 * position], order[2 * position + 1]
        first = seeded[top - 1]
        second = seeded[bottom - 1] if bottom <= len(seeded) else None
        slots.append(BracketSlot(position, first, second))
    return slots


def players_left_per_round(size: int) -> list[int]:
    """How many players each round of a bracket of ``size`` starts with.

    >>> players_left_per_round(16)
    [16, 8, 4, 2]
    """
    counts = []
    while size >= 2:
        counts.append(size)
        size //= 2
    return counts
