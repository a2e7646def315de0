"""Shared card code: notation round trip, decks, errors."""

import pytest

from games.engines.cards import (
    Card,
    doppelkopf_deck,
    format_cards,
    parse_card,
    parse_cards,
    standard_deck,
)
from games.engines.errors import InvalidLogError


class TestNotation:
    @pytest.mark.parametrize("text", ["AS", "2C", "10H", "JD", "QC", "KS", "9D"])
    def test_round_trip(self, text):
        assert str(parse_card(text)) == text

    def test_every_card_of_the_deck_round_trips(self):
        for card in standard_deck():
            assert parse_card(str(card)) == card

    def test_lower_case_and_spaces_are_read(self):
        assert parse_card(" 10h ") == Card(10, "H")

    @pytest.mark.parametrize("text", ["1H", "11S", "QX", "", "Q", "10", 7, None])
    def test_not_a_card(self, text):
        with pytest.raises(InvalidLogError) as excinfo:
            parse_card(text)
        assert str(excinfo.value) == (
            f"{text!r} is not a card (write rank then suit: AS, 10H, QC)")

    def test_lists(self):
        assert format_cards(parse_cards("AS 2S 3S")) == "AS 2S 3S"
        assert parse_cards(["QC", "QC"]) == [Card(12, "C"), Card(12, "C")]

    def test_page_names(self):
        assert Card(12, "C").symbol() == "♣Q"
        assert Card(1, "D").german() == "Karo As"


class TestDecks:
    def test_standard_deck_has_each_card_once(self):
        deck = standard_deck()
        assert len(deck) == 52 == len(set(deck))

    def test_doppelkopf_deck_without_nines(self):
        deck = doppelkopf_deck()
        assert len(deck) == 40
        assert all(deck.count(card) == 2 for card in deck)
        assert {card.rank for card in deck} == {1, 10, 11, 12, 13}

    def test_doppelkopf_deck_with_nines(self):
        deck = doppelkopf_deck(with_nines=True)
        assert len(deck) == 48
        assert {card.rank for card in deck} == {1, 9, 10, 11, 12, 13}
