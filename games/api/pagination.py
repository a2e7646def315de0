"""Pages of the API's lists: ``limit`` and ``offset`` as DRF has them, but a value that is
not a whole number in range is a 400 naming the parameter, not silently the default (a
client that asked for ``limit=abc`` would otherwise read a page it did not ask for)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

from games.selectors import COUNTED_AT_MOST, keys_listed, rows_of_keys

MAX_LIMIT = 1000
# The database's integer range: an offset beyond it is no page of anything.
MAX_OFFSET = 2_147_483_647


def _whole_number(request: Request, name: str, *, low: int, high: int) -> int | None:
    text = request.query_params.get(name)
    if text is None or text == "":
        return None
    stripped = text.strip()
    value = int(stripped) if stripped.isascii() and stripped.isdigit() and len(
        stripped) <= 12 else None
    if value is None or not low <= value <= high:
        raise ValidationError({name: [gettext("Give a whole number from %(low)s to "
                                              "%(high)s, not %(value)r.")
                                      % {"low": low, "high": high, "value": text[:40]}]})
    return value


class StrictLimitOffsetPagination(LimitOffsetPagination):
    max_limit = MAX_LIMIT

    def get_limit(self, request: Request) -> int | None:
        value = _whole_number(request, self.limit_query_param, low=1, high=MAX_LIMIT)
        return self.default_limit if value is None else value

    def get_offset(self, request: Request) -> int:
        value = _whole_number(request, self.offset_query_param, low=0, high=MAX_OFFSET)
        return 0 if value is None else value

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        bounds = {self.limit_query_param: (1, MAX_LIMIT),
                  self.offset_query_param: (0, MAX_OFFSET)}
        for parameter in parameters:
            low, high = bounds[parameter["name"]]
            parameter["schema"] = {**parameter["schema"], "minimum": low, "maximum": high}
        return parameters


class CountedAtMostPagination(StrictLimitOffsetPagination):
    """For a list that grows with the history (the matches): ``count`` is exact up to
    :attr:`counted_at_most` and says that many for a longer list, so that counting costs the
    same however long the list is (the same as the pages, ``games.web.lists``). ``next``
    leads on while a page is full, so a client still reads the whole list page by page."""

    counted_at_most = COUNTED_AT_MOST
    capped = False
    page_full = False

    def paginate_queryset(self, queryset: Any, request: Request,
                          view: Any = None) -> list[Any] | None:
        # LimitOffsetPagination's, counting and picking the page from the keys listed once
        # (games.selectors.keys_listed), as the pages do.
        self.request = request
        self.limit = self.get_limit(request)
        if self.limit is None:
            return None
        keys = keys_listed(queryset, at_most=self.counted_at_most + 1)
        self.capped = len(keys) > self.counted_at_most
        self.count = min(len(keys), self.counted_at_most)
        self.offset = self.get_offset(request)
        if self.count > self.limit and self.template is not None:
            self.display_page_controls = True
        end = self.offset + self.limit
        if self.capped and end > len(keys):
            rows = list(queryset[self.offset:end])  # beyond the keys: read on
            self.page_full = len(rows) == self.limit
        else:
            rows = rows_of_keys(queryset, keys[self.offset:end])
            # Full by its keys: a row that left the list between the two reads (a match
            # scored while a client reads the scheduled ones) must not end the reading.
            self.page_full = len(keys[self.offset:end]) == self.limit
        return rows

    def get_next_link(self) -> str | None:
        if not (self.capped and self.page_full):
            return super().get_next_link()
        counted = self.count
        self.count = self.offset + self.limit + 1  # a full page of an uncounted end: read on
        try:
            return super().get_next_link()
        finally:
            self.count = counted

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        response = super().get_paginated_response_schema(schema)
        response["properties"]["count"]["description"] = (
            f"How many there are, counted up to {self.counted_at_most:,}: a longer list says "
            f"{self.counted_at_most:,}, and 'next' leads on while a page is full.")
        return response
