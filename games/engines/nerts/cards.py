"""Nerts cards: every card carries the deck it belongs to.

Each player (or team) plays with an own deck with its own back, so two players may both
have a ``QC``; the card id names the owner: ``QC@Anna``. The owner is the deck's name: the
player's name, or the team's name in a partnership game. The two jokers of a deck (rule
``jokers``) are ``X1`` and ``X2``: ``X1@Anna``.

>>> card = parse_ncard("10H@Anna")
>>> card.rank, card.suit, card.owner, str(card)
(10, 'H', 'Anna', '10H@Anna')
>>> parse_ncard("x2@Team Nord")
NCard(rank=0, suit='', owner='Team Nord', joker=2)
>>> [str(c) for c in nerts_deck("Bert", jokers=True)[-3:]]
['KD@Bert', 'X1@Bert', 'X2@Bert']
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import RANK_TEXT, SUIT_ENGLISH, parse_card, standard_deck
from ..errors import InvalidLogError, shown
from ..messages import message

JOKER_TEXT = {1: "X1", 2: "X2"}


class NCard(NamedTuple):
    """A card of one deck: ``rank`` 1..13 and ``suit`` (``0`` and ``""`` for a joker)."""

    rank: int
    suit: str
    owner: str
    joker: int = 0  # 1 or 2 for the deck's two jokers, 0 for every other card

    @property
    def face(self) -> str:
        """The card without its owner: ``QC``, ``X1``."""
        return JOKER_TEXT[self.joker] if self.joker else RANK_TEXT[self.rank] + self.suit

    @property
    def is_joker(self) -> bool:
        return self.joker != 0

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    def __str__(self) -> str:
        return f"{self.face}@{self.owner}"


class Face(NamedTuple):
    """A card's face without an owner (the cards named in ``turn 5H 9C KD``, ``=8H``)."""

    rank: int
    suit: str
    joker: int = 0

    def __str__(self) -> str:
        return JOKER_TEXT[self.joker] if self.joker else RANK_TEXT[self.rank] + self.suit


def parse_face(text: str) -> Face:
    """Read ``QC``, ``10h`` or a joker ``X1``/``X2``.

    >>> parse_face("x1"), str(parse_face("10h"))
    (Face(rank=0, suit='', joker=1), '10H')
    """
    cleaned = text.strip().upper() if isinstance(text, str) else text
    if cleaned in ("X1", "X2"):
        return Face(0, "", int(cleaned[1]))
    card = parse_card(text)
    return Face(card.rank, card.suit)


def face_of(card: NCard) -> Face:
    return Face(card.rank, card.suit, card.joker)


def parse_ncard(text: str) -> NCard:
    """Read ``QC@Anna``: the face, ``@``, the owner's name (which may contain spaces).

    >>> parse_ncard("QC")
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: 'QC' names no owner; write the deck after @, e.g. QC@Anna
    """
    face_text, at, owner = text.strip().partition("@")
    if not at or not owner.strip():
        raise InvalidLogError("nerts_card_owner", {
            "value": shown(text.strip()),
            "example": f"{face_text.strip().upper()[:10] or 'QC'}@Anna"})
    face = parse_face(face_text)
    return NCard(face.rank, face.suit, owner.strip(), face.joker)


def nerts_deck(owner: str, *, jokers: bool) -> list[NCard]:
    """One deck in its canonical order (suits C S H D, ranks A..K; then X1, X2).

    The canonical order is what a seed shuffles (``docs/log-format.md``).
    """
    cards = [NCard(card.rank, card.suit, owner) for card in standard_deck()]
    if jokers:
        cards += [NCard(0, "", owner, 1), NCard(0, "", owner, 2)]
    return cards


def suit_words(suit: str) -> dict[str, Any]:
    """A suit as messages name it (a message, so that it reads in the reader's language).

    >>> suit_words("H")
    {'code': 'nerts_hearts', 'params': {}}
    """
    return message(f"nerts_{SUIT_ENGLISH[suit]}")
