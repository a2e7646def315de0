"""What follows a verdict on a match: the apps above games react to it, in a defined order.

A verdict is a match scored, rejected, forfeited or cleared. ``games`` knows nothing of
tournaments or leagues; they register their handlers here in their ``AppConfig.ready`` and
:func:`match_after_verdict` runs them, inside the verdict's transaction, in this order:

====  ======================  =====================================================
10    ``bracket``             tournaments: players move on in the bracket (a
                              correction re-flows it)
20    ``tournament_end``      tournaments: the stage and the tournament are finished,
                              or running again
25    ``tournament_figures``  tournaments: the standings, bracket and tables the pages
                              show are computed anew (the figures' version goes up)
27    ``season_figures``      league: the same for the season's tables
30    ``ratings``             league: the match is rated once the verdict is committed
====  ======================  =====================================================

The bracket comes before the end of the tournament because the end is read from the
bracket; the figures follow what the bracket and the end wrote, and come late so that the
competition's row is held only briefly before the commit; the ratings come last because
they only enqueue work for after the commit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.models import Match

#: A handler takes the match (keyword ``match``) and reacts to its verdict.
VerdictHandler = Callable[..., None]


@dataclass(frozen=True)
class _Registered:
    order: int
    name: str
    handler: VerdictHandler


_registered: dict[str, _Registered] = {}


def verdict_handler_register(*, name: str, order: int, handler: VerdictHandler) -> None:
    """Run ``handler(match=...)`` after every verdict, at ``order`` (lower runs first).

    Registering a name again replaces the handler (``ready()`` may run more than once).
    """
    clash = next((item for item in _registered.values()
                  if item.order == order and item.name != name), None)
    if clash is not None:
        raise ValueError(f"verdict handlers {clash.name!r} and {name!r} both want order "
                         f"{order}; the order must be defined")
    _registered[name] = _Registered(order, name, handler)


def verdict_handlers() -> list[tuple[int, str]]:
    """The registered handlers as ``(order, name)``, in the order they run."""
    return [(item.order, item.name) for item in _in_order()]


def _in_order() -> list[_Registered]:
    return sorted(_registered.values(), key=lambda item: item.order)


def match_after_verdict(match: Match) -> None:
    """Announce a verdict on ``match``: every registered handler runs, in order. Called by
    the services that decide (the replay, forfeits, a result set aside), inside their
    transaction, so that a failing handler takes the verdict back with it."""
    for item in _in_order():
        item.handler(match=match)
