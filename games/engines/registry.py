"""The one place that lists the games.

>>> get_engine("gin").name
'Gin Rommé'
>>> get_engine("skat")
Traceback (most recent call last):
...
KeyError: "unknown game 'skat'"
"""

from __future__ import annotations

import importlib
from functools import cache

from .contract import Engine

# slug -> (module that defines ``ENGINE``, the game's name). Modules are imported on first
# use, so that loading the models or replaying a Gin log does not load the Doppelkopf tables.
_GAMES: dict[str, tuple[str, str]] = {
    "gin": ("games.engines.gin", "Gin Rommé"),
    "doppelkopf": ("games.engines.doppelkopf", "Doppelkopf"),
    "rennen": ("games.engines.rennen", "Rennen"),
    "katarenga-rennen": ("games.engines.katarenga_rennen", "Das Rennen (Katarenga)"),
    "nerts": ("games.engines.nerts", "Nerts"),
}


@cache
def get_engine(slug: str) -> Engine:
    try:
        module_name, _name = _GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}") from None
    engine: Engine = importlib.import_module(module_name).ENGINE
    return engine


def game_slugs() -> list[str]:
    return list(_GAMES)


def all_engines() -> list[Engine]:
    return [get_engine(slug) for slug in _GAMES]


def game_name(slug: str) -> str:
    return _GAMES[slug][1] if slug in _GAMES else slug


def game_choices() -> list[tuple[str, str]]:
    """``(slug, name)`` pairs for model and form choices (imports no engine)."""
    return [(slug, name) for slug, (_module, name) in _GAMES.items()]
