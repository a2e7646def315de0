"""The group stage of groups, then playoffs, as it stands: every group's table with the
qualifiers marked by the tournament's declarative rules (applied by
:func:`tournaments.pairing.stages.qualify`). Disqualified and withdrawn players do not
qualify: the players behind them move up."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from games.models import Match, Player
from league.ranking.standings import Standings
from tournaments.models import Stage, Tournament
from tournaments.pairing.stages import GroupEntry, Qualifier, Rule, qualify, rule_from_json
from tournaments.selectors.bracket import OUT
from tournaments.selectors.standings import tournament_standings

DEFAULT_QUALIFICATION = [{"top": 2}]


def qualification_rules(tournament: Tournament) -> list[Rule]:
    """The tournament's qualification rules (a ``ValueError``, ``TypeError`` or
    ``AttributeError`` when they cannot be read; the tournament's form checks them)."""
    return [rule_from_json(rule) for rule in (tournament.qualification or DEFAULT_QUALIFICATION)]


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
    """Every group's table (:func:`tournament_standings` of the group), with the qualifiers
    marked as the tables stand now.

    A double forfeit counts for nobody; a forfeit is a win without game points.
    """
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
    except (ValueError, TypeError, AttributeError):
        qualifiers = ()  # rules that cannot be read qualify nobody until they are mended
    seed_of = {cast(Player, qualifier.player).pk: qualifier.seed for qualifier in qualifiers}
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
