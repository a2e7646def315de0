"""Builders for Das Rennen documents and positions used by several test modules."""

from __future__ import annotations

from typing import Any

from games.engines.katarenga_rennen.board import parse_board
from games.engines.katarenga_rennen.rules import KatarengaRules
from games.engines.katarenga_rennen.state import Game

PLAYERS = ["Anna", "Bert"]

# The default layout, drawn as players see it (rank 8 at the top):
#
#   8  R Y G B B G Y R
#   7  G B R Y Y R B G
#   6  Y R B G G B R Y
#   5  B G Y R R Y G B
#   4  B G Y R R Y G B
#   3  Y R B G G B R Y
#   2  G B R Y Y R B G
#   1  R Y G B B G Y R
#      a b c d e f g h
#
# White (Anna) starts on the green squares of ranks 1-4: c1 f1 a2 h2 d3 e3 b4 g4;
# Black (Bert) on those of ranks 5-8: b5 g5 d6 e6 a7 h7 c8 f8.
STAMMTISCH = parse_board("stammtisch")

# The "latin" layout (the same Latin-square quarter four times):
#
#   8  B G Y R B G Y R
#   7  Y R B G Y R B G
#   6  G B R Y G B R Y
#   5  R Y G B R Y G B
#   4  B G Y R B G Y R
#   3  Y R B G Y R B G
#   2  G B R Y G B R Y
#   1  R Y G B R Y G B
#      a b c d e f g h
LATIN = parse_board("latin")


def document(*deals: dict[str, Any], rules: dict[str, Any] | None = None,
             players: list[str] | None = None) -> dict[str, Any]:
    return {"format": "stammtisch-log/1", "game": "katarenga-rennen",
            "rules": rules if rules is not None else {"preset": "seed"},
            "players": players or list(PLAYERS), "deals": list(deals)}


def played(moves: str | list[Any], **deal: Any) -> dict[str, Any]:
    """A played game; ``moves`` as one space-separated string or a list."""
    return {"moves": moves.split() if isinstance(moves, str) else moves, **deal}


def position(white: str, black: str, *, board: Any = STAMMTISCH, to_move: int = 0,
             pending: str | None = None, **rules: Any) -> Game:
    """A position from space-separated squares, Anna White and Bert Black."""
    return Game.setup(KatarengaRules(**rules), board, white=white.split(), black=black.split(),
                      to_move=to_move, pending=pending, names=PLAYERS)


def targets(game: Game, square: str) -> list[str]:
    """The squares the piece on ``square`` (of the player to move) can move to, sorted."""
    return sorted(move.text()[3:] for move in game.legal_moves()
                  if move.kind == "step" and move.text()[:2] == square)
