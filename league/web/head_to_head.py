"""Head-to-head pages: two players' record in a game (won, drawn, lost, the points each
scored, the latest matches), and the picker that leads there."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.formats import date_format

from games.engines.registry import game_name
from games.models import Player
from league import selectors
from league.web.forms import HeadToHeadForm
from league.web.statistics import known_game


def head_to_head_pick(request: HttpRequest, game: str) -> HttpResponse:
    """``?player=1&opponent=2`` leads to the two players' page; a wrong choice is shown
    with the form (status 400), naming the field."""
    known_game(game)
    players = [row.player for row in selectors.game_players(game=game)]
    form = HeadToHeadForm(request.GET or None, game=game, players=players)
    if form.is_bound and form.is_valid():
        return HttpResponseRedirect(reverse("head-to-head", args=[
            game, form.cleaned_data["player"], form.cleaned_data["opponent"]]))
    return render(request, "league/statistics/head_to_head.html",
                  {"game": game, "game_name": game_name(game), "picker": form, "h2h": None},
                  status=400 if form.is_bound else 200)


def _recent(h2h: Any) -> list[dict[str, Any]]:
    rows = []
    for encounter in h2h.recent:
        match = encounter.match
        rows.append({"encounter": encounter, "match": match,
                     "date": date_format(match.played_on or encounter.played_at.date(),
                                         "SHORT_DATE_FORMAT")})
    return rows


def head_to_head(request: HttpRequest, game: str, player: int, opponent: int) -> HttpResponse:
    known_game(game)
    first = get_object_or_404(Player, pk=player)
    second = get_object_or_404(Player, pk=opponent)
    h2h = selectors.head_to_head(game=game, player=first, opponent=second)
    players = [row.player for row in selectors.game_players(game=game)]
    picker = HeadToHeadForm(game=game, players=players,
                            initial={"player": first.pk, "opponent": second.pk})
    return render(request, "league/statistics/head_to_head.html", {
        "game": game, "game_name": game_name(game), "picker": picker, "h2h": h2h,
        "recent": _recent(h2h)})
