"""Gin Rommé (seed 002): first-upcard knock limit, rounds to 100, a partie of rounds.

WIP docstring.
"""

from .engine import ENGINE, GinEngine
from .moves import Move, format_move, parse_move
from .rules import PRESETS, GinRules

__all__ = ["ENGINE", "PRESETS", "GinEngine", "GinRules", "Move", "format_move", "parse_move"]
