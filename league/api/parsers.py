"""The API's JSON parser: every request body is read by :mod:`games.bounded_json`, so that
deep nesting, endless numbers, ``NaN`` and a NUL character are a 400 that says why, never a
crash. The body's size is bounded before it is read (``league.api.limits``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games import bounded_json


class BoundedJSONParser(JSONParser):
    def parse(self, stream: IO[bytes], media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        if stream is None:
            return None
        try:
            return bounded_json.loads(stream.read())
        except bounded_json.JSONRefused as error:
            raise ParseError(str(error)) from None
