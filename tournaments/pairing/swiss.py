"""Swiss pairing for 2-player games (Gin, Das Rennen, Katarenga) on a weighted matching.

The rules, most important first:

1. no rematch (only when no pairing without one exists, as few as possible);
2. at most one bye per player (a second one only when unavoidable);
3. the bye goes to the lowest-ranked eligible player (lowest score, then rank order);
4. the fewest pairs across score groups ("floats"), then the smallest float distance
   (counted in score groups), over the whole round;
5. within a score group neighbours in rank order meet (1 v 2, 3 v 4: Monrad), measured as
   the sum of squared rank distances;
6. seats: the player who sat first less often (firsts minus seconds) takes the first seat;
   on a tie the higher-ranked player sits first on odd boards, second on even ones.

Each rule is a digit of one integer edge weight, so a maximum-weight perfect matching
(networkx's blossom) meets them in that order. A field of up to :data:`EXACT` players is
matched in one piece. A blossom in pure Python over 1,024 players takes seconds, so a
larger field is paired by a plan that keeps rule 4 exact over the whole round:

- each score group's *deficiency* (players its own members cannot all pair, because of
  the group's parity or of rematches) is found exactly;
- a small matching between those players' groups gives the fewest floats and the shortest
  float distance any pairing could have (a lower bound: it ignores who has met whom
  across groups);
- each planned float is matched in a block of the two groups' facing edges (bottom of the
  upper group, top of the lower one: up to :data:`EDGE` players each), the rest of each
  group in pieces of about :data:`BLOCK` players;
- if the pieces reach the bound, no pairing has fewer floats or a shorter float distance
  (as long as no group would have to float more than its deficiency and four more); if
  not (or a piece has no pairing free of rematches), the whole field is matched in one
  piece.

If even the whole field has no pairing free of rematches, one matching over everybody with
the bye as an extra node settles the rematches and byes exactly.

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

#: Fields up to this many players are matched in one piece (exact in every rule).
EXACT = 48
#: Players of a score group per piece when a larger field is paired by the float plan.
BLOCK = 24
#: Players taken from the facing edge of each score group into a planned float's block.
EDGE = 8
#: Score groups up to this size take part in the float plan player by player.
TINY = 4


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
            pairs = _pair_even([p for p in field if p is not bye], group_of, order)
    else:
        pairs = _pair_even(field, group_of, order)
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


def _pair_even(field: Sequence[SwissPlayer], group_of: dict[int, int],
               order: dict[Hashable, int]) -> list[tuple[SwissPlayer, SwissPlayer]] | None:
    """Pairs an even field without rematches, or ``None`` if impossible."""
    if len(field) > EXACT:
        planned = _pair_by_plan(field, group_of, order)
        if planned is not None:
            return planned
    return _match(list(field), group_of, order, rematches=False)


def _deficiency(group: Sequence[SwissPlayer]) -> int:
    """How many players of a score group its own members cannot pair (without rematches):
    the group's size minus twice its largest matching."""
    ids = {player.id for player in group}
    met = {frozenset((player.id, other)) for player in group for other in player.opponents
           if other in ids and other != player.id}
    degree = dict.fromkeys(ids, 0)
    for pair in met:
        for player_id in pair:
            degree[player_id] += 1
    size = len(group)
    if size <= 2:
        return size if size == 1 or met else 0
    if size - 1 - max(degree.values()) >= size / 2:
        # Dirac: everybody can meet half of the group or more, so the group has a
        # Hamiltonian cycle and pairs all but (at most) one.
        return size % 2
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(size))
    graph.add_edges_from((i, j) for i in range(size) for j in range(i + 1, size)
                         if frozenset((group[i].id, group[j].id)) not in met)
    return size - 2 * len(nx.max_weight_matching(graph, maxcardinality=True))


