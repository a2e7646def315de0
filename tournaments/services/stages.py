"""Groups, then playoffs: the group stage (a round robin in each group), the group tables,
and the playoffs drawn from the qualifiers (the group tables and the qualification are
reads: :mod:`tournaments.selectors.groups`).

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
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Match, Player
from games.services import match_create
from tournaments.models import Entry, Round, Stage, Tournament
from tournaments.pairing.round_robin import round_robin
from tournaments.pairing.stages import GroupEntry, qualify
from tournaments.selectors.groups import group_qualifiers, group_stage, qualification_rules
from tournaments.services.common import TournamentError, locked
from tournaments.services.elimination import draw_double_elimination, draw_single_elimination
from tournaments.services.results import tournament_check_finished

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
    try:
        rules = qualification_rules(tournament)
    except (ValueError, TypeError, AttributeError) as error:
        raise TournamentError(_("The qualification rules cannot be read: %(reason)s")
                              % {"reason": error}) from error
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
