"""Notation round trips and the trump orders of every contract."""

import pytest

from games.engines.cards import format_cards, parse_cards
from games.engines.doppelkopf.moves import (
    Announcement,
    CardPlay,
    SoloChoice,
    parse_declaration,
    parse_move,
)
from games.engines.doppelkopf.tables import TABLES, sort_hand, trick_winner
from games.engines.errors import InvalidLogError


class TestMoves:
    @pytest.mark.parametrize("text", ["QC", "10H", "Anna: QC", "Anna B.: 10D", "Bert: re",
                                      "Carl: kontra", "Dora: keine 90", "Dora: schwarz",
                                      "Anna: solo damen-buben"])
    def test_round_trip(self, text):
        assert parse_move(text).text() == text

    def test_values(self):
        assert parse_move("qc") == CardPlay(parse_cards("QC")[0])
        assert parse_move("Anna: keine 60") == Announcement("Anna", "keine 60")
        assert parse_move("Anna: keine 60").level == 3
        assert parse_move("Dora: solo karo") == SoloChoice("Dora", "karo")

    @pytest.mark.parametrize("text", [
        "Anna: gesund", "Anna: vorbehalt", "Anna: solo-vorbehalt", "Anna: keine 90",
        "Anna: halten", "Anna: passen", "Anna: solo pik", "Anna: normal kontra",
        "Anna: hochzeit", "Anna: schieben", "Anna: gibt QD JH 10D", "Anna: nimmt",
        "Anna: nimmt nicht"])
    def test_declaration_round_trip(self, text):
        assert parse_declaration(text).text() == text

    @pytest.mark.parametrize(("text", "message"), [
        ("re", "'re': an announcement names its player, e.g. 'Anna: re'"),
        ("gesund", "'gesund': a declaration names its player, e.g. 'Anna: gesund'"),
        ("Anna: vielleicht", "'Anna: vielleicht' is not a declaration; say gesund, vorbehalt, "
         "solo-vorbehalt, keine 90, halten, passen, solo <kind>, normal re, hochzeit, schieben, "
         "gibt <cards>, nimmt or nimmt nicht"),
        ("Anna: gibt QX", "'Anna: gibt QX': 'QX' is not a card (write rank then suit: AS, 10H, "
         "QC)"),
    ])
    def test_errors(self, text, message):
        with pytest.raises(InvalidLogError) as excinfo:
            (parse_move if text == "re" else parse_declaration)(text)
        assert str(excinfo.value) == message

    def test_not_text(self):
        with pytest.raises(InvalidLogError):
            parse_move(12)


def order(mode):
    trumps = [(p, c) for c, (g, p) in TABLES[mode].items() if g == "T"]
    return format_cards(c for _p, c in sorted(trumps, reverse=True))


class TestTrumpOrders:
    @pytest.mark.parametrize(("mode", "trumps"), [
        ("normal", "10H QC QS QH QD JC JS JH JD AD 10D KD"),
        ("damen", "QC QS QH QD"),
        ("buben", "JC JS JH JD"),
        ("damen-buben", "QC QS QH QD JC JS JH JD"),
        ("kreuz", "10H QC QS QH QD JC JS JH JD AC 10C KC"),
        ("pik", "10H QC QS QH QD JC JS JH JD AS 10S KS"),
        ("herz", "10H QC QS QH QD JC JS JH JD AH KH"),
    ])
    def test_trumps_highest_first(self, mode, trumps):
        assert order(mode) == trumps

    def test_fehl_order_in_a_damensolo(self):
        assert format_cards(sort_hand(parse_cards("JH KH 10H AH"), "damen")) == "AH 10H KH JH"

    @pytest.mark.parametrize(("herz10", "last", "winner"), [
        ("second-beats-first", False, 2), ("second-beats-first", True, 2),
        ("second-except-last-trick", False, 2), ("second-except-last-trick", True, 0),
        ("first-beats-second", False, 0),
    ])
    def test_two_herz_10(self, herz10, last, winner):
        assert trick_winner(parse_cards("10H QC 10H JD"), "normal", herz10, last=last) == winner

    def test_herz_10_is_fehl_in_a_damensolo(self):
        # Two Herz 10 as Fehl: the first wins; a queen trumps them.
        assert trick_winner(parse_cards("10H KH 10H AH"), "damen", "second-beats-first",
                            last=False) == 3
        assert trick_winner(parse_cards("10H 10H KH QD"), "damen", "second-beats-first",
                            last=False) == 3
        assert trick_winner(parse_cards("10H 10H KH JH"), "damen", "second-beats-first",
                            last=False) == 0
