"""Nerts moves and their text notation (``parse_move`` / ``format_move`` round-trip).

A hand is a list of *actions*: ``{"seq": 7, "player": "Anna", "move": "8H@Anna > F",
"t": 12.5}``. The ``move`` string is one of:

=========================  ===============================================================
``turn``                   turn cards from the stock onto the waste (3, or 1 by the rules;
                           the last 1-2 cards of the stock)
``turn 5H 9C KD``          the same, naming the cards that come face up, bottom to top (the
                           last one is the new waste top); the engine checks them
``over``                   turn the waste over as the new stock (only once the stock is empty)
``8H@Anna > F``            a card onto a foundation: the one it fits (an ace starts a new one)
``8H@Anna > F3``           a card onto foundation 3 (numbered in the order they were started)
``X1@Anna > F =8H``        a joker onto a foundation, announced as the card it stands for
``8H@Anna > 2``            a card onto work pile 2 (from a work pile: with the cards on it)
``QS@Anna > under 2``      slide a card under the base of work pile 2 (needs an empty pile)
``nerts``                  call Nerts (the caller's Nerts pile is empty)
``reset``                  all are blocked: every waste goes back onto its stock, the top
                           card of each stock to the bottom (a table action)
``end``                    play is stuck for good: the hand ends without a call (table action)
=========================  ===============================================================

>>> parse_move("x1@anna>f3=8h").text()
'X1@anna > F3 =8H'
>>> parse_move("8H@Anna > under 2")
Play(card=NCard(rank=8, suit='H', owner='Anna', joker=0), to='under', pile=2, announce=None)
>>> format_move(parse_move("turn 5h 9c kd"))
'turn 5H 9C KD'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import InvalidLogError, shown
from .cards import Face, NCard, parse_face, parse_ncard
from .rules import WORK_PILES


@dataclass(frozen=True)
class Turn:
    """Turn the next cards of the stock onto the waste; ``cards`` as named in the log."""

    cards: tuple[Face, ...] | None = None

    def text(self) -> str:
        return "turn" if self.cards is None else " ".join(["turn", *map(str, self.cards)])


@dataclass(frozen=True)
class Over:
    """Turn the waste over: it becomes the new stock (the stock must be empty)."""

    def text(self) -> str:
        return "over"


@dataclass(frozen=True)
class Play:
    """Move ``card`` to a foundation (``to="F"``, ``pile`` its number or ``None`` for the one
    it fits), onto work pile ``pile`` (``to="work"``) or under its base (``to="under"``)."""

    card: NCard
    to: str
    pile: int | None = None
    announce: Face | None = None

    def text(self) -> str:
        if self.to == "F":
            target = "F" if self.pile is None else f"F{self.pile}"
            if self.announce is not None:
                target += f" ={self.announce}"
        elif self.to == "under":
            target = f"under {self.pile}"
        else:
            target = str(self.pile)
        return f"{self.card} > {target}"


@dataclass(frozen=True)
class Call:
    """Call Nerts."""

    def text(self) -> str:
        return "nerts"


@dataclass(frozen=True)
class Reset:
    """Everybody is blocked: each waste goes back on its stock, top card to the bottom."""

    def text(self) -> str:
        return "reset"


@dataclass(frozen=True)
class End:
    """Play is stuck for good: the hand ends without a call."""

    def text(self) -> str:
        return "end"


Move = Turn | Over | Play | Call | Reset | End
TABLE_MOVES = (Reset, End)  # done by the whole table; an action's player is optional

_KEYWORDS: dict[str, Move] = {"over": Over(), "nerts": Call(), "reset": Reset(), "end": End()}


def parse_move(text: str) -> Move:
    """Read a move from its notation (spacing and case are free; owners keep their case).

    >>> parse_move("turn"), parse_move(" NERTS ")
    (Turn(cards=None), Call())
    >>> parse_move("8H@Anna > 5")
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: '8H@Anna > 5': the work piles are 1 to 4
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidLogError("nerts_move_text", {"value": shown(text)})
    words = text.split()
    head = words[0].lower()
    if ">" not in text:
        if head in _KEYWORDS and len(words) == 1:
            return _KEYWORDS[head]
        if head == "turn":
            return Turn(tuple(parse_face(word) for word in words[1:]) if words[1:] else None)
        raise InvalidLogError("nerts_move_unknown", {"move": shown(text)})
    left, _, right = text.partition(">")
    card = parse_ncard(left)
    target = right.strip()
    if "=" in target:
        target, _, announced = target.partition("=")
        target = target.strip()
        if not target.upper().startswith("F"):
            raise InvalidLogError("nerts_announce_not_foundation", {"move": shown(text)})
        announce: Face | None = parse_face(announced)
        if announce is not None and announce.joker:
            raise InvalidLogError("nerts_announce_joker", {"move": shown(text)})
    else:
        announce = None
    upper = target.upper()
    if upper == "F":
        return Play(card, "F", None, announce)
    if upper.startswith("F") and _number(upper[1:]):
        # A number of hundreds of digits is no foundation (and int() refuses thousands).
        if len(upper) - 1 > MAX_DIGITS:
            raise InvalidLogError("nerts_foundation_number", {"move": shown(text),
                                                              "digits": MAX_DIGITS})
        return Play(card, "F", int(upper[1:]), announce)
    to = "work"
    if upper.startswith("UNDER"):
        to, upper = "under", upper[5:].strip()
    if _number(upper):
        pile = int(upper) if len(upper) <= MAX_DIGITS else 0
        if not 1 <= pile <= WORK_PILES:
            raise InvalidLogError("nerts_work_pile_number", {"move": shown(text),
                                                             "piles": WORK_PILES})
        return Play(card, to, pile)
    raise InvalidLogError("nerts_target", {"move": shown(text), "piles": WORK_PILES})


