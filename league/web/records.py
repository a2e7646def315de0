"""Records pages: per game (every match) and per league (its seasons' matches), each entry
linking to the match and the deal where it happened."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.formats import date_format

from games.engines.registry import game_name
from league import selectors
from league.models import GameRecord, League, WinningStreak
from league.selectors.statistics import RecordTable
from league.selectors.statistics_labels import RECORD_UNITS, RECORDS, deal_anchor
from league.web.statistics import known_game


def _date(match: Any, played_at: Any) -> str:
    return date_format(match.played_on or played_at.date(), "SHORT_DATE_FORMAT")


def _entry(game: str, entry: GameRecord | WinningStreak) -> dict[str, Any]:
    if isinstance(entry, WinningStreak):
        return {"value": entry.length,
                "holders": [{"id": entry.player_id, "name": entry.player.name}],
                "match": entry.last_match, "first_match": entry.first_match,
                "href": entry.last_match.get_absolute_url(), "deal": None,
                "date": _date(entry.last_match, entry.last_match.updated_at)}
    return {"value": entry.value, "holders": entry.holders, "match": entry.match,
            "deal": entry.deal, "move": entry.move,
            "href": entry.match.get_absolute_url() + deal_anchor(game, entry.deal, entry.move,
                                                                entry.source),
            "date": _date(entry.match, entry.played_at)}


def present_records(game: str, tables: list[RecordTable]) -> list[dict[str, Any]]:
    return [{"key": table.kind.key, "label": RECORDS.get(table.kind.key, table.kind.key),
             "unit": RECORD_UNITS.get(table.kind.key, ""),
             "entries": [_entry(game, entry) for entry in table.entries]}
            for table in tables]


def game_records(request: HttpRequest, game: str) -> HttpResponse:
    known_game(game)
    return render(request, "league/statistics/records.html", {
        "game": game, "game_name": game_name(game), "league": None,
        "tables": present_records(game, selectors.records(game=game))})


def league_records(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    return render(request, "league/statistics/records.html", {
        "game": league.game, "game_name": game_name(league.game), "league": league,
        "tables": present_records(league.game,
                                  selectors.records(game=league.game, league=league))})
