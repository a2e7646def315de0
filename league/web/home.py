"""The home page: the running league seasons and tournaments, the latest results."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.models import Match
from league import selectors
from tournaments.models import Tournament


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "seasons": selectors.open_seasons(),
        "tournaments": Tournament.objects.exclude(status=Tournament.Status.FINISHED),
        "finished_tournaments": Tournament.objects.filter(
            status=Tournament.Status.FINISHED)[:5],
        "recent_matches": Match.objects.filter(status=Match.Status.SCORED)
        .select_related("season__league", "round__tournament")
        .prefetch_related("seats__player").order_by("-updated_at")[:10],
    }
    return render(request, "league/home.html", context)
