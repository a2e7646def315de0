"""Errors an engine raises about its input.

Every error says *where* (deal, move, field) and *why*. The why is a stable ``code``
(snake_case, e.g. ``knock_over_limit``) and its ``params`` (JSON values: cards, players,
numbers); the English ``reason`` is rendered from the code's one template
(:mod:`games.engines.messages`), and the service renders the same code in the reader's
language. Deals and moves are numbered from 1, as a club counts them at the table;
``field`` is the JSON path inside the submitted document (``deals[2].moves[16]``), numbered
from 0 like the JSON arrays themselves.

>>> err = IllegalMoveError("knock_over_limit",
...                        {"player": "Bob", "deadwood": 14, "limit": 7, "upcard": "7H"},
...                        deal=3, move=17, field="deals[2].moves[16]", notation="knock 9C")
>>> str(err)
'deal 3, move 17: Bob cannot knock with 14 deadwood; the limit is 7 (first upcard 7H)'
>>> err.to_json()["code"], err.to_json()["move"]
('knock_over_limit', 17)

Text that is not a code is kept as an English reason without a code, for callers that have
none yet and for errors stored before codes existed:

>>> InvalidLogError("the table plays 3 hands", field="deals").to_json()["code"] is None
True
"""

from __future__ import annotations

import math
import re
import reprlib
from collections.abc import Mapping
from typing import Any

from .messages import is_code, render

_CODE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
_DECLARATION = re.compile(r"\.declarations\[(\d+)\]")


class EngineError(ValueError):
    """Base of every error about a submitted log, score sheet or rule set.

    ``kind`` names the family for machines (API clients, the review page); ``code`` the
    exact reason; the message is for people.
    """

    kind = "invalid_log"

    def __init__(
        self,
        code: str,
        params: Mapping[str, Any] | None = None,
        *,
        deal: int | None = None,
        move: int | None = None,
        field: str | None = None,
        notation: str | None = None,
    ) -> None:
        if is_code(code):
            self.code: str | None = code
            self._reason: str | None = None
        elif _CODE.fullmatch(code):
            # A code-shaped word that no catalogue knows is a typo in an engine.
            raise KeyError(f"unknown error code {code!r}")
        else:
            self.code, self._reason = None, code
        self.params: dict[str, Any] = dict(params or {})
        self.deal = deal
        self.move = move
        self.field = field
        self.notation = notation
        super().__init__(self.message)

    @property
    def reason(self) -> str:
        """Why, in English (the code's template with the params)."""
        if self.code is None:
            return self._reason or ""
        return render(self.code, self.params)

    @property
    def declaration(self) -> int | None:
        """The Vorbehalt declaration (from 1) a Doppelkopf error is about, read off the
        field."""
        found = _DECLARATION.search(self.field or "")
        return int(found.group(1)) + 1 if found and self.move is None else None

    @property
    def where(self) -> str:
        """The location as a club reads it: ``deal 3, move 17`` or ``field rules.rounds``."""
        parts = []
        if self.deal is not None:
            parts.append(f"deal {self.deal}")
        if self.move is not None:
            parts.append(f"move {self.move}")
        if not parts and self.field:
            parts.append(self.field)
        where = ", ".join(parts)
        declaration = self.declaration
        if declaration is not None and self.deal is not None:
            where += f": declaration {declaration}"
        return where

    @property
    def message(self) -> str:
        return f"{self.where}: {self.reason}" if self.where else self.reason

    def __str__(self) -> str:
        return self.message

    def located(self, *, deal: int | None = None, move: int | None = None,
                field: str | None = None, notation: str | None = None) -> EngineError:
        """Fill in the location where the raiser did not know it (returns ``self``)."""
        if self.deal is None:
            self.deal = deal
        if self.move is None:
            self.move = move
        if self.field is None:
            self.field = field
        if self.notation is None:
            self.notation = notation
        self.args = (self.message,)
        return self

    def within(self, prefix: str) -> EngineError:
        """Put the field below ``prefix`` (a parser that knew only the relative path)."""
        self.field = f"{prefix}.{self.field}" if self.field else prefix
        self.args = (self.message,)
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "code": self.code,
            "params": dict(self.params),
            "message": self.message,
            "reason": self.reason,
            "deal": self.deal,
            "move": self.move,
            "field": self.field,
            "notation": self.notation,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EngineError:
        """Rebuild a stored error (the review page reads errors back from the database).

        An error stored before codes existed (no ``code``) keeps its English reason; so
        does one whose code this version no longer knows.
        """
        for klass in (InvalidLogError, IllegalMoveError, InvalidFactsError, InvalidRulesError):
            if klass.kind == data.get("kind"):
                cls = klass
                break
        code = data.get("code")
        location = {"deal": data.get("deal"), "move": data.get("move"),
                    "field": data.get("field"), "notation": data.get("notation")}
        if isinstance(code, str) and is_code(code):
            params = data.get("params")
            return cls(code, params if isinstance(params, Mapping) else {}, **location)
        error = cls.__new__(cls)
        error.code, error._reason, error.params = None, str(data.get("reason", "")), {}
        error.deal, error.move = location["deal"], location["move"]
        error.field, error.notation = location["field"], location["notation"]
        ValueError.__init__(error, error.message)
        return error


class InvalidLogError(EngineError):
    """The document itself is malformed: a missing field, a wrong type, an unknown card."""

    kind = "invalid_log"


class IllegalMoveError(EngineError):
    """A well-formed move that the rules do not allow at that point of the game."""

    kind = "illegal_move"


class InvalidFactsError(EngineError):
    """Score-sheet facts of a hand that cannot be true together (e.g. gin with deadwood)."""

    kind = "invalid_facts"


class InvalidRulesError(EngineError):
    """An unknown preset, an unknown rule option or a value the option does not take."""

    kind = "invalid_rules"


class _Shown(reprlib.Repr):
    """``repr`` with bounds: no nesting beyond three levels, no endless text or number."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = 80
        self.maxother = 40
        self.maxlist = self.maxdict = self.maxtuple = self.maxset = 6

    def repr_int(self, x: int, level: int) -> str:
        return shown_number(x)

    def repr_str(self, x: str, level: int) -> str:
        if len(x) > self.maxstring:
            return repr(x[:self.maxstring - 3] + "...")
        return repr(x)


_SHOWN = _Shown()


def shown(value: Any) -> str:
    """A value of the submitted document as an error quotes it: Python's ``repr``, but never
    longer than a line, never deeper than three levels, and safe for any number (``repr``
    of an integer of thousands of digits raises ``ValueError``; of a list nested thousands
    deep, ``RecursionError``).

    >>> shown("two"), shown(None), shown([1, [2, [3, [4]]]])
    ("'two'", 'None', '[1, [2, [3, [...]]]]')
    >>> shown(7 * 10 ** 5000)
    '70000000000000000000...(5001 digits)'
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    return _SHOWN.repr(value)


def shown_number(value: int | float) -> str:
    """A number as a message shows it; a long one cut to its first 20 digits.

    >>> shown_number(12), shown_number(-10 ** 30), shown_number(float("nan"))
    ('12', '-10000000000000000000...(31 digits)', 'nan')
    """
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, bool):
        return repr(value)
    size = abs(value)
    if size < 10 ** 20:
        return str(value)
    digits = math.floor(size.bit_length() * math.log10(2)) + 1
    if size >= 10 ** digits:  # the estimate can be one short
        digits += 1
    elif size < 10 ** (digits - 1):
        digits -= 1
    head = size // 10 ** (digits - 20)
    return f"{'-' if value < 0 else ''}{head}...({digits} digits)"
