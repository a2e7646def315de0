"""Live pages: the "what changed" answers the pages poll, and the context that tells a page
where to ask.

A live page (the home page, a tournament with its standings, bracket and rounds, its
projector view and widget, a season, a match) carries ``data-live`` (the address below) and
``data-live-since`` (when it was drawn) on its body; ``static/live.js`` asks every two
seconds and, when the answer is later, fetches the page again and swaps its live regions.
The answer is one small JSON object from one aggregate query, so short polling suits the
production server's sync workers; no connection is held open. Without JavaScript the pages
are plain pages (the projector view and the widget reload themselves every 30 seconds).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.views.decorators.cache import never_cache

from league.selectors import live as changes


def _answer(changed: int | None) -> JsonResponse:
    return JsonResponse({"changed": changed})


@never_cache
def home_changed(request: HttpRequest) -> JsonResponse:
    return _answer(changes.home_changed())


@never_cache
def tournament_changed(request: HttpRequest, slug: str) -> JsonResponse:
    return _answer(changes.tournament_changed(slug=slug))


@never_cache
def season_changed(request: HttpRequest, league: str, season: str) -> JsonResponse:
    return _answer(changes.season_changed(league=league, season=season))


@never_cache
def match_changed(request: HttpRequest, pk: int) -> JsonResponse:
    return _answer(changes.match_changed(pk=pk))


def _kwargs(*names: str) -> Callable[[dict[str, Any]], list[Any]]:
    return lambda kwargs: [kwargs[name] for name in names]


#: page (url name) -> (the address it polls, the arguments it takes from the page's).
LIVE_PAGES: dict[str, tuple[str, Callable[[dict[str, Any]], list[Any]]]] = {
    "home": ("live-home", _kwargs()),
    "tournament-detail": ("live-tournament", _kwargs("slug")),
    "tournament-projector": ("live-tournament", _kwargs("slug")),
    "tournament-widget": ("live-tournament", _kwargs("slug")),
    "season-detail": ("live-season", _kwargs("league", "season")),
    "season-widget": ("live-season", _kwargs("league", "season")),
    "match-detail": ("live-match", _kwargs("pk")),
}


def live_context(request: HttpRequest) -> dict[str, Any]:
    """``live_url`` and ``live_since`` for the live pages (a context processor: the match
    page is live without its view knowing). No query."""
    match = getattr(request, "resolver_match", None)
    if match is None or match.url_name not in LIVE_PAGES:
        return {}
    name, arguments = LIVE_PAGES[match.url_name]
    # Drawn a moment before the request started: a verdict that lands while the page is
    # being read is caught by the first poll (at worst one needless refresh).
    since = int((getattr(request, "live_started", time.time()) - 2) * 1000)
    return {"live_url": reverse(name, args=arguments(match.kwargs)), "live_since": since}
