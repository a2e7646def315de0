"""Scoring from facts, rounds, the partie and the dealer rotation, worked out by hand."""

import pytest

from games.engines.errors import InvalidFactsError, InvalidLogError
from games.engines.gin import ENGINE

from .helpers import document, first_error, sheet


def replay(deals, **rules):
    return ENGINE.replay(document(deals, **rules))


class TestGamePoints:
    @pytest.mark.parametrize(("deal", "points", "winner", "undercut"), [
        # gin: 25 + the opponent's deadwood
        (sheet("9H", "Anna", 0, 40), (65, 0), 0, False),
        # knock win: the difference 12 - 5
        (sheet("7H", "Anna", 5, 12), (7, 0), 0, False),
        # undercut on equal: 25 + 0 to the defender
        (sheet("7H", "Anna", 6, 6), (0, 25), 1, True),
        # undercut on more (the defender laid off down to 2): 25 + (7 - 2)
        (sheet("7H", "Anna", 7, 2), (0, 30), 1, True),
        # spade upcard doubles the gin bonus too: (25 + 12) * 2
        (sheet("7S", "Bert", 12, 0), (0, 74), 1, False),
        # spade doubles the undercut bonus: (25 + 5 - 3) * 2
        (sheet("7S", "Anna", 5, 3), (0, 54), 1, True),
        # a face card allows 10
        (sheet("KD", "Bert", 30, 10), (0, 20), 1, False),
        # dead hand: nothing
        (sheet("7S"), (0, 0), None, None),
    ])
    def test_one_game(self, deal, points, winner, undercut):
        result = ENGINE.replay(document([{"dealer": "Anna", **deal}]), strict=False)
        hand = result.hands[0]
        assert hand.points == points
        assert hand.source == "facts"
        assert hand.facts["winner"] == winner
        assert hand.facts["undercut"] == undercut
        assert hand.detail == {"dealer": 0}

    def test_equal_deadwood_without_undercut_rule(self):
        # undercut_on_equal false: the knocker wins the game, worth 0 points.
        result = ENGINE.replay(document([sheet("7H", "Anna", 6, 6, dealer="Anna")],
                                        undercut_on_equal=False), strict=False)
        assert result.hands[0].points == (0, 0)
        assert result.hands[0].facts["winner"] == 0
        assert result.summary["rounds"][0]["games_won"] == [1, 0]

    def test_spade_doubling_can_be_switched_off(self):
        result = ENGINE.replay(document([sheet("7S", "Bert", 12, 0, dealer="Anna")],
                                        spade_doubles=False), strict=False)
        assert result.hands[0].points == (0, 37)
        assert result.hands[0].facts["doubled"] is False


