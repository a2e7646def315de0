"""Moves and their notation.

=============  ===========================================================================
``b1-c3``      the piece on b1 moves to the empty square c3
``d4xe6``      the piece on d4 moves onto e6 and displaces the opponent's piece there; the
               opponent's next move must move that piece *from e6* (written ``e6-f4``)
``pass``       a player without a legal move passes (rule ``no_move`` = ``pass``)
``resign``     the player to move gives the game up (rule ``resignation``)
=============  ===========================================================================

Squares are read in any case and written in lower case; ``Move.parse(m.text())`` gives ``m``
back:

>>> move = Move.parse("D4xE6")
>>> move.text(), move.displaces, move.origin, move.target
('d4xe6', True, 27, 44)
>>> Move.parse(Move.parse("pass").text()) == Move.pass_()
True
>>> Move.parse("d4e6")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
games.engines.errors.InvalidLogError: 'd4e6' is not a move; write b1-c3, d4xe6 (...), pass or resign
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidLogError, shown
from .board import square_index, square_name

PASS, RESIGN, STEP = "pass", "resign", "step"


@dataclass(frozen=True, order=True)
class Move:
    """One entry of a game's move list.

    ``kind`` is ``"step"`` (a piece moves; ``displaces`` when it lands on an opponent's piece),
    ``"pass"`` or ``"resign"``. ``origin``/``target`` are square indexes (``a1`` = 0).
    """

    origin: int = -1
    target: int = -1
    displaces: bool = False
    kind: str = STEP

    @classmethod
    def step(cls, origin: int, target: int, *, displaces: bool = False) -> Move:
        """A piece moving from ``origin`` to ``target``.

        >>> Move.step(1, 18).text()
        'b1-c3'
        """
        return _STEPS[origin * 128 + target * 2 + displaces]

    @classmethod
    def pass_(cls) -> Move:
        """The pass of a player without a legal move.

        >>> Move.pass_().text()
        'pass'
        """
        return cls(kind=PASS)

    @classmethod
    def resign(cls) -> Move:
        """The player to move resigns.

        >>> Move.resign().text()
        'resign'
        """
        return cls(kind=RESIGN)

    @classmethod
    def parse(cls, text: Any, *, player: str | None = None) -> Move:
        """Read a move as a log writes it; raises :class:`InvalidLogError` otherwise.

        ``player`` (whose turn it is) is named in the error when given.

        >>> Move.parse(" b1-c3 ") == Move.step(1, 18)
        True
        >>> Move.parse("b1 c3", player="Anna")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        games.engines.errors.InvalidLogError: Anna's move 'b1 c3' cannot be read; write b1-c3, ...
        """
        if not isinstance(text, str):
            if player is None:
                raise InvalidLogError("ks_move_text", {"value": shown(text)})
            raise InvalidLogError("ks_player_move_text", {"player": player,
                                                          "value": shown(text)})
        word = text.strip().lower()
        if word == PASS:
            return cls.pass_()
        if word == RESIGN:
            return cls.resign()
        if len(word) == 5 and word[2] in "-x":
            try:
                origin, target = square_index(word[:2]), square_index(word[3:])
            except ValueError:
                pass
            else:
                return cls.step(origin, target, displaces=word[2] == "x")
        if player is None:
            raise InvalidLogError("ks_move_unknown", {"move": shown(text)})
        raise InvalidLogError("ks_player_move_unknown", {"player": player, "move": shown(text)})

    def text(self) -> str:
        """The notation, e.g. ``'b1-c3'``, ``'d4xe6'``, ``'pass'``.

        >>> Move.step(1, 18, displaces=True).text()
        'b1xc3'
        """
        if self.kind != STEP:
            return self.kind
        sign = "x" if self.displaces else "-"
        return f"{square_name(self.origin)}{sign}{square_name(self.target)}"

    def __str__(self) -> str:
        return self.text()


# Every step move exists once: move generation hands out these instead of building thousands
# of new objects per second (frozen dataclasses are slow to construct).
_STEPS: tuple[Move, ...] = tuple(Move(origin, target, displaces, STEP)
                                 for origin in range(64) for target in range(64)
                                 for displaces in (False, True))


def parse_move(text: Any) -> Move:
    """Module-level alias of :meth:`Move.parse`.

    >>> parse_move("resign").kind
    'resign'
    """
    return Move.parse(text)


def format_move(move: Move) -> str:
    """Module-level alias of :meth:`Move.text`.

    >>> format_move(Move.step(27, 44, displaces=True))
    'd4xe6'
    """
    return move.text()
