"""Round robin by the Berger tables: everybody meets everybody once (or twice).

The rounds and seats are those of the FIDE Berger tables (Handbook C.05, Annex 1): entrant
*i* of the list has the table's number *i*; the first of a pair takes the first seat (the
table's white). With an odd count the table of the next even count is used and whoever meets
its last number sits out that round.

>>> for rnd in round_robin(["A", "B", "C", "D"]):
...     print(rnd)
[('A', 'D'), ('B', 'C')]
[('D', 'C'), ('A', 'B')]
[('B', 'D'), ('C', 'A')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def berger_table(count: int) -> list[list[tuple[int, int]]]:
    """The Berger table for ``count`` numbers (even, at least 2): rounds of boards, each
    ``(first seat, second seat)`` with numbers from 1; the board of ``count`` comes first.

    Round 1 pairs 1 v ``count``, 2 v ``count`` - 1, ...; each next round adds ``count / 2``
    to every other number (counted round 1 to ``count`` - 1) on the same board and seat,
    while ``count`` changes seat every round. This is how FIDE's tables are built: it gives
    everybody alternate seats except for one repeat, so that no run of one seat is longer
    than two.

    >>> berger_table(6)[:2]
    [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)]]
    """
    if count < 2 or count % 2:
        raise ValueError(f"a Berger table needs an even count of at least 2, not {count}")
    half, cycle = count // 2, count - 1
    boards = [(number, count + 1 - number) for number in range(1, half + 1)]
    rounds = []
    for number in range(1, count):
        rounds.append(boards)
        def shift(n: int) -> int:
            return n if n == count else (n - 1 + half) % cycle + 1

        other = next(shift(n) for n in boards[0] if n != count)
        # The fixed number sits second in odd rounds and first in even ones.
        fixed_board = (count, other) if (number + 1) % 2 == 0 else (other, count)
        boards = [fixed_board, *((shift(a), shift(b)) for a, b in boards[1:])]
    return rounds


def round_robin(entrants: Sequence[T], *, double: bool = False) -> list[list[tuple[T, T]]]:
    """Rounds of pairings in which everybody meets everybody once (twice when ``double``).

    Single: the Berger table, so nobody sits in the same seat more than two games running
    (with an odd count everybody alternates, the rounds out included). Double: as FIDE
    advises, the last two rounds of the first cycle are swapped and the second cycle is
    the table again with the seats swapped, which keeps every run at two or less.

    >>> [len(rnd) for rnd in round_robin(["A", "B", "C"], double=True)]
    [1, 1, 1, 1, 1, 1]
    """
    players: list[T | None] = list(entrants)
    if len(players) < 2:
        return []
    if len(players) % 2:
        players.append(None)
    table = [[(players[a - 1], players[b - 1]) for a, b in boards]
             for boards in berger_table(len(players))]
    if double:
        first_cycle = [*table[:-2], *table[-2:][::-1]]
        table = first_cycle + [[(second, first) for first, second in rnd] for rnd in table]
    return [[(first, second) for first, second in rnd
             if first is not None and second is not None] for rnd in table]