class TestRounds:
    def test_round_end_with_satz_points_and_bonus(self):
        # Anna gin (25 + 40 = 65), Bert knock win (30 - 5 = 25), Anna gin (25 + 20 = 45):
        # 110:25, games 2:1. Anna 110 + 2*25 + 100 = 260, Bert 25 + 1*25 = 50; credit 210.
        result = replay([sheet("9H", "Anna", 0, 40, dealer="Anna"),
                         sheet("9H", "Bert", 30, 5),
                         sheet("10C", "Anna", 0, 20)], rounds=1)
        (round_,) = result.summary["rounds"]
        assert round_ == {
            "number": 1, "first_dealer": 0, "hands": [1, 2, 3], "game_points": [110, 25],
            "games_won": [2, 1], "complete": True, "winner": 0, "shutout": False,
            "totals": [{"game_points": 110, "game_bonus": 50, "round_bonus": 100,
                        "total": 260},
                       {"game_points": 25, "game_bonus": 25, "round_bonus": 0, "total": 50}],
            "credit": {"seat": 0, "points": 210}}
        assert result.summary["partie"] == {"rounds": 1, "accounts": [210, 0],
                                            "complete": True}
        assert [(s.player, s.score, s.rank) for s in result.seats] == [
            ("Anna", 210, 1), ("Bert", 0, 2)]
        assert result.winner == 0

    def test_doubled_points_count_towards_the_target(self):
        # (25 + 25) * 2 = 100 with a spade upcard ends the round at once: a shutout.
        result = replay([sheet("5S", "Bert", 25, 0, dealer="Anna")], rounds=1)
        round_ = result.summary["rounds"][0]
        assert round_["game_points"] == [0, 100]
        assert round_["shutout"] is True

    def test_99_does_not_end_the_round_100_does(self):
        # Anna's gin 25 + 74 = 99: below 100, the round goes on. Her knock 5 against 6 gives
        # 1 more: 100 ends it. Bert won no game: a shutout, 100 * 2 + 2 * 25 + 200 = 450.
        deals = [sheet("9H", "Anna", 0, 74, dealer="Anna")]
        result = ENGINE.replay(document(deals, rounds=1), strict=False)
        assert result.summary["rounds"][0]["complete"] is False
        result = replay([*deals, sheet("5D", "Anna", 5, 6)], rounds=1)
        round_ = result.summary["rounds"][0]
        assert round_["game_points"] == [100, 0] and round_["shutout"] is True
        assert round_["totals"][0] == {"game_points": 200, "game_bonus": 50,
                                       "round_bonus": 200, "total": 450}

    def test_shutout(self):
        # Four gins of 25 + 0: 100:0, Bert won no game. Anna: 100 doubled = 200, 4 * 25 Satz
        # (not doubled), 200 instead of 100: 500.
        result = replay([sheet("9H", "Anna", 0, 0, dealer="Anna")]
                        + [sheet("9H", "Anna", 0, 0)] * 3, rounds=1)
        round_ = result.summary["rounds"][0]
        assert round_["shutout"] is True
        assert round_["totals"] == [
            {"game_points": 200, "game_bonus": 100, "round_bonus": 200, "total": 500},
            {"game_points": 0, "game_bonus": 0, "round_bonus": 0, "total": 0}]
        assert round_["credit"] == {"seat": 0, "points": 500}

    def test_shutout_without_doubling(self):
        result = replay([sheet("9H", "Anna", 0, 0, dealer="Anna")]
                        + [sheet("9H", "Anna", 0, 0)] * 3, rounds=1,
                        shutout_doubles_game_points=False)
        assert result.summary["rounds"][0]["totals"][0]["total"] == 100 + 100 + 200

    def test_credit_can_go_to_the_round_loser(self):
        # Bert wins 12 games of 1 point (knocks 1 against 2, upcard 5C): 12 points, 12 games.
        # Then Anna's spade gin: (25 + 30) * 2 = 110 ends the round; she won 1 game.
        # Anna 110 + 25 + 100 = 235; Bert 12 + 12 * 25 = 312: Bert is credited 77.
        deals = [sheet("5C", "Bert", 2, 1, dealer="Anna")] + [sheet("5C", "Bert", 2, 1)] * 11
        deals.append(sheet("9S", "Anna", 0, 30))
        result = replay(deals, rounds=1)
        round_ = result.summary["rounds"][0]
        assert round_["winner"] == 0
        assert round_["game_points"] == [110, 12]
        assert [t["total"] for t in round_["totals"]] == [235, 312]
        assert round_["credit"] == {"seat": 1, "points": 77}
        assert [s.score for s in result.seats] == [0, 77]
        assert result.winner == 1

    def test_equal_totals_give_no_credit(self):
        # round_bonus 0. Bert wins 6 games of 1 point and one of 29 - 10 = 19: 25 points in
        # 7 games: 25 + 7 * 25 = 200. Anna then wins 4 gins of 25 + 0: 100 points in 4
        # games: 100 + 4 * 25 = 200. Equal totals: no credit.
        deals = [sheet("5C", "Bert", 2, 1, dealer="Anna")] + [sheet("5C", "Bert", 2, 1)] * 5
        deals.append(sheet("KC", "Bert", 29, 10))
        deals += [sheet("9H", "Anna", 0, 0)] * 4
        result = replay(deals, rounds=1, round_bonus=0)
        round_ = result.summary["rounds"][0]
        assert round_["game_points"] == [100, 25]
        assert round_["games_won"] == [4, 7]
        assert [t["total"] for t in round_["totals"]] == [200, 200]
        assert round_["credit"] == {"seat": None, "points": 0}
        assert result.summary["partie"]["accounts"] == [0, 0]
        assert [s.rank for s in result.seats] == [1, 1]


SHUTOUT_ANNA = [sheet("9H", "Anna", 0, 0)] * 4   # 500 credited to Anna
SHUTOUT_BERT = [sheet("9H", "Bert", 0, 0)] * 4   # 500 credited to Bert


