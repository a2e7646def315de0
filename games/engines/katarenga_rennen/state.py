"""The position of a game of Das Rennen, its legal moves and the checking ``apply``.

A :class:`Game` is mutable (replaying and random play make thousands of moves); it is the
engine's own business and never leaves the package. White (the player who starts) owns the
half with ranks 1-4. Movement follows the colour of the square a piece stands on:
green = knight, red = rook, yellow = bishop, blue = king; a rook or bishop must stop on the
first square of its own colour it reaches and never jumps; nothing captures. A piece may
move onto an opponent's piece standing on a target-colour square of the opponent's half
(green in the seed): that piece is *displaced* and its owner's next move must move it away
from that square, as a piece standing there moves. A displacement that leaves the displaced
piece without such a move is not allowed.

>>> from .board import parse_board
>>> from .rules import KatarengaRules
>>> game = Game(KatarengaRules(), parse_board("stammtisch"), names=("Anna", "Bert"))
>>> [m.text() for m in legal_moves(game)][:4]
['c1-e2', 'c1-b3', 'f1-d2', 'f1-g3']
>>> apply(game, Move.parse("c1-b3"))
>>> apply(game, Move.parse("h7-h6"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
games.engines.errors.IllegalMoveError: Bert's piece on h7 ... knight; h6 is not a knight's move away
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalMoveError
from ..messages import message, render
from .board import (
    BISHOP_RAYS,
    BLACK,
    KING,
    KNIGHT,
    MOVES_LIKE,
    ROOK_RAYS,
    WHITE,
    Board,
    colour_words,
    moves_like_words,
    square_index,
    square_name,
)
from .moves import PASS, RESIGN, Move
from .rules import KatarengaRules

SIDES = ("white", "black")

# How a game can end; ``winner`` is None for the draws.
RACE, RESIGNED, NO_MOVE, BLOCKED, REPETITION, MOVE_LIMIT = (
    "race", "resigned", "no_move", "blocked", "repetition", "move_limit")
ENDS = (RACE, RESIGNED, NO_MOVE, BLOCKED, REPETITION, MOVE_LIMIT)

_POSITION_LETTERS = bytes.maketrans(b"\x00\x01\x02", b".WB")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``end`` (one of :data:`ENDS`), the winning side (``WHITE``/``BLACK``,
    ``None`` for a draw), after how many moves, and a sentence for people."""

    end: str
    winner: int | None
    moves: int
    reason: str
    says: dict[str, Any] | None = None  # the reason as a message, for errors


