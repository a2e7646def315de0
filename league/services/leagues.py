"""Writes on players, leagues and seasons: open play and fixtures, divisions, closing a
season with promotion and relegation into the next one."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any, TypeVar

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.models import DEFAULT_REPORTING, Match, MatchLog, Player, Reporting, ResultReport
from games.services import match_create
from games.services.reports import ReportInvalid, ResultRefused, match_result_enter
from league.models import Division, League, Season
from league.ranking.standings import TIEBREAKS
from league.selectors.seasons import season_tables
from league.services.figures import league_figures_changed, season_figures_changed
from league.services.slugs import unique_slug
from tournaments.pairing.round_robin import round_robin

T = TypeVar("T")


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
                  description: str = "", reporting: str = DEFAULT_REPORTING) -> League:
    get_engine(game).rules(rules)  # refuse unknown options before anything is saved
    if reporting not in Reporting.values:
        raise LeagueError(_("Who enters results: one of %(choices)s.")
                          % {"choices": ", ".join(Reporting.values)})
    with transaction.atomic():
        league = League.objects.create(name=name, slug=unique_slug(League, name), game=game,
                                       rules=rules or {"preset": "seed"},
                                       description=description, reporting=reporting)
        if organizer is not None:
            league.organizers.add(organizer)
    return league


def check_tiebreaks(tiebreaks: Sequence[str]) -> list[str]:
    """The keys as a list, or a :class:`LeagueError` naming the unknown or repeated one."""
    keys = [str(key).strip() for key in tiebreaks if str(key).strip()]
    for key in keys:
        if key not in TIEBREAKS:
            raise LeagueError(_("Unknown tie-breaker: %(key)s (known: %(known)s).")
                              % {"key": key, "known": ", ".join(TIEBREAKS)})
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise LeagueError(_("A tie-breaker can come only once: %(keys)s.")
                          % {"keys": ", ".join(repeated)})
    return keys


def league_configure(*, league: League, promote: int, relegate: int,
                     tiebreaks: Sequence[str]) -> League:
    """Promotion, relegation and the tie-breakers of the league's standings."""
    if promote < 0 or relegate < 0:
        raise LeagueError(_("Promotion and relegation count players: 0 or more."))
    keys = check_tiebreaks(tiebreaks)
    with transaction.atomic():
        League.objects.filter(pk=league.pk).update(promote=promote, relegate=relegate,
                                                   tiebreaks=keys)
        league_figures_changed(league_id=league.pk)
        league.promote, league.relegate, league.tiebreaks = promote, relegate, keys
    return league


def league_rules_set(*, league: League, rules: dict[str, Any]) -> League:
    """The rules of the league's matches from now on (a preset and the options that differ);
    the matches already made keep the rules they were made with."""
    get_engine(league.game).rules(rules)  # refuse unknown options before anything is saved
    with transaction.atomic():
        League.objects.filter(pk=league.pk).update(rules=rules)
        league.rules = rules
    return league


def _check_season_settings(*, league: League, mode: str, match_day_interval: int,
                           best_results: int | None) -> None:
    if mode not in Season.Mode.values:
        raise LeagueError(_("Unknown season mode: %(mode)s.") % {"mode": mode})
    if mode == Season.Mode.FIXTURES:
        engine = get_engine(league.game)
        if not engine.min_seats <= 2 <= engine.max_seats:
            raise LeagueError(_("Fixtures pair two players; %(game)s is not played by two.")
                              % {"game": engine.name})
    if match_day_interval < 1:
        raise LeagueError(_("Match days are at least one day apart."))
    if best_results is not None and best_results < 1:
        raise LeagueError(_("Count at least one result, or leave it empty to count all."))


def season_create(*, league: League, name: str, members: Sequence[Player] = (),
                  starts_on: Any = None, ends_on: Any = None,
                  mode: str = Season.Mode.OPEN_PLAY, match_day_interval: int = 7,
                  best_results: int | None = None, previous: Season | None = None) -> Season:
    _check_season_settings(league=league, mode=mode, match_day_interval=match_day_interval,
                           best_results=best_results)
    if not name.strip():
        raise LeagueError(_("A season needs a name."))
    slug = unique_slug(Season, name, league=league)
    if slug == "archive":  # the league's archive page has that address
        slug = unique_slug(Season, f"{name} season", league=league)
    with transaction.atomic():
        season = Season.objects.create(league=league, name=name.strip(), slug=slug,
                                       starts_on=starts_on, ends_on=ends_on, mode=mode,
                                       match_day_interval=match_day_interval,
                                       best_results=best_results, previous=previous)
        season.members.set(members)
    return season