def _float_plan(groups: dict[int, list[SwissPlayer]]) -> list[tuple[int, int]] | None:
    """The floats between score groups (``(upper, lower)`` per float, groups by index) with
    the fewest floats and then the shortest distance that any pairing could have, or
    ``None`` if there is none.

    A small matching: a group of up to :data:`TINY` players takes part with its players
    (who has met whom counts); a larger group with its deficiency (players who must
    float) and a few extra places, assumed free to meet anybody of another group. So the
    plan is a bound: a pairing that reaches it has the fewest floats and the shortest
    distance.

    >>> fifteen, ten = [SwissPlayer(n, 4, n) for n in range(15)], [SwissPlayer(n, 2, n)
    ...                                                          for n in range(15, 25)]
    >>> _float_plan({0: fifteen, 1: ten, 2: [SwissPlayer(n, 0, n) for n in range(25, 40)]})
    [(0, 2)]
    """
    nodes: list[tuple[int, SwissPlayer | None, bool]] = []  # (group, player, must float)
    big = {index: _deficiency(members) for index, members in groups.items()
           if len(members) > TINY}
    need = max([*big.values(), *(len(m) for m in groups.values() if len(m) <= TINY)],
               default=0)
    for index, members in groups.items():
        if index not in big:
            nodes += [(index, player, False) for player in members]
            continue
        nodes += [(index, None, True)] * big[index]
        nodes += [(index, None, False)] * 2 * min((need + 1) // 2, (len(members)
                                                                     - big[index]) // 2)
    span = max(groups) - min(groups) + 1
    top = len(nodes) * span + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(nodes)))
    for i, (one, one_player, one_must) in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            other, other_player, other_must = nodes[j]
            if one_player is not None and other_player is not None:
                if _met(one_player, other_player):
                    continue
            elif one == other and (one_must or other_must):
                continue  # a group's own members cannot take its floating places
            if one == other:
                graph.add_edge(i, j, weight=top * top)  # within a group (or places unused)
            else:
                # A float costs more than any sum of distances.
                graph.add_edge(i, j, weight=top * top - (top + abs(one - other)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(nodes):
        return None
    return sorted((min(nodes[i][0], nodes[j][0]), max(nodes[i][0], nodes[j][0]))
                  for i, j in matching if nodes[i][0] != nodes[j][0])


def _pair_by_plan(field: Sequence[SwissPlayer], group_of: dict[int, int],
                  order: dict[Hashable, int]) -> list[tuple[SwissPlayer, SwissPlayer]] | None:
    """Pairs a large even field by the float plan (see the module), or ``None`` when the
    pieces do not reach the plan's floats and distance or have no pairing without
    rematches."""
    groups: dict[int, list[SwissPlayer]] = {}
    for player in field:
        groups.setdefault(group_of[player.score], []).append(player)
    plan = _float_plan(groups)
    if plan is None:
        return None
    # Groups joined by planned floats share a block: union-find over group indices.
    parent = {index: index for index in groups}

    def root(index: int) -> int:
        while parent[index] != index:
            index = parent[index]
        return index

    ups = dict.fromkeys(groups, 0)
    downs = dict.fromkeys(groups, 0)
    for upper, lower in plan:
        downs[upper] += 1
        ups[lower] += 1
        parent[root(upper)] = root(lower)
    float_blocks: dict[int, list[SwissPlayer]] = {}
    middles: list[list[SwissPlayer]] = []
    for index, members in groups.items():
        floating = ups[index] + downs[index]
        top = EDGE if ups[index] else 0
        bottom = EDGE if downs[index] else 0
        if (top + bottom) % 2 != floating % 2:
            if bottom:
                bottom += 1
            else:
                top += 1
        if floating and top + bottom + BLOCK // 2 >= len(members):
            top, bottom = len(members), 0  # a small group goes whole
        if floating:
            float_blocks.setdefault(root(index), []).extend(
                members[:top] + members[len(members) - bottom:])
        middles.append(members[top:len(members) - bottom])
    pairs: list[tuple[SwissPlayer, SwissPlayer]] = []
    for block in float_blocks.values():
        matched = _match(block, group_of, order, rematches=False)
        if matched is None:
            return None
        pairs.extend(matched)
    for middle in middles:
        matched = _match_in_pieces(middle, group_of, order)
        if matched is None:
            return None
        pairs.extend(matched)
    distances = [abs(group_of[a.score] - group_of[b.score]) for a, b in pairs]
    if (sum(d > 0 for d in distances), sum(distances)) != (
            len(plan), sum(lower - upper for upper, lower in plan)):
        return None
    return pairs


def _match_in_pieces(members: Sequence[SwissPlayer], group_of: dict[int, int],
                     order: dict[Hashable, int]
                     ) -> list[tuple[SwissPlayer, SwissPlayer]] | None:
    """A run of one score group (an even count) matched in even pieces of about
    :data:`BLOCK` players; a piece without a pairing free of rematches takes in the next
    one. ``None`` if the whole run has none."""
    pairs: list[tuple[SwissPlayer, SwissPlayer]] = []
    start = 0
    while start < len(members):
        end = min(start + BLOCK, len(members))
        if len(members) - end < BLOCK // 2:
            end = len(members)  # no short piece at the end
        matched = _match(list(members[start:end]), group_of, order, rematches=False)
        while matched is None and end < len(members):
            end = min(end + BLOCK, len(members))
            matched = _match(list(members[start:end]), group_of, order, rematches=False)
        if matched is None:
            return None
        pairs.extend(matched)
        start = end
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
