"""The texts of engine errors: one English template per error code, and how to render one.

Every :class:`~games.engines.errors.EngineError` carries a stable ``code`` (snake_case) and
``params`` (JSON values). Its English ``reason`` is the code's template filled with the
params, so the text and the codes can never drift apart. The templates are marked with
:func:`_`, a no-op here: ``xgettext`` (and so ``manage.py makemessages``) extracts them, and
the service renders them in the reader's language (``games/errors.py``). A template names
its values as ``%(name)s``; a translation may put them in another order.

How a param is shown depends on its name and value, in every language alike:

- a name ending in ``card`` holds one card (``"7H"``, Nerts ``"QC@Anna"``) or a list of
  cards shown comma-separated, one ending in ``rank`` a rank (``"Q"``); ``cards`` a list of
  cards shown space-separated as in the log; ``meld`` a list of cards shown as a meld
  (``3S-4S-5S``), ``melds`` a list of melds;
- a value ``{"code": ..., "params": {...}}`` is a nested message (a sub-reason such as "the
  top of the stock is 5H"), rendered in the same language;
- any other list is joined with ``", "``; everything else is shown with ``str``.

>>> render("knock_over_limit", {"player": "Bob", "deadwood": 14, "limit": 7, "upcard": "7H"})
'Bob cannot knock with 14 deadwood; the limit is 7 (first upcard 7H)'
>>> render("knock_over_limit", {"player": "Bob", "deadwood": 14, "limit": 7, "upcard": "7H"},
...        card=lambda text: text.lower())
'Bob cannot knock with 14 deadwood; the limit is 7 (first upcard 7h)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .common import COMMON
from .doppelkopf import DOPPELKOPF
from .gin import GIN
from .katarenga_rennen import KATARENGA_RENNEN
from .nerts import NERTS
from .rennen import RENNEN


def _merge(*catalogues: Mapping[str, str]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for catalogue in catalogues:
        for code, template in catalogue.items():
            if code in merged:  # pragma: no cover - caught by the test suite at once
                raise ValueError(f"error code {code!r} is defined twice")
            merged[code] = template
    return merged


#: code -> English template, for every error any engine raises.
TEMPLATES: dict[str, str] = _merge(COMMON, GIN, DOPPELKOPF, NERTS, RENNEN, KATARENGA_RENNEN)


def is_code(text: str) -> bool:
    """Is ``text`` a registered error code?"""
    return text in TEMPLATES


def _same(text: str) -> str:
    return text


def render(code: str, params: Mapping[str, Any] | None = None, *,
           translate: Callable[[str], str] = _same,
           card: Callable[[str], str] = _same) -> str:
    """The text of ``code`` with its ``params``; ``translate`` turns a template into the
    reader's language, ``card`` shows a card's notation in it (both default to English)."""
    values = {name: shown_param(name, value, translate=translate, card=card)
              for name, value in (params or {}).items()}
    for template in (translate(TEMPLATES[code]), TEMPLATES[code]):
        try:
            return template % values
        except (KeyError, ValueError, TypeError):
            # A stored error whose params no longer fit its template, or a translation
            # that names a value wrongly: fall back to English, then to the bare template.
            continue
    return TEMPLATES[code]


def shown_param(name: str, value: Any, *, translate: Callable[[str], str] = _same,
                card: Callable[[str], str] = _same) -> str:
    """One param as it appears in a text (see the module docstring)."""
    if _is_message(value):
        return render(value["code"], value.get("params"), translate=translate, card=card)
    if name.endswith("meld") and isinstance(value, list):
        return "-".join(card(str(item)) for item in value)
    if name.endswith("melds") and isinstance(value, list):
        return " ".join(shown_param("meld", item, translate=translate, card=card)
                        for item in value)
    if name.endswith("cards") and isinstance(value, list):
        return " ".join(card(str(item)) for item in value)
    if (name.endswith("card") or name.endswith("rank")) and isinstance(value, str):
        return card(value)
    if name.endswith("card") and isinstance(value, list):
        return ", ".join(card(str(item)) for item in value)
    if isinstance(value, list):
        return ", ".join(shown_param(name[:-1] if name.endswith("s") else name, item,
                                     translate=translate, card=card) for item in value)
    return str(value)


def joined(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Several messages as one, separated by semicolons (``a; b; c``).

    >>> parts = [message("gin_lot_first"), message("gin_card_is_upcard", card="7H")]
    >>> render(**joined(parts))
    'the first dealer is drawn by lot; 7H is the first upcard'
    """
    result = items[-1]
    for item in reversed(items[:-1]):
        result = message("semicolon_list", first=item, rest=result)
    return result


def _is_message(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("code"), str) \
        and value["code"] in TEMPLATES


def message(code: str, **params: Any) -> dict[str, Any]:
    """A nested message, for a param that is itself a sentence in the reader's language.

    >>> render("not_json_object", {})
    'a match log is a JSON object'
    >>> message("gin_dealt_twice", card="QC")
    {'code': 'gin_dealt_twice', 'params': {'card': 'QC'}}
    """
    if code not in TEMPLATES:
        raise KeyError(f"unknown message code {code!r}")
    return {"code": code, "params": params}
