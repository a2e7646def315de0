"""The API's lists of matches read as rows, not as model objects.

A page of the API's matches is a hundred matches, each with its round, tournament, current
log, submitter, two or more seats and their players: about nine model objects a match, and
building them (Django's ``Model.__init__`` and the related objects' descriptors) was half of
the page's time, more than the database's. The lists need none of what a model object
brings (no method but the match's address, no save), so they read the same columns as
tuples (:func:`match_api_rows`), and ``MatchSerializer`` writes a :class:`MatchRow` as it
writes a match (``games.api.serializers.match_row_json``; tests hold the two equal).

It stays a queryset, so that filters, ordering, slicing and the pagination's ``filter(pk__in
=...)`` work on it as on any other: only what its iteration yields differs (Django's own
``values()`` works the same way, with an iterable class of its own).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.db.models.query import BaseIterable

from games.models import Match, Seat

#: The columns a row holds, by the names it is read with (a field, or a path through the
#: round, its tournament and the current log).
COLUMNS = (
    "pk", "game", "rules", "status", "result", "forfeit_reason", "season_id", "division_id",
    "match_day", "scheduled_on", "round_id", "round__number", "round__tournament__slug",
    "position", "group", "table", "bracket", "deal_set", "next_match_id", "next_slot",
    "loser_next_match_id", "loser_next_slot", "played_on", "current_log_id",
    "current_log__match_id", "current_log__version", "current_log__status",
    "current_log__sha256", "current_log__source", "current_log__submitted_by__username",
    "current_log__submitted_at", "current_log__processed_at", "current_log__supersedes_id",
    "current_log__error", "current_log__outcome",
)


@dataclass(frozen=True, slots=True)
class SeatRow:
    index: int
    player_id: int | None
    player_name: str | None
    score: int | None
    rank: int | None


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A match as the API's lists read it: ``columns`` by :data:`COLUMNS`, and its seats in
    their order."""

    columns: dict[str, Any]
    seats: list[SeatRow]

    @property
    def pk(self) -> int:
        # The pagination picks a page's rows by their keys (games.selectors.rows_of_keys).
        return int(self.columns["pk"])


class _MatchRowIterable(BaseIterable):  # type: ignore[type-arg]
    """Yields the queryset's matches as :class:`MatchRow`: the columns in one query, the
    seats with their players' names in a second, however many matches."""

    def __iter__(self) -> Iterator[MatchRow]:
        # values_list() clones the queryset with Django's own tuple iterable: the same
        # filters, order and slice, no recursion into this one.
        found = list(self.queryset.values_list(*COLUMNS))
        seats: dict[int, list[SeatRow]] = defaultdict(list)
        for match_id, index, player_id, name, score, rank in (
                Seat.objects.filter(match_id__in=[row[0] for row in found])
                .order_by("match_id", "index")
                .values_list("match_id", "index", "player_id", "player__name", "score",
                             "rank")):
            seats[match_id].append(SeatRow(index, player_id, name, score, rank))
        for row in found:
            yield MatchRow(dict(zip(COLUMNS, row, strict=True)), seats[row[0]])


def match_api_rows(matches: QuerySet[Match]) -> QuerySet[Match]:
    """``matches`` as the API's lists read them: iterating yields :class:`MatchRow`, in two
    queries however many there are."""
    rows = matches.prefetch_related(None).select_related(None)
    rows._iterable_class = _MatchRowIterable
    return rows
