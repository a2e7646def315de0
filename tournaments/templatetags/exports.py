"""``{% export_links tournament as links %}``: what the export links of a tournament page
point at (the CSV tables, the event as JSON, a round sheet per round and, for Doppelkopf,
the lists per round), so that ``_exports.html`` does not depend on the page's context."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from tournaments.models import Tournament
from tournaments.selectors.registration import ROUND_BY_ROUND

register = template.Library()


@register.simple_tag
def export_links(tournament: Tournament) -> dict[str, Any]:
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
        "entries": reverse("tournament-entries", args=[slug])
        if tournament.status == Tournament.Status.RUNNING and tournament.format in ROUND_BY_ROUND
        else None,
        "import": reverse("event-import"),
    }