class TestPartie:
    def test_partie_winner_over_rounds(self):
        # Round 1: Anna 500. Round 2 (Anna leads, deals first): Anna 260 - 50 = 210 as in
        # TestRounds. Accounts 710:0.
        deals = [{"dealer": "Anna", **SHUTOUT_ANNA[0]}, *SHUTOUT_ANNA[1:],
                 sheet("9H", "Anna", 0, 40), sheet("9H", "Bert", 30, 5),
                 sheet("10C", "Anna", 0, 20)]
        result = replay(deals, rounds=2)
        assert result.summary["partie"]["accounts"] == [710, 0]
        assert [r["first_dealer"] for r in result.summary["rounds"]] == [0, 0]
        assert [r["hands"] for r in result.summary["rounds"]] == [[1, 2, 3, 4], [5, 6, 7]]

    def test_partie_draw(self):
        deals = [{"dealer": "Anna", **SHUTOUT_ANNA[0]}, *SHUTOUT_ANNA[1:], *SHUTOUT_BERT]
        result = replay(deals, rounds=2)
        assert result.summary["partie"]["accounts"] == [500, 500]
        assert [(s.score, s.rank) for s in result.seats] == [(500, 1), (500, 1)]
        assert result.winner is None

    def test_lot_required_at_a_tie(self):
        deals = [{"dealer": "Anna", **SHUTOUT_ANNA[0]}, *SHUTOUT_ANNA[1:], *SHUTOUT_BERT,
                 *SHUTOUT_ANNA]
        error = first_error(document(deals, rounds=3))
        assert isinstance(error, InvalidLogError)
        assert str(error) == ("deal 9: deal 9 must name its dealer: round 3 starts with the "
                              "partie level at 500:500, so the first dealer is drawn by lot")
        assert error.field == "deals[8].dealer"
        deals[8] = {"dealer": "Bert", **deals[8]}
        result = replay(deals, rounds=3)
        assert result.summary["rounds"][2]["first_dealer"] == 1
        assert result.summary["partie"]["accounts"] == [1000, 500]

    def test_first_dealer_is_required(self):
        error = first_error(document([sheet("9H", "Anna", 0, 0)]))
        assert str(error) == "deal 1: deal 1 must name its dealer: the first dealer is drawn by lot"
        assert error.field == "deals[0].dealer"

    def test_dealer_alternates(self):
        error = first_error(document([sheet("9H", "Anna", 0, 0, dealer="Anna"),
                                      sheet("9H", "Anna", 0, 0, dealer="Anna")]))
        assert str(error) == ("deal 2: the dealer is Bert, not Anna: Anna dealt game 1 and the "
                              "dealer changes after every game")

    def test_dead_hand_keeps_the_dealer(self):
        deals = [sheet("9H", dealer="Anna"), sheet("9H", "Anna", 0, 0, dealer="Anna"),
                 sheet("9H", "Anna", 0, 0, dealer="Bert")]
        result = ENGINE.replay(document(deals), strict=False)
        assert [h.detail["dealer"] for h in result.hands] == [0, 0, 1]
        error = first_error(document([sheet("9H", dealer="Anna"),
                                      sheet("9H", "Anna", 0, 0, dealer="Bert")]))
        assert str(error) == ("deal 2: the dealer is Anna, not Bert: Anna dealt the dead hand 1 "
                              "and deals again")

    def test_new_round_leader_deals_first(self):
        # Bert dealt the last game of round 1 (deal 4), so rotation alone would give Anna;
        # but Bert won round 1, so he deals first in round 2.
        deals = [{"dealer": "Anna", **SHUTOUT_BERT[0]}, *SHUTOUT_BERT[1:]]
        deals.append(sheet("9H", "Anna", 0, 0, dealer="Anna"))
        error = first_error(document(deals, rounds=2))
        assert str(error) == ("deal 5: the dealer is Bert, not Anna: the partie leader Bert "
                              "deals first in round 2")
        deals[4]["dealer"] = "Bert"
        result = ENGINE.replay(document(deals, rounds=2), strict=False)
        assert result.summary["rounds"][1]["first_dealer"] == 1

    def test_unfinished_partie(self):
        deals = [{"dealer": "Anna", **SHUTOUT_ANNA[0]}, *SHUTOUT_ANNA[1:]]
        deals += [sheet("9H", "Anna", 5, 50), sheet("9H", "Bert", 9, 0)]
        error = first_error(document(deals, rounds=5))
        assert isinstance(error, InvalidLogError)
        assert str(error) == ("deals: the partie is not finished: 1 of 5 rounds played; round 2 "
                              "stands at 45:34")
        assert error.field == "deals" and error.deal is None

    def test_unfinished_partie_before_a_round_starts(self):
        deals = [{"dealer": "Anna", **SHUTOUT_ANNA[0]}, *SHUTOUT_ANNA[1:]]
        error = first_error(document(deals, rounds=2))
        assert str(error) == ("deals: the partie is not finished: 1 of 2 rounds played; round 2 "
                              "has not started")

    def test_deal_after_the_end(self):
        deals = [{"dealer": "Anna", **SHUTOUT_ANNA[0]}, *SHUTOUT_ANNA[1:], sheet("9H")]
        error = first_error(document(deals, rounds=1))
        assert str(error) == ("deal 5: the partie is already over: 1 of 1 rounds were played "
                              "by deal 4")
        assert error.field == "deals[4]"


