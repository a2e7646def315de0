"""Round robin by the circle method: everybody meets everybody once (or twice).

>>> [[pair for pair in rnd] for rnd in round_robin(["A", "B", "C", "D"])]
[[('A', 'D'), ('B', 'C')], [('C', 'A'), ('D', 'B')], [('A', 'B'), ('C', 'D')]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def round_robin(entrants: Sequence[T], *, double: bool = False) -> list[list[tuple[T, T]]]:
    """Rounds of pairings in which everybody meets everybody once (twice when ``double``).

    Circle method: the first entrant stays, the others rotate one place per round. With an
    odd number, a bye joins the circle and whoever meets it sits out that round (the pair is
    left out). The fixed entrant alternates between first and second seat, so that nobody
    always takes the first seat; in the second half of a double round robin every pairing
    comes again with the seats swapped.
    """
    players: list[T | None] = list(entrants)
    if len(players) < 2:
        return []
    if len(players) % 2:
        players.append(None)
    count = len(players)
    rounds: list[list[tuple[T, T]]] = []
    circle = players[1:]
    for number in range(count - 1):
        line = [players[0], *circle]
        pairs: list[tuple[T, T]] = []
        for index in range(count // 2):
            first, second = line[index], line[count - 1 - index]
            if index == 0 and number % 2:
                first, second = second, first
            if first is not None and second is not None:
                pairs.append((first, second))
        rounds.append(pairs)
        circle = [circle[-1], *circle[:-1]]
    if double:
        rounds += [[(second, first) for first, second in rnd] for rnd in rounds]
    return rounds
