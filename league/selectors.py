"""Reads with meaning: standings, a player's results, what is going on."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from games.models import Match, Seat
from league.models import League, Player, Season
from league.standings import MatchRecord, Standings, compute_standings


def scored_matches(matches: QuerySet[Match]) -> QuerySet[Match]:
    return (matches.filter(status=Match.Status.SCORED)
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")
                                       .order_by("index"))))


def match_records(matches: QuerySet[Match]) -> list[MatchRecord]:
    records = []
    for match in scored_matches(matches):
        seats = list(match.seats.all())
        records.append(MatchRecord(players=tuple(seat.player for seat in seats),
                                   scores=tuple(seat.score or 0 for seat in seats),
                                   ranks=tuple(seat.rank or 0 for seat in seats)))
    return records


def season_standings(*, season: Season) -> Standings:
    return compute_standings(match_records(season.matches.all()),
                             players=list(season.members.all()), name_of=lambda p: p.name)


def active_leagues() -> QuerySet[League]:
    return League.objects.filter(seasons__status=Season.Status.OPEN).distinct()


def open_seasons() -> QuerySet[Season]:
    return Season.objects.filter(status=Season.Status.OPEN).select_related("league")


def player_matches(*, player: Player) -> QuerySet[Match]:
    return (Match.objects.filter(seats__player=player)
            .select_related("season__league", "round__tournament")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")
                                       .order_by("index")))
            .order_by("-updated_at"))
