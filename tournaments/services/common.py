"""What every tournament service shares: the user error, slugs, the row lock."""

from __future__ import annotations

from typing import Any

from django.utils.text import slugify

from tournaments.models import Tournament


class TournamentError(Exception):
    """A user error: shown to the organizer as it is."""


def unique_slug(model: Any, name: str, **scope: Any) -> str:
    base = slugify(name)[:40] or "x"
    slug, number = base, 2
    while model.objects.filter(slug=slug, **scope).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug


def locked(tournament: Tournament) -> Tournament:
    """The tournament as it is now, locked until the transaction ends (a start and an entry
    at the same moment must not both succeed)."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)
