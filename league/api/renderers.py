"""The API's JSON writer: DRF's JSON, written by orjson.

A page of the API's matches is a quarter of a megabyte of JSON; Python's encoder took 2.7 ms
to write one, orjson 0.2 ms. The bytes are DRF's, but for floats, which orjson writes in its
own shortest form of the same number (``1e-7`` for DRF's ``1e-07``, ``0.000015`` for
``1.5e-05``; none of the API's numbers is that small or large). The line and paragraph
separators U+2028 and U+2029 are escaped, as DRF escapes them (a page's script may embed the
JSON). What orjson would write otherwise than DRF is left to DRF's own encoder through
``default``: dates and times (DRF writes ``Z`` for UTC, orjson ``+00:00``), lazy
translations, decimals, sets. Anything orjson refuses (a number beyond 64 bits, a key that
is no string) is written by DRF's renderer, as before; so is an indented answer. (A float
that is not a number, which DRF refuses with an error, orjson writes as ``null``: no answer
of ours holds one, and no request can bring one, since ``league.api.parsers`` refuses it.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

_DRF_ENCODER = JSONEncoder()
_LINE_SEPARATOR = "\u2028".encode()
_PARAGRAPH_SEPARATOR = "\u2029".encode()


class FastJSONRenderer(JSONRenderer):
    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: Mapping[str, Any] | None = None) -> bytes:
        if data is None:
            return b""
        if (self.get_indent(accepted_media_type or "", renderer_context or {})
                or self.ensure_ascii or not self.compact):
            return super().render(data, accepted_media_type, renderer_context)
        try:
            written = orjson.dumps(data, default=_DRF_ENCODER.default,
                                   option=orjson.OPT_PASSTHROUGH_DATETIME
                                   | orjson.OPT_PASSTHROUGH_DATACLASS)
        except (TypeError, orjson.JSONEncodeError):
            return super().render(data, accepted_media_type, renderer_context)
        # As DRF's renderer: the two separators JavaScript reads as line ends, escaped.
        return written.replace(_LINE_SEPARATOR, b"\\u2028").replace(
            _PARAGRAPH_SEPARATOR, b"\\u2029")
