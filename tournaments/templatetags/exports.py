"""``{% export_links tournament as links %}``: what the export links of a tournament page
point at (the CSV tables, the event as JSON, a round sheet per round and, for Doppelkopf,
the lists per round, the iCal feed, the widget's address), so that ``_exports.html`` needs
nothing of the page's context but the request."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from tournaments.models import Tournament

register = template.Library()


def _absolute(context: Any, path: str) -> str:
    request = context.get("request")
    return request.build_absolute_uri(path) if request is not None else path


@register.simple_tag(takes_context=True)
def export_links(context: Any, tournament: Tournament) -> dict[str, Any]:
    slug = tournament.slug
    lists = tournament.game == "doppelkopf"
    return {
        "csv": [(kind, reverse("tournament-csv", args=[slug, kind]))
                for kind in ("standings", "pairings", "results")],
        "event": reverse("tournament-event-json", args=[slug]),
        "rounds": [{"round": rnd,
                    "sheet": reverse("tournament-round-sheet", args=[slug, rnd.number]),
                    "lists": reverse("tournament-round-lists", args=[slug, rnd.number])
                    if lists else None}
                   for rnd in tournament.rounds.order_by("number")],
        "import": reverse("event-import"),
        "ical": reverse("tournament-ical", args=[slug]),
        "widget": _absolute(context, reverse("tournament-widget", args=[slug])),
    }
