"""Reads on matches, and who may write to them."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from games.models import Match, Seat


def match_details(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches with what their pages and the API show of them (the competition, the
    seats with their players, the current log) fetched along, so that a list of matches
    costs a fixed number of queries."""
    return (matches.select_related("season__league", "round__tournament",
                                   "current_log__submitted_by", "current_log__match")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")
                                       .order_by("index"))))


def can_submit_result(user: Any, match: Match) -> bool:
    """Who may submit a match's result: the competition's organizers (staff for a friendly)
    and the match's own players. Reading is open to everyone."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    competition = match.competition
    if (competition.is_organizer(user) if competition is not None
            else getattr(user, "is_staff", False)):
        return True
    return match.seats.filter(player__user=user).exists()