def _number(text: str) -> bool:
    """ASCII digits only: ``int`` would also read other scripts' digits (``３``)."""
    return text.isascii() and text.isdigit()


def format_move(move: Move) -> str:
    """The canonical notation of ``move`` (what ``parse_move`` reads back)."""
    return move.text()


@dataclass(frozen=True)
class Action:
    """One entry of a hand's log: who did what, in which order (``seq``), and when (``t``,
    seconds since the start of the hand, where known). ``tie`` claims that a foundation play
    landed at the same moment as the card of the same value before it (both stay)."""

    seq: int
    player: str | None
    move: Move
    t: float | None = None
    tie: bool = False

    def to_json(self) -> dict[str, object]:
        """The action as the log writes it.

        >>> Action(3, "Anna", parse_move("AH@Anna > F"), t=2.5).to_json()
        {'seq': 3, 'player': 'Anna', 'move': 'AH@Anna > F', 't': 2.5}
        """
        data: dict[str, object] = {"seq": self.seq}
        if self.player is not None:
            data["player"] = self.player
        data["move"] = self.move.text()
        if self.t is not None:
            data["t"] = self.t
        if self.tie:
            data["tie"] = True
        return data


ACTION_KEYS = frozenset({"seq", "player", "move", "t", "tie", "note"})
#: Bounds of an action's numbers (``docs/log-format.md``, "Limits"): a sequence number and
#: a time of a hand that lasts minutes, not years.
MAX_SEQ = 10 ** 9
MAX_SECONDS = 10 ** 6
MAX_DIGITS = 9  # digits of a foundation or work pile number in a move


def parse_action(data: object) -> Action:
    """Read one action object of the log (the location is added by the caller).

    >>> parse_action({"seq": 1, "player": "Anna", "move": "turn"})
    Action(seq=1, player='Anna', move=Turn(cards=None), t=None, tie=False)
    >>> parse_action({"seq": 1, "move": "turn"})
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: an action needs the player who made it
    """
    if not isinstance(data, dict):
        raise InvalidLogError("nerts_action_object")
    unknown = sorted(set(data) - ACTION_KEYS)
    if unknown:
        raise InvalidLogError("nerts_action_field", {"name": shown(unknown[0])})
    seq = data.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise InvalidLogError("nerts_seq", {"value": shown(seq)})
    if seq >= MAX_SEQ:
        raise InvalidLogError("nerts_seq_too_large", {"limit": MAX_SEQ, "value": shown(seq)})
    move = parse_move(data.get("move"))  # type: ignore[arg-type]
    player = data.get("player")
    if player is None and not isinstance(move, TABLE_MOVES):
        raise InvalidLogError("nerts_action_player")
    if player is not None and not isinstance(player, str):
        raise InvalidLogError("nerts_player_name", {"value": shown(player)})
    t = data.get("t")
    # NaN and the infinities are no time (NaN even passes "t < 0"), and a stored outcome
    # holding one would be invalid JSON.
    # (A whole number is compared as it is: math.isfinite() cannot take one of thousands of
    # digits.)
    if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float))
                          or (isinstance(t, float) and not math.isfinite(t))
                          or not 0 <= t < MAX_SECONDS):
        raise InvalidLogError("nerts_time", {"value": shown(t)})
    tie = data.get("tie", False)
    if not isinstance(tie, bool):
        raise InvalidLogError("nerts_tie_bool", {"value": shown(tie)})
    if tie and not (isinstance(move, Play) and move.to == "F"):
        raise InvalidLogError("nerts_tie_foundation")
    return Action(seq, player, move, None if t is None else t, tie)
