"""Table rounds for Doppelkopf (4 or 5 per table) and Nerts (2 to 6 per table).

Each round, players are seated by the standings (the best four at table 1, ...), then moved
between tables so that as few as possible sit again with someone they have sat with before.
The order of aims:

1. repeat table-mates: the sum, over every two players at one table, of how often they have
   sat together before (so meeting a third time counts twice);
2. closeness to the standings: the sum over players of how far (in places) they sit from the
   middle of the table the standings would give them, so that tables stay blocks of
   neighbours in the standings and the better players stay at the better tables;
3. at each table, seats (who sits where) balanced: the sum of how often each player already
   had his seat; and the first dealer is the player who dealt first least often.

Up to :data:`EXACT_LIMIT` possible seatings the search is exact (branch and bound); beyond
it a local search swaps players between tables, neighbours first. Ties in 3. are drawn with
``random.Random(seed)``; with ``draw=True`` the order itself is drawn first (a round 1 by
lot). The same input and seed give the same tables.

Doppelkopf tables hold four; when the count does not divide by four, the last tables hold
five and at a 5-table the dealer sits out each deal (the seat after him deals next), so
with 30 deals everybody plays 24. Counts that no mix of 4s and 5s makes (1-3, 6, 7, 11)
are refused.

>>> tables = seat_round(["A", "B", "C", "D", "E", "F", "G", "H", "I"], deals=24)
>>> [(t.number, t.seats, t.first_dealer, t.deals) for t in tables]
[(1, ('C', 'A', 'B', 'D'), 3, 24), (2, ('E', 'F', 'I', 'H', 'G'), 2, 30)]
>>> [tables[1].sits_out(deal) for deal in range(1, 7)]
[2, 3, 4, 0, 1, 2]
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

Game = Literal["doppelkopf", "nerts"]

#: Largest number of possible seatings searched exhaustively (12 players in 3 tables: 34,650).
EXACT_LIMIT = 100_000


@dataclass(frozen=True)
class Table:
    """A table of a round: players in seat order (seat 1 first), the first dealer's seat
    (0-based) and the number of deals. The dealer moves one seat on each deal."""

    number: int
    seats: tuple[Hashable, ...]
    first_dealer: int
    deals: int
    game: Game = "doppelkopf"

    def dealer(self, deal: int) -> int:
        """The dealer's seat (0-based) on ``deal`` (1-based)."""
        return (self.first_dealer + deal - 1) % len(self.seats)

    def sits_out(self, deal: int) -> int | None:
        """At a Doppelkopf 5-table the dealer sits out; otherwise nobody."""
        if self.game == "doppelkopf" and len(self.seats) == 5:
            return self.dealer(deal)
        return None

    def players_of(self, deal: int) -> tuple[Hashable, ...]:
        out = self.sits_out(deal)
        return tuple(p for seat, p in enumerate(self.seats) if seat != out)


