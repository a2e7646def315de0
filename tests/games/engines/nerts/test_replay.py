"""Whole documents: seeded deals, recorded layouts, teams in the envelope, lenient replay."""

import random

import pytest

from games.engines.chance import seeded_shuffle
from games.engines.errors import IllegalMoveError, InvalidLogError, InvalidRulesError
from games.engines.nerts import ENGINE
from games.engines.nerts.cards import nerts_deck
from games.engines.nerts.replay import read_table, start_hand
from games.engines.nerts.rules import NertsRules

from .helpers import ANNA, BERT, HEARTS, actions, document, layout

RACE = {"Anna": ANNA, "Bert": BERT}
RACE_HAND = actions(*[f"Anna: {card}@Anna > F" for card in HEARTS.split()], "Anna: nerts")


class TestSeededDeal:
    def test_each_deck_is_shuffled_with_its_own_label(self):
        rules = NertsRules()
        hand = start_hand(rules, read_table({}, ["Anna", "Bert"], rules), {}, number=2,
                          seed="club-night")
        shuffled = seeded_shuffle(nerts_deck("Bert", jokers=False), seed="club-night",
                                  label="hand 2 deck Bert")
        snapshot = hand.decks["Bert"].snapshot()
        assert snapshot["nerts"] == [str(card) for card in shuffled[:13]]
        assert snapshot["work"] == [[str(card)] for card in shuffled[13:17]]
        assert snapshot["stock"] == [str(card) for card in shuffled[17:]]

    def test_the_deal_is_fixed_forever(self):
        # A change here would re-deal every stored seeded Nerts log.
        rules = NertsRules()
        hand = start_hand(rules, read_table({}, ["Anna", "Bert"], rules), {}, number=1,
                          seed="stammtisch")
        assert hand.decks["Anna"].snapshot()["nerts"][:3] == FIRST_THREE

    def test_pile_size_and_jokers_change_the_deal(self):
        rules = NertsRules(pile_size=11, jokers=True)
        hand = start_hand(rules, read_table({}, ["Anna", "Bert"], rules), {}, number=1,
                          seed="stammtisch")
        deck = hand.decks["Anna"]
        assert (len(deck.nerts), len(deck.stock)) == (11, 39)

    def test_a_seeded_document_replays(self):
        doc = document(None, actions("Anna: turn", "end"), players=["Anna", "Bert"],
                       rules={"blocked": "agreed"}, seed="club-night")
        result = ENGINE.replay(doc)
        assert result.hands[0].points == (-26, -26)
        assert len(result.hands[0].detail["decks"][0]["start"]["stock"]) == 35


FIRST_THREE = ["7D@Anna", "10H@Anna", "2D@Anna"]  # sha256 order (checked with hashlib alone)


class TestLayouts:
    @pytest.mark.parametrize(("change", "field", "reason"), [
        ({"nerts": ANNA["nerts"][:12]}, "deals[0].decks.Anna.nerts",
         "Anna's Nerts pile has 12 cards, not 13"),
        ({"work": ANNA["work"][:3]}, "deals[0].decks.Anna.work",
         "Anna lays out 4 work piles, not 3"),
        ({"stock": ["5C", *ANNA["stock"][1:]][:1] + ANNA["stock"][2:] + ["5C"]},
         "deals[0].decks.Anna", "Anna's layout is not one whole deck (not in the deck or "
         "twice: 5C@Anna; missing: 6C@Anna)"),
        ({"stock": ["5C@Bert", *ANNA["stock"][1:]]}, "deals[0].decks.Anna",
         "Anna's layout is not one whole deck (not in the deck or twice: 5C@Bert; missing: "
         "5C@Anna)"),
    ])
    def test_a_layout_is_one_whole_own_deck(self, change, field, reason):
        doc = document({"Anna": {**ANNA, **change}, "Bert": BERT}, RACE_HAND)
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(doc)
        assert str(excinfo.value) == f"deal 1: {reason}"
        assert excinfo.value.field == field

    def test_layout_as_text_and_with_owners(self):
        text = {part: " ".join(cards) for part, cards in ANNA.items()}
        text["nerts"] = " ".join(f"{card}@Anna" for card in ANNA["nerts"])
        result = ENGINE.replay(document({"Anna": text, "Bert": BERT}, RACE_HAND))
        assert result.hands[0].points == (13, -26)

    def test_a_deal_needs_decks_or_a_seed(self):
        doc = document(None, RACE_HAND, players=["Anna", "Bert"])
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(doc)
        assert str(excinfo.value) == ("deal 1: hand 1 records no decks and the log has no seed "
                                      "to deal them from")

    def test_a_deal_is_played_or_from_the_sheet(self):
        doc = document(RACE, RACE_HAND)
        doc["deals"][0]["facts"] = {}
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(doc)
        assert str(excinfo.value) == (
            "deal 1: a deal has either moves (played) or facts (score sheet)")


