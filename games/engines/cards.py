"""Playing cards shared by the card games: values, notation, decks.

Notation is rank then suit, ASCII: ``QC``, ``10H``, ``AS``, ``9D``. Suits: C = Kreuz (clubs),
S = Pik (spades), H = Herz (hearts), D = Karo (diamonds). Ranks: A, 2..10, J, Q, K.

A :class:`Card` is a small immutable value; ``rank`` is 1 (ace) to 13 (king) so that games
that play the ace low can compare ranks directly. Which card beats which is each game's own
business and lives in its engine.

>>> card = parse_card("10H")
>>> card.rank, card.suit, str(card)
(10, 'H', '10H')
>>> parse_card("qs") == Card(12, "S")
True
>>> [str(c) for c in parse_cards("AS 2S 3S")]
['AS', '2S', '3S']
>>> len(standard_deck()), len(doppelkopf_deck()), len(doppelkopf_deck(with_nines=True))
(52, 40, 48)
>>> card.symbol(), card.german()
('♥10', 'Herz Zehn')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .errors import InvalidLogError, shown

SUITS = ("C", "S", "H", "D")
RED_SUITS = frozenset({"H", "D"})

RANK_TEXT = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             11: "J", 12: "Q", 13: "K"}
TEXT_RANK = {text: rank for rank, text in RANK_TEXT.items()}

SUIT_SYMBOL = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
SUIT_GERMAN = {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo"}
SUIT_ENGLISH = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
RANK_GERMAN = {1: "As", 2: "Zwei", 3: "Drei", 4: "Vier", 5: "Fünf", 6: "Sechs", 7: "Sieben",
               8: "Acht", 9: "Neun", 10: "Zehn", 11: "Bube", 12: "Dame", 13: "König"}

ACE, JACK, QUEEN, KING = 1, 11, 12, 13


class Card(NamedTuple):
    """One card: ``rank`` 1 (ace) .. 13 (king), ``suit`` one of ``C S H D``."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANK_TEXT[self.rank] + self.suit

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def symbol(self) -> str:
        """Pages show ``♣Q``: the suit symbol, then the rank."""
        return SUIT_SYMBOL[self.suit] + RANK_TEXT[self.rank]

    def german(self) -> str:
        return f"{SUIT_GERMAN[self.suit]} {RANK_GERMAN[self.rank]}"


def parse_card(text: object) -> Card:
    """Read ``QC``/``10H``/``as`` (case does not matter); raise :class:`InvalidLogError`.

    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: '1H' is not a card (write rank then suit: AS, 10H, QC)
    """
    if isinstance(text, str):
        cleaned = text.strip().upper()
        rank = TEXT_RANK.get(cleaned[:-1])
        suit = cleaned[-1:]
        if rank is not None and suit in SUITS:
            return Card(rank, suit)
    raise InvalidLogError("not_a_card", {"value": shown(text)})


def parse_cards(cards: str | Iterable[str]) -> list[Card]:
    """Read cards from a space-separated string or a list of card strings."""
    items = cards.split() if isinstance(cards, str) else list(cards)
    return [parse_card(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def standard_deck() -> list[Card]:
    """The 52-card deck in its canonical order: suits C S H D, ranks A..K within each."""
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]


def doppelkopf_deck(*, with_nines: bool = False) -> list[Card]:
    """Two of each of A K Q J 10 (and 9) per suit: 40 cards, or 48 with the nines.

    The two copies of a card are equal values; a game that must tell them apart (the second
    Herz 10 beats the first) does so by the order they were played in, not by identity.
    """
    ranks = (9, 10, JACK, QUEEN, KING, ACE) if with_nines else (10, JACK, QUEEN, KING, ACE)
    return [Card(rank, suit) for suit in SUITS for rank in ranks for _copy in range(2)]