def table_sizes(count: int, *, game: Game = "doppelkopf", size: int = 4) -> list[int]:
    """The table sizes of a round, top table first.

    >>> table_sizes(13), table_sizes(15), table_sizes(11, game="nerts")
    ([4, 4, 5], [5, 5, 5], [4, 4, 3])
    """
    if game == "doppelkopf":
        fives = count % 4
        fours = (count - 5 * fives) // 4
        if count < 4 or fours < 0:
            raise ValueError(f"{count} players cannot be seated at Doppelkopf tables of 4 "
                             "and 5: someone must wait or join")
        return [4] * fours + [5] * fives
    if not 2 <= size <= 6:
        raise ValueError(f"a Nerts table holds 2 to 6 players, not {size}")
    if count < 2:
        raise ValueError(f"{count} player(s) cannot make a Nerts table")
    tables = max(math.ceil(count / 6), min(count // 2, max(1, round(count / size))))
    small, extra = divmod(count, tables)
    return [small + 1] * extra + [small] * (tables - extra)


@dataclass(frozen=True)
class _History:
    met: dict[tuple[Hashable, Hashable], int]
    seats: dict[tuple[Hashable, int], int]
    dealt_first: Counter[Hashable]

    @classmethod
    def of(cls, history: Sequence[Sequence[Table]]) -> _History:
        met: Counter[tuple[Hashable, Hashable]] = Counter()
        seats: Counter[tuple[Hashable, int]] = Counter()
        dealt: Counter[Hashable] = Counter()
        for rnd in history:
            for table in rnd:
                for seat, player in enumerate(table.seats):
                    seats[(player, seat)] += 1
                for one, other in itertools.combinations(table.seats, 2):
                    met[(one, other)] += 1
                    met[(other, one)] += 1
                dealt[table.seats[table.first_dealer]] += 1
        return cls(dict(met), dict(seats), dealt)


def repeat_count(tables: Sequence[Sequence[Hashable]],
                 history: Sequence[Sequence[Table]]) -> int:
    """How often, summed over every two players at one table, they sat together before.

    >>> old = [[Table(1, ("A", "B", "C", "D"), 0, 1)]]
    >>> repeat_count([("A", "B", "E", "F"), ("C", "D", "G", "H")], old)
    2
    """
    met = _History.of(history).met
    return sum(met.get((one, other), 0) for table in tables
               for one, other in itertools.combinations(table, 2))


def seat_round(players: Sequence[Hashable], *, game: Game = "doppelkopf", deals: int = 24,
               history: Sequence[Sequence[Table]] = (), seed: int = 0, size: int = 4,
               draw: bool = False) -> tuple[Table, ...]:
    """The tables of the next round for ``players`` in standings order (best first).

    ``deals`` is how many deals each player plays (a Doppelkopf 5-table gets ``deals * 5 / 4``
    so that everybody plays as many); ``history`` the earlier rounds' tables; ``size`` the
    preferred Nerts table size.
    """
    order = list(players)
    if len(set(order)) != len(order):
        raise ValueError("a player is listed twice")
    sizes = table_sizes(len(order), game=game, size=size)
    rng = random.Random(seed)
    if draw:
        rng.shuffle(order)
    past = _History.of(history)
    groups = _partition(order, sizes, past.met)
    tables = []
    for number, group in enumerate(groups, start=1):
        seats = _seat(group, past, rng)
        least = min(past.dealt_first[p] for p in seats)
        first = rng.choice([seat for seat, p in enumerate(seats)
                            if past.dealt_first[p] == least])
        table_deals = deals
        if game == "doppelkopf" and len(seats) == 5:
            if deals * 5 % 4:
                raise ValueError(f"{deals} deals per player cannot be played at a 5-table "
                                 "(needs a multiple of 4)")
            table_deals = deals * 5 // 4
        tables.append(Table(number, tuple(seats), first, table_deals, game))
    return tuple(tables)


def _ideal(sizes: Sequence[int]) -> list[int]:
    return [table for table, size in enumerate(sizes) for _ in range(size)]


def _centres(sizes: Sequence[int]) -> list[int]:
    """Twice the middle place of each table in the standings seating."""
    starts = [sum(sizes[:table]) for table in range(len(sizes))]
    return [2 * start + size - 1 for start, size in zip(starts, sizes, strict=True)]


def _partition(order: list[Hashable], sizes: list[int],
               met: dict[tuple[Hashable, Hashable], int]) -> list[list[Hashable]]:
    """Players per table, minimising (repeats, distance from the standings table)."""
    ideal, centres = _ideal(sizes), _centres(sizes)
    weight = 2 * len(order) ** 2 + 1  # above any standings cost: repeats come first
    groups = _local_search(order, sizes, met, weight)
    seatings = math.factorial(len(order))
    for size in sizes:
        seatings //= math.factorial(size)
    if seatings > EXACT_LIMIT:
        return groups
    best_cost = _cost(groups, order, centres, met, weight)
    best = [list(g) for g in groups]
    tables: list[list[Hashable]] = [[] for _ in sizes]

    def search(index: int, cost: int) -> None:
        nonlocal best_cost, best
        if cost >= best_cost:
            return
        if index == len(order):
            best_cost, best = cost, [list(t) for t in tables]
            return
        player, home = order[index], ideal[index]
        for table in sorted(range(len(sizes)), key=lambda t: (abs(t - home), t)):
            if len(tables[table]) == sizes[table]:
                continue
            added = weight * sum(met.get((player, other), 0) for other in tables[table])
            tables[table].append(player)
            search(index + 1, cost + added + abs(2 * index - centres[table]))
            tables[table].pop()

    search(0, 0)
    return best


def _cost(groups: Sequence[Sequence[Hashable]], order: list[Hashable], centres: list[int],
          met: dict[tuple[Hashable, Hashable], int], weight: int) -> int:
    place = {player: index for index, player in enumerate(order)}
    total = 0
    for number, group in enumerate(groups):
        total += weight * sum(met.get(pair, 0) for pair in itertools.combinations(group, 2))
        total += sum(abs(2 * place[player] - centres[number]) for player in group)
    return total


def _local_search(order: list[Hashable], sizes: list[int],
                  met: dict[tuple[Hashable, Hashable], int],
                  weight: int) -> list[list[Hashable]]:
    """From the standings seating, swap two players of different tables while it helps."""
    ideal, centres = _ideal(sizes), _centres(sizes)
    place = {player: index for index, player in enumerate(order)}

    def away(player: Hashable, table: int) -> int:
        return abs(2 * place[player] - centres[table])

    groups: list[list[Hashable]] = [[] for _ in sizes]
    for index, player in enumerate(order):
        groups[ideal[index]].append(player)

    def clash(player: Hashable, group: list[Hashable], without: Hashable) -> int:
        return sum(met.get((player, other), 0) for other in group if other != without)

    for reach in (2, len(sizes)):
        improved = True
        while improved:
            improved = False
            for a in range(len(groups)):
                for b in range(a + 1, min(len(groups), a + reach + 1)):
                    for i in range(len(groups[a])):
                        for j in range(len(groups[b])):
                            x, y = groups[a][i], groups[b][j]
                            clashes = clash(x, groups[a], x) + clash(y, groups[b], y)
                            if b - a > 2 and not clashes:
                                continue  # far apart: worth it only against a repeat
                            before = weight * clashes + away(x, a) + away(y, b)
                            after = (weight * (clash(x, groups[b], y) + clash(y, groups[a], x))
                                     + away(x, b) + away(y, a))
                            if after < before:
                                groups[a][i], groups[b][j] = y, x
                                improved = True
    return groups


def _seat(group: list[Hashable], past: _History, rng: random.Random) -> list[Hashable]:
    """The order round the table that gives everybody the seat he had least often."""
    best: list[tuple[Hashable, ...]] = []
    best_cost = None
    for seating in itertools.permutations(group):
        cost = sum(past.seats.get((player, seat), 0) for seat, player in enumerate(seating))
        if best_cost is None or cost < best_cost:
            best, best_cost = [seating], cost
        elif cost == best_cost:
            best.append(seating)
    return list(rng.choice(best))
