"""The home page: the running league seasons and tournaments, the latest results."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.models import Match
from games.selectors import match_rows_drawn
from league import selectors
from tournaments.models import Tournament

#: How many running seasons and tournaments the home page lists (the newest; the rest are a
#: click away in the lists), so that it stays one screen however big the federation.
SHOWN = 10


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "seasons": selectors.open_seasons().order_by("-starts_on", "-pk")[:SHOWN],
        "tournaments": Tournament.objects.exclude(status=Tournament.Status.FINISHED)
        .order_by("-created_at", "-pk")[:SHOWN],
        "finished_tournaments": Tournament.objects.filter(
            status=Tournament.Status.FINISHED).order_by("-created_at", "-pk")[:5],
        "recent_matches": match_rows_drawn(Match.objects.filter(status=Match.Status.SCORED)
                                           .order_by("-updated_at", "-pk"))[:10],
    }
    return render(request, "league/home.html", context)
