"""One JSON reader for everything a person sends outside a match log: the API's request
bodies, the forms' JSON fields (rules, qualification), the event import.

Python's own reader recurses once per level (thousands of levels end in a crash), reads
integers of thousands of digits (slow, and no count of anything a club has), and takes
``NaN`` and ``Infinity``, which are no JSON and which no other reader accepts. This one
refuses each of them with a message that says what and where, in the reader's language.
Match logs have their own reader with the same limits (``games.replay.parse_document``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext

#: Levels of nesting; the deepest document the service takes (an event export) needs 6.
MAX_DEPTH = 32
#: Digits of a number: beyond any count, seed or score, and below the database's range.
MAX_DIGITS = 30

_ESCAPED_NUL = re.compile(r"\\u0000")
# A JSON string (whose brackets do not count) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class JSONRefused(ValueError):
    """The text is no JSON this service reads; the message says why, for the sender."""


def loads(text: str | bytes) -> Any:
    """Read ``text`` as JSON within the limits.

    >>> loads('{"rounds": 3}')
    {'rounds': 3}
    >>> loads('[NaN]')
    Traceback (most recent call last):
    ...
    games.bounded_json.JSONRefused: NaN is not a number JSON may hold.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONRefused(gettext("The text is not UTF-8.")) from None
    if "\x00" in text or _ESCAPED_NUL.search(text):
        # PostgreSQL stores no NUL character in text; a NUL is never meant anyway.
        raise JSONRefused(gettext("The text holds a NUL character (\\u0000)."))
    _check_depth(text)
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise JSONRefused(gettext("This is not JSON: %(problem)s (line %(line)s, column "
                                  "%(column)s).") % {"problem": error.msg,
                                                     "line": error.lineno,
                                                     "column": error.colno}) from None


def _check_depth(text: str) -> None:
    depth = 0
    for token in _TOKENS.findall(text):
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise JSONRefused(gettext("The JSON is nested more than %(limit)s levels "
                                          "deep.") % {"limit": MAX_DEPTH})
        elif token in ("]", "}"):
            depth -= 1


def _too_long(text: str) -> JSONRefused:
    return JSONRefused(gettext("A number has more than %(limit)s digits (%(start)s…).")
                       % {"limit": MAX_DIGITS, "start": text[:12]})


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _too_long(text)
    return int(text)


def _float(text: str) -> float:
    mantissa = re.split("[eE]", text.lstrip("-"))[0].replace(".", "")
    if len(mantissa) > MAX_DIGITS:
        raise _too_long(text)
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise JSONRefused(gettext("%(value)s is too large to be a number.")
                          % {"value": text[:12]})
    return value


def _constant(name: str) -> Any:
    raise JSONRefused(gettext("%(name)s is not a number JSON may hold.") % {"name": name})
