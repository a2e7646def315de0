"""Gin cards as small integers, and card sets as bitmasks.

A card is its index in the canonical deck (suits C S H D, ranks A..K within each suit), so
``index = 13 * suit + rank - 1``; a set of cards is an ``int`` with one bit per card. Bitmasks
make "is this card in the hand", "remove the meld" and "cache the hand's best arrangement"
single integer operations, which is what keeps replay and random playouts fast.

>>> card_index("10H"), card_text(35)
(35, '10H')
>>> value(card_index("QS")), value(card_index("AD")), value(card_index("7C"))
(10, 1, 7)
>>> cards_of(mask_of([card_index("KD"), card_index("AC")]))
[0, 51]
>>> format_mask(mask_of([0, 1, 2]))
'AC 2C 3C'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import RANK_TEXT, SUITS, parse_card
from ..errors import InvalidLogError

DECK_SIZE = 52
FULL = (1 << DECK_SIZE) - 1
SUIT_BITS = 0x1FFF  # the 13 cards of one suit

CARD_TEXT: tuple[str, ...] = tuple(RANK_TEXT[rank] + suit for suit in SUITS
                                   for rank in range(1, 14))
TEXT_CARD: dict[str, int] = {text: index for index, text in enumerate(CARD_TEXT)}
VALUE: tuple[int, ...] = tuple(min(rank, 10) for _suit in SUITS for rank in range(1, 14))
RANK: tuple[int, ...] = tuple(rank for _suit in SUITS for rank in range(1, 14))
SUIT: tuple[int, ...] = tuple(suit for suit in range(4) for _rank in range(13))
BIT: tuple[int, ...] = tuple(1 << index for index in range(DECK_SIZE))


def card_index(text: str) -> int:
    """Read a card (``QC``, ``10h``); an unknown card raises :class:`InvalidLogError`.

    >>> card_index("ac"), card_index("KD")
    (0, 51)
    >>> card_index("11S")
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: '11S' is not a card (write rank then suit: AS, 10H, QC)
    """
    if isinstance(text, str):
        found = TEXT_CARD.get(text.strip().upper())
        if found is not None:
            return found
    # The shared parser words the error the same way for every game.
    card = parse_card(text)
    return TEXT_CARD[str(card)]  # pragma: no cover - parse_card raised already


def card_text(card: int) -> str:
    """``QC``, ``10H``: the log's notation of a card index."""
    return CARD_TEXT[card]


def value(card: int) -> int:
    """Deadwood value: ace 1, pip cards their face value, J Q K 10."""
    return VALUE[card]


def is_spade(card: int) -> bool:
    """Spades double a game's points when the first upcard is one.

    >>> is_spade(card_index("7S")), is_spade(card_index("7C"))
    (True, False)
    """
    return SUIT[card] == 1


def knock_limit(upcard: int) -> int:
    """The most deadwood a knocker may keep: the first upcard's value; an ace means gin only.

    >>> knock_limit(card_index("7H")), knock_limit(card_index("KC")), knock_limit(card_index("AS"))
    (7, 10, 0)
    """
    return 0 if RANK[upcard] == 1 else VALUE[upcard]


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def cards_of(mask: int) -> list[int]:
    """The card indexes of a mask, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_value(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(CARD_TEXT[card] for card in cards)


def format_mask(mask: int) -> str:
    return format_cards(cards_of(mask))


def texts_of(mask: int) -> list[str]:
    """The cards of a mask as notation strings, in deck order (for ``detail``)."""
    return [CARD_TEXT[card] for card in cards_of(mask)]


def read_cards(items: object, *, what: str) -> list[int]:
    """A JSON list of card strings; anything else is an :class:`InvalidLogError`."""
    if not isinstance(items, list):
        raise InvalidLogError("gin_cards_not_list", {"what": what})
    return [card_index(item) for item in items]
