"""Who organizes which matches, as the apps above games say it.

``games`` knows nothing of leagues or tournaments, yet a person's waiting results include
the disputed ones of every competition he organizes. Each app that holds competitions
registers, in its ``AppConfig.ready``, how to find the matches a user organizes (a filter
over :class:`~games.models.Match`) and whether he organizes anything at all; staff decide
for friendlies (matches outside any competition), a superuser for everything.

>>> registered = organizer_filters()  # filled by the apps' ready(), e.g. "league"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q


@dataclass(frozen=True)
class OrganizerFilter:
    #: The matches ``user`` organizes, as a filter over Match.
    matches: Callable[[Any], Q]
    #: Whether ``user`` organizes any competition at all (may invite players).
    organizes_any: Callable[[Any], bool]
    #: The users who organize ``match``, as a filter over users (``None``: not one of
    #: this app's matches).
    organizers: Callable[[Any], Q | None]


_filters: dict[str, OrganizerFilter] = {}


def organizer_filter_register(*, name: str, matches: Callable[[Any], Q],
                              organizes_any: Callable[[Any], bool],
                              organizers: Callable[[Any], Q | None]) -> None:
    """Add an app's competitions (registering a name again replaces it)."""
    _filters[name] = OrganizerFilter(matches, organizes_any, organizers)


def organizer_filters() -> list[str]:
    return sorted(_filters)


def organized_matches(user: Any) -> Q:
    """A filter for the matches ``user`` decides on: the competitions he organizes, and
    friendlies when he is staff. Nothing for a visitor."""
    if not getattr(user, "is_authenticated", False):
        return Q(pk__in=[])
    if getattr(user, "is_superuser", False):
        return Q()
    condition = Q(pk__in=[])
    for item in _filters.values():
        condition |= item.matches(user)
    if getattr(user, "is_staff", False):
        condition |= Q(season__isnull=True, round__isnull=True)
    return condition


def organizes_anything(user: Any) -> bool:
    """Staff, or an organizer of some league or tournament."""
    if not getattr(user, "is_authenticated", False):
        return False
    if getattr(user, "is_staff", False) or getattr(user, "is_superuser", False):
        return True
    return any(item.organizes_any(user) for item in _filters.values())


def organizers_of(match: Any) -> Q:
    """A filter over users: who decides on ``match`` (its competition's organizers, staff
    for a friendly, and every superuser)."""
    condition = Q(is_superuser=True)
    found = False
    for item in _filters.values():
        mine = item.organizers(match)
        if mine is not None:
            condition |= mine
            found = True
    if not found:
        condition |= Q(is_staff=True)
    return condition
