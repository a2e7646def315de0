"""Pure-Python rules engines, one package per game, plus shared card code.

No Django, no I/O, no global randomness. In a shell::

    >>> from games.engines import get_engine
    >>> engine = get_engine("gin")
    >>> result = engine.replay(document)        # doctest: +SKIP
    >>> result.seats                            # doctest: +SKIP
"""

from .contract import LOG_FORMAT, Engine, HandResult, MatchResult, SeatResult
from .errors import (
    EngineError,
    IllegalMoveError,
    InvalidFactsError,
    InvalidLogError,
    InvalidRulesError,
)
from .registry import all_engines, game_slugs, get_engine

__all__ = [
    "LOG_FORMAT",
    "Engine",
    "EngineError",
    "HandResult",
    "IllegalMoveError",
    "InvalidFactsError",
    "InvalidLogError",
    "InvalidRulesError",
    "MatchResult",
    "SeatResult",
    "all_engines",
    "game_slugs",
    "get_engine",
]
