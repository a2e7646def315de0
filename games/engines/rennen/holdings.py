"""What a player owns: three rows growing from the Damen, the reserve and the strikes.

A row is kept as a bit mask over the six places Neun .. Ass (bit 2, the Dame, is always set).
A card fits when its neighbour towards the Dame is already there: Bube and Neun below,
König, Zehn and Ass above, no gaps.

>>> from games.engines.cards import parse_card
>>> mine = Holdings.new()
>>> mine.fits(parse_card("10H")), mine.fits(parse_card("KH"))
(False, True)
>>> mine.rows["H"] |= 1 << 3          # KH attached
>>> mine.fits(parse_card("10H")), mine.needs(parse_card("AH"))
(True, Card(rank=10, suit='H'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from .deck import KARO, QUEEN_POSITION, ROW_CARDS, ROW_SUITS, card_text, position

FULL_ROW = 0b111111

# Every possible row of every suit, by bit mask (the match page asks for them after each race).
_ROW_BY_MASK: dict[tuple[str, int], tuple[Card, ...]] = {
    (suit, mask): tuple(card for place, card in enumerate(ROW_CARDS[suit]) if mask >> place & 1)
    for suit in ROW_SUITS for mask in range(FULL_ROW + 1)
}


@dataclass
class Holdings:
    """One player's rows (bit masks per suit), reserve and strikes (set-aside duplicates)."""

    rows: dict[str, int]
    reserve: list[Card] = field(default_factory=list)
    strikes: list[Card] = field(default_factory=list)

    @classmethod
    def new(cls) -> Holdings:
        """Kreuz-, Pik- and Herzdame laid out, nothing else."""
        return cls(rows={suit: 1 << QUEEN_POSITION for suit in ROW_SUITS})

    def copy(self) -> Holdings:
        return Holdings(dict(self.rows), list(self.reserve), list(self.strikes))

    def attached(self, suit: str) -> int:
        """Cards attached to the Dame of ``suit`` (the Dame itself not counted).

        >>> Holdings.new().attached("C")
        0
        """
        if suit not in self.rows:
            return 0
        return bin(self.rows[suit]).count("1") - 1

    def row_cards(self, suit: str) -> list[Card]:
        """The row from Neun to Ass as it lies, Dame included."""
        return list(_ROW_BY_MASK[suit, self.rows[suit]])

    def in_row(self, card: Card) -> bool:
        mask = self.rows.get(card.suit)
        return mask is not None and bool(mask >> position(card) & 1)

    def owns(self, card: Card) -> bool:
        """Does the player already have this card in a row or in the reserve?

        >>> from games.engines.cards import parse_card
        >>> mine = Holdings.new()
        >>> mine.reserve.append(parse_card("AH"))
        >>> mine.owns(parse_card("AH")), mine.owns(parse_card("QH")), mine.owns(parse_card("KH"))
        (True, True, False)
        """
        return self.in_row(card) or card in self.reserve

    def needs(self, card: Card) -> Card | None:
        """The neighbour towards the Dame that ``card`` waits for (``None``: it fits)."""
        place = position(card)
        toward = place + 1 if place < QUEEN_POSITION else place - 1
        if self.rows[card.suit] >> toward & 1:
            return None
        return ROW_CARDS[card.suit][toward]

    def fits(self, card: Card) -> bool:
        """Can ``card`` be attached now (no gap to the Dame, place still free)?"""
        if card.suit == KARO or self.in_row(card):
            return False
        return self.needs(card) is None

    def attach(self, card: Card) -> None:
        """Move ``card`` from the reserve onto its row (the caller checked :meth:`fits`)."""
        self.reserve.remove(card)
        self.rows[card.suit] |= 1 << position(card)

    def attach_all(self) -> list[Card]:
        """Attach every reserve card that fits, again and again (a König lets the Zehn in).

        >>> from games.engines.cards import parse_cards
        >>> mine = Holdings.new()
        >>> mine.reserve = parse_cards("AH 10H KH 9D")
        >>> [str(card) for card in mine.attach_all()], [str(card) for card in mine.reserve]
        (['KH', '10H', 'AH'], ['9D'])
        """
        attached: list[Card] = []
        changed = True
        while changed:
            changed = False
            for card in list(self.reserve):
                if self.fits(card):
                    self.attach(card)
                    attached.append(card)
                    changed = True
        return attached

    def complete_suit(self) -> str | None:
        """The suit of a complete row (Neun to Ass), if any."""
        for suit in ROW_SUITS:
            if self.rows[suit] == FULL_ROW:
                return suit
        return None

    def strike_suits(self) -> set[str]:
        """The suits that count for the three-strike win (Karo never does)."""
        return {card.suit for card in self.strikes if card.suit in ROW_SUITS}

    def owned(self) -> list[Card]:
        """Every card the player took from the market and still owns (the Damen excluded)."""
        cards = [card for suit in ROW_SUITS for card in self.row_cards(suit)
                 if position(card) != QUEEN_POSITION]
        return cards + self.reserve + self.strikes

    def to_json(self) -> dict[str, Any]:
        """``{"rows": {"C": [...], "S": [...], "H": [...]}, "reserve": [...], "strikes": [...]}``.

        >>> Holdings.new().to_json()["rows"]["H"]
        ['QH']
        """
        return {
            "rows": {suit: [card_text(card) for card in _ROW_BY_MASK[suit, self.rows[suit]]]
                     for suit in ROW_SUITS},
            "reserve": [card_text(card) for card in self.reserve],
            "strikes": [card_text(card) for card in self.strikes],
        }
