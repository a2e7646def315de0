"""Lists on pages: the same server-side search and pagination on every list (players,
tournaments, leagues, matches, leaderboards). A page shows :data:`PER_PAGE` rows; the
database does the searching and counting (the orderings have their indexes, see
``docs/performance.md``), so a list costs the same however long it gets.

The templates ``_search.html`` and ``_pagination.html`` draw the form and the page links;
both keep the list's other parameters (a search keeps its game, a page keeps its search).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.paginator import Page, Paginator
from django.http import HttpRequest
from django.utils.functional import cached_property

from games.selectors import keys_listed, rows_of_keys

PER_PAGE = 50
#: Longer search texts are cut: nobody's name is longer, and a search stays cheap.
SEARCH_LENGTH = 80


def search_text(request: HttpRequest) -> str:
    """What the list is searched for (``?q=``), trimmed; empty: everything."""
    return " ".join(request.GET.get("q", "").split())[:SEARCH_LENGTH]


class CountedAtMostPaginator(Paginator):
    """A paginator that counts at most ``counted_at_most`` rows (``capped`` when there are
    more), so that counting costs the same however long the list is.

    It lists the keys of those rows once, counts them and fetches a page by its keys
    (:func:`games.selectors.keys_listed`); every page a capped list has lies within them."""

    def __init__(self, rows: Any, per_page: int, *, counted_at_most: int) -> None:
        super().__init__(rows, per_page)
        self.counted_at_most = counted_at_most

    @cached_property
    def _keys(self) -> list[Any]:
        return keys_listed(self.object_list, at_most=self.counted_at_most + 1)

    @cached_property
    def count(self) -> int:
        return min(len(self._keys), self.counted_at_most)

    @property
    def capped(self) -> bool:
        return len(self._keys) > self.counted_at_most

    def page(self, number: Any) -> Page:
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        keys = self._keys[bottom:min(bottom + self.per_page, self.count)]
        return self._get_page(rows_of_keys(self.object_list, keys), number, self)


class CountedApartPaginator(Paginator):
    """A paginator whose rows are counted by ``count``, a cheaper query that gives the same
    number (the join that lists the rows is not needed to count them)."""

    def __init__(self, rows: Any, per_page: int, *, count: Callable[[], int]) -> None:
        super().__init__(rows, per_page)
        self._count = count

    @cached_property
    def count(self) -> int:
        return self._count()


def list_page(request: HttpRequest, rows: Any, *, per_page: int = PER_PAGE,
              counted_at_most: int | None = None,
              counted_by: Callable[[], int] | None = None) -> Page:
    """The page of ``rows`` that ``?page=`` asks for; a page number that is not a number
    gives the first page, one beyond the end the last (never an error). A list that grows
    with the history counts ``counted_at_most`` rows at most (see
    :class:`CountedAtMostPaginator`); ``counted_by`` counts the rows instead of ``rows``
    (see :class:`CountedApartPaginator`)."""
    paginator: Paginator
    if counted_at_most is not None:
        paginator = CountedAtMostPaginator(rows, per_page, counted_at_most=counted_at_most)
    elif counted_by is not None:
        paginator = CountedApartPaginator(rows, per_page, count=counted_by)
    else:
        paginator = Paginator(rows, per_page)
    return paginator.get_page(request.GET.get("page"))
