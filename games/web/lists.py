"""Lists on pages: the same server-side search and pagination on every list (players,
tournaments, leagues, matches, leaderboards). A page shows :data:`PER_PAGE` rows; the
database does the searching and counting (the orderings have their indexes, see
``docs/performance.md``), so a list costs the same however long it gets.

The templates ``_search.html`` and ``_pagination.html`` draw the form and the page links;
both keep the list's other parameters (a search keeps its game, a page keeps its search).
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.http import HttpRequest

PER_PAGE = 50
#: Longer search texts are cut: nobody's name is longer, and a search stays cheap.
SEARCH_LENGTH = 80


def search_text(request: HttpRequest) -> str:
    """What the list is searched for (``?q=``), trimmed; empty: everything."""
    return " ".join(request.GET.get("q", "").split())[:SEARCH_LENGTH]


def list_page(request: HttpRequest, rows: Any, *, per_page: int = PER_PAGE) -> Page:
    """The page of ``rows`` that ``?page=`` asks for; a page number that is not a number
    gives the first page, one beyond the end the last (never an error)."""
    return Paginator(rows, per_page).get_page(request.GET.get("page"))
