"""The leaderboards: every game's ratings, best first.

A page of a board (searched or not) is drawn once per version of the board and kept with
the figures (:func:`league.selectors.figures.figures_cached`): every rewrite of the game's
ratings raises the version (``league.services.ratings``). A request reads the version and
the drawn table, so the page costs the same however many players are rated and however
many of them a search finds; only the first request after a rating draws it.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.engines.registry import game_choices
from games.web.lists import PER_PAGE, search_text
from league import selectors
from league.models import Rating
from league.selectors.figures import board_owner, figures_cached
from league.web.players import rating_number

#: A page number is a few digits; longer texts are cut before they become part of a key.
PAGE_TEXT_LENGTH = 12


def leaderboard_index(request: HttpRequest) -> HttpResponse:
    rated = selectors.rated_counts()
    games = [{"slug": slug, "name": name, "rated": rated.get(slug, 0)}
             for slug, name in game_choices()]
    return render(request, "league/leaderboard_index.html", {"games": games})


def _board_page(*, game: str, query: str, page_text: str, is_glicko: bool) -> dict[str, Any]:
    """The page ``page_text`` of the board of ``game`` (its players whose name contains
    ``query``), drawn: its ``table`` (HTML), its ``number`` (read as
    :meth:`django.core.paginator.Paginator.get_page` reads it: not a number, the first page;
    beyond the end, the last) and the ``count`` of rows found. Plain values: what is kept
    in the cache outlives a deployment that renames a class."""
    page = Paginator(selectors.leaderboard(game=game, text=query), PER_PAGE).get_page(page_text)
    rows = [{"rating": rating, "number": rating_number(rating),
             "deviation": rating_number(rating.deviation, rating.system)}
            for rating in selectors.leaderboard_places(game=game, ratings=page.object_list)]
    table = render_to_string("league/_leaderboard_table.html", {
        "rows": rows, "query": query, "is_glicko": is_glicko})
    return {"table": table, "number": page.number, "count": page.paginator.count}


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    if game not in dict(game_choices()):
        raise Http404
    query = search_text(request)
    page_text = request.GET.get("page", "")[:PAGE_TEXT_LENGTH]
    system = selectors.rating_system(game).key
    is_glicko = system == Rating.System.GLICKO2
    # The search is hashed into the key: a key holds no text a reader typed.
    board = figures_cached(
        owners=[board_owner(game)], name="board.html",
        parts=(hashlib.sha256(query.encode()).hexdigest()[:32], page_text.encode().hex()),
        compute=lambda: _board_page(game=game, query=query, page_text=page_text,
                                   is_glicko=is_glicko))
    # The page links need only the count: a paginator over a range asks no query.
    page = Paginator(range(board["count"]), PER_PAGE).get_page(board["number"])
    return render(request, "league/leaderboard.html", {
        "game": get_engine(game), "slug": game,
        "board_html": mark_safe(board["table"]),  # drawn by our template, which escapes
        "page_obj": page, "query": query, "search_label": _("Find a player on the board"),
        "system": Rating.System(system).label, "is_glicko": is_glicko,
        "games": game_choices(),
    })
