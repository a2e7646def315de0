"""What changed, and when: the cheap reads live pages poll.

Each answers the time of the latest change of what a page shows, as milliseconds since the
epoch: a verdict, a forfeit, a new round or a correction all save their matches (their
``updated_at``), so the latest ``updated_at`` among the page's matches says when the page
last changed. One aggregate query each, however long the history.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Max, QuerySet

from games.models import Match


def _latest(matches: QuerySet[Match]) -> int | None:
    latest: datetime | None = matches.aggregate(latest=Max("updated_at"))["latest"]
    return int(latest.timestamp() * 1000) if latest is not None else None


def home_changed() -> int | None:
    return _latest(Match.objects.all())


def tournament_changed(*, slug: str) -> int | None:
    return _latest(Match.objects.filter(round__tournament__slug=slug))


def season_changed(*, league: str, season: str) -> int | None:
    return _latest(Match.objects.filter(season__league__slug=league, season__slug=season))


def match_changed(*, pk: int) -> int | None:
    return _latest(Match.objects.filter(pk=pk))
