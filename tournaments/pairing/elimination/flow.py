"""Who plays where in a bracket, given its verdicts: plain values, no models.

A bracket is a list of matches, each feeding the seats of later ones: its winner to one seat,
in double elimination its loser to another. :func:`flow` walks the matches in playing order
and says, for every seat, who should sit there now, and what has to happen to the match's
verdict. The services (``tournaments/services/elimination.py``) write what it says; the
bracket pages and the end of a tournament read it. Running it on a consistent bracket
changes nothing, so it runs after every verdict.

A seat holds a player (his id) or one of three markers:

- :data:`WAITING`: the match that feeds the seat has no result yet;
- :data:`NOBODY`: nobody will come (the feeding match was a double forfeit, or the player
  who would come is out of the event);
- :data:`UNNEEDED`: the grand final reset when the winners' bracket winner won the first
  grand final.

The rules, in the order they apply to a match:

1. A seat fed by a match without a result keeps the player it has if the match already has
   a result and the player still plays in that earlier match (a correction that is being
   scored, or was rejected, does not tear down what was played after it; when the earlier
   match has a result again, the seat follows it). A player who no longer plays there
   cannot come from it: the seat waits, and the result goes (rule 2).
2. A result (a log, an organizer's forfeit) whose players are no longer the players the
   bracket puts there is **set aside**: the match goes back to be played, and the organizer
   is told. An automatic forfeit is simply taken back.
3. Without a result of its own, a match with a player who is out of the event (disqualified
   or withdrawn) is forfeited to the other player, or a double forfeit when both are out.
4. A match with one player and :data:`NOBODY` in the other seat is not played: the player
   goes on as with a bye. With nobody in either seat (or only a player who is out), nobody
   goes on.

>>> a1 = FlowMatch(1, (10, 20), (None, None), Verdict(PLAYED, side=1))
>>> final = FlowMatch(2, (None, 30), (Feed(1, "winner"), None))
>>> [(result.id, result.seats, result.winner) for result in flow([a1, final])]
[(1, (10, 20), 20), (2, (20, 30), WAITING)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Final, Literal


class Marker(Enum):
    WAITING = "waiting"
    NOBODY = "nobody"
    UNNEEDED = "unneeded"

    def __repr__(self) -> str:
        return self.name


WAITING, NOBODY, UNNEEDED = Marker.WAITING, Marker.NOBODY, Marker.UNNEEDED

Occupant = int | Marker

# Verdict kinds.
VerdictKind = Literal["none", "pending", "played", "forfeit", "double"]
NONE: Final = "none"
PENDING: Final = "pending"
PLAYED: Final = "played"
FORFEIT: Final = "forfeit"
DOUBLE: Final = "double"


@dataclass(frozen=True)
class Verdict:
    """What a match has: no result, a log being scored, a played result, a forfeit (the
    winning side) or a double forfeit. ``auto`` marks forfeits made because a player is out
    of the event: they follow the bracket and are never set aside with a notice."""

    kind: VerdictKind = NONE
    side: int | None = None
    auto: bool = False

    @property
    def has_result(self) -> bool:
        return self.kind != NONE


@dataclass(frozen=True)
class Feed:
    """Where a seat's player comes from: the winner or the loser of another match."""

    match: int
    kind: Literal["winner", "loser"]


@dataclass(frozen=True)
class FlowMatch:
    """A two-seat match as stored: its players (``None``: nobody seated), where each seat
    is fed from (``None``: drawn there), its verdict, and ``reset`` for a grand final reset
    (played only when the losers' bracket winner, in seat 1, won the first grand final)."""

    id: int
    stored: tuple[int | None, int | None]
    feeds: tuple[Feed | None, Feed | None]
    verdict: Verdict = Verdict()
    reset: bool = False


