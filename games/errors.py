"""Engine errors in the reader's language.

An engine error is stored as the dict of :meth:`EngineError.to_json` (``MatchLog.error``,
the API's ``extra``): a ``code`` and its ``params``, and where it is (``deal``, ``move``,
``field``). This module renders it in the active language, so that a stored error reads
in the language of whoever reads it; the English template of every code lives in
``games.engines.messages`` and its German text in the catalogue.

- :func:`error_text`: the reason with its location as the raw-log view shows it: ``Spiel 3,
  Zug 17: ...``, or the JSON path of a field where there is no deal (``rules.rounds: ...``);
- :func:`error_page_text`: the same for pages and people: the location in words (``Spiel 1,
  Geber: ...``), never a JSON path;
- :func:`error_reason` and :func:`error_location`: the two parts on their own.

An error stored before codes existed (no ``code``) reads its stored English reason.

>>> from django.utils import translation
>>> stored = {"kind": "illegal_move", "code": "knock_over_limit", "params": {"player": "Bob",
...           "deadwood": 14, "limit": 7, "upcard": "7H"}, "deal": 3, "move": 17,
...           "field": "deals[2].moves[16]"}
>>> with translation.override("de"):
...     print(error_text(stored))  # doctest: +NORMALIZE_WHITESPACE
Spiel 3, Zug 17: Bob kann mit 14 Augen Totholz nicht klopfen; die Grenze ist 7 (erste offene
Karte 7♥)
>>> with translation.override("en"):
...     print(error_text(stored))
deal 3, move 17: Bob cannot knock with 14 deadwood; the limit is 7 (first upcard 7H)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy

from games.engines.messages import is_code, render

__all__ = ["error_location", "error_page_text", "error_reason", "error_text", "shown_card"]

# How a card reads in German: Bube, Dame, König, As and the suit's symbol (7♥, D♣, 10♠).
_GERMAN_RANKS = {"J": "B", "Q": "D", "K": "K", "A": "A"}
_SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
_CARD = re.compile(r"(?P<rank>10|[2-9AJQK])(?P<suit>[CSHD])?(?:@(?P<owner>.+))?|"
                   r"(?P<joker>X[12])(?:@(?P<jowner>.+))?")


def shown_card(text: str, language: str | None = None) -> str:
    """A card's notation (``QC``, ``10H``, Nerts ``QC@Anna``, a bare rank ``Q``) as a reader
    of ``language`` (default: the active one) reads it: German rank letters and the suit's
    symbol; other languages keep the log's notation.

    >>> shown_card("7H", "de"), shown_card("QC", "de"), shown_card("10S@Anna", "de")
    ('7♥', 'D♣', '10♠ (Anna)')
    >>> shown_card("X1@Team Nord", "de"), shown_card("Q", "de"), shown_card("QC", "en")
    ('X1 (Team Nord)', 'D', 'QC')
    """
    language = language or get_language() or ""
    if not language.startswith("de"):
        return text
    found = _CARD.fullmatch(text)
    if found is None:
        return text
    if found["joker"]:
        face, owner = found["joker"], found["jowner"]
    else:
        face = _GERMAN_RANKS.get(found["rank"], found["rank"]) + (
            _SUIT_SYMBOLS[found["suit"]] if found["suit"] else "")
        owner = found["owner"]
    return f"{face} ({owner})" if owner else face


def error_reason(data: Mapping[str, Any]) -> str:
    """Why, in the active language (a stored error without a code: its English reason)."""
    code = data.get("code")
    if isinstance(code, str) and is_code(code):
        params = data.get("params")
        return render(code, params if isinstance(params, Mapping) else {}, translate=gettext,
                      card=shown_card)
    return str(data.get("reason") or data.get("message") or "")


def error_location(data: Mapping[str, Any], *, paths: bool = True) -> str:
    """Where, in the active language: the deal, the move or Vorbehalt declaration, and the
    field. With ``paths`` a field is given as its JSON path when there is no deal (the raw-log
    view); without, the field is named in words and a path never shows.

    >>> from django.utils import translation
    >>> with translation.override("de"):
    ...     error_location({"deal": 1, "field": "deals[0].dealer"}, paths=False)
    'Spiel 1, Geber'
    >>> with translation.override("en"):
    ...     error_location({"field": "rules.rounds"}), error_location({"field": "rules.rounds"},
    ...                                                                paths=False)
    ('rules.rounds', 'rule rounds')
    """
    deal, move, field = data.get("deal"), data.get("move"), data.get("field")
    parts: list[str] = []
    if isinstance(deal, int):
        parts.append(pgettext("error location", "deal %(number)s") % {"number": deal})
    if isinstance(move, int):
        parts.append(pgettext("error location", "move %(number)s") % {"number": move})
    segments = _segments(field) if isinstance(field, str) else []
    declaration = next((index for name, index in segments
                        if name == "declarations" and index is not None), None)
    if declaration is not None and move is None and deal is not None:
        parts.append(pgettext("error location", "declaration %(number)s")
                     % {"number": declaration + 1})
    if paths:
        if not parts and isinstance(field, str) and field:
            parts.append(field)
        return ", ".join(parts)
    parts.extend(_field_words(segments, moves_known=move is not None or
                              declaration is not None))
    return ", ".join(parts)


def error_text(data: Mapping[str, Any]) -> str:
    """The stored error in the active language with its location, as the raw-log view shows
    it (a JSON path where no deal or move names the place)."""
    return _joined(error_location(data, paths=True), error_reason(data))


def error_page_text(data: Mapping[str, Any]) -> str:
    """The stored error in the active language for a page: the location in words (deal,
    move, the field's name), never a JSON path.

    >>> from django.utils import translation
    >>> stored = {"code": "gin_deadwood_range", "params": {"player": "Anna",
    ...           "value": "120"}, "deal": 2, "field": "deals[1].facts.deadwood.Anna"}
    >>> with translation.override("de"):
    ...     error_page_text(stored)  # doctest: +ELLIPSIS
    'Spiel 2, Spielzettel, Totholz (Anna): das Totholz von Anna muss eine ganze Zahl von 0 ...'
    """
    return _joined(error_location(data, paths=False), error_reason(data))


def _joined(location: str, reason: str) -> str:
    return f"{location}: {reason}" if location else reason


# -- fields in words -----------------------------------------------------------------------

_SEGMENT = re.compile(r"([^.\[\]]+)|\[(\d+)\]")

#: The log's field names as a page names them.
FIELD_WORDS: dict[str, Promise] = {
    "format": pgettext_lazy("log field", "format"),
    "game": pgettext_lazy("log field", "game"),
    "players": pgettext_lazy("log field", "players"),
    "rules": pgettext_lazy("log field", "rules"),
    "seed": pgettext_lazy("log field", "seed"),
    "deals": pgettext_lazy("log field", "deals"),
    "teams": pgettext_lazy("log field", "teams"),
    "dealer": pgettext_lazy("log field", "dealer"),
    "hands": pgettext_lazy("log field", "hands"),
    "upcard": pgettext_lazy("log field", "first upcard"),
    "moves": pgettext_lazy("log field", "moves"),
    "declarations": pgettext_lazy("log field", "Vorbehalt declarations"),
    "facts": pgettext_lazy("log field", "score sheet"),
    "notes": pgettext_lazy("log field", "notes"),
    "knocker": pgettext_lazy("log field", "knocker"),
    "gin": pgettext_lazy("log field", "gin"),
    "dead": pgettext_lazy("log field", "dead hand"),
    "deadwood": pgettext_lazy("log field", "deadwood"),
    "special": pgettext_lazy("log field", "special game"),
    "contract": pgettext_lazy("log field", "game type"),
    "solo": pgettext_lazy("log field", "solo"),
    "re": pgettext_lazy("log field", "Re"),
    "kontra": pgettext_lazy("log field", "Kontra"),
    "augen": pgettext_lazy("log field", "Augen"),
    "tricks": pgettext_lazy("log field", "tricks"),
    "announcements": pgettext_lazy("log field", "announcements"),
    "specials": pgettext_lazy("log field", "special points"),
    "decks": pgettext_lazy("log field", "decks"),
    "nerts": pgettext_lazy("log field", "Nerts pile"),
    "work": pgettext_lazy("log field", "work piles"),
    "stock": pgettext_lazy("log field", "stock"),
    "caller": pgettext_lazy("log field", "Nerts caller"),
    "foundation": pgettext_lazy("log field", "cards on the foundations"),
    "nerts_left": pgettext_lazy("log field", "cards left in the Nerts pile"),
    "market": pgettext_lazy("log field", "market"),
    "winner": pgettext_lazy("log field", "winner"),
    "win": pgettext_lazy("log field", "kind of win"),
    "karo": pgettext_lazy("log field", "Karo exchanges"),
    "picks": pgettext_lazy("log field", "market picks"),
    "attaches": pgettext_lazy("log field", "attaches"),
    "board": pgettext_lazy("log field", "board"),
    "white": pgettext_lazy("log field", "White"),
    "end": pgettext_lazy("log field", "end of the game"),
    "race": pgettext_lazy("log field", "race"),
    "name": pgettext_lazy("log field", "name"),
}

#: An item of a list, numbered from 1.
ITEM_WORDS: dict[str, Promise] = {
    "players": pgettext_lazy("log field", "player %(number)s"),
    "teams": pgettext_lazy("log field", "team %(number)s"),
    "specials": pgettext_lazy("log field", "special point %(number)s"),
    "picks": pgettext_lazy("log field", "market pick %(number)s"),
    "attaches": pgettext_lazy("log field", "attach %(number)s"),
    "market": pgettext_lazy("log field", "market card %(number)s"),
}


def _segments(path: str) -> list[tuple[str | None, int | None]]:
    """``deals[0].hands.Anna`` -> ``[("deals", 0), ("hands", None), ("Anna", None)]``."""
    out: list[tuple[str | None, int | None]] = []
    for name, index in _SEGMENT.findall(path):
        if index:
            previous = out.pop() if out and out[-1][1] is None else (None, None)
            out.append((previous[0], int(index)))
        elif name != "$":
            out.append((name, None))
    return out


def _field_words(segments: list[tuple[str | None, int | None]], *, moves_known: bool
                 ) -> list[str]:
    if segments and segments[0] == ("rules", None) and len(segments) == 2 and segments[1][0]:
        return [pgettext("error location", "rule %(name)s") % {"name": segments[1][0]}]
    words: list[str] = []
    for name, index in segments:
        if name in ("deals", "moves", "declarations") and index is not None:
            continue  # told as "deal 3, move 17" / "declaration 2"
        if name in ("moves", "declarations") and moves_known:
            continue
        if index is not None:
            template = ITEM_WORDS.get(name or "")
            if template is not None:
                words.append(str(template) % {"number": index + 1})
            else:
                words.append(f"{_name_words(name)} {index + 1}" if name else f"{index + 1}")
            continue
        if name in FIELD_WORDS:
            words.append(str(FIELD_WORDS[name]))
        elif words and name:
            # A name the log chose (a player, a deck): it qualifies the field before it.
            words[-1] = f"{words[-1]} ({name})"
        elif name:
            words.append(name)
    return words


def _name_words(name: str) -> str:
    return str(FIELD_WORDS[name]) if name in FIELD_WORDS else name
