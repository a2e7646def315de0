"""The deal objects of a log: hands, seeds, marks, and what a deal may not mix."""

import pytest

from games.engines.cards import doppelkopf_deck
from games.engines.chance import seeded_shuffle
from games.engines.doppelkopf import ENGINE
from games.engines.errors import EngineError, InvalidRulesError

from . import test_deals
from .helpers import ALL_GESUND, DEAL_A_TRICKS, document, tricks_to_hands

HANDS, CARDS = tricks_to_hands(DEAL_A_TRICKS, 0)


def error(*deals, seed=None, rules=None):
    doc = document(*deals, rules=rules)
    if seed is not None:
        doc["seed"] = seed
    with pytest.raises(EngineError) as excinfo:
        ENGINE.replay(doc)
    return excinfo.value


def played(**changes):
    deal = {"dealer": "Dora", "hands": dict(HANDS), "declarations": ALL_GESUND,
            "moves": CARDS}
    deal.update(changes)
    return deal


class TestHands:
    def test_ten_cards_each(self):
        hands = dict(HANDS, Anna="AC AS AH")
        err = error(played(hands=hands))
        assert (str(err), err.field) == ("deal 1: Anna holds 3 cards, not 10",
                                         "deals[0].hands.Anna")

    def test_two_of_each_card(self):
        hands = dict(HANDS, Bert=HANDS["Anna"])
        assert str(error(played(hands=hands))) == (
            "deal 1: the hands hold 3 x 10H; the deck has 2 of each card (no nines)")

    def test_every_player(self):
        hands = {name: cards for name, cards in HANDS.items() if name != "Dora"}
        assert str(error(played(hands=hands))) == (
            "deal 1: hands is an object with the ten cards of every player: Anna, Bert, Carl, "
            "Dora")

    def test_no_hands_no_seed(self):
        deal = played()
        del deal["hands"]
        err = error(deal)
        assert (str(err), err.field) == (
            "deal 1: the deal has no hands and the log has no seed to deal from",
            "deals[0].hands")

    def test_seeded_deal_follows_the_documented_rule(self):
        # Deal 1, first dealer Anna: the forehand Bert gets cards 0-9, Carl 10-19, Dora 20-29
        # and Anna 30-39 of seeded_shuffle(doppelkopf_deck(), seed, "deal 1"). Recorded hands
        # beside a seed must be exactly those.
        deck = seeded_shuffle(doppelkopf_deck(), seed="club", label="deal 1")
        blocks = {"Bert": deck[0:10], "Carl": deck[10:20], "Dora": deck[20:30],
                  "Anna": deck[30:40]}
        recorded = {name: " ".join(str(c) for c in cards) for name, cards in blocks.items()}
        deal = {"hands": recorded, "special": "hammelrennen", "moves": []}
        # The hands match the seed, so the replay gets as far as the missing cards.
        assert str(error(deal, seed="club")) == (
            "deal 1: the deal stops after 0 cards; all 40 cards are played")
        recorded["Anna"], recorded["Bert"] = recorded["Bert"], recorded["Anna"]
        assert str(error(deal, seed="club")) == (
            "deal 1: the recorded hands differ from the cards the seed deals for deal 1")


class TestDealShape:
    def test_facts_or_moves(self):
        deal = played(facts={"contract": "redeal"})
        assert str(error(deal)) == (
            "deal 1: a deal has either facts (score sheet) or moves, not both")

    def test_unknown_special(self):
        assert str(error(played(special="bockrunde"))) == (
            "deal 1: special must be hammelrennen or schwarze-sau, not 'bockrunde'")

    def test_special_not_in_these_rules(self):
        assert str(error(played(special="hammelrennen"), rules={"preset": "ddv"})) == (
            "deal 1: these rules have no hammelrennen")

    def test_no_negotiation_in_a_special_deal(self):
        err = error(played(special="schwarze-sau"))
        assert (str(err), err.field) == (
            "deal 1: declaration 1: a schwarze-sau has no Vorbehalt negotiation; leave "
            "declarations empty",
            "deals[0].declarations[0]")

    def test_unfinished_negotiation(self):
        err = error(played(declarations=ALL_GESUND[:3]))
        assert str(err) == ("deal 1: the negotiation is not finished: it waits for the first "
                            "declaration of Dora")

    def test_declaration_error_names_the_declaration(self):
        err = error(played(declarations=["Anna: gesund", "Anna: gesund"]))
        assert (str(err), err.field, err.notation) == (
            "deal 1: declaration 2: Anna has already made a first declaration (gesund)",
            "deals[0].declarations[1]", "Anna: gesund")

    def test_redeal_has_no_moves(self):
        schieben = test_deals.TestSchieben()
        hands, _ = schieben.hands()
        declarations = schieben.declarations("Bert: nimmt nicht", "Carl: nimmt nicht",
                                             "Dora: nimmt nicht")
        assert str(error({"dealer": "Dora", "hands": hands, "declarations": declarations,
                          "moves": ["AC"]})) == (
            "deal 1: nobody took the trumps: the cards are dealt anew and this deal has no "
            "moves")

    def test_rules_errors_always_raise(self):
        doc = document(played(), rules={"preset": "skat"})
        with pytest.raises(InvalidRulesError):
            ENGINE.replay(doc, strict=False)