@dataclass
class FlowResult:
    """What :func:`flow` says about a match.

    ``seats``: who sits there now; ``changed``: the seats whose player changes; ``set_aside``:
    the stored result must be set aside (players changed under it); ``verdict``: the verdict
    the match should have (an automatic forfeit added or taken back); ``winner`` and
    ``loser``: what the match passes on.
    """

    id: int
    seats: tuple[Occupant, Occupant]
    changed: tuple[int, ...] = ()
    set_aside: bool = False
    verdict: Verdict = Verdict()
    winner: Occupant = WAITING
    loser: Occupant = WAITING
    causes: tuple[int, ...] = field(default=())

    @property
    def bye(self) -> bool:
        """One player and nobody to meet: he goes on without playing."""
        return self.winner not in (WAITING, NOBODY) and NOBODY in self.seats

    @property
    def void(self) -> bool:
        """Nobody goes on and nothing is played."""
        return self.verdict.kind == NONE and self.winner is NOBODY

    @property
    def unneeded(self) -> bool:
        return UNNEEDED in self.seats


def flow(matches: Sequence[FlowMatch], out: Collection[int] = ()) -> list[FlowResult]:
    """Seats, verdicts and what goes on, for matches given in playing order (every match
    after the matches that feed it). ``out``: the players who are out of the event.

    A correction in the first match moves the new winner on and sets aside the final he was
    not in:

    >>> semi = FlowMatch(1, (10, 20), (None, None), Verdict(PLAYED, side=1))
    >>> final = FlowMatch(2, (10, 30), (Feed(1, "winner"), None), Verdict(PLAYED, side=0))
    >>> result = flow([semi, final])[1]
    >>> result.seats, result.changed, result.set_aside, result.verdict.kind, result.causes
    ((20, 30), (0,), True, 'none', (1,))

    A disqualified player forfeits; his opponent goes on:

    >>> result = flow([FlowMatch(1, (10, 20), (None, None))], out={20})[0]
    >>> result.verdict, result.winner, result.loser
    (Verdict(kind='forfeit', side=0, auto=True), 10, 20)
    """
    results: dict[int, FlowResult] = {}
    for match in matches:
        results[match.id] = _one(match, results, out)
    return [results[match.id] for match in matches]


def _one(match: FlowMatch, done: Mapping[int, FlowResult], out: Collection[int]) -> FlowResult:
    verdict = match.verdict
    seats: list[Occupant] = []
    kept: list[int] = []
    for index, (stored, feed) in enumerate(zip(match.stored, match.feeds, strict=True)):
        if feed is None:
            seats.append(NOBODY if stored is None else stored)
            continue
        source = done[feed.match]
        occupant = source.winner if feed.kind == "winner" else source.loser
        if match.reset:
            occupant = _reset_seat(source, index)
        if occupant is WAITING and verdict.has_result and stored in source.seats:
            occupant = stored  # rule 1: keep what was played until the feeder is decided
            kept.append(index)
        seats.append(occupant)
    moved = _changed(seats, match.stored)
    causes = [feed.match for index, feed in enumerate(match.feeds)
              if feed is not None and index in moved]
    set_aside = bool(moved) and verdict.has_result and not verdict.auto
    if set_aside or not verdict.has_result or verdict.auto:
        for index in kept:  # kept only for a result that is gone (or automatic) now
            seats[index] = WAITING
        verdict = _automatic(seats, out)
    changed = _changed(seats, match.stored)
    result = FlowResult(match.id, (seats[0], seats[1]), changed, set_aside, verdict,
                        causes=tuple(dict.fromkeys(causes)))
    result.winner, result.loser = _passes(seats, verdict, out)
    return result


def _changed(seats: Sequence[Occupant], stored: Sequence[int | None]) -> tuple[int, ...]:
    return tuple(index for index, (occupant, player) in enumerate(zip(seats, stored, strict=True))
                 if _player(occupant) != player)


