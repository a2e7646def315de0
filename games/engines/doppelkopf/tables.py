"""Card values, trump orders and the trick winner for every Doppelkopf contract.

A *trump mode* names the order the cards follow in a deal: ``normal`` (also Hochzeit,
Schieben, stilles Solo, Hammelrennen, Karo-Solo), ``damen``, ``buben``, ``damen-buben``,
``kreuz``, ``pik``, ``herz`` (Farbsoli: Herz 10, Damen, Buben, then the suit) and ``karo``.
Each mode maps a card to ``(group, power)``: group ``"T"`` for trump or the suit letter,
power higher = stronger. Equal cards: the first played wins, except two trump Herz 10
(rule option ``herz10``).

>>> from games.engines.cards import parse_cards
>>> trick = parse_cards("10H QC 10H JD")
>>> trick_winner(trick, "normal", "second-beats-first", last=False)
2
>>> trick_winner(trick, "normal", "first-beats-second", last=False)
0
>>> trick_winner(parse_cards("AS 10S QD KS"), "normal", "second-beats-first", last=False)
2
>>> trick_winner(parse_cards("AS 10S QD KS"), "buben", "second-beats-first", last=False)
0
>>> sum(AUGEN[c] for c in doppelkopf_deck())
240
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.cards import ACE, JACK, KING, QUEEN, Card, doppelkopf_deck

AUGEN: dict[Card, int] = {}
for _card in doppelkopf_deck():
    AUGEN[_card] = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2}[_card.rank]

CARD_TEXT: dict[Card, str] = {card: str(card) for card in doppelkopf_deck()}

SOLO_KINDS = ("damen", "buben", "damen-buben", "kreuz", "pik", "herz", "karo")
SOLO_LABELS = {
    "damen": "Damensolo", "buben": "Bubensolo", "damen-buben": "Damen-Buben-Solo",
    "kreuz": "Kreuz-Solo", "pik": "Pik-Solo", "herz": "Herz-Solo", "karo": "Karo-Solo",
}
SUIT_OF_SOLO = {"kreuz": "C", "pik": "S", "herz": "H", "karo": "D"}

QC = Card(QUEEN, "C")
QS = Card(QUEEN, "S")
AD = Card(ACE, "D")
JC = Card(JACK, "C")
H10 = Card(10, "H")
AH = Card(ACE, "H")
KH = Card(KING, "H")

_SUIT_ORDER = ("C", "S", "H", "D")
_FEHL_POWER = {ACE: 5, 10: 4, KING: 3, QUEEN: 2, JACK: 1}


def _trumps(mode: str) -> list[Card]:
    """Trumps of a mode, highest first."""
    queens = [Card(QUEEN, s) for s in _SUIT_ORDER]
    jacks = [Card(JACK, s) for s in _SUIT_ORDER]
    if mode == "damen":
        return queens
    if mode == "buben":
        return jacks
    if mode == "damen-buben":
        return queens + jacks
    suit = "D" if mode == "normal" else SUIT_OF_SOLO[mode]
    # Herz 10 is the top trump in every suit solo; a Herz solo therefore has only A and K
    # of hearts below the jacks.
    suit_cards = [Card(rank, suit) for rank in (ACE, 10, KING) if Card(rank, suit) != H10]
    return [H10, *queens, *jacks, *suit_cards]


def _table(mode: str) -> dict[Card, tuple[str, int]]:
    trumps = _trumps(mode)
    table: dict[Card, tuple[str, int]] = {}
    for position, card in enumerate(trumps):
        table[card] = ("T", 100 - position)
    for card in doppelkopf_deck():
        if card not in table:
            table[card] = (card.suit, _FEHL_POWER[card.rank])
    return table


TRUMP_MODES = ("normal", *SOLO_KINDS)
TABLES: dict[str, dict[Card, tuple[str, int]]] = {mode: _table(mode) for mode in TRUMP_MODES}


def trump_mode(solo_kind: str | None) -> str:
    """The trump mode of a contract: its solo kind, or ``normal``.

    >>> trump_mode(None), trump_mode("damen"), trump_mode("karo")
    ('normal', 'damen', 'normal')
    """
    if solo_kind is None or solo_kind == "karo":
        return "normal"
    return solo_kind


def is_trump(card: Card, mode: str = "normal") -> bool:
    """Whether ``card`` is a trump in ``mode``.

    >>> is_trump(Card(10, "H")), is_trump(Card(10, "H"), "damen")
    (True, False)
    """
    return TABLES[mode][card][0] == "T"


def group_name(group: str) -> str:
    """How a player names what was led: ``Trumpf`` or the suit in German."""
    return {"T": "Trumpf", "C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo"}[group]


def trick_winner(cards: Sequence[Card], mode: str, herz10: str, *, last: bool) -> int:
    """Index (0..3, in playing order) of the card that wins the trick."""
    table = TABLES[mode]
    best = 0
    best_group, best_power = table[cards[0]]
    second_wins = herz10 == "second-beats-first" or (
        herz10 == "second-except-last-trick" and not last)
    for index in range(1, len(cards)):
        card = cards[index]
        group, power = table[card]
        if group == "T" and best_group != "T":
            best, best_group, best_power = index, group, power
        elif group == best_group and power > best_power:
            best, best_power = index, power
        elif (group == "T" and card == H10 and cards[best] == H10 and second_wins):
            best = index
    return best


def sort_hand(cards: Sequence[Card], mode: str = "normal") -> list[Card]:
    """Trumps first (highest first), then Fehl by suit C S H D, highest first.

    >>> from games.engines.cards import parse_cards, format_cards
    >>> format_cards(sort_hand(parse_cards("KS AD QC 10H JH AS")))
    '10H QC JH AD AS KS'
    """
    table = TABLES[mode]

    def key(card: Card) -> tuple[int, int, int]:
        group, power = table[card]
        return (0 if group == "T" else 1 + _SUIT_ORDER.index(group), -power, 0)

    return sorted(cards, key=key)
