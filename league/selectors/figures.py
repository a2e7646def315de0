"""Figures computed once per change: standings, tables and brackets as the pages and the API
show them.

Every competition has a figures version (:class:`league.models.FiguresVersion`) that every
verdict and every change of what its figures show raises (``league.services.figures``; the
verdict handlers do it inside the verdict's transaction). A read computes the figures once
for a version and keeps them in the cache (Redis where ``REDIS_URL`` is set, else the
process's memory) under that version: requests read stored figures instead of computing
them, and the first request after a verdict commits computes them anew.

Why what is read is always current: a request reads the version before the results, so what
it computes for version ``n`` holds at least everything version ``n`` stands for; a verdict
raises the version in its own transaction, so nobody reads the new version before the
verdict's results are there. Changes outside the services (an admin edit of a player's name)
show when the cached figures expire, after :data:`FIGURES_SECONDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from django.core.cache import cache
from django.utils import translation

from league.models import FiguresVersion

T = TypeVar("T")

#: How long computed figures are kept (the safety net for edits outside the services).
FIGURES_SECONDS = 600


def season_owner(season_id: int) -> str:
    return f"season:{season_id}"


def league_owner(league_id: int) -> str:
    return f"league:{league_id}"


def player_owner(player_id: int) -> str:
    """A player's own figures: his record on the player page."""
    return f"player:{player_id}"


def board_owner(game: str) -> str:
    """A game's leaderboard: the ratings of every player rated in it."""
    return f"board:{game}"


def figures_version(*owners: str) -> str:
    """The current versions of ``owners`` as one text (one query; ``0`` for an owner whose
    figures never changed)."""
    versions = dict(FiguresVersion.objects.filter(owner__in=owners)
                    .values_list("owner", "version"))
    return ".".join(str(versions.get(owner, 0)) for owner in owners)


def figures_cached(*, owners: Sequence[str], name: str, compute: Callable[[], T],
                   parts: tuple[Hashable, ...] = ()) -> T:
    """The figures ``name`` of the first of ``owners`` as they stand: from the cache, or
    computed and kept. Every owner's version is part of the key (a season's tables follow
    its league's tie-breakers too), and so is the reader's language, since some figures carry
    translated names (a bracket's rounds)."""
    key = ":".join(["figures", owners[0], figures_version(*owners), name,
                    *(str(part) for part in parts), translation.get_language() or ""])
    value: T | None = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, FIGURES_SECONDS)
    return value