class TestLenient:
    def test_faulty_deals_are_left_out_and_collected(self):
        deals = [{"dealer": "Anna", **SHUTOUT_ANNA[0]},
                 sheet("9H", "Anna", 12, 0),          # 12 > 9: impossible
                 *SHUTOUT_ANNA[1:]]
        result = ENGINE.replay(document(deals, rounds=1), strict=False)
        assert [h.number for h in result.hands] == [1, 3, 4, 5]
        assert [str(e) for e in result.errors] == [
            "deal 2: Anna cannot have knocked with 12 deadwood; the limit is 9 (first upcard "
            "9H)"]
        assert result.summary["partie"]["accounts"] == [500, 0]

    def test_unfinished_partie_is_an_error_entry(self):
        result = ENGINE.replay(document([sheet("9H", "Anna", 0, 10, dealer="Anna")]),
                               strict=False)
        assert [e.field for e in result.errors] == ["deals"]
        assert result.summary["partie"]["complete"] is False
        assert result.summary["rounds"][0]["complete"] is False
        assert result.summary["rounds"][0]["totals"] is None

    def test_envelope_errors_always_raise(self):
        doc = document([])
        doc["format"] = "x"
        with pytest.raises(InvalidLogError):
            ENGINE.replay(doc, strict=False)


class TestSheetFacts:
    @pytest.mark.parametrize(("facts", "field", "message"), [
        ({"upcard": "7S", "knocker": "Anna", "gin": False, "deadwood": {"Anna": 9, "Bert": 12}},
         "deals[0].facts.deadwood.Anna",
         "Anna cannot have knocked with 9 deadwood; the limit is 7 (first upcard 7S)"),
        ({"upcard": "AS", "knocker": "Anna", "gin": False, "deadwood": {"Anna": 1, "Bert": 12}},
         "deals[0].facts.deadwood.Anna",
         "Anna cannot have knocked with 1 deadwood; the first upcard AS allows only gin"),
        ({"upcard": "7S", "knocker": "Anna", "gin": True, "deadwood": {"Anna": 3, "Bert": 12}},
         "deals[0].facts.deadwood.Anna", "gin means no deadwood, but Anna has 3"),
        ({"upcard": "7S", "knocker": "Anna", "gin": False, "deadwood": {"Anna": 0, "Bert": 12}},
         "deals[0].facts.gin", "Anna knocked with 0 deadwood: that is gin (write gin: true)"),
        ({"upcard": "7S", "knocker": "Carl", "deadwood": {"Anna": 0, "Bert": 12}},
         "deals[0].facts.knocker", "the knocker 'Carl' is not a player of this match"),
        ({"upcard": "7S", "knocker": "Anna", "deadwood": {"Anna": 0, "Bert": 101}},
         "deals[0].facts.deadwood.Bert",
         "Bert's deadwood must be a whole number from 0 to 100, not 101"),
        ({"upcard": "7S", "knocker": "Anna", "deadwood": {"Anna": 0}},
         "deals[0].facts.deadwood.Bert", "Bert's deadwood is missing"),
        ({"upcard": "7S", "knocker": "Anna", "deadwood": {"Anna": 0, "Bert": 1, "Carl": 3}},
         "deals[0].facts.deadwood.Carl", "'Carl' is not a player of this match"),
        ({"upcard": "7S", "knocker": "Anna", "deadwood": [0, 12]},
         "deals[0].facts.deadwood", "deadwood must give both players' deadwood after "
                                    "lay-offs, e.g. {\"Anna\": 5, \"Bert\": 12}"),
        ({"upcard": "7X", "dead": True}, "deals[0].facts.upcard",
         "'7X' is not a card (write rank then suit: AS, 10H, QC)"),
        ({"dead": True}, "deals[0].facts.upcard",
         "the first upcard is missing (it sets the knock limit and the spade doubling)"),
        ({"upcard": "7S", "dead": True, "knocker": "Anna"}, "deals[0].facts.knocker",
         "a dead hand has no knocker"),
        ({"upcard": "7S"}, "deals[0].facts.knocker",
         "who knocked? give knocker, or dead: true for a dead hand"),
        ({"upcard": "7S", "dead": "yes"}, "deals[0].facts.dead",
         "dead must be true or false, not 'yes'"),
        ({"upcard": "7S", "dead": True, "score": 3}, "deals[0].facts.score",
         "unknown fact 'score'; the facts are upcard, dead, knocker, gin, deadwood"),
    ])
    def test_bad_facts(self, facts, field, message):
        error = first_error(document([{"dealer": "Anna", "facts": facts}]))
        assert isinstance(error, InvalidFactsError)
        assert error.field == field
        assert error.deal == 1
        assert str(error) == f"deal 1: {message}"

    def test_gin_may_be_left_out(self):
        doc = document([{"dealer": "Anna", "facts": {
            "upcard": "9H", "knocker": "Anna", "deadwood": {"Anna": 0, "Bert": 20}}}])
        assert ENGINE.replay(doc, strict=False).hands[0].points == (45, 0)


