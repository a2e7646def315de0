"""The Katarenga board: 64 coloured squares, the quarter-board rule, named layouts, geometry.

Squares are ``a1`` .. ``h8`` as in chess; inside the engine a square is an index
``rank * 8 + file`` from 0 (``a1`` = 0, ``h1`` = 7, ``a8`` = 56). White's half is ranks 1-4,
Black's half ranks 5-8.

A board is written as 64 colour letters ``R`` (red), ``Y`` (yellow), ``G`` (green), ``B`` (blue)
in the order a1, b1, .. h1, a2, .. h8 (rank 1 first, each rank from a to h), optionally with a
``/`` after every eight letters. The real board is put together from four double-sided 4x4
quarter boards, and every face shows four squares of each colour, so a board that breaks
that rule is rejected:

>>> board = parse_board("stammtisch")
>>> board.colour_at(square_index("c1")), board.name
('G', 'stammtisch')
>>> board.text()
'RYGBBGYR/GBRYYRBG/YRBGGBRY/BGYRRYGB/BGYRRYGB/YRBGGBRY/GBRYYRBG/RYGBBGYR'
>>> parse_board("R" * 64)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
games.engines.errors.InvalidLogError: the quarter a1-d4 shows 16 red, 0 yellow, ... of each colour
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidLogError, shown
from ..messages import message

FILES = "abcdefgh"
COLOURS = "RYGB"
COLOUR_NAMES: Mapping[str, str] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
COLOUR_LETTERS: Mapping[str, str] = {name: letter for letter, name in COLOUR_NAMES.items()}
# How a piece moves is given by the colour of the square it stands on (Katarenga).
MOVES_LIKE: Mapping[str, str] = {"G": "knight", "R": "rook", "Y": "bishop", "B": "king"}


def colour_words(letter: str) -> dict[str, Any]:
    """A square's colour as messages name it (a message in the reader's language).

    >>> colour_words("G")
    {'code': 'ks_green', 'params': {}}
    """
    return message(f"ks_{COLOUR_NAMES[letter]}")


def moves_like_words(letter: str) -> dict[str, Any]:
    """``a knight``: how a piece on a square of that colour moves (a message)."""
    return message(f"ks_{MOVES_LIKE[letter]}")

# Our own layouts (the published quarter faces exist only as pictures). Every one is
# symmetric under a half turn, so that White and Black run the same race.
LAYOUTS: Mapping[str, str] = {
    # Latin-square quarters (each rank and file of a quarter shows every colour once),
    # mirrored between the left and the right quarter.
    "stammtisch": "RYGBBGYR/GBRYYRBG/YRBGGBRY/BGYRRYGB/BGYRRYGB/YRBGGBRY/GBRYYRBG/RYGBBGYR",
    # The same Latin quarter four times (turned for Black's half).
    "latin": "RYGBRYGB/GBRYGBRY/YRBGYRBG/BGYRBGYR/RYGBRYGB/GBRYGBRY/YRBGYRBG/BGYRBGYR",
    # A colour per rank: the green squares form a row, like pawns in chess.
    "stripes": "BBBBBBBB/GGGGGGGG/YYYYYYYY/RRRRRRRR/RRRRRRRR/YYYYYYYY/GGGGGGGG/BBBBBBBB",
    # 2x2 blocks of two colours in every other rank.
    "checker": "RYRYYRYR/GBGBBGBG/RYRYYRYR/GBGBBGBG/GBGBBGBG/RYRYYRYR/GBGBBGBG/RYRYYRYR",
}
DEFAULT_LAYOUT = "stammtisch"

WHITE, BLACK = 0, 1


def square_name(index: int) -> str:
    """``0`` -> ``'a1'``.

    >>> square_name(0), square_name(7), square_name(63)
    ('a1', 'h1', 'h8')
    """
    return f"{FILES[index % 8]}{index // 8 + 1}"


def square_index(name: str) -> int:
    """``'a1'`` -> ``0``; raises ``ValueError`` for anything that is not a square.

    >>> square_index("h8"), square_index("C3")
    (63, 18)
    """
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError(f"{name!r} is not a square a1..h8")
    return FILES.index(text[0]) + 8 * (int(text[1]) - 1)


def half_of(index: int) -> int:
    """The side whose half holds the square: ``WHITE`` for ranks 1-4, ``BLACK`` for 5-8.

    >>> half_of(square_index("d4")), half_of(square_index("d5"))
    (0, 1)
    """
    return WHITE if index < 32 else BLACK


def quarter_of(index: int) -> int:
    """The quarter board (0 = a1-d4, 1 = e1-h4, 2 = a5-d8, 3 = e5-h8).

    >>> [quarter_of(square_index(s)) for s in ("d4", "e4", "a5", "h8")]
    [0, 1, 2, 3]
    """
    return (index % 8) // 4 + 2 * (index // 32)


QUARTER_NAMES = ("a1-d4", "e1-h4", "a5-d8", "e5-h8")


@dataclass(frozen=True)
class Board:
    """The colours of the 64 squares (``colours[i]`` is ``R``/``Y``/``G``/``B``).

    ``name`` is the layout's name when the board came from a named layout.
    """

    colours: str
    name: str | None = None

    def colour_at(self, index: int) -> str:
        """The colour letter of a square.

        >>> parse_board("stripes").colour_at(square_index("e2"))
        'G'
        """
        return self.colours[index]

    def squares_of(self, colour: str, side: int) -> tuple[int, ...]:
        """The squares of one colour in one side's half, a1 to h8.

        >>> [square_name(s) for s in parse_board("stammtisch").squares_of("G", WHITE)]
        ['c1', 'f1', 'a2', 'h2', 'd3', 'e3', 'b4', 'g4']
        """
        return tuple(i for i in range(side * 32, side * 32 + 32) if self.colours[i] == colour)

    def text(self) -> str:
        """The 64 letters in ranks of eight, rank 1 first, as a log writes them.

        >>> parse_board("stripes").text()[:17]
        'BBBBBBBB/GGGGGGGG'
        """
        return "/".join(self.colours[rank * 8: rank * 8 + 8] for rank in range(8))

    def diagram(self) -> str:
        """The board as it is drawn, rank 8 at the top (for error messages and doctests).

        >>> print(parse_board("checker").diagram().splitlines()[0])
        8 R Y R Y Y R Y R
        """
        lines = []
        for rank in range(7, -1, -1):
            row = " ".join(self.colours[rank * 8: rank * 8 + 8])
            lines.append(f"{rank + 1} {row}")
        lines.append("  " + " ".join(FILES))
        return "\n".join(lines)


def parse_board(text: str) -> Board:
    """A named layout, or 64 colour letters (rank 1 first, ``/`` between ranks allowed).

    Raises :class:`InvalidLogError` (without a location; the caller adds it) for unknown
    names, wrong letters or counts, and boards that break the quarter-board rule.

    >>> parse_board("rygbbgyr" * 8).colours[:8]
    'RYGBBGYR'
    >>> parse_board("lattice")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: 'lattice' is neither a named layout (...) nor ...
    """
    if not isinstance(text, str):
        raise InvalidLogError("ks_board_text", {"value": shown(text)})
    name = text.strip()
    if name.lower() in LAYOUTS:
        return Board(LAYOUTS[name.lower()].replace("/", ""), name.lower())
    if "/" in name and [len(rank) for rank in name.split("/")] != [8] * 8:
        raise InvalidLogError("ks_board_ranks")
    letters = name.replace("/", "").upper()
    colour_letters_only = all(letter in COLOURS for letter in letters)
    if colour_letters_only and len(letters) != 64:
        raise InvalidLogError("ks_board_length", {"count": len(letters)})
    if not colour_letters_only and len(letters) == 64:
        bad = sorted({letter for letter in letters if letter not in COLOURS})
        raise InvalidLogError("ks_board_letters", {"letters": bad})
    if not colour_letters_only:
        raise InvalidLogError("ks_board_unknown", {"value": shown(text),
                                                   "layouts": list(LAYOUTS)})
    check_quarters(letters)
    return Board(letters)


def check_quarters(colours: str) -> None:
    """Every 4x4 quarter must show four squares of each colour (the quarter boards' rule).

    >>> check_quarters(LAYOUTS["latin"].replace("/", ""))
    >>> check_quarters("G" * 64)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: the quarter a1-d4 shows 0 red, 0 yellow, 16 green ...
    """
    for quarter, quarter_name in enumerate(QUARTER_NAMES):
        counts = dict.fromkeys(COLOURS, 0)
        for index in range(64):
            if quarter_of(index) == quarter:
                counts[colours[index]] += 1
        if any(count != 4 for count in counts.values()):
            raise InvalidLogError("ks_board_quarter", {
                "quarter": quarter_name, "red": counts["R"], "yellow": counts["Y"],
                "green": counts["G"], "blue": counts["B"]})


# Geometry, computed once: targets of the knight and the king, and the rays of the rook and
# the bishop in outward order (the engine walks them and stops at the first obstacle).
def _step(index: int, file_step: int, rank_step: int) -> int | None:
    file, rank = index % 8 + file_step, index // 8 + rank_step
    return rank * 8 + file if 0 <= file < 8 and 0 <= rank < 8 else None


def _jumps(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    table = []
    for index in range(64):
        targets = (_step(index, df, dr) for df, dr in steps)
        table.append(tuple(sorted(t for t in targets if t is not None)))
    return tuple(table)


def _rays(directions: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for index in range(64):
        rays = []
        for df, dr in directions:
            ray = []
            current: int | None = _step(index, df, dr)
            while current is not None:
                ray.append(current)
                current = _step(current, df, dr)
            if ray:
                rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


KNIGHT = _jumps(((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
KING = _jumps(((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)))
ROOK_RAYS = _rays(((0, 1), (1, 0), (0, -1), (-1, 0)))
BISHOP_RAYS = _rays(((1, 1), (1, -1), (-1, -1), (-1, 1)))
