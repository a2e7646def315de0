"""Template filters that show cards the way players read them: ``♣Q``, red suits in red."""

from __future__ import annotations

import functools
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.engines.cards import SUIT_GERMAN, parse_card
from games.engines.errors import InvalidLogError

register = template.Library()


@register.filter
def card(text: Any) -> SafeString | str:
    """``"QC"`` -> ``<span class="card black" title="Kreuz Dame">♣Q</span>``."""
    return _card(str(text))


# A page shows the same few dozen cards hundreds of times (a Doppelkopf list's tricks and
# replays): each card's markup is made once.
@functools.lru_cache(maxsize=256)
def _card(text: str) -> SafeString | str:
    try:
        value = parse_card(text)
    except InvalidLogError:
        return text
    colour = "red" if value.is_red else "black"
    return format_html('<span class="card {}" title="{}">{}</span>', colour, value.german(),
                       value.symbol())


@register.filter
def cards(texts: Any) -> SafeString:
    """A list of cards, or a space-separated string of them."""
    items = texts.split() if isinstance(texts, str) else list(texts or [])
    return format_html_join(" ", "{}", ((card(item),) for item in items))


@register.filter
def suit_name(letter: str) -> str:
    return SUIT_GERMAN.get(letter, letter)


@register.filter
def at(sequence: Any, index: Any) -> Any:
    """``values|at:seat``: an item of a list by index (templates cannot subscript)."""
    try:
        return sequence[int(index)]
    except (IndexError, KeyError, TypeError, ValueError):
        return None


@register.filter
def meld(cards_of_meld: Any) -> SafeString:
    return format_html('<span class="meld">{}</span>', cards(cards_of_meld))


@register.filter
def card_face(text: Any) -> SafeString | str:
    """``"QC"`` -> ``<span class="card black">♣Q</span>``: the card without its name, for
    long lists (a replay's moves), where the name on every card would only weigh."""
    try:
        value = parse_card(str(text))
    except InvalidLogError:
        return str(text)
    return format_html('<span class="card {}">{}</span>', "red" if value.is_red else "black",
                       value.symbol())
