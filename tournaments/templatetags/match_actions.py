"""``{% match_actions match as actions %}``: what a tournament's organizer may do on a match
page (forfeits of a two-player match with both players, the way to disqualification), so
that the match page (games) needs nothing from the tournaments app in its view."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Match

register = template.Library()


@register.simple_tag(takes_context=True)
def match_actions(context: Any, match: Match) -> dict[str, Any]:
    request = context.get("request")
    tournament = match.round.tournament if match.round_id else None
    seats = list(match.seats.select_related("player").order_by("index"))
    organizer = tournament is not None and request is not None and \
        tournament.is_organizer(request.user)
    return {
        "tournament": tournament, "seats": seats,
        "forfeits": organizer and tournament.status != tournament.Status.REGISTRATION
        and len(seats) == 2 and all(seat.player_id for seat in seats),
    }
