"""Exact scores: hand-built hands, the variants, score-sheet facts, match totals, teams."""

import pytest

from games.engines.errors import IllegalMoveError, InvalidFactsError, InvalidLogError
from games.engines.nerts import ENGINE

from .helpers import ANNA, BERT, HEARTS, SPADES, actions, document, layout

RACE = {"Anna": ANNA, "Bert": BERT}
HEARTS_OUT = [f"Anna: {card}@Anna > F" for card in HEARTS.split()[1:]]
# Anna races her hearts out and calls; Bert gets AS on a foundation and 2S in the air.
RACE_HAND = actions("Anna: AH@Anna > F", "Bert: AS@Bert > F", *HEARTS_OUT, "Anna: nerts",
                    "Bert: 2S@Bert > F2")
PASS = ["Anna: turn", "Bert: turn"] * 12


def scores(doc):
    return [seat.score for seat in ENGINE.replay(doc).seats]


class TestHand:
    def test_race(self):
        # Anna: 13 cards on the foundations, caller: 13. Bert: AS 2S = 2, minus 2 x 11 = -20.
        result = ENGINE.replay(document(RACE, RACE_HAND))
        assert result.hands[0].points == (13, -20)
        assert result.hands[0].facts == {"caller": "Anna",
                                         "foundation": {"Anna": 13, "Bert": 2},
                                         "nerts_left": {"Anna": 0, "Bert": 11}}
        assert result.hands[0].source == "moves"

    def test_caller_bonus(self):
        assert scores(document(RACE, RACE_HAND, rules={"caller_bonus": 25})) == [38, -20]

    def test_one_point_per_card(self):
        # Bert: 2 - 1 x 11 = -9.
        assert scores(document(RACE, RACE_HAND, rules={"penalty": 1})) == [13, -9]

    @pytest.mark.parametrize(("size", "expected"), [(12, [12, -18]), (11, [11, -16])])
    def test_smaller_nerts_piles(self, size, expected):
        # Anna plays her size hearts out and calls; Bert has AS 2S out and size - 2 left.
        hearts, spades = HEARTS.split()[:size], SPADES.split()[:size]
        table = {"Anna": layout("Anna", " ".join(hearts), "2C 3D 4C 5D"),
                 "Bert": layout("Bert", " ".join(spades), "KD QC JD 10C")}
        moves = actions("Anna: AH@Anna > F", "Bert: AS@Bert > F",
                        *[f"Anna: {card}@Anna > F" for card in hearts[1:]], "Anna: nerts",
                        "Bert: 2S@Bert > F2")
        assert scores(document(table, moves, rules={"pile_size": size})) == expected

    def test_stuck_hand_every_pile_pays(self):
        moves = actions(*PASS, "reset", *PASS, "end")
        result = ENGINE.replay(document(RACE, moves))
        assert result.hands[0].points == (-26, -26)
        assert result.hands[0].detail["ended"] == "stuck"
        assert result.hands[0].detail["resets"] == 1

    def test_stuck_hand_with_an_empty_pile_and_no_call(self):
        # Anna emptied her pile but never called: 13 points, no bonus; Bert pays 2 x 13.
        moves = actions("Anna: AH@Anna > F", *HEARTS_OUT, *PASS, "reset", *PASS, "end")
        assert scores(document(RACE, moves, rules={"caller_bonus": 25})) == [13, -26]

    def test_jokers_count_like_other_cards(self):
        table = {"Anna": layout("Anna", "AH X1 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
                                "2C 3D 4C 5D", jokers=True),
                 "Bert": layout("Bert", "2H AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
                                "KD QC JD 10C", jokers=True)}
        moves = actions("Anna: AH@Anna > F", "Anna: X1@Anna > F1 =2H",
                        "Bert: 2H@Bert > F1",  # void: Anna's joker was first as 2H
                        *HEARTS_OUT[1:], "Anna: nerts")
        result = ENGINE.replay(document(table, moves, rules={"jokers": True}))
        # Anna: AH, X1 (as 2H), 3H..KH = 13 cards. Bert: 0 - 2 x 13 = -26.
        assert result.hands[0].points == (13, -26)
        detail = result.hands[0].detail
        assert detail["foundations"][0]["as"][:3] == [None, "2H", None]
        assert detail["moves"][2]["reason"] == "Anna was first with X1@Anna (move 2)"
        assert detail["moves"][1]["as"] == "2H"

    def test_a_joker_announced_as_an_ace_starts_a_foundation(self):
        table = {"Anna": layout("Anna", "X1 " + " ".join(HEARTS.split()[:12]), "2C 3D 4C 5D",
                                jokers=True),
                 "Bert": layout("Bert", SPADES, "KD QC JD 10C", jokers=True)}
        moves = actions("Anna: X1@Anna > F =AC", "Anna: AH@Anna > F", "Anna: 2H@Anna > F2",
                        "end")
        result = ENGINE.replay(document(table, moves, rules={"jokers": True,
                                                             "blocked": "agreed"}))
        assert [(f["suit"], f["cards"]) for f in result.hands[0].detail["foundations"]] == [
            ("C", ["X1@Anna"]), ("H", ["AH@Anna", "2H@Anna"])]
        # Anna: 3 cards out, 10 left in the pile: 3 - 20 = -17. Bert: -26.
        assert result.hands[0].points == (-17, -26)


