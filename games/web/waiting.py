"""Results waiting on the person looking: the menu's badge and the page that lists them."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject

from games.selectors.results import results_waiting_count, waiting_on


def results_waiting(request: HttpRequest) -> dict[str, Any]:
    """Context processor: ``results_waiting``, counted only when a page shows it."""
    user = getattr(request, "user", None)
    return {"results_waiting": SimpleLazyObject(lambda: results_waiting_count(user))}


@login_required
def waiting_page(request: HttpRequest) -> HttpResponse:
    reports = (waiting_on(request.user)
               .select_related("match__season__league", "match__round__tournament", "player")
               .prefetch_related("match__seats__player"))
    return render(request, "games/waiting.html", {"reports": reports})
