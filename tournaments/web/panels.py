"""The part of the tournament page that belongs to its format.

A format with a panel is listed in :data:`PANELS`; its function takes the request and the
tournament and returns the panel's context with its ``"template"``, which the tournament
page includes. Formats without a panel show the rounds, standings and bracket the page draws
for every tournament.

- Double elimination: the page draws the bracket itself (``templates/tournaments/
  _bracket.html`` lays out the winners' bracket, the losers' bracket under it and the grand
  final to the right); the panel adds the champion and the places, the notices and the
  organizer's link to forfeits and disqualifications.
- Groups, then playoffs: the group tables with the qualifiers marked, the organizer's button
  to draw the playoffs, then the playoff bracket and places.
- Swiss and table rounds: the rounds as the format shows them (Swiss boards with the bye;
  tables with their seats, first dealer, deals and the 5-table sit-out), and for organizers
  the button that draws the next round, or why it cannot be drawn yet. ``own_rounds`` tells
  the page not to list the rounds again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from games.models import Match
from tournaments.models import Round, Tournament
from tournaments.selectors import figures
from tournaments.selectors.bracket import bracket_stage, out_players, tournament_notices
from tournaments.selectors.groups import DEFAULT_QUALIFICATION, group_stage
from tournaments.selectors.rounds import next_round_state, round_rows
from tournaments.web import fragments

Panel = Callable[[HttpRequest, Tournament, Round | None], dict[str, Any]]


def _common(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    stage = bracket_stage(tournament)
    return {
        "is_organizer": tournament.is_organizer(request.user),
        "notices": tournament_notices(tournament=tournament),
        "outcome": figures.bracket_outcome(stage=stage) if stage is not None else None,
        "bracket_stage": stage,
    }


def double_elimination(request: HttpRequest, tournament: Tournament,
                       shown: Round | None) -> dict[str, Any]:
    return {"template": "tournaments/elimination/double_panel.html",
            **_common(request, tournament)}


def groups_playoffs(request: HttpRequest, tournament: Tournament,
                    shown: Round | None) -> dict[str, Any]:
    panel = _common(request, tournament)
    groups = group_stage(tournament)
    tables = figures.group_tables(stage=groups) if groups is not None else []
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
        "bracket": figures.stage_bracket(stage=playoffs) if playoffs is not None else [],
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


def swiss(request: HttpRequest, tournament: Tournament, shown: Round | None) -> dict[str, Any]:
    return {"template": "tournaments/rounds/_swiss.html", "own_rounds": True,
            **_rounds(request, tournament, shown, "tournaments/rounds/_swiss_round.html")}


def table_rounds(request: HttpRequest, tournament: Tournament,
                 shown: Round | None) -> dict[str, Any]:
    return {"template": "tournaments/rounds/_tables.html", "own_rounds": True,
            **_rounds(request, tournament, shown, "tournaments/rounds/_tables_round.html")}


def _rounds(request: HttpRequest, tournament: Tournament, shown: Round | None,
            template: str) -> dict[str, Any]:
    """The round shown (the newest unless another is asked for) and the next one's state.
    A reader who is not signed in sees the round as drawn for every such reader (kept per
    change, :func:`tournaments.web.fragments.round_html`); a signed-in one may have results
    to enter, and sees it drawn for him."""
    signed_in = request.user.is_authenticated
    return {"rounds": round_rows(tournament, number=shown.number) if shown and signed_in
            else [],
            "rounds_html": (fragments.round_html(tournament=tournament, shown=shown,
                                                 template=template)
                            if shown and not signed_in else None),
            "next": next_round_state(tournament),
            "is_organizer": signed_in and tournament.is_organizer(request.user)}


PANELS: dict[str, Panel] = {
    Tournament.Format.DOUBLE_ELIMINATION: double_elimination,
    Tournament.Format.GROUPS_PLAYOFFS: groups_playoffs,
    Tournament.Format.SWISS: swiss,
    Tournament.Format.TABLE_ROUNDS: table_rounds,
}


def format_panel(request: HttpRequest, tournament: Tournament, *,
                 shown: Round | None = None) -> dict[str, Any] | None:
    """The format's panel; ``shown`` is the round the page shows."""
    panel = PANELS.get(tournament.format)
    return panel(request, tournament, shown) if panel is not None else None