class TestSheet:
    SHEET = {"caller": "Bert", "foundation": {"Anna": 5, "Bert": 20},
             "nerts_left": {"Anna": 4, "Bert": 0}}

    def test_a_sheet_hand_scores_like_its_replay(self):
        replayed = ENGINE.replay(document(RACE, RACE_HAND)).hands[0]
        doc = document(None, players=["Anna", "Bert"])
        doc["deals"] = [{"facts": dict(replayed.facts)}]
        sheet = ENGINE.replay(doc).hands[0]
        assert sheet.points == replayed.points == (13, -20)
        assert sheet.source == "facts"
        assert sheet.detail["decks"][1] == {"name": "Bert", "players": ["Bert"],
                                            "foundation": 2, "nerts_left": 11, "points": -20}

    def test_match_of_a_played_and_a_sheet_hand(self):
        # Hand 1: 13 / -20. Hand 2: Anna 5 - 2 x 4 = -3, Bert 20 (caller). Totals 10 / 0.
        doc = document(RACE, RACE_HAND)
        doc["deals"].append({"facts": self.SHEET})
        result = ENGINE.replay(doc)
        assert [(s.player, s.score, s.rank) for s in result.seats] == [("Anna", 10, 1),
                                                                       ("Bert", 0, 2)]
        assert result.summary["running"] == [
            {"hand": 1, "points": {"Anna": 13, "Bert": -20}, "totals": {"Anna": 13, "Bert": -20}},
            {"hand": 2, "points": {"Anna": -3, "Bert": 20}, "totals": {"Anna": 10, "Bert": 0}}]
        assert result.summary["settlement"] == {"Anna": 10, "Bert": -10}
        assert result.summary["leader"] == "Anna"
        assert result.summary["finished"] is False
        assert result.winner == 0

    @pytest.mark.parametrize(("facts", "field", "reason"), [
        ({"caller": "Bert", "foundation": {"Anna": 5, "Bert": 20},
          "nerts_left": {"Anna": 4, "Bert": 2}}, "deals[0].facts",
         "Bert cannot have called Nerts with 2 cards left in the Nerts pile"),
        ({"caller": "Cora", "foundation": {"Anna": 5, "Bert": 20},
          "nerts_left": {"Anna": 4, "Bert": 0}}, "deals[0].facts.caller",
         "the caller 'Cora' plays no deck here (the decks are Anna, Bert)"),
        ({"caller": None, "foundation": {"Anna": 60, "Bert": 20},
          "nerts_left": {"Anna": 4, "Bert": 0}}, "deals[0].facts.foundation.Anna",
         "foundation of Anna must be a whole number from 0 to 52, not 60"),
        ({"caller": None, "foundation": {"Anna": 6, "Bert": 20},
          "nerts_left": {"Anna": 14, "Bert": 0}}, "deals[0].facts.nerts_left.Anna",
         "nerts_left of Anna must be a whole number from 0 to 13, not 14"),
        ({"caller": None, "foundation": {"Anna": 6}, "nerts_left": {"Anna": 1, "Bert": 0}},
         "deals[0].facts.foundation", "foundation gives a number for each deck: Anna, Bert"),
        ({"caller": None, "foundation": {"Anna": 45, "Bert": 0},
          "nerts_left": {"Anna": 13, "Bert": 0}}, "deals[0].facts",
         "Anna cannot have 45 cards on the foundations and 13 in the Nerts pile: a deck has 52"),
    ])
    def test_impossible_facts(self, facts, field, reason):
        doc = document(None, players=["Anna", "Bert"])
        doc["deals"] = [{"facts": facts}]
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(doc)
        assert str(excinfo.value) == f"deal 1: {reason}"
        assert excinfo.value.field == field


def sheet_match(*hands, rules=None, players=("Anna", "Bert", "Cora")):
    doc = document(None, players=list(players), rules=rules)
    doc["deals"] = [{"facts": {"caller": caller,
                               "foundation": dict(zip(players, found, strict=True)),
                               "nerts_left": dict(zip(players, left, strict=True))}}
                    for caller, found, left in hands]
    return doc


# Hand 1: Anna calls; 20, 10 - 2 x 3 = 4, 5 - 2 x 8 = -11.
# Hand 2: Cora calls; 8 - 2 x 5 = -2, 12 - 2 x 2 = 8, 18. Totals 18, 12, 7.
THREE = [("Anna", (20, 10, 5), (0, 3, 8)), ("Cora", (8, 12, 18), (5, 2, 0))]


