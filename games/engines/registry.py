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

# slug -> module that defines ``ENGINE``; imported on first use so that replaying a Gin log
# does not load the Doppelkopf tables.
_ENGINE_MODULES: dict[str, str] = {
    "gin": "games.engines.gin",
}


@cache
def get_engine(slug: str) -> Engine:
    try:
        module_name = _ENGINE_MODULES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}") from None
    engine: Engine = importlib.import_module(module_name).ENGINE
    return engine


def game_slugs() -> list[str]:
    return list(_ENGINE_MODULES)


def all_engines() -> list[Engine]:
    return [get_engine(slug) for slug in _ENGINE_MODULES]


def game_choices() -> list[tuple[str, str]]:
    """``(slug, name)`` pairs for model and form choices."""
    return [(engine.slug, engine.name) for engine in all_engines()]
