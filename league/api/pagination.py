"""Pages of the API's lists: ``limit`` and ``offset`` as DRF has them, but a value that is
not a whole number in range is a 400 naming the parameter, not silently the default (a
client that asked for ``limit=abc`` would otherwise read a page it did not ask for)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

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
