"""Groups, then playoffs: the group stage (a round robin in each group), the group tables,
the qualifiers by the tournament's declarative rules, and the playoffs drawn from them.

- Groups: ``Tournament.groups`` of them (empty: one group per four players, at least one),
  filled by seed in a snake (A B C C B A A B C ...), so every group gets one of the top
  seeds and the strengths even out; ``Entry.group`` and ``Match.group`` name the group.
- Group rounds: round *r* of the stage holds round *r* of every group (a round robin or a
  double round robin, ``Tournament.group_format``).
- Qualification: ``Tournament.qualification`` as JSON rules (empty: ``[{"top": 2}]``),
  applied by :func:`tournaments.pairing.stages.qualify`. Disqualified and withdrawn players
  do not qualify: the players behind them move up.
- The playoffs (``Tournament.playoff_format``: single or double elimination) are drawn by an
  organizer once every group match has its verdict (:func:`playoffs_draw`), seeded by
  place, then by the group figures per match, then by group name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Match, Player
from games.services import match_create
from league.ranking.standings import Standings
from tournaments.models import Entry, Round, Stage, Tournament
from tournaments.pairing.round_robin import round_robin
from tournaments.pairing.stages import GroupEntry, Qualifier, Rule, qualify, rule_from_json
from tournaments.services.common import TournamentError, locked
from tournaments.services.elimination import (
    OUT,
    draw_double_elimination,
    draw_single_elimination,
)
from tournaments.services.results import tournament_check_finished

DEFAULT_QUALIFICATION = [{"top": 2}]
GROUP_SIZE = 4


def group_names(count: int) -> list[str]:
    """A, B, C, ...

    >>> group_names(3)
    ['A', 'B', 'C']
    """
    return [chr(ord("A") + index) for index in range(count)]


def snake(players: Sequence[Any], count: int) -> dict[str, list[Any]]:
    """Players (by seed) into ``count`` groups in a snake.

    >>> snake(list(range(1, 9)), 3)
    {'A': [1, 6, 7], 'B': [2, 5, 8], 'C': [3, 4]}
    """
    names = group_names(count)
    groups: dict[str, list[Any]] = {name: [] for name in names}
    for index, player in enumerate(players):
        lap, place = divmod(index, count)
        groups[names[place if lap % 2 == 0 else count - 1 - place]].append(player)
    return groups


def qualification_rules(tournament: Tournament) -> list[Rule]:
    try:
        return [rule_from_json(rule) for rule in
                (tournament.qualification or DEFAULT_QUALIFICATION)]
    except (ValueError, TypeError, AttributeError) as error:
        raise TournamentError(_("The qualification rules cannot be read: %(reason)s")
                              % {"reason": error}) from error


def draw_groups_playoffs(stage: Stage, players: list[Player]) -> None:
    """The group stage: groups by the snake, a round robin in each."""
    tournament = stage.tournament
    count = tournament.groups or max(1, len(players) // GROUP_SIZE)
    if count > 26:
        raise TournamentError(_("At most 26 groups (A to Z)."))
    if len(players) < 2 * count:
        raise TournamentError(_("%(groups)s groups need at least %(needed)s players; "
                                "%(players)s are in.")
                              % {"groups": count, "needed": 2 * count, "players": len(players)})
    groups = snake(players, count)
    rules = qualification_rules(tournament)
    try:
        qualifiers = qualify({name: [GroupEntry(player.pk) for player in members]
                              for name, members in groups.items()}, rules)
    except ValueError as error:
        raise TournamentError(_("The qualification rules do not fit the groups: %(reason)s")
                              % {"reason": error}) from error
    if len(qualifiers) < 2:
        raise TournamentError(_("The qualification rules send fewer than two players to the "
                                "playoffs."))
    stage.kind = Stage.Kind.GROUPS
    stage.format = tournament.group_format
    stage.save(update_fields=["kind", "format"])
    for name, members in groups.items():
        Entry.objects.filter(tournament=tournament, player__in=members).update(group=name)
    double = tournament.group_format == Tournament.Format.DOUBLE_ROUND_ROBIN
    schedule = {name: round_robin(members, double=double)
                for name, members in groups.items()}
    for number in range(1, max(len(rounds) for rounds in schedule.values()) + 1):
        rnd = Round.objects.create(tournament=tournament, stage=stage, number=number)
        position = 0
        for name, rounds in schedule.items():
            for first, second in rounds[number - 1] if number <= len(rounds) else []:
                match = match_create(game=tournament.game, rules=tournament.rules,
                                     players=[first, second], round=rnd, position=position)
                match.group = name
                match.save(update_fields=["group"])
                position += 1


@dataclass
class GroupTable:
    """A group's table: the standings (the tournament's tie-breakers), the players who
    qualify as the table stands (player id -> playoff seed), whether every match of the
    group has its verdict, and (once it has) the players level on every key across the
    qualification line."""

    name: str
    standings: Standings
    qualifiers: dict[int, int] = field(default_factory=dict)
    complete: bool = False
    level_at_line: list[Player] = field(default_factory=list)


def group_stage(tournament: Tournament) -> Stage | None:
    return tournament.stages.filter(kind=Stage.Kind.GROUPS).first()


def group_tables(*, stage: Stage) -> list[GroupTable]:
    """Every group's table (``tournaments.selectors.tournament_standings`` of the group),
    with the qualifiers marked as the tables stand now.

    A double forfeit counts for nobody; a forfeit is a win without game points.
    """
    from tournaments.selectors import tournament_standings

    tournament = stage.tournament
    names = sorted(set(tournament.entries.exclude(group="").values_list("group", flat=True)))
    open_groups = set(Match.objects.filter(round__stage=stage).exclude(
        status=Match.Status.SCORED).values_list("group", flat=True))
    tables = [GroupTable(name, tournament_standings(tournament=tournament, stage=stage,
                                                    group=name),
                         complete=name not in open_groups) for name in names]
    out = set(tournament.entries.filter(status__in=OUT).values_list("player_id", flat=True))
    try:
        qualifiers = _qualifiers(tables, qualification_rules(tournament), out)
    except (TournamentError, ValueError):
        qualifiers = ()
    seed_of = {qualifier.player.pk: qualifier.seed for qualifier in qualifiers}
    for table in tables:
        table.qualifiers = {row.player.pk: seed_of[row.player.pk]
                            for row in table.standings.rows if row.player.pk in seed_of}
        ranks_in = {row.rank for row in table.standings.rows if row.player.pk in seed_of}
        ranks_out = {row.rank for row in table.standings.rows if row.player.pk not in seed_of
                     and row.player.pk not in out}
        shared = ranks_in & ranks_out if table.complete else set()
        table.level_at_line = [row.player for row in table.standings.rows
                               if row.rank in shared and row.player.pk not in out]
    return tables


def _figure(value: int, played: int) -> Fraction:
    return Fraction(value, played) if played else Fraction(0)


def _qualifiers(tables: list[GroupTable], rules: list[Rule], out: set[int]
                ) -> tuple[Qualifier, ...]:
    """The seeded qualifiers; across groups, places compare by points, difference and game
    points per match (groups may differ in size)."""
    groups = {table.name: [GroupEntry(row.player, (
        _figure(row["points"], row["played"]), _figure(row["difference"], row["played"]),
        _figure(row["game_points"], row["played"])))
        for row in table.standings.rows if row.player.pk not in out] for table in tables}
    return qualify(groups, rules)


def group_qualifiers(*, stage: Stage) -> list[Player]:
    """The playoff players by seed, from the group tables as they stand."""
    tables = group_tables(stage=stage)
    seeds = {player_id: seed for table in tables for player_id, seed in
             table.qualifiers.items()}
    players = {row.player.pk: row.player for table in tables for row in table.standings.rows}
    return [players[player_id] for player_id in sorted(seeds, key=seeds.__getitem__)]


def playoffs_draw(*, tournament: Tournament, redraw: bool = False) -> Stage:
    """Draw the playoffs from the finished group stage (an organizer's action).

    ``redraw``: draw them again from the tables as they stand now (after a correction in a
    group), as long as no playoff match has a result or a log.
    """
    with transaction.atomic():
        tournament = locked(tournament)
        if tournament.format != Tournament.Format.GROUPS_PLAYOFFS:
            raise TournamentError(_("Only a tournament with groups, then playoffs has "
                                    "playoffs to draw."))
        groups = group_stage(tournament)
        if groups is None:
            raise TournamentError(_("The tournament has not started."))
        open_matches = Match.objects.filter(round__stage=groups).exclude(
            status=Match.Status.SCORED).count()
        if open_matches:
            raise TournamentError(ngettext(
                "The group stage is not finished: %(count)s match has no result yet.",
                "The group stage is not finished: %(count)s matches have no result yet.",
                open_matches) % {"count": open_matches})
        existing = tournament.stages.filter(kind=Stage.Kind.PLAYOFFS).first()
        if existing is not None:
            if not redraw:
                raise TournamentError(_("The playoffs are already drawn."))
            if Match.objects.filter(round__stage=existing).filter(
                    Q(logs__isnull=False) | Q(status=Match.Status.SCORED)).exists():
                raise TournamentError(_("The playoffs cannot be drawn again: playoff "
                                        "matches have results."))
            existing.delete()
        qualifiers = group_qualifiers(stage=groups)
        if len(qualifiers) < 2:
            raise TournamentError(_("Fewer than two players qualify for the playoffs."))
        first_number = (tournament.rounds.aggregate(last=Max("number"))["last"] or 0) + 1
        playoffs = Stage.objects.create(
            tournament=tournament, number=groups.number + 1, kind=Stage.Kind.PLAYOFFS,
            format=tournament.playoff_format, status=Stage.Status.RUNNING)
        draw = (draw_double_elimination
                if tournament.playoff_format == Tournament.Format.DOUBLE_ELIMINATION
                else draw_single_elimination)
        draw(playoffs, qualifiers, first_number=first_number)
        tournament_check_finished(tournament=tournament)
    return playoffs
