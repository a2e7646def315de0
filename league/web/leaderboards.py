"""The leaderboards: every game's ratings, best first."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.engines.registry import game_choices
from games.web.lists import list_page, search_text
from league import selectors
from league.models import Rating
from league.web.players import rating_number


def leaderboard_index(request: HttpRequest) -> HttpResponse:
    rated = selectors.rated_counts()
    games = [{"slug": slug, "name": name, "rated": rated.get(slug, 0)}
             for slug, name in game_choices()]
    return render(request, "league/leaderboard_index.html", {"games": games})


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    if game not in dict(game_choices()):
        raise Http404
    query = search_text(request)
    page = list_page(request, selectors.leaderboard(game=game, text=query))
    rows = [{"rating": rating, "number": rating_number(rating),
             "deviation": rating_number(rating.deviation, rating.system)}
            for rating in selectors.leaderboard_places(game=game, ratings=page.object_list)]
    system = selectors.rating_system(game).key
    return render(request, "league/leaderboard.html", {
        "game": get_engine(game), "slug": game, "rows": rows, "page_obj": page,
        "query": query, "search_label": _("Find a player on the board"),
        "system": Rating.System(system).label, "is_glicko": system == Rating.System.GLICKO2,
        "games": game_choices(),
    })