class TestDealShape:
    @pytest.mark.parametrize(("deal", "field", "message"), [
        ({"dealer": "Anna", "facts": {"upcard": "7S", "dead": True}, "moves": []},
         "deals[0]", "a deal has either moves (played) or facts (score sheet), not both"),
        ({"dealer": "Anna"}, "deals[0]", "a deal needs moves (played) or facts (score sheet)"),
        ({"dealer": "Anna", "moves": ["pass"]}, "deals[0]",
         "no cards: give the hands and the upcard, or a seed in the envelope"),
        ({"dealer": "Carl", "moves": []}, "deals[0].dealer",
         "the dealer 'Carl' is not a player of this match"),
        ({"dealer": "Anna", "hand": {}}, "deals[0].hand",
         "unknown field 'hand' in a deal; the fields are dealer, hands, upcard, moves, facts, "
         "notes"),
        ({"dealer": "Anna", "hands": {"Anna": [], "Bert": []}, "upcard": "9H", "moves": []},
         "deals[0].hands.Anna", "Anna must be dealt 10 cards, not 0"),
        ({"dealer": "Anna", "hands": {"Anna": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C",
                                               "9C", "10C"],
                                      "Bert": ["AC", "2D", "3D", "4D", "5D", "6D", "7D", "8D",
                                               "9D", "10D"]}, "upcard": "9H", "moves": []},
         "deals[0].hands.Bert", "AC is dealt twice"),
        ({"dealer": "Anna", "hands": {"Anna": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C",
                                               "9C", "10C"],
                                      "Bert": ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D",
                                               "9D", "10D"]}, "upcard": "9C", "moves": []},
         "deals[0].upcard", "the upcard 9C is also dealt to a player"),
        ({"dealer": "Anna", "hands": {"Anna": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C",
                                               "9C", "10C"],
                                      "Bert": ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D",
                                               "9D", "10D"]}, "moves": []},
         "deals[0].upcard", "a deal with recorded hands needs its first upcard"),
        ({"dealer": "Anna", "hands": {"Anna": []}, "upcard": "9H", "moves": []},
         "deals[0].hands", "hands must give each player's 10 cards: {\"Anna\": [...], "
                           "\"Bert\": [...]}"),
        ({"dealer": "Anna", "hands": {"Anna": ["ZZ"], "Bert": []}, "upcard": "9H",
          "moves": []},
         "deals[0].hands.Anna", "'ZZ' is not a card (write rank then suit: AS, 10H, QC)"),
        ({"dealer": "Anna", "upcard": "9H", "moves": []}, "deals[0].hands",
         "a deal with a recorded upcard needs the recorded hands too"),
        ({"dealer": "Anna", "hands": {"Anna": [], "Bert": []}, "upcard": "9H", "moves": "x"},
         "deals[0].hands.Anna", "Anna must be dealt 10 cards, not 0"),
    ])
    def test_bad_deal(self, deal, field, message):
        error = first_error(document([deal]))
        assert isinstance(error, InvalidLogError)
        assert error.field == field
        assert str(error) == f"deal 1: {message}"
