"""The Rennen deck: 48 Doppelkopf cards with the nines, the trick order and the rows.

One order serves both the race and the rows: Neun, Bube, Dame, König, Zehn, Ass (the seed
calls it the classic order for tricks and the *Anlegereihenfolge* for the rows). Suits do not
matter in a trick. A row grows from its Dame down (Bube, Neun) and up (König, Zehn, Ass).

>>> from games.engines.cards import parse_card
>>> strength(parse_card("10H")) > strength(parse_card("KS"))
True
>>> [str(card) for card in ROW_CARDS["H"]]
['9H', 'JH', 'QH', 'KH', '10H', 'AH']
>>> len(full_deck()), len(initial_stock())
(48, 42)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..cards import ACE, JACK, KING, QUEEN, Card, doppelkopf_deck, parse_card
from ..errors import InvalidLogError
from ..messages import message

# The trick order and the row order are the same sequence.
ROW_RANKS: tuple[int, ...] = (9, JACK, QUEEN, KING, 10, ACE)
STRENGTH: dict[int, int] = {rank: index for index, rank in enumerate(ROW_RANKS)}
QUEEN_POSITION = STRENGTH[QUEEN]

# Kreuz, Pik and Herz have a Dame laid out per player and so a row; Karo has none.
ROW_SUITS: tuple[str, ...] = ("C", "S", "H")
KARO = "D"

ROW_CARDS: dict[str, tuple[Card, ...]] = {
    suit: tuple(Card(rank, suit) for rank in ROW_RANKS) for suit in ROW_SUITS
}
QUEENS: tuple[Card, ...] = tuple(Card(QUEEN, suit) for suit in ROW_SUITS)

RANK_PLURAL: dict[int, str] = {9: "Nines", JACK: "Jacks", QUEEN: "Queens", KING: "Kings",
                               10: "Tens", ACE: "Aces"}
SUIT_NAME: dict[str, str] = {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo"}

# Canonical order for seeded shuffles: the shared Doppelkopf deck order (suits C S H D,
# ranks 9 10 J Q K A, the two copies side by side).
_CANONICAL: list[Card] = doppelkopf_deck(with_nines=True)
_CANONICAL_INDEX: dict[Card, int] = {}
for _index, _card in enumerate(_CANONICAL):
    _CANONICAL_INDEX.setdefault(_card, _index)


_TEXT: dict[Card, str] = {card: str(card) for card in _CANONICAL}


def card_text(card: Card) -> str:
    """``str(card)``, looked up (the match page's JSON names every card after every race).

    >>> card_text(Card(10, "H"))
    '10H'
    """
    return _TEXT[card]


@lru_cache(maxsize=512)
def read_card(text: str) -> Card:
    """:func:`~games.engines.cards.parse_card`, remembered: a log names few distinct cards.
    A card outside the 48-card deck (a 2, a 7) is refused here, not later by a lookup.

    >>> read_card("qs")
    Card(rank=12, suit='S')
    >>> read_card("7S")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: 7S is not in the Rennen deck (9, 10, J, Q, K and A...
    """
    card = parse_card(text)
    if card not in _TEXT:
        raise InvalidLogError("rennen_not_in_deck", {"card": str(card)})
    return card


def strength(card: Card) -> int:
    """How high a card plays in a trick (0 = Neun .. 5 = Ass); suits do not matter.

    >>> from games.engines.cards import parse_card
    >>> strength(parse_card("9C")), strength(parse_card("AD"))
    (0, 5)
    """
    return STRENGTH[card.rank]


def position(card: Card) -> int:
    """The card's place in its row, 0 (Neun) .. 5 (Ass); the Dame sits at 2.

    >>> from games.engines.cards import parse_card
    >>> position(parse_card("KH"))
    3
    """
    return STRENGTH[card.rank]


def full_deck() -> list[Card]:
    """The 48 cards in canonical order (suits C S H D, ranks 9 10 J Q K A, two of each).

    >>> [str(card) for card in full_deck()[:3]]
    ['9C', '9C', '10C']
    """
    return list(_CANONICAL)


def initial_stock() -> list[Card]:
    """The 42 cards of a new game's stock: the deck without the six laid-out Damen.

    Both Karo-Damen stay in the stock: Karo has no row.

    >>> sum(1 for card in initial_stock() if card.rank == QUEEN)
    2
    """
    stock = list(_CANONICAL)
    for queen in QUEENS:
        stock.remove(queen)
        stock.remove(queen)
    return stock


def canonical_sorted(cards: Iterable[Card]) -> list[Card]:
    """Cards in the canonical deck order: the starting point of every seeded reshuffle.

    >>> from games.engines.cards import parse_cards
    >>> [str(card) for card in canonical_sorted(parse_cards("AD 9C KS 9C"))]
    ['9C', '9C', 'KS', 'AD']
    """
    return sorted(cards, key=_CANONICAL_INDEX.__getitem__)


def cards_param(cards: Iterable[Card]) -> list[str] | dict[str, Any]:
    """Cards as a message's param: the list, or the word "nothing" (a message).

    >>> cards_param([]), cards_param([Card(1, "H")])
    ({'code': 'rennen_nothing', 'params': {}}, ['AH'])
    """
    texts = [str(card) for card in cards]
    return texts or message("rennen_nothing")


def cards_text(cards: Iterable[Card]) -> str:
    """``AC JH AD`` (or ``nothing``): how messages and notes list cards.

    >>> cards_text([])
    'nothing'
    """
    text = " ".join(str(card) for card in cards)
    return text or "nothing"


def bomb_rank(hand: Sequence[Card]) -> int | None:
    """The rank of a bomb (three cards of one rank, suits do not matter), else ``None``.

    >>> from games.engines.cards import parse_cards
    >>> bomb_rank(parse_cards("KC KS KH"))
    13
    >>> bomb_rank(parse_cards("KC KS")) is None
    True
    """
    if len(hand) == 3 and hand[0].rank == hand[1].rank == hand[2].rank:
        return hand[0].rank
    return None
