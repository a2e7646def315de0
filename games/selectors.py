"""Reads on matches."""

from __future__ import annotations

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
