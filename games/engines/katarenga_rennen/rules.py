"""Rule options of Das Rennen and the presets.

The seed fixes the race (start on your green squares, reach the green squares of the other
half, Katarenga moves, no captures, displacement with the forced reply). What it leaves open,
and how a league plays a match, are the options below; ``docs/rules/katarenga-rennen.md``
lists them with their sources.

>>> ENGINE_PRESETS["red-yellow"].start_colour, ENGINE_PRESETS["red-yellow"].target_colour
('red', 'yellow')
>>> KatarengaRules().move_limit
200
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..rules import option
from .board import COLOUR_LETTERS, DEFAULT_LAYOUT

COLOUR_CHOICES = ("green", "red", "yellow", "blue")
NO_MOVE_CHOICES = ("pass", "lose", "draw")


@dataclass(frozen=True)
class KatarengaRules:
    """Every option of Das Rennen; the defaults are the ``seed`` preset."""

    games: int = option(
        1, "Games in a match. The colours change after every game: the first player is "
        "White in games 1, 3, 5 ..., the second player in games 2, 4, 6 ...",
        minimum=1, maximum=20)
    board: str = option(
        DEFAULT_LAYOUT, "The board of a game that does not name its own: a named layout "
        "(stammtisch, latin, stripes, checker) or 64 colour letters a1..h8")
    start_colour: str = option(
        "green", "The colour of the squares in a player's own half where the eight pieces "
        "start (seed: green; Hinweis: red, yellow or blue)", choices=COLOUR_CHOICES)
    target_colour: str = option(
        "green", "The colour of the squares in the other half that a player must occupy "
        "with all eight pieces to win; also the squares on which pieces can be displaced",
        choices=COLOUR_CHOICES)
    reply_may_displace: bool = option(
        True, "The forced reply of a displaced piece may itself displace a piece (it goes "
        "to 'any square in range', and displacing is part of moving); when false it must "
        "go to an empty square")
    no_move: str = option(
        "pass", "A player who has no legal move: 'pass' (the player passes and the game "
        "goes on; if neither player can move the game is drawn), 'lose' or 'draw'",
        choices=NO_MOVE_CHOICES)
    repetition: int = option(
        3, "The game is drawn when the same position (pieces, player to move, pending "
        "reply) occurs this many times; 0 turns the rule off", choices=(0, 2, 3, 4, 5))
    move_limit: int = option(
        200, "The game is drawn when this many moves (both players' moves and passes "
        "counted) have been made without a winner; 0 turns the limit off",
        minimum=0, maximum=10000)
    resignation: bool = option(
        True, "A player may resign on his turn (written 'resign'); the opponent wins")
    win_points: int = option(2, "Match points for a won game", minimum=0, maximum=100)
    draw_points: int = option(1, "Match points for each player in a drawn game",
                              minimum=0, maximum=100)

    @property
    def start_letter(self) -> str:
        return COLOUR_LETTERS[self.start_colour]

    @property
    def target_letter(self) -> str:
        return COLOUR_LETTERS[self.target_colour]


# The seed's Hinweis: the whole game with another colour, or with a start and a target colour
# (its example: start red, target yellow).
ENGINE_PRESETS: Mapping[str, KatarengaRules] = {
    "seed": KatarengaRules(),
    "red": KatarengaRules(start_colour="red", target_colour="red"),
    "yellow": KatarengaRules(start_colour="yellow", target_colour="yellow"),
    "blue": KatarengaRules(start_colour="blue", target_colour="blue"),
    "red-yellow": KatarengaRules(start_colour="red", target_colour="yellow"),
}
