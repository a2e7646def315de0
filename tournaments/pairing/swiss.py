"""Swiss pairing for 2-player games (Gin, Das Rennen, Katarenga) on a weighted matching.

The rules, most important first:

1. no rematch (only when no pairing without one exists, as few as possible);
2. at most one bye per player (a second one only when unavoidable);
3. the bye goes to the lowest-ranked eligible player (lowest score, then rank order);
4. the fewest pairs across score groups ("floats"), then the smallest float distance
   (counted in score groups);
5. within a score group neighbours in rank order meet (1 v 2, 3 v 4: Monrad), measured as
   the sum of squared rank distances;
6. seats: the player who sat first less often (firsts minus seconds) takes the first seat;
   on a tie the higher-ranked player sits first on odd boards, second on even ones.

Each rule is a digit of one integer edge weight, so a maximum-weight perfect matching
(networkx's blossom) meets them in that order. A blossom in pure Python over 1,024 players
takes seconds, so the players (in standings order) are cut into blocks of about
:data:`BLOCK` players, cut only where the count above is even (never forcing a float), and
each block is matched on its own. A block without a pairing free of rematches is merged
with the next one; if even the whole field has none, one matching over everybody with the
bye as an extra node settles the rematches and byes exactly.

>>> players = [SwissPlayer(id=name, score=0, rank=rank) for rank, name in
...            enumerate(["Ann", "Bob", "Cy", "Dee", "Eve"], start=1)]
>>> result = pair_round(players)
>>> [(p.first, p.second) for p in result.pairings], result.bye
([('Ann', 'Bob'), ('Dee', 'Cy')], 'Eve')
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

#: Players per block in the fast path (blocks are cut at even counts between 12 and 24).
BLOCK = 24
_MIN_BLOCK = 12


@dataclass(frozen=True)
class SwissPlayer:
    """A player as the pairing sees him.

    ``score`` is the match points so far (for a late entry: the score the organizer gives);
    ``rank`` orders players on the same score (1 = best; e.g. the standings' tie-breakers
    or the seed); ``firsts``/``seconds`` count his games in the first and second seat.
    A withdrawn player is ``active=False`` (or simply left out).
    """

    id: Hashable
    score: int
    rank: int
    opponents: frozenset[Hashable] = frozenset()
    had_bye: bool = False
    firsts: int = 0
    seconds: int = 0
    active: bool = True

    @property
    def seat_balance(self) -> int:
        return self.firsts - self.seconds


@dataclass(frozen=True)
class Pairing:
    board: int
    first: Hashable
    second: Hashable


@dataclass(frozen=True)
class SwissRound:
    """A round's pairings (top board first) and the bye, with what could not be avoided."""

    pairings: tuple[Pairing, ...]
    bye: Hashable | None
    floats: int
    rematches: int
    second_bye: bool


class PairingError(ValueError):
    """The input cannot be paired (duplicate ids, fewer than two active players)."""


def may_join(round_number: int, rounds: int) -> bool:
    """Whether a late entry may join before ``round_number`` of ``rounds``: until half.

    >>> [may_join(number, 5) for number in range(1, 6)]
    [True, True, True, False, False]
    """
    return 2 * (round_number - 1) <= rounds


def suggested_rounds(players: int) -> int:
    """Rounds needed for a single unbeaten winner: ceil(log2(players)).

    >>> suggested_rounds(128), suggested_rounds(100)
    (7, 7)
    """
    return max(1, math.ceil(math.log2(max(players, 2))))


_BYE = object()


def pair_round(players: Iterable[SwissPlayer]) -> SwissRound:
    """Pairs the active ``players`` for the next round (see the module's rules)."""
    field = sorted((p for p in players if p.active), key=lambda p: (-p.score, p.rank))
    ids = [p.id for p in field]
    if len(set(ids)) != len(ids):
        duplicates = sorted({str(i) for i in ids if ids.count(i) > 1})
        raise PairingError(f"players listed twice: {', '.join(duplicates)}")
    if len(field) < 2:
        raise PairingError(f"{len(field)} active player(s): nothing to pair")
    group_of = {score: index for index, score in
                enumerate(sorted({p.score for p in field}, reverse=True))}
    order = {p.id: index for index, p in enumerate(field)}

    pairs: list[tuple[SwissPlayer, SwissPlayer]] | None = None
    bye: SwissPlayer | None = None
    if len(field) % 2:
        eligible = [p for p in reversed(field) if not p.had_bye]
        if eligible:
            bye = eligible[0]
            pairs = _pair_blocks([p for p in field if p is not bye], group_of, order)
    else:
        pairs = _pair_blocks(field, group_of, order)
    if pairs is None:
        pairs, bye = _pair_everybody(field, group_of, order)

    pairs.sort(key=lambda pair: min(order[pair[0].id], order[pair[1].id]))
    pairings = []
    for board, (one, other) in enumerate(pairs, start=1):
        higher, lower = sorted((one, other), key=lambda p: order[p.id])
        if higher.seat_balance != lower.seat_balance:
            first, second = sorted((higher, lower), key=lambda p: p.seat_balance)
        else:
            first, second = (higher, lower) if board % 2 else (lower, higher)
        pairings.append(Pairing(board, first.id, second.id))
    return SwissRound(
        pairings=tuple(pairings), bye=bye.id if bye else None,
        floats=sum(group_of[a.score] != group_of[b.score] for a, b in pairs),
        rematches=sum(b.id in a.opponents or a.id in b.opponents for a, b in pairs),
        second_bye=bool(bye and bye.had_bye))