SIX = ["Anna", "Bert", "Cora", "Dirk", "Emil", "Fritz"]
TEAMS = [{"name": "Nord", "players": ["Anna", "Bert"]},
         {"name": "Süd", "players": ["Cora", "Dirk"]},
         {"name": "West", "players": ["Emil", "Fritz"]}]


class TestTable:
    @pytest.mark.parametrize(("players", "rules", "teams", "message"), [
        (["Anna", "Bert"], None, TEAMS,
         "teams: the log lists teams, but the rules are not a partnership game (set "
         "rules.partnerships to true)"),
        (SIX[:4], {"partnerships": True}, TEAMS[:2],
         "teams: partnerships are teams of two for six players; there are 4 players"),
        (SIX, {"partnerships": True}, None,
         "teams: a partnership game lists its teams: [{\"name\": \"Nord\", \"players\": "
         "[\"Anna\", \"Bert\"]}, ...]"),
        (SIX, {"partnerships": True},
         [{"name": "Nord", "players": ["Anna", "Bert", "Cora"]}, *TEAMS[1:]],
         "teams[0].players: team Nord has two players"),
        (SIX, {"partnerships": True},
         [TEAMS[0], {"name": "Süd", "players": ["Anna", "Dirk"]}, TEAMS[2]],
         "teams[1].players: Anna plays in two teams"),
        (SIX, {"partnerships": True}, [TEAMS[0], {"name": "Süd", "players": ["Cora", "Zed"]},
                                       TEAMS[2]],
         "teams[1].players: 'Zed' of team Süd does not play in this match"),
        (SIX, {"partnerships": True}, TEAMS[:2], "teams: Emil, Fritz are in no team"),
        (SIX, {"partnerships": True}, [TEAMS[0], {**TEAMS[1], "name": "Nord"}, TEAMS[2]],
         "teams[1].name: two teams are called 'Nord'"),
        (["Anna", "B>rt"], None, None,
         "players: 'B>rt': a Nerts name may not contain '>' or start or end with a space "
         "(cards carry it: QC@Anna)"),
        (["Anna"], None, None, "players: nerts is played by 2 to 6 players, not 1"),
    ])
    def test_bad_tables(self, players, rules, teams, message):
        doc = document(None, players=players, rules=rules, seed=1)
        if teams is not None:
            doc["teams"] = teams
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(doc, strict=False)
        assert str(excinfo.value) == message

    def test_bad_rules_raise_even_when_lenient(self):
        doc = document(None, players=["Anna", "Bert"], rules={"pile_size": 10})
        with pytest.raises(InvalidRulesError) as excinfo:
            ENGINE.replay(doc, strict=False)
        assert str(excinfo.value) == "rules.pile_size: 10 is not one of: 11, 12, 13"


class TestLenient:
    def test_faulty_deals_are_left_out_and_collected(self):
        bad = actions("Anna: turn", "Anna: 6C@Anna > 1")
        doc = document(RACE, RACE_HAND, bad, RACE_HAND)
        with pytest.raises(IllegalMoveError):
            ENGINE.replay(doc)
        result = ENGINE.replay(doc, strict=False)
        assert [hand.number for hand in result.hands] == [1, 3]
        assert [str(error) for error in result.errors] == [
            "deal 2, move 2: Anna cannot play 6C@Anna: it lies under 7C@Anna in Anna's waste "
            "(only the top card is free)"]
        assert [seat.score for seat in result.seats] == [26, -52]


class TestDeterminism:
    def test_same_log_same_result(self):
        doc = ENGINE.random_document(rng=random.Random(11), players=["Anna", "Bert", "Cora"],
                                     rules={"target": 30, "jokers": True})
        assert ENGINE.replay(doc).to_json() == ENGINE.replay(doc).to_json()

    def test_random_documents_repeat_with_the_same_rng(self):
        one = ENGINE.random_document(rng=random.Random(5), players=["Anna", "Bert"])
        two = ENGINE.random_document(rng=random.Random(5), players=["Anna", "Bert"])
        assert one == two


def test_engine_attributes():
    assert (ENGINE.slug, ENGINE.name, ENGINE.min_seats, ENGINE.max_seats) == (
        "nerts", "Nerts", 2, 6)
    assert ENGINE.rules({"preset": "seed"}) == NertsRules()
    assert {option["name"] for option in ENGINE.rule_options()} >= {
        "target", "pile_size", "penalty", "caller_bonus", "draw", "draw_order", "jokers",
        "partnerships"}


def test_recorded_layout_with_a_joker_deck():
    table = {"Anna": layout("Anna", HEARTS, "2C 3D 4C 5D", jokers=True),
             "Bert": layout("Bert", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "KD QC JD 10C",
                            jokers=True)}
    result = ENGINE.replay(document(table, RACE_HAND, rules={"jokers": True}))
    assert len(result.hands[0].detail["decks"][0]["start"]["stock"]) == 37
