"""The leaderboards: every game's ratings, best first.

A page of a board (searched or not) is drawn once per version of the board and kept with
the figures (:func:`league.selectors.figures.figures_cached`): every rewrite of the game's
ratings raises the version (``league.services.ratings``). A request reads the version and
the drawn table, so a page read again costs the same however many players are rated and
however many of them a search finds; the first request for a page or a search after a
rating draws it.
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

#: The kept page's name: a new one whenever the drawn table or the kept values change, so
#: that a deployment never reads what an older one kept.
BOARD_PAGE = "board-page.1"


def leaderboard_index(request: HttpRequest) -> HttpResponse:
    rated = selectors.rated_counts()
    games = [{"slug": slug, "name": name, "rated": rated.get(slug, 0)}
             for slug, name in game_choices()]
    return render(request, "league/leaderboard_index.html", {"games": games})


def _page_asked(request: HttpRequest) -> int:
    """The page ``?page=`` asks for: a whole number; anything else is the first page. (One
    beyond the end is the last, see :meth:`django.core.paginator.Paginator.get_page`.) Read
    before it becomes part of a key, so that ``01`` and ``x`` do not keep pages of their
    own."""
    text = request.GET.get("page", "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else 1


def _board_page(*, game: str, query: str, number: int, is_glicko: bool) -> dict[str, Any]:
    """The page ``number`` of the board of ``game`` (its players whose name contains
    ``query``), drawn: its ``table`` (HTML), its ``number`` (beyond the end: the last) and
    the ``count`` of rows found. Plain values: what is kept in the cache outlives a
    deployment that renames a class."""
    page = Paginator(selectors.leaderboard(game=game, text=query), PER_PAGE).get_page(number)
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
    number = _page_asked(request)
    is_glicko = selectors.rating_system(game).key == Rating.System.GLICKO2
    # The search is hashed into the key: a key holds no text a reader typed.
    board = figures_cached(
        owners=[board_owner(game)], name=BOARD_PAGE,
        parts=(hashlib.sha256(query.encode()).hexdigest()[:32], number),
        compute=lambda: _board_page(game=game, query=query, number=number,
                                    is_glicko=is_glicko))
    # The page links need only the count: a paginator over a range asks no query.
    page = Paginator(range(board["count"]), PER_PAGE).get_page(board["number"])
    return render(request, "league/leaderboard.html", {
        "game": get_engine(game), "slug": game,
        "board_html": mark_safe(board["table"]),  # drawn by our template, which escapes
        "page_obj": page, "query": query, "search_label": _("Find a player on the board"),
        "is_glicko": is_glicko,
        "games": game_choices(),
    })
