"""Reads on tournaments: standings and the bracket as a page draws it."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from games.models import Match, Seat
from league.selectors import match_records
from league.standings import Standings, compute_standings
from tournaments.models import Tournament


def tournament_matches(*, tournament: Tournament) -> QuerySet[Match]:
    return (Match.objects.filter(round__tournament=tournament)
            .select_related("round")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")
                                       .order_by("index")))
            .order_by("round__number", "position"))


def tournament_standings(*, tournament: Tournament) -> Standings:
    players = [entry.player for entry in tournament.entries.select_related("player")]
    return compute_standings(match_records(Match.objects.filter(round__tournament=tournament)),
                             players=players, name_of=lambda p: p.name)