def _reset_seat(gf1: FlowResult, index: int) -> Occupant:
    """Seat ``index`` of the reset: GF1's winner (seat 0) and loser (seat 1), if the losers'
    bracket winner won GF1 against a player; otherwise the reset is not needed."""
    if gf1.winner is WAITING:
        return WAITING
    won_by_losers_side = gf1.verdict.side == 1 and gf1.verdict.kind in (PLAYED, FORFEIT)
    if not won_by_losers_side or gf1.loser is NOBODY:
        return UNNEEDED
    return gf1.winner if index == 0 else gf1.loser


def _player(occupant: Occupant) -> int | None:
    return None if isinstance(occupant, Marker) else occupant


def _automatic(seats: Sequence[Occupant], out: Collection[int]) -> Verdict:
    """Rule 3: forfeits because a player is out, once both players are known."""
    if any(isinstance(seat, Marker) for seat in seats):
        return Verdict()
    gone = [seat in out for seat in seats]
    if all(gone):
        return Verdict(DOUBLE, auto=True)
    if any(gone):
        return Verdict(FORFEIT, side=gone.index(False), auto=True)
    return Verdict()


def _passes(seats: Sequence[Occupant], verdict: Verdict,
            out: Collection[int]) -> tuple[Occupant, Occupant]:
    """(winner, loser) that the match passes on."""
    if UNNEEDED in seats:
        return UNNEEDED, UNNEEDED
    if verdict.kind == DOUBLE:
        return NOBODY, NOBODY
    if verdict.kind in (PLAYED, FORFEIT) and verdict.side is not None:
        return seats[verdict.side], seats[1 - verdict.side]
    if WAITING in seats or verdict.kind == PENDING:
        return WAITING, WAITING
    players = [seat for seat in seats if not isinstance(seat, Marker) and seat not in out]
    if NOBODY in seats:
        # Rule 4: a bye for the one player left, or nobody goes on.
        return (players[0], NOBODY) if players else (NOBODY, NOBODY)
    return WAITING, WAITING


def champion(results: Iterable[FlowResult], final: int, reset: int | None = None
             ) -> Occupant:
    """The winner of the bracket: of the reset when it is played, else of ``final``.

    >>> a = FlowMatch(1, (10, 20), (None, None), Verdict(PLAYED, side=0))
    >>> champion(flow([a]), final=1)
    10
    """
    by_id = {result.id: result for result in results}
    if reset is not None and not by_id[reset].unneeded:
        return by_id[reset].winner
    return by_id[final].winner


def eliminations(matches: Sequence[FlowMatch], results: Sequence[FlowResult]
                 ) -> dict[int, int]:
    """Player -> the id of the match in which he went out (he was not passed on, e.g. the
    loser of a losers' bracket match); the champion is not listed.

    >>> semi = FlowMatch(1, (10, 20), (None, None), Verdict(PLAYED, side=0))
    >>> final = FlowMatch(2, (10, 30), (Feed(1, "winner"), None), Verdict(PLAYED, side=1))
    >>> eliminations([semi, final], flow([semi, final]))
    {20: 1, 10: 2}
    """
    fed = {(feed.match, feed.kind) for match in matches for feed in match.feeds if feed}
    by_id = {result.id: result for result in results}
    reset = next((match for match in matches if match.reset), None)
    reset_unneeded = reset is not None and by_id[reset.id].unneeded
    gf1 = {feed.match for feed in reset.feeds if feed} if reset else set()
    gone: dict[int, int] = {}
    for match in matches:
        result = by_id[match.id]
        if result.unneeded or result.winner is WAITING:
            continue
        if (match.id, "winner") not in fed or (match.id in gf1 and reset_unneeded):
            staying = {_player(result.winner)}  # the last word: the winner is the champion
        else:
            staying = {_player(result.winner)}
            if (match.id, "loser") in fed:
                staying.add(_player(result.loser))
        for seat in result.seats:
            player = _player(seat)
            if player is not None and player not in staying:
                gone.setdefault(player, match.id)
    return gone
