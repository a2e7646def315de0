"""Double elimination: a winners' bracket, a losers' bracket, the grand final and its reset.

The winners' bracket ("W") is the single-elimination bracket of :mod:`.seeding` (standard
seeding, byes to the top seeds). A player who loses there drops into the losers'
bracket ("L"); a second loss eliminates him. The winners of both brackets meet in the grand
final ("GF1"); if the losers' bracket winner wins it, both have lost once and the reset
("GF2") decides.

Losers' bracket of a full bracket of ``S = 2**k`` players, ``2(k-1)`` rounds:

- L1 pairs the losers of W1 in order (losers of W1.1 and W1.2 in L1.1, ...);
- L(2j-2), for j = 2 .. k, is a drop-in round: the winners of the previous L round meet the
  losers of W round j;
- L(2j-1) pairs the winners of the drop-in round in order.

Drop-in order (the usual one, against early rematches): the losers of an even W round come in
reversed, those of an odd W round with the halves swapped. So the losers of W2 meet
survivors from the other half of the bracket, never the player they beat in W1; with 16
players nobody can meet an earlier opponent before L4.

Byes are left out rather than played: a match with one player is removed and the player
goes straight on (to where its winner would go); a match with nobody is removed, too. So a
bye never puts a player into the losers' bracket. Rounds and positions are those of the full
bracket, so a drawn bracket keeps its shape (a round may lack positions, or be absent).

>>> [f"{m.id}: {m.sources[0]} v {m.sources[1]}" for m in double_elimination(3)]
['W1.2: seed 2 v seed 3', 'W2.1: seed 1 v winner of W1.2', 'L2.1: loser of W1.2 v loser of \
W2.1', 'GF1: winner of W2.1 v winner of L2.1', 'GF2: winner of GF1 v loser of GF1']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from tournaments.pairing.elimination.seeding import bracket_size, seeding_order

T = TypeVar("T")

Bracket = Literal["W", "L", "GF"]


@dataclass(frozen=True)
class Source:
    """Where a player of a match comes from: a seed, or the winner or loser of a match."""

    kind: Literal["seed", "winner", "loser"]
    ref: int | str

    def __str__(self) -> str:
        return f"seed {self.ref}" if self.kind == "seed" else f"{self.kind} of {self.ref}"


@dataclass(frozen=True)
class Slot:
    """A side (0 or 1) of a match."""

    match: str
    side: int

    def __str__(self) -> str:
        return f"{self.match}/{self.side}"


@dataclass(frozen=True)
class BracketMatch:
    """A match of the bracket.

    ``winner_to``/``loser_to`` name the slot the winner or the loser goes to; ``None`` means
    the end: the loser is eliminated, the winner of the last match is the champion. GF1's
    winner goes to GF2 only when he is the losers' bracket winner (side 1); ``reset`` marks
    GF2, which is played only then.
    """

    id: str
    bracket: Bracket
    round: int
    position: int
    sources: tuple[Source, Source]
    winner_to: Slot | None
    loser_to: Slot | None
    reset: bool = False

    def __str__(self) -> str:
        ends = f"W->{self.winner_to or '-'} L->{self.loser_to or '-'}"
        return f"{self.id}: {self.sources[0]} v {self.sources[1]} ({ends})"


def _drop_order(w_round: int, count: int) -> list[int]:
    """Which W match's loser enters each position of the drop-in round."""
    if w_round % 2 == 0:
        return list(reversed(range(count)))
    return [(position + count // 2) % count for position in range(count)]


def double_elimination(entrants: int, *, reset: bool = True) -> tuple[BracketMatch, ...]:
    """Every match of a double-elimination bracket for ``entrants`` seeded players.

    Matches come in an order in which they can be played (every source before its match):
    W1, then per W round j >= 2: Wj, L(2j-3), L(2j-2); then GF1 and GF2 (left out when
    ``reset`` is false).

    >>> [str(m) for m in double_elimination(2)]
    ['W1.1: seed 1 v seed 2 (W->GF1/0 L->GF1/1)', 'GF1: winner of W1.1 v loser of W1.1 \
(W->GF2/0 L->GF2/1)', 'GF2: winner of GF1 v loser of GF1 (W->- L->-)']
    """
    if entrants < 2:
        raise ValueError(f"double elimination needs at least 2 players, not {entrants}")
    size = bracket_size(entrants)
    rounds = size.bit_length() - 1
    order = seeding_order(size)
    # Raw matches of the full bracket: id -> (bracket, round, position, sources).
    raw: list[tuple[str, Bracket, int, int, tuple[Source, Source]]] = []

    def w_id(rnd: int, index: int) -> str:
        return f"W{rnd}.{index + 1}"

    def l_id(rnd: int, index: int) -> str:
        return f"L{rnd}.{index + 1}"

    def add(bracket: Bracket, rnd: int, index: int, first: Source, second: Source) -> None:
        match_id = f"GF{rnd}" if bracket == "GF" else f"{bracket}{rnd}.{index + 1}"
        raw.append((match_id, bracket, rnd, index + 1, (first, second)))

    for index in range(size // 2):
        add("W", 1, index, Source("seed", order[2 * index]), Source("seed", order[2 * index + 1]))
    for j in range(2, rounds + 1):
        count = size // 2**j
        for index in range(count):
            add("W", j, index, Source("winner", w_id(j - 1, 2 * index)),
                Source("winner", w_id(j - 1, 2 * index + 1)))
        if j == 2:
            for index in range(count):
                add("L", 1, index, Source("loser", w_id(1, 2 * index)),
                    Source("loser", w_id(1, 2 * index + 1)))
        else:
            for index in range(count):
                add("L", 2 * j - 3, index, Source("winner", l_id(2 * j - 4, 2 * index)),
                    Source("winner", l_id(2 * j - 4, 2 * index + 1)))
        for index, dropped in enumerate(_drop_order(j, count)):
            add("L", 2 * j - 2, index, Source("winner", l_id(2 * j - 3, index)),
                Source("loser", w_id(j, dropped)))
    losers_champion = (Source("winner", l_id(2 * rounds - 2, 0)) if rounds > 1
                       else Source("loser", w_id(1, 0)))
    add("GF", 1, 0, Source("winner", w_id(rounds, 0)), losers_champion)
    if reset:
        add("GF", 2, 0, Source("winner", "GF1"), Source("loser", "GF1"))

    # Leave the byes out: what a match with one player passes on, and what it drops.
    passes: dict[tuple[str, str], Source | None] = {}
    kept: list[tuple[str, Bracket, int, int, tuple[Source, Source]]] = []
    for match_id, bracket, rnd, position, sources in raw:
        resolved = [_resolve(source, entrants, passes) for source in sources]
        real = [source for source in resolved if source is not None]
        if len(real) == 2:
            passes[("winner", match_id)] = Source("winner", match_id)
            passes[("loser", match_id)] = Source("loser", match_id)
            kept.append((match_id, bracket, rnd, position, (real[0], real[1])))
        else:
            passes[("winner", match_id)] = real[0] if real else None
            passes[("loser", match_id)] = None

    goes_to: dict[tuple[str, str], Slot] = {}
    for match_id, *_, sources in kept:
        for side, source in enumerate(sources):
            if source.kind != "seed":
                goes_to[(source.kind, str(source.ref))] = Slot(match_id, side)
    return tuple(BracketMatch(match_id, bracket, rnd, position, sources,
                              goes_to.get(("winner", match_id)),
                              goes_to.get(("loser", match_id)), reset=match_id == "GF2")
                 for match_id, bracket, rnd, position, sources in kept)


def _resolve(source: Source, entrants: int,
             passes: Mapping[tuple[str, str], Source | None]) -> Source | None:
    if source.kind == "seed":
        return source if int(source.ref) <= entrants else None
    return passes[(source.kind, str(source.ref))]


def bracket_occupants(matches: Sequence[BracketMatch], seeded: Sequence[T],
                      winners: Mapping[str, int]) -> dict[str, tuple[T | None, T | None]]:
    """Who plays each match so far, given the winning side (0 or 1) of the decided matches.

    ``seeded`` lists the players by seed (index 0 = seed 1). A side not known yet is
    ``None``. GF2 is left out when GF1 was won by the winners' bracket winner (side 0).

    >>> matches = double_elimination(3)
    >>> bracket_occupants(matches, ["Ann", "Bob", "Cy"], {"W1.2": 1})["L2.1"]
    ('Bob', None)
    """
    if len(seeded) != max((int(s.ref) for m in matches for s in m.sources
                           if s.kind == "seed"), default=0):
        raise ValueError(f"{len(seeded)} players for a bracket drawn for another number")
    result: dict[str, tuple[T | None, T | None]] = {}

    def player(source: Source) -> T | None:
        if source.kind == "seed":
            return seeded[int(source.ref) - 1]
        match_id = str(source.ref)
        if match_id not in winners or match_id not in result:
            return None
        side = winners[match_id] if source.kind == "winner" else 1 - winners[match_id]
        return result[match_id][side]

    for match in matches:
        if match.reset and winners.get("GF1", 1) == 0:
            continue
        result[match.id] = (player(match.sources[0]), player(match.sources[1]))
    return result


def bracket_champion(matches: Sequence[BracketMatch], seeded: Sequence[T],
                     winners: Mapping[str, int]) -> T | None:
    """The winner of the event, or ``None`` while it is open.

    >>> matches = double_elimination(2)
    >>> bracket_champion(matches, ["Ann", "Bob"], {"W1.1": 0, "GF1": 0})
    'Ann'
    >>> bracket_champion(matches, ["Ann", "Bob"], {"W1.1": 0, "GF1": 1}) is None
    True
    """
    occupants = bracket_occupants(matches, seeded, winners)
    final = "GF2" if "GF2" in occupants else "GF1"
    if final not in winners or final not in occupants:
        return None
    return occupants[final][winners[final]]
