"""Anlegen as the seed draws it (Veranschaulichung des Anlegens) and the strike rule."""

import pytest

from games.engines.cards import parse_card, parse_cards
from games.engines.rennen.game import GameState
from games.engines.rennen.holdings import Holdings
from games.engines.rennen.rules import RennenRules
from games.engines.rennen.scoring import take_card


def holdings_with(cards):
    """Attach ``cards`` in the given order where they fit; the rest stays in the reserve."""
    mine = Holdings.new()
    mine.reserve = parse_cards(cards)
    mine.attach_all()
    return mine


class TestTheSeedsPicture:
    # ✅ Herz: Dame, Bube below, König, Zehn, Ass above: all attached.
    def test_herz_ass_on_the_zehn(self):
        mine = holdings_with("JH KH 10H AH")
        assert [str(c) for c in mine.row_cards("H")] == ["JH", "QH", "KH", "10H", "AH"]

    # 🚫 "Ohne Zehn kann das Ass nicht angelegt werden".
    def test_no_ass_without_the_zehn(self):
        mine = holdings_with("KH AH")
        assert [str(c) for c in mine.row_cards("H")] == ["QH", "KH"]
        assert mine.reserve == parse_cards("AH")
        assert mine.needs(parse_card("AH")) == parse_card("10H")

    # ✅ Pik: Neun on the Bube on the Dame.
    def test_pik_neun_on_the_bube(self):
        mine = holdings_with("JS 9S")
        assert [str(c) for c in mine.row_cards("S")] == ["9S", "JS", "QS"]

    # 🚫 "Ohne Bube kann die Neun nicht angelegt werden" (the König above does not help).
    def test_no_neun_without_the_bube(self):
        mine = holdings_with("KS 9S")
        assert [str(c) for c in mine.row_cards("S")] == ["QS", "KS"]
        assert mine.needs(parse_card("9S")) == parse_card("JS")


@pytest.mark.parametrize(("owned", "card", "to"), [
    ("", "KH", "row"),
    ("", "AH", "reserve"),
    ("AH", "AH", "strike"),      # a copy in the reserve
    ("KH", "KH", "strike"),      # a copy in the row
    ("AD", "AD", "reserve"),     # Karo duplicates stay in the reserve (seed preset)
    ("", "QD", "reserve"),       # Karo has no Dame laid out
])
def test_where_a_market_card_goes(owned, card, to):
    game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
    for text in owned.split():
        take_card(game, 0, parse_card(text))
    assert take_card(game, 0, parse_card(card))["to"] == to