def season_configure(*, season: Season, mode: str, match_day_interval: int,
                     best_results: int | None, starts_on: Any = None,
                     ends_on: Any = None) -> Season:
    """Change how an open season is played; the mode stays once matches exist."""
    _check_open(season)
    _check_season_settings(league=season.league, mode=mode,
                           match_day_interval=match_day_interval, best_results=best_results)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if mode != season.mode and season.matches.exists():
            raise LeagueError(_("The season has matches; its mode cannot change any more."))
        season.mode, season.match_day_interval = mode, match_day_interval
        season.best_results, season.starts_on, season.ends_on = best_results, starts_on, ends_on
        season.save(update_fields=["mode", "match_day_interval", "best_results", "starts_on",
                                   "ends_on"])
        season_figures_changed(season_id=season.pk)
    return season


def _check_open(season: Season) -> None:
    if season.status != Season.Status.OPEN:
        raise LeagueError(_("The season is closed."))


# --- Members and divisions ----------------------------------------------------------------


def division_create(*, season: Season, name: str, level: int | None = None,
                    members: Sequence[Player] = ()) -> Division:
    """A division of the season (level 1 is the top; default: below the lowest)."""
    _check_open(season)
    with transaction.atomic():
        levels = set(season.divisions.values_list("level", flat=True))
        level = level if level is not None else max(levels, default=0) + 1
        if level < 1:
            raise LeagueError(_("Division levels start at 1 (the top)."))
        if level in levels:
            raise LeagueError(_("The season has a division at level %(level)s already.")
                              % {"level": level})
        division = Division.objects.create(season=season, level=level,
                                           name=name.strip() or _("Division %(level)s")
                                           % {"level": level})
        season_figures_changed(season_id=season.pk)
        for player in members:
            division_member_add(division=division, player=player)
    return division


def season_member_add(*, season: Season, player: Player,
                      division: Division | None = None) -> None:
    """Make ``player`` a member of the season (and of one of its divisions)."""
    _check_open(season)
    if division is not None:
        if division.season_id != season.pk:
            raise LeagueError(_("That division belongs to another season."))
        division_member_add(division=division, player=player)
    else:
        with transaction.atomic():
            season.members.add(player)
            season_figures_changed(season_id=season.pk)


def division_member_add(*, division: Division, player: Player) -> None:
    """``player`` plays in ``division`` (and so in its season); one division per season."""
    other = (Division.objects.filter(season=division.season_id, members=player)
             .exclude(pk=division.pk).first())
    if other is not None:
        raise LeagueError(_("%(player)s already plays in %(division)s.")
                          % {"player": player.name, "division": other.name})
    with transaction.atomic():
        division.members.add(player)
        division.season.members.add(player)
        season_figures_changed(season_id=division.season_id)


# --- Fixtures -----------------------------------------------------------------------------


def season_fixtures_draw(*, season: Season, double: bool = False) -> list[Match]:
    """A round-robin schedule over match days (in each division, on the same days).

    Everybody meets everybody once (twice, seats swapped, when ``double``); with an odd
    number one player sits out each match day. Match day ``k`` is scheduled on
    ``starts_on + (k - 1) * match_day_interval`` days (no date without ``starts_on``).
    Players are drawn in the order of their names, so the same members give the same
    schedule.
    """
    _check_open(season)
    if season.mode != Season.Mode.FIXTURES:
        raise LeagueError(_("The season is played in open play; switch it to fixtures first."))
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if season.matches.exists():
            raise LeagueError(_("The season has matches already; fixtures are drawn once, "
                                "before the first match."))
        divisions = list(season.divisions.all())
        groups: list[tuple[Division | None, list[Player]]]
        if divisions:
            outside = season.members.exclude(divisions__season=season).order_by("name")
            if outside.exists():
                raise LeagueError(_("Not in a division: %(names)s.")
                                  % {"names": ", ".join(p.name for p in outside)})
            groups = [(division, list(division.members.order_by("name")))
                      for division in divisions]
        else:
            groups = [(None, list(season.members.order_by("name")))]
        if all(len(players) < 2 for _division, players in groups):
            raise LeagueError(_("Fixtures need at least two members."))
        matches = []
        for division, players in groups:
            for day, pairs in enumerate(round_robin(players, double=double), start=1):
                for position, pair in enumerate(pairs):
                    matches.append(_fixture(season, division, day, position, pair))
        season_figures_changed(season_id=season.pk)
    return matches


def _fixture(season: Season, division: Division | None, day: int, position: int,
             pair: tuple[Player, Player]) -> Match:
    match = match_create(game=season.league.game, rules=season.league.rules,
                         players=list(pair), season=season, position=position)
    scheduled_on = None
    if season.starts_on:
        scheduled_on = season.starts_on + datetime.timedelta(
            days=(day - 1) * season.match_day_interval)
    Match.objects.filter(pk=match.pk).update(division=division, match_day=day,
                                             scheduled_on=scheduled_on)
    match.division, match.match_day, match.scheduled_on = division, day, scheduled_on
    return match


# --- Results ------------------------------------------------------------------------------