def _met(one: SwissPlayer, other: SwissPlayer) -> bool:
    return other.id in one.opponents or one.id in other.opponents


def _blocks(field: Sequence[SwissPlayer]) -> list[list[SwissPlayer]]:
    """Consecutive blocks of even size, cut between score groups where possible."""
    blocks: list[list[SwissPlayer]] = []
    current: list[SwissPlayer] = []
    for index, player in enumerate(field):
        current.append(player)
        group_ends = index + 1 == len(field) or field[index + 1].score != player.score
        if len(current) % 2 == 0 and (len(current) >= BLOCK
                                      or (group_ends and len(current) >= _MIN_BLOCK)):
            blocks.append(current)
            current = []
    if current:
        if blocks and len(current) < _MIN_BLOCK:
            blocks[-1].extend(current)
        else:
            blocks.append(current)
    return blocks


def _pair_blocks(field: Sequence[SwissPlayer], group_of: dict[int, int],
                 order: dict[Hashable, int]) -> list[tuple[SwissPlayer, SwissPlayer]] | None:
    """Pairs an even field block by block without rematches, or ``None`` if impossible."""
    blocks = _blocks(field)
    pairs: list[tuple[SwissPlayer, SwissPlayer]] = []
    index = 0
    while index < len(blocks):
        block = blocks[index]
        matched = _match(block, group_of, order, rematches=False)
        while matched is None and index + 1 < len(blocks):
            index += 1
            block = block + blocks[index]
            matched = _match(block, group_of, order, rematches=False)
        if matched is None:
            if not pairs:
                return None
            # The last block has no pairing: open up the whole field.
            return _match(list(field), group_of, order, rematches=False)
        pairs.extend(matched)
        index += 1
    return pairs


def _pair_everybody(field: Sequence[SwissPlayer], group_of: dict[int, int],
                    order: dict[Hashable, int]
                    ) -> tuple[list[tuple[SwissPlayer, SwissPlayer]], SwissPlayer | None]:
    """One matching over the whole field, rematches and second byes allowed at a price."""
    nodes: list[SwissPlayer | object] = list(field)
    if len(field) % 2:
        nodes.append(_BYE)
    matched = _match(nodes, group_of, order, rematches=True)
    assert matched is not None  # a complete graph on an even count has a perfect matching
    pairs: list[tuple[SwissPlayer, SwissPlayer]] = []
    bye = None
    for one, other in matched:
        if one is _BYE or other is _BYE:
            bye = other if one is _BYE else one
        else:
            pairs.append((one, other))
    return pairs, bye


def _match(nodes: Sequence[SwissPlayer | object], group_of: dict[int, int],
           order: dict[Hashable, int], *, rematches: bool) -> list[tuple[Any, Any]] | None:
    """A minimum-cost perfect matching of ``nodes`` (``_BYE`` may be one), or ``None``.

    The cost of an edge is a tuple, most important first: rematch, second bye, how high
    the bye recipient stands, float, float distance, squared rank distance. ``bounds`` are
    above any matching's sum of each part, so the parts combine into one integer.
    """
    count = len(nodes)
    players = [node for node in nodes if isinstance(node, SwissPlayer)]
    if not players:
        return []
    if (len(players) == count and len({p.score for p in players}) == 1
            and not any(_met(players[i], players[i + 1]) for i in range(0, count, 2))):
        # One score group and neighbours who have not met: 1 v 2, 3 v 4, ... is the
        # unique optimum (no float, every rank distance 1), no matching needed.
        return [(players[i], players[i + 1]) for i in range(0, count, 2)]
    groups = [group_of[p.score] for p in players]
    span = max(groups) - min(groups)
    ranks = [order[p.id] for p in players]
    width = max(ranks) - min(ranks)
    lowest = max(ranks)
    bounds = (count, 2, width + 2, count, count * span + 1, count * width * width + 1)

    def weight(cost: tuple[int, ...]) -> int:
        total = 0
        for part, bound in zip(cost, bounds, strict=True):
            total = total * bound + part
        return total

    top = weight(tuple(bound - 1 for bound in bounds)) + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count))
    for i in range(count):
        for j in range(i + 1, count):
            one, other = nodes[i], nodes[j]
            if isinstance(one, SwissPlayer) and isinstance(other, SwissPlayer):
                rematch = _met(one, other)
                if rematch and not rematches:
                    continue
                distance = abs(group_of[one.score] - group_of[other.score])
                rank_distance = order[one.id] - order[other.id]
                cost = (int(rematch), 0, 0, int(distance > 0), distance,
                        rank_distance * rank_distance)
            else:
                player = one if isinstance(one, SwissPlayer) else other
                assert isinstance(player, SwissPlayer)
                cost = (0, int(player.had_bye), lowest - order[player.id], 0, 0, 0)
            graph.add_edge(i, j, weight=top - weight(cost))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < count:
        return None
    return [(nodes[i], nodes[j]) if i < j else (nodes[j], nodes[i]) for i, j in matching]
