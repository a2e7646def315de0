"""Pages of players: the list (adding one), and a player's results and ratings with their
history charts."""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.engines.registry import game_name
from games.models import Player
from games.selectors import player_search
from games.web.lists import list_page, search_text
from league import selectors, services
from league.models import Rating
from league.selectors.figures import figures_cached, player_owner
from league.selectors.ratings import HISTORY_SHOWN
from league.web.charts import ChartPoint, rating_chart
from league.web.forms import (
    PlayerForm,
)


def player_list(request: HttpRequest) -> HttpResponse:
    form = PlayerForm()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                player = services.player_create(name=form.cleaned_data["name"])
            except services.LeagueError as error:
                form.add_error("name", str(error))
            else:
                messages.success(request, _("%(name)s added.") % {"name": player.name})
                return redirect("player-list")
    query = search_text(request)
    page = list_page(request, player_search(text=query))
    return render(request, "league/player_list.html", {
        "players": page.object_list, "page_obj": page, "query": query,
        "search_label": _("Find a player by name"), "form": form})


def rating_number(rating: Rating | float, system: str | None = None) -> str:
    """A rating as the pages write it: Glicko-2 whole, OpenSkill with one decimal."""
    if isinstance(rating, Rating):
        rating, system = rating.rating, rating.system
    return f"{rating:.0f}" if system == Rating.System.GLICKO2 else f"{rating:.1f}"


def _rating_panels(player: Player) -> list[dict[str, Any]]:
    panels = []
    for entry in selectors.player_ratings(player=player, steps=HISTORY_SHOWN):
        rating, history = entry["rating"], entry["history"]
        decimals = 0 if rating.system == Rating.System.GLICKO2 else 1
        points = []
        if history:
            # The start, or (when only the latest matches are drawn) the rating before them.
            first = history[0].sequence == 1
            before = rating_number(history[0].rating_before, rating.system)
            points.append(ChartPoint(
                _("start") if first else _("earlier"), history[0].rating_before,
                (_("Start: %(rating)s") if first else _("Earlier: %(rating)s"))
                % {"rating": before}))
        for change in history:
            when = date_format(change.match.played_on or change.played_at.date(),
                               "SHORT_DATE_FORMAT")
            points.append(ChartPoint(when, change.rating_after, _(
                "Match #%(match)s, %(date)s: %(rating)s") % {
                    "match": change.match_id, "date": when,
                    "rating": rating_number(change.rating_after, rating.system)}))
        label = _("%(game)s rating of %(player)s") % {"game": game_name(rating.game),
                                                       "player": player.name}
        panels.append({
            "rating": rating, "game": game_name(rating.game),
            "number": rating_number(rating),
            "deviation": rating_number(rating.deviation, rating.system),
            "chart": mark_safe(rating_chart(points, label=label, decimals=decimals)),
            "history": [{"change": change,
                         "before": rating_number(change.rating_before, rating.system),
                         "after": rating_number(change.rating_after, rating.system)}
                        for change in reversed(history)],
        })
    return panels


def _ratings_html(player: Player) -> SafeString:
    """The ratings section (a chart and a history table per game) as
    ``league/_player_ratings.html`` draws it, drawn once per change of the player's ratings
    and per language and kept with the figures: three charts and 300 history rows were a
    third of the page's time. The services that write his ratings set their
    ``updated_at`` (``league.services.ratings``), which is part of the key, and so is his
    name; an edit in the admin (a match's day, a step deleted) shows when the figures
    expire, as everywhere (``league.selectors.figures``)."""
    stamps = list(Rating.objects.filter(player=player).order_by("game")
                  .values_list("game", "updated_at"))
    if not stamps:
        return mark_safe("")
    changed = hashlib.sha256(repr((player.name, stamps)).encode()).hexdigest()[:20]
    return mark_safe(figures_cached(  # drawn by our template, which escapes
        owners=[player_owner(player.pk)], name="ratings.html", parts=(changed,),
        compute=lambda: render_to_string("league/_player_ratings.html", {
            "ratings": _rating_panels(player)})))


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    page = list_page(request, selectors.player_matches(player=player),
                     counted_by=lambda: selectors.player_matches_count(player=player))
    record = selectors.player_record(player=player)
    return render(request, "league/player_detail.html", {
        "player": player, "page_obj": page,
        "rows": selectors.player_results(player=player, matches=page.object_list),
        "won": record["won"], "lost": record["lost"], "drawn": record["drawn"],
        "ratings_html": _ratings_html(player)})