class TestMatch:
    def test_the_leader_wins_the_difference_from_each(self):
        result = ENGINE.replay(sheet_match(*THREE))
        assert result.summary["totals"] == {"Anna": 18, "Bert": 12, "Cora": 7}
        # Bert pays 18 - 12 = 6, Cora 18 - 7 = 11; Anna wins 17.
        assert result.summary["settlement"] == {"Anna": 17, "Bert": -6, "Cora": -11}

    def test_each_hand_settled_on_its_own(self):
        result = ENGINE.replay(sheet_match(*THREE, rules={"settle": "hand"}))
        # Hand 1: Anna +16 +31 = 47, Bert -16, Cora -31. Hand 2: Cora +20 +10 = 30,
        # Anna -20, Bert -10. Sums: 27, -26, -1.
        assert result.summary["settlement"] == {"Anna": 27, "Bert": -26, "Cora": -1}
        assert [seat.score for seat in result.seats] == [18, 12, 7]

    def test_the_match_ends_at_the_target(self):
        # Anna has 20 after hand 1: with a target of 20 the match is over there.
        result = ENGINE.replay(sheet_match(THREE[0], rules={"target": 20}))
        assert result.summary["finished"] is True
        doc = sheet_match(*THREE, rules={"target": 20})
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(doc)
        assert str(excinfo.value) == (
            "deal 2: the match was over after hand 1: Anna reached 20 of 20")
        assert ENGINE.replay(sheet_match(*THREE, rules={"target": 21})).summary["finished"] is (
            False)

    def test_a_tie_for_the_lead_plays_on(self):
        level = ("Anna", (20, 20, 0), (0, 0, 0))
        result = ENGINE.replay(sheet_match(level, rules={"target": 15}))
        assert result.summary["finished"] is False and result.summary["leader"] is None
        # Shared leaders split what the others pay: Cora pays 20, 10 each.
        assert result.summary["settlement"] == {"Anna": 10, "Bert": 10, "Cora": -20}
        assert [seat.rank for seat in result.seats] == [1, 1, 3]
        result = ENGINE.replay(sheet_match(level, THREE[0], rules={"target": 15}))
        assert result.summary["finished"] is True

    def test_shared_lead_with_an_odd_pot(self):
        result = ENGINE.replay(sheet_match(("Anna", (10, 10, 5), (0, 0, 0))))
        assert result.summary["settlement"] == {"Anna": 2.5, "Bert": 2.5, "Cora": -5}


TEAMS = [{"name": "Nord", "players": ["Anna", "Bert"]},
         {"name": "Süd", "players": ["Cora", "Dirk"]},
         {"name": "West", "players": ["Emil", "Fritz"]}]
SIX = ["Anna", "Bert", "Cora", "Dirk", "Emil", "Fritz"]
TEAM_DECKS = {"Nord": layout("Nord", HEARTS, "2C 3D 4C 5D"),
              "Süd": layout("Süd", SPADES, "KD QC JD 10C"),
              "West": layout("West", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "2C 3H 4C 5H")}


class TestTeams:
    def test_partners_share_a_deck_and_its_score(self):
        moves = actions("Anna: AH@Nord > F", "Bert: 2H@Nord > F1", "Cora: AS@Süd > F",
                        "Dirk: 2S@Süd > F2",
                        *[f"{'Anna' if i % 2 else 'Bert'}: {card}@Nord > F"
                          for i, card in enumerate(HEARTS.split()[2:])],
                        "Bert: nerts", "Cora: 3S@Süd > F2", "Dirk: 4S@Süd > F2")
        doc = document(TEAM_DECKS, moves, players=SIX, rules={"partnerships": True},
                       teams=TEAMS)
        result = ENGINE.replay(doc)
        # Nord 13 (called); Süd AS 2S 3S 4S = 4 - 2 x 9 = -14; West 0 - 2 x 13 = -26.
        assert [(s.player, s.score, s.rank) for s in result.seats] == [
            ("Anna", 13, 1), ("Bert", 13, 1), ("Cora", -14, 3), ("Dirk", -14, 3),
            ("Emil", -26, 5), ("Fritz", -26, 5)]
        hand = result.hands[0]
        assert hand.points == (13, 13, -14, -14, -26, -26)
        assert hand.facts["caller"] == "Nord"
        assert (hand.detail["caller"], hand.detail["caller_deck"]) == ("Bert", "Nord")
        # Anna put out AH and 5 of 3H..KH, Bert 2H and the other 6.
        assert hand.detail["decks"][0]["by_player"] == {"Anna": 6, "Bert": 7}
        assert hand.detail["foundations"][0]["players"][:3] == ["Anna", "Bert", "Bert"]
        assert result.summary["decks"][1] == {"name": "Süd", "players": ["Cora", "Dirk"],
                                              "total": -14}
        # Süd pays 13 - -14 = 27, West 13 - -26 = 39: Nord wins 66.
        assert result.summary["settlement"] == {"Nord": 66, "Süd": -27, "West": -39}

    def test_a_team_cannot_touch_another_teams_cards(self):
        doc = document(TEAM_DECKS, actions("Anna: AS@Süd > F"), players=SIX,
                       rules={"partnerships": True}, teams=TEAMS)
        with pytest.raises(IllegalMoveError) as excinfo:
            ENGINE.replay(doc)
        assert str(excinfo.value) == "deal 1, move 1: Anna cannot touch team Süd's cards (AS@Süd)"