def season_match_record(*, season: Season, players: Sequence[Player], text: str,
                        submitted_by: Any = None, source: str = MatchLog.Source.WEB,
                        played_on: Any = None) -> MatchLog | ResultReport:
    """Record a match between season members, played at any time, with its log (open play;
    in a season with divisions the players must share a division).

    The result is entered as ``submitted_by`` enters it (the league's reporting policy): it
    counts at once (the log) or waits for the other players (the report). A result that
    cannot be scored or may not be entered records no match either."""
    _check_open(season)
    if season.mode == Season.Mode.FIXTURES:
        raise LeagueError(_("This season plays fixtures: record the result on the scheduled "
                            "match's page."))
    members = set(season.members.values_list("pk", flat=True))
    strangers = [player.name for player in players if player.pk not in members]
    if strangers:
        raise LeagueError(_("Not members of this season: %(names)s.")
                          % {"names": ", ".join(strangers)})
    if len({player.pk for player in players}) != len(players):
        raise LeagueError(_("A player can take only one seat."))
    division = None
    if season.divisions.exists():
        placed = dict(Division.members.through.objects
                      .filter(division__season=season, player__in=players)
                      .values_list("player_id", "division_id"))
        if len(placed) != len(players) or len(set(placed.values())) != 1:
            raise LeagueError(_("The players of a match must play in the same division."))
        division = Division.objects.get(pk=next(iter(placed.values())))
    with transaction.atomic():
        match = match_create(game=season.league.game, rules=season.league.rules,
                             players=list(players), season=season)
        Match.objects.filter(pk=match.pk).update(played_on=played_on or None,
                                                 division=division)
        try:
            return match_result_enter(match=match, text=text, user=submitted_by,
                                      source=source)
        except ResultRefused as error:
            raise LeagueError(str(error)) from None
        except ReportInvalid as invalid:
            raise LeagueError(str(invalid)) from None


# --- Closing, promotion and relegation ----------------------------------------------------


def next_divisions(tables: Sequence[Sequence[T]], *, promote: int,
                   relegate: int) -> list[list[T]]:
    """The divisions of the next season from the final order of each division (top
    division first): the first ``promote`` of a division move up one, the last
    ``relegate`` move down one; nobody leaves the top upwards or the bottom downwards. In a
    division too small for both, promotion comes first.

    >>> next_divisions([["A", "B", "C"], ["D", "E", "F"]], promote=1, relegate=1)
    [['A', 'B', 'D'], ['C', 'E', 'F']]
    """
    result: list[list[T]] = [[] for _table in tables]
    last = len(tables) - 1
    for level, order in enumerate(tables):
        up = list(order[:promote]) if level > 0 else []
        rest = list(order[len(up):])
        count = min(relegate, len(rest)) if level < last else 0
        down = rest[len(rest) - count:] if count else []
        stay = rest[:len(rest) - count]
        if up:
            result[level - 1].extend(up)
        result[level].extend(stay)
        if down:
            result[level + 1].extend(down)
    return result


def season_close(*, season: Season, next_name: str = "",
                 next_starts_on: datetime.date | None = None) -> Season | None:
    """Close the season: its final standings are kept as they are now (the archive shows
    them) and it takes no more results. With ``next_name`` the next season opens at once
    (see :func:`season_open_next`); it is returned."""
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        _check_open(season)
        season.final_standings = {"tables": season_tables(season=season),
                                  "best_results": season.best_results}
        season.status = Season.Status.CLOSED
        season.closed_at = timezone.now()
        season.save(update_fields=["final_standings", "status", "closed_at"])
        if next_name.strip():
            return season_open_next(season=season, name=next_name, starts_on=next_starts_on)
    return None


def season_open_next(*, season: Season, name: str,
                     starts_on: datetime.date | None = None) -> Season:
    """The next season of a closed one: the same mode, interval and best-N rule, the same
    members, and the divisions after promotion and relegation (``League.promote`` and
    ``League.relegate``) by the final standings."""
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        if season.status != Season.Status.CLOSED:
            raise LeagueError(_("Close the season before opening the next one."))
        following = Season.objects.filter(previous=season).first()
        if following is not None:
            raise LeagueError(_("This season already has a next season: %(name)s.")
                              % {"name": following.name})
        league = season.league
        tables = (season.final_standings or {}).get("tables") or []
        divisions = list(season.divisions.order_by("level"))
        members = list(season.members.all())
        nxt = season_create(league=league, name=name, members=members, starts_on=starts_on,
                            mode=season.mode, match_day_interval=season.match_day_interval,
                            best_results=season.best_results, previous=season)
        if divisions:
            by_pk = {player.pk: player for player in members}
            order = {table["level"]: [row["player"]["pk"] for row in table["rows"]]
                     for table in tables}
            moved = next_divisions([order.get(d.level, []) for d in divisions],
                                   promote=league.promote, relegate=league.relegate)
            for division, pks in zip(divisions, moved, strict=True):
                division_create(season=nxt, name=division.name, level=division.level,
                                members=[by_pk[pk] for pk in pks if pk in by_pk])
    return nxt