class Game:
    """One game on one board. ``names`` are the players of White and Black."""

    def __init__(self, rules: KatarengaRules, board: Board,
                 names: Sequence[str] = ("White", "Black")) -> None:
        self.rules = rules
        self.board = board
        self.colours = board.colours
        self.names = tuple(names)
        start, target = rules.start_letter, rules.target_letter
        self.start = (board.squares_of(start, WHITE), board.squares_of(start, BLACK))
        # A side's targets lie in the other half; they are also the only squares on which
        # that side may displace (the displaced piece then stands in its own half).
        self.targets = (board.squares_of(target, BLACK), board.squares_of(target, WHITE))
        self._displace_at = tuple(bytes(1 if i in squares else 0 for i in range(64))
                                  for squares in self.targets)
        # 0 = empty, 1 = a White piece, 2 = a Black piece
        self.occ = bytearray(64)
        for side in (WHITE, BLACK):
            for square in self.start[side]:
                self.occ[square] = side + 1
        self.to_move = WHITE
        self.pending: int | None = None  # square of a displaced piece that must move next
        self.pending_by: Move | None = None
        self.ply = 0
        self.history: list[Move] = []
        self.outcome: Outcome | None = None
        self._seen: dict[bytes, int] = {}
        self._record_position()
        self._check_stuck()

    @classmethod
    def setup(cls, rules: KatarengaRules, board: Board, *, white: Iterable[str],
              black: Iterable[str], to_move: int = WHITE, pending: str | None = None,
              names: Sequence[str] = ("White", "Black")) -> Game:
        """A game from a given position (tests, puzzles); ``pending`` is the square of a
        displaced piece of the player to move that must move next.

        >>> from .board import parse_board
        >>> game = Game.setup(KatarengaRules(), parse_board("stammtisch"), white=["c2"],
        ...                   black=["c5"])
        >>> [m.text() for m in game.legal_moves()]
        ['c2-c1', 'c2-a2', 'c2-b2', 'c2-d2', 'c2-e2', 'c2-f2', 'c2-c3', 'c2-c4']
        """
        game = cls(rules, board, names)
        game.occ = bytearray(64)
        for side, squares in ((WHITE, white), (BLACK, black)):
            for name in squares:
                game.occ[square_index(name)] = side + 1
        game.to_move = to_move
        game.pending = None if pending is None else square_index(pending)
        game.outcome = None
        game._seen = {}
        game._record_position()
        game._check_stuck()
        return game

    # -- reading the position ---------------------------------------------------------------

    def pieces(self, side: int) -> list[int]:
        """The squares of a side's pieces on the board, a1 to h8.

        >>> from .board import parse_board
        >>> game = Game(KatarengaRules(), parse_board("stripes"))
        >>> [square_name(s) for s in game.pieces(BLACK)][:3]
        ['a7', 'b7', 'c7']
        """
        mark = side + 1
        return [i for i in range(64) if self.occ[i] == mark]

    def position_text(self) -> str:
        """64 characters a1..h8: ``W``/``B`` for a piece, ``.`` for an empty square.

        A displaced piece waiting for its reply is not on the board (its square shows the
        displacing piece); :attr:`pending` names its square.

        >>> from .board import parse_board
        >>> Game(KatarengaRules(), parse_board("stripes")).position_text()[:24]
        '........WWWWWWWW........'
        """
        return bytes(self.occ).translate(_POSITION_LETTERS).decode()

    def has_won(self, side: int) -> bool:
        """Do ``side``'s pieces stand on every one of its target squares?

        >>> from .board import parse_board
        >>> Game(KatarengaRules(), parse_board("stripes")).has_won(WHITE)
        False
        """
        mark = side + 1
        return all(self.occ[square] == mark for square in self.targets[side])

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move, in a1..h8 order of origin and target.

        ``pass`` when it is the only thing the player can do; ``resign`` is never listed.

        >>> from .board import parse_board
        >>> game = Game(KatarengaRules(), parse_board("stripes"))
        >>> [m.text() for m in game.legal_moves()][:3]
        ['a2-c1', 'a2-c3', 'a2-b4']
        """
        if self.outcome is not None:
            return []
        side = self.to_move
        if self.pending is not None:
            return self._moves_from(self.pending, side, reply=True)
        moves: list[Move] = []
        mark = side + 1
        for origin in range(64):
            if self.occ[origin] == mark:
                moves.extend(self._moves_from(origin, side, reply=False))
        if not moves:
            moves.append(Move.pass_())
        return moves

    # -- moving -----------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Check ``move`` and make it; :class:`IllegalMoveError` (without location) if illegal.

        >>> from .board import parse_board
        >>> game = Game(KatarengaRules(), parse_board("stripes"))
        >>> game.apply(Move.parse("a2-c3"))
        >>> game.to_move == BLACK, game.ply
        (True, 1)
        """
        self.check(move)
        self.play(move)

    def play(self, move: Move) -> None:
        """Make a move known to be legal (random play, after :meth:`check`).

        Nothing is checked: a wrong move corrupts the position.

        >>> from .board import parse_board
        >>> game = Game(KatarengaRules(), parse_board("stripes"))
        >>> game.play(game.legal_moves()[0])
        >>> [m.text() for m in game.history]
        ['a2-c1']
        """
        side = self.to_move
        self.history.append(move)
        if move.kind == RESIGN:
            self.ply += 1
            self._end(RESIGNED, 1 - side, message("ks_end_resigned", player=self.names[side],
                                                  number=self.ply))
            return
        if move.kind == PASS:
            self.to_move = 1 - side
            self._finish_turn(side)
            return
        if self.pending is None:
            self.occ[move.origin] = 0
        # else: the displaced piece leaves its square; the displacing piece stays there.
        self.occ[move.target] = side + 1
        if move.displaces:
            self.pending, self.pending_by = move.target, move
        else:
            self.pending, self.pending_by = None, None
        self.to_move = 1 - side
        self._finish_turn(side)

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` with a reason a player understands.

        >>> from .board import parse_board
        >>> game = Game(KatarengaRules(), parse_board("stripes"), names=("Anna", "Bert"))
        >>> game.check(Move.parse("a2-a3"))
        Traceback (most recent call last):
        ...
        games.engines.errors.IllegalMoveError: Anna's piece on a2 ... a3 is not a knight's move away
        >>> game.check(Move.parse("a2-c3")) is None
        True
        """
        side = self.to_move
        who, other = self.names[side], self.names[1 - side]
        if self.outcome is not None:
            assert self.outcome.says is not None
            raise IllegalMoveError("ks_game_over", {"reason": self.outcome.says})
        if move.kind == RESIGN:
            if not self.rules.resignation:
                raise IllegalMoveError("ks_resign_off", {"player": who})
            return
        if move.kind == PASS:
            if self.pending is not None:
                raise IllegalMoveError("ks_pass_displaced", {"player": who,
                                                             "square": square_name(self.pending)})
            moves = [m for m in self.legal_moves() if m.kind != PASS]
            if moves:
                raise IllegalMoveError("ks_pass_possible", {"player": who,
                                                            "example": str(moves[0])})
            return
        origin, target = move.origin, move.target
        if self.pending is not None:
            if origin != self.pending:
                where = {"player": who, "square": square_name(self.pending),
                         "origin": square_name(origin)}
                if self.pending_by:
                    raise IllegalMoveError("ks_move_displaced_first_by",
                                           {**where, "by": str(self.pending_by)})
                raise IllegalMoveError("ks_move_displaced_first", where)
            piece = ("ks_displaced_piece", who)
        else:
            if self.occ[origin] == 0:
                raise IllegalMoveError("ks_no_piece_empty", {"player": who,
                                                             "square": square_name(origin)})
            if self.occ[origin] != side + 1:
                raise IllegalMoveError("ks_no_piece_other", {
                    "player": who, "square": square_name(origin), "other": other})
            piece = ("ks_piece", who)
        self._check_reach(piece, origin, target)
        self._check_landing(move, side)

    def _check_reach(self, piece: tuple[str, str], origin: int, target: int) -> None:
        """``piece`` names the moving piece for a refusal: its message code and owner."""
        colour = self.colours[origin]
        kind = MOVES_LIKE[colour]

        # Every move passes here: the refusal's message is built only when one is raised.
        def refuse(code: str, **extra: Any) -> IllegalMoveError:
            moving = message(piece[0], player=piece[1], square=square_name(origin))
            how = message("ks_how", piece=moving, colour=colour_words(colour),
                          like=moves_like_words(colour))
            return IllegalMoveError(code, {"how": how, "square": square_name(target), **extra})

        if origin == target:
            raise refuse("ks_stay")
        if kind == "knight":
            if target not in KNIGHT[origin]:
                raise refuse("ks_not_knight")
            return
        if kind == "king":
            if target not in KING[origin]:
                raise refuse("ks_not_next", origin=square_name(origin))
            return
        rays = ROOK_RAYS[origin] if kind == "rook" else BISHOP_RAYS[origin]
        ray = next((r for r in rays if target in r), None)
        if ray is None:
            raise refuse("ks_not_on_line_rook" if kind == "rook" else "ks_not_on_line_bishop")
        for square in ray:
            if square == target:
                return
            if self.occ[square]:
                raise refuse("ks_blocked", owner=self.names[self.occ[square] - 1],
                             on=square_name(square))
            if self.colours[square] == colour:
                raise refuse("ks_must_stop", colour=colour_words(colour),
                             stop=square_name(square))

    def _check_landing(self, move: Move, side: int) -> None:
        who, other = self.names[side], self.names[1 - side]
        origin, target = move.origin, move.target
        there = square_name(target)
        occupant = self.occ[target]
        if occupant == 0:
            if move.displaces:
                raise IllegalMoveError("ks_displace_empty", {
                    "player": who, "square": there,
                    "notation": f"{square_name(origin)}-{there}"})
            return
        if occupant == side + 1:
            raise IllegalMoveError("ks_own_piece", {"player": who, "square": there})
        params = {"player": who, "other": other, "square": there}
        target_colour = message(f"ks_{self.rules.target_colour}")
        if not self._displace_at[side][target]:
            if self.colours[target] != self.rules.target_letter:
                raise IllegalMoveError("ks_displace_colour", {
                    **params, "colour": colour_words(self.colours[target]),
                    "target": target_colour})
            raise IllegalMoveError("ks_displace_half", {**params, "target": target_colour})
        reply = self.pending is not None
        if reply and not self.rules.reply_may_displace:
            raise IllegalMoveError("ks_reply_displace", params)
        if not self._displacement_allowed(origin, target, side, reply=reply):
            colour = self.colours[target]
            raise IllegalMoveError("ks_displace_no_move", {
                **params, "colour": colour_words(colour), "like": moves_like_words(colour)})
        if not move.displaces:
            raise IllegalMoveError("ks_write_displacement", {
                **params, "notation": f"{square_name(origin)}x{there}"})

    # -- move generation --------------------------------------------------------------------

    def _landings(self, origin: int) -> Sequence[int]:
        """Squares a piece on ``origin`` reaches, each ray's occupied end included."""
        colour = self.colours[origin]
        if colour == "G":
            return KNIGHT[origin]
        if colour == "B":
            return KING[origin]
        occ, colours = self.occ, self.colours
        found: list[int] = []
        for ray in (ROOK_RAYS if colour == "R" else BISHOP_RAYS)[origin]:
            for square in ray:
                found.append(square)
                if occ[square] or colours[square] == colour:
                    break
        found.sort()
        return found

    def _moves_from(self, origin: int, side: int, *, reply: bool) -> list[Move]:
        moves = []
        occ, displace_at = self.occ, self._displace_at[side]
        may_displace = not reply or self.rules.reply_may_displace
        step = Move.step
        for target in self._landings(origin):
            occupant = occ[target]
            if occupant == 0:
                moves.append(step(origin, target))
            elif (occupant != side + 1 and may_displace and displace_at[target]
                  and self._displacement_allowed(origin, target, side, reply=reply)):
                moves.append(step(origin, target, displaces=True))
        return moves

    def _has_move(self, side: int) -> bool:
        mark = side + 1
        occ, displace_at = self.occ, self._displace_at[side]
        for origin in range(64):
            if occ[origin] != mark:
                continue
            for target in self._landings(origin):
                if occ[target] == 0:
                    return True
                if (occ[target] != mark and displace_at[target]
                        and self._displacement_allowed(origin, target, side, reply=False)):
                    return True
        return False

    def _displacement_allowed(self, origin: int, target: int, side: int, *, reply: bool) -> bool:
        """Would the piece displaced from ``target`` have a legal move? (Tried, then undone.)"""
        occ = self.occ
        saved = occ[origin]
        if not reply:
            occ[origin] = 0
        occ[target] = side + 1
        allowed = self._reply_exists(target, 1 - side)
        occ[target] = 2 - side
        occ[origin] = saved
        return allowed

    def _reply_exists(self, square: int, side: int) -> bool:
        """Has ``side``'s piece displaced from ``square`` a legal move?

        A reply that displaces in turn is allowed only if *that* piece has a reply. The chain
        is finite: White's displacements only turn Black-held squares of Black's half into
        White-held ones and Black's the opposite, so no square changes hands twice.
        """
        occ = self.occ
        chained = []
        displace_at = self._displace_at[side]
        for target in self._landings(square):
            if occ[target] == 0:
                return True
            if occ[target] != side + 1 and displace_at[target]:
                chained.append(target)
        if not self.rules.reply_may_displace:
            return False
        for target in chained:
            occ[target] = side + 1
            allowed = self._reply_exists(target, 1 - side)
            occ[target] = 2 - side
            if allowed:
                return True
        return False

    # -- the end of a turn ------------------------------------------------------------------

    def _finish_turn(self, mover: int) -> None:
        self.ply += 1
        rules = self.rules
        if self.has_won(mover):
            other = self.names[1 - mover]
            self._end(RACE, mover, message("ks_end_race", player=self.names[mover],
                                           colour=message(f"ks_{rules.target_colour}"),
                                           other=other, number=self.ply))
            return
        if rules.move_limit and self.ply >= rules.move_limit:
            self._end(MOVE_LIMIT, None, message("ks_end_move_limit", limit=rules.move_limit))
            return
        if rules.repetition and self._record_position() >= rules.repetition:
            self._end(REPETITION, None, message("ks_end_repetition", number=self.ply,
                                                ordinal=_ordinal(rules.repetition)))
            return
        self._check_stuck()

    def _record_position(self) -> int:
        key = bytes(self.occ) + bytes((self.to_move, 64 if self.pending is None
                                       else self.pending))
        count = self._seen.get(key, 0) + 1
        self._seen[key] = count
        return count

    def _check_stuck(self) -> None:
        """A player without a legal move: pass, lose or draw (rule ``no_move``)."""
        side = self.to_move
        if self.pending is not None or self._has_move(side):
            return
        who = self.names[side]
        after = (message("ks_after_move", number=self.ply) if self.ply
                 else message("ks_at_start"))
        if not self._has_move(1 - side):
            self._end(BLOCKED, None, message("ks_end_blocked", after=after))
        elif self.rules.no_move == "lose":
            self._end(NO_MOVE, 1 - side, message("ks_end_no_move_lost", player=who,
                                                 after=after))
        elif self.rules.no_move == "draw":
            self._end(NO_MOVE, None, message("ks_end_no_move_drawn", player=who, after=after))

    def _end(self, end: str, winner: int | None, says: dict[str, Any]) -> None:
        # The page shows the English sentence; an error quotes the message itself.
        self.outcome = Outcome(end, winner, self.ply, render(says["code"], says["params"]),
                               says)


def _ordinal(number: int) -> dict[str, Any]:
    if 2 <= number <= 5:
        return message(f"ks_ordinal_{number}")
    return message("ks_ordinal_n", number=number)


def legal_moves(game: Game) -> list[Move]:
    """The legal moves of the player to move (see :meth:`Game.legal_moves`).

    >>> from .board import parse_board
    >>> len(legal_moves(Game(KatarengaRules(), parse_board("stammtisch"))))
    26
    """
    return game.legal_moves()


def apply(game: Game, move: Move) -> None:
    """Check and make ``move`` (see :meth:`Game.apply`).

    >>> from .board import parse_board
    >>> game = Game(KatarengaRules(), parse_board("stammtisch"))
    >>> apply(game, Move.parse("resign"))
    >>> game.outcome.end, game.outcome.winner == BLACK
    ('resigned', True)
    """
    game.apply(move)


__all__ = ["BLACK", "ENDS", "SIDES", "WHITE", "Game", "Move", "Outcome", "apply",
           "legal_moves"]
