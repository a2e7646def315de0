"""The tournament page's panels of double elimination and of groups, then playoffs
(registered in :mod:`tournaments.panels`).

Double elimination: the page draws the bracket itself (``templates/tournaments/_bracket.html``
lays out the winners' bracket, the losers' bracket under it and the grand final to the
right); the panel adds the champion and the places, the notices and the organizer's link to
forfeits and disqualifications. Groups, then playoffs: the group tables with the qualifiers
marked, the organizer's button to draw the playoffs, then the playoff bracket and places.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from games.models import Match
from tournaments.bracket import bracket_outcome, bracket_stage, stage_bracket, tournament_notices
from tournaments.models import Tournament
from tournaments.services.elimination import out_players
from tournaments.services.stages import DEFAULT_QUALIFICATION, group_stage, group_tables


def _common(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    stage = bracket_stage(tournament)
    return {
        "is_organizer": tournament.is_organizer(request.user),
        "notices": tournament_notices(tournament=tournament),
        "outcome": bracket_outcome(stage) if stage is not None else None,
        "bracket_stage": stage,
    }


def double_elimination(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    return {"template": "tournaments/elimination/double_panel.html",
            **_common(request, tournament)}


def groups_playoffs(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    panel = _common(request, tournament)
    groups = group_stage(tournament)
    tables = group_tables(stage=groups) if groups is not None else []
    playoffs = panel["bracket_stage"]
    drawn: set[int] = set()
    has_results = False
    if playoffs is not None:
        matches = Match.objects.filter(round__stage=playoffs)
        drawn = {seat_player for seat_player in matches.filter(
            seats__player__isnull=False).values_list("seats__player", flat=True)}
        has_results = matches.filter(status=Match.Status.SCORED).exists() or \
            matches.filter(logs__isnull=False).exists()
    qualified = {player_id for table in tables for player_id in table.qualifiers}
    complete = bool(tables) and all(table.complete for table in tables)
    players = {row.player.pk: row.player for table in tables for row in table.standings.rows}
    out = out_players(tournament)
    # After a correction in a group: who would qualify now but was not drawn.
    now_qualified = sorted((players[player_id] for player_id in qualified - drawn),
                           key=lambda player: player.name) if playoffs else []
    return {
        "template": "tournaments/elimination/groups_panel.html",
        **panel,
        "groups": [{"table": table,
                    "rows": [{"row": row, "seed": table.qualifiers.get(row.player.pk),
                              "out": row.player.pk in out} for row in table.standings.rows],
                    "level_names": ", ".join(player.name for player in table.level_at_line)}
                   for table in tables],
        "groups_complete": complete,
        "rules_text": qualification_text(tournament.qualification or DEFAULT_QUALIFICATION),
        "bracket": stage_bracket(stage=playoffs) if playoffs is not None else [],
        "can_draw": complete and playoffs is None,
        "can_redraw": playoffs is not None and not has_results,
        "now_qualified": now_qualified,
        "now_qualified_names": ", ".join(player.name for player in now_qualified),
    }


def qualification_text(rules: list[dict[str, Any]]) -> str:
    """The qualification rules in words, e.g. "the top 2 of each group, the best 2 of the
    players placed 3"."""
    parts = []
    for rule in rules:
        if not isinstance(rule, dict):
            parts.append(str(rule))
        elif set(rule) == {"top"} and rule["top"] == 1:
            parts.append(_("the winner of each group"))
        elif set(rule) == {"top"}:
            parts.append(_("the top %(count)s of each group") % {"count": rule["top"]})
        elif set(rule) == {"best", "place"}:
            parts.append(_("the best %(count)s of the players placed %(place)s")
                         % {"count": rule["best"], "place": rule["place"]})
        else:
            parts.append(str(rule))
    return ", ".join(parts)
