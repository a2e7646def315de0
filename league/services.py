"""Writes on players, leagues and seasons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.models import Match, MatchLog
from games.services import match_create, match_log_submit
from league.models import League, Player, Season
from tournaments.services import unique_slug


class LeagueError(Exception):
    """A user error: shown to the organizer as it is."""


def player_create(*, name: str, user: Any = None) -> Player:
    name = " ".join(name.split())
    if not name:
        raise LeagueError(_("A player needs a name."))
    existing = Player.objects.filter(name__iexact=name).first()
    if existing is not None:
        raise LeagueError(_("There is already a player called %(name)s.")
                          % {"name": existing.name})
    return Player.objects.create(name=name, user=user)


def league_create(*, name: str, game: str, organizer: Any, rules: dict[str, Any] | None = None,
                  description: str = "") -> League:
    get_engine(game).rules(rules)  # refuse unknown options before anything is saved
    with transaction.atomic():
        league = League.objects.create(name=name, slug=unique_slug(League, name), game=game,
                                       rules=rules or {"preset": "seed"},
                                       description=description)
        if organizer is not None:
            league.organizers.add(organizer)
    return league


def season_create(*, league: League, name: str, members: Sequence[Player] = (),
                  starts_on: Any = None, ends_on: Any = None) -> Season:
    with transaction.atomic():
        season = Season.objects.create(league=league, name=name,
                                       slug=unique_slug(Season, name, league=league),
                                       starts_on=starts_on, ends_on=ends_on)
        season.members.set(members)
    return season


def season_match_record(*, season: Season, players: Sequence[Player], text: str,
                        submitted_by: Any = None, source: str = MatchLog.Source.WEB,
                        played_on: Any = None) -> MatchLog:
    """Record a match between season members, played at any time, with its log."""
    if season.status != Season.Status.OPEN:
        raise LeagueError(_("The season is closed."))
    members = set(season.members.values_list("pk", flat=True))
    strangers = [player.name for player in players if player.pk not in members]
    if strangers:
        raise LeagueError(_("Not members of this season: %(names)s.")
                          % {"names": ", ".join(strangers)})
    if len({player.pk for player in players}) != len(players):
        raise LeagueError(_("A player can take only one seat."))
    with transaction.atomic():
        match = match_create(game=season.league.game, rules=season.league.rules,
                             players=list(players), season=season)
        if played_on:
            Match.objects.filter(pk=match.pk).update(played_on=played_on)
        return match_log_submit(match=match, text=text, submitted_by=submitted_by,
                                source=source)
