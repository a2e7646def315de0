"""Statistics pages: the games with statistics, a game's players, and one player's figures
in a game with his form, his rates as bars and his record against everybody he met."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engines.registry import game_name, game_slugs
from games.models import Player
from league import selectors
from league.models import PlayerMatchStatistics
from league.selectors.statistics import PlayerStatistics, Section
from league.selectors.statistics_labels import (
    SECTIONS,
    figure_label,
    figure_text,
    row_label,
    unit,
)
from league.statistics import Figure, statistics_for
from league.statistics.common import LOGS
from league.web.charts import FormPoint, RateBar, form_chart, rate_chart
from league.web.forms import HeadToHeadForm


def known_game(game: str) -> str:
    if game not in game_slugs():
        raise Http404(_("There is no game %(game)r; the games are %(games)s.") % {
            "game": game, "games": ", ".join(game_slugs())})
    return game


def statistics_index(request: HttpRequest) -> HttpResponse:
    games = [{**row, "name": game_name(row["game"])}
             for row in selectors.games_with_statistics()]
    return render(request, "league/statistics/index.html", {"games": games})


def game_statistics(request: HttpRequest, game: str) -> HttpResponse:
    """Everybody with statistics in the game, the head-to-head picker, the records' link."""
    known_game(game)
    rows = selectors.game_players(game=game)
    return render(request, "league/statistics/game.html", {
        "game": game, "game_name": game_name(game), "rows": rows,
        "picker": HeadToHeadForm(game=game, players=[row.player for row in rows]),
    })


def _cell(figure: Figure) -> dict[str, Any]:
    detail = ""
    if figure.kind == "rate" and figure.denominator:
        detail = _("%(part)s of %(whole)s") % {"part": figure.numerator,
                                                "whole": figure.denominator}
    elif figure.kind == "average" and figure.denominator:
        detail = _("over %(count)s") % {"count": figure.denominator}
    return {"text": figure_text(figure.kind, figure.value), "detail": detail,
            "logs": figure.basis == LOGS, "key": figure.key, "row": figure.row}


def present_sections(sections: list[Section]) -> list[dict[str, Any]]:
    """The sections with their words: plain lists of figures, or tables (a row per solo
    kind, advantage, colour...; a column per figure)."""
    out = []
    for section in sections:
        entry: dict[str, Any] = {"key": section.key, "label": SECTIONS.get(section.key,
                                                                            section.key)}
        if section.columns:
            entry["columns"] = [{"key": key, "label": figure_label(section.key, key)}
                                for key in section.columns]
            entry["rows"] = [{"key": row, "label": row_label(row),
                              "cells": [_cell(cells[key]) if key in cells else None
                                        for key in section.columns]}
                             for row, cells in section.rows]
            if not entry["rows"]:
                continue
        else:
            entry["figures"] = [{"label": figure_label(section.key, figure.key),
                                 **_cell(figure)} for figure in section.figures]
        out.append(entry)
    return out


def rates_chart(stats: PlayerStatistics) -> str:
    bars = []
    for section, row, key in statistics_for(stats.game).chart:
        figure = stats.figure(section, key, row)
        if figure is None or figure.value is None:
            continue
        label = row_label(row) if row else figure_label(section, key)
        bars.append(RateBar(str(label), float(figure.value),
                            f"{figure_text(figure.kind, figure.value)} "
                            f"({figure.numerator}/{figure.denominator})"))
    return rate_chart(bars, label=_("Win rates and rates of %(player)s in %(game)s") % {
        "player": stats.player.name, "game": game_name(stats.game)})


def played_on(row: PlayerMatchStatistics) -> str:
    return date_format(row.match.played_on or row.played_at.date(), "SHORT_DATE_FORMAT")


OUTCOME_WORDS = {"win": gettext_lazy("won"), "draw": gettext_lazy("drawn"),
                 "loss": gettext_lazy("lost")}


def form_svg(player: Player, game: str, rows: list[PlayerMatchStatistics]) -> str:
    points = [FormPoint(row.outcome, _("Match #%(match)s, %(date)s: %(result)s, %(score)s "
                                       "points") % {
        "match": row.match_id, "date": played_on(row), "result": str(OUTCOME_WORDS[row.outcome]),
        "score": row.score}, reverse("match-detail", args=[row.match_id])) for row in rows]
    return form_chart(points, label=_("Form of %(player)s in %(game)s: the share of wins "
                                      "over the last five matches, and each match") % {
        "player": player.name, "game": game_name(game)})


def player_statistics_page(request: HttpRequest, pk: int, game: str) -> HttpResponse:
    known_game(game)
    player = get_object_or_404(Player, pk=pk)
    stats = selectors.player_statistics(player=player, game=game)
    context: dict[str, Any] = {"player": player, "game": game, "game_name": game_name(game),
                               "stats": stats, "unit": unit(game), "unit_one": unit(game, False)}
    if stats is not None:
        form = selectors.player_form(player=player, game=game)
        context.update({
            "sections": present_sections(stats.sections),
            "has_logs_figures": any(f.basis == LOGS for f in stats.figures),
            "rates_chart": mark_safe(rates_chart(stats)),  # the chart escapes every text
            "form_chart": mark_safe(form_svg(player, game, form)),
            "form": [{"row": row, "date": played_on(row)} for row in reversed(form)],
            "field": selectors.against_the_field(player=player, game=game),
        })
    return render(request, "league/statistics/player.html", context)
