"""A list of five (a tournament's 5-table): the dealer sits out each deal and scores 0."""

import random

import pytest

from games.engines.doppelkopf import ENGINE
from games.engines.doppelkopf.randomplay import random_document
from games.engines.errors import InvalidFactsError, InvalidLogError

from .test_scoring import sheet

FIVE = ["Anna", "Bert", "Carl", "Dora", "Emil"]


def five(*deals, rules=None):
    return {"format": "stammtisch-log/1", "game": "doppelkopf",
            "rules": rules or {"preset": "seed"}, "players": list(FIVE), "deals": list(deals)}


def solo(player, kind="damen", re_augen=130):
    return sheet("solo", re=[player], re_augen=re_augen, solo=kind)


class TestTheDealerSitsOut:
    def test_three_deals_scored_by_hand(self):
        deals = [
            # 1: Anna deals and sits out. RE Bert+Dora 130: won 1 -> +1/-1, Anna 0.
            sheet(re=["Bert", "Dora"], re_augen=130),
            # 2: Bert deals and sits out. Carl's Damensolo with 130: 1 x 3 = +3, the other
            #    three -1, Bert 0 (his Pflichtsolo; after a solo the dealer stays).
            solo("Carl"),
            # 3: Bert deals again and sits out. RE Anna+Emil 120: KONTRA wins, gegen die
            #    Alten: 2 -> Anna, Emil -2; Carl, Dora +2.
            sheet(re=["Anna", "Emil"], re_augen=120),
        ]
        result = ENGINE.replay(five(*deals))
        assert [hand.points for hand in result.hands] == [
            (0, 1, -1, 1, -1), (-1, 0, 3, -1, -1), (-2, 0, 2, 2, -2)]
        rows = result.summary["list"]
        assert [(row["dealer"], row["sits_out"]) for row in rows] == [
            ("Anna", "Anna"), ("Bert", "Bert"), ("Bert", "Bert")]
        # Totals: Anna 0-1-2 = -3, Bert 1, Carl -1+3+2 = 4, Dora 1-1+2 = 2, Emil -4.
        assert rows[-1]["totals"] == [-3, 1, 4, 2, -4]
        assert [(s.player, s.score, s.rank) for s in result.seats] == [
            ("Anna", -3, 4), ("Bert", 1, 3), ("Carl", 4, 1), ("Dora", 2, 2), ("Emil", -4, 5)]
        assert result.summary["next_dealer"] == "Carl"
        assert result.summary["pflichtsoli"]["Carl"] == {"owed": 0, "played": [2]}
        detail = result.hands[1].detail
        assert (detail["dealer"], detail["sits_out"], detail["forehand"]) == ("Bert", "Bert",
                                                                              "Carl")
        assert detail["points"] == {"Anna": -1, "Bert": 0, "Carl": 3, "Dora": -1, "Emil": -1}

    def test_the_player_who_sits_out_cannot_play(self):
        deals = [sheet(re=["Bert", "Dora"]), sheet(re=["Anna", "Bert"])]
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(five(*deals))
        assert str(excinfo.value) == ("deal 2: Bert deals deal 2 and sits it out, so Bert "
                                      "cannot play in it")
        assert excinfo.value.field == "deals[1].facts.re"

    def test_the_deal_rotates_round_all_five(self):
        deals = [sheet(re=[a, b]) for a, b in [("Bert", "Carl"), ("Carl", "Dora"),
                                               ("Dora", "Emil"), ("Emil", "Anna"),
                                               ("Anna", "Bert"), ("Bert", "Carl")]]
        rows = ENGINE.replay(five(*deals)).summary["list"]
        assert [row["sits_out"] for row in rows] == ["Anna", "Bert", "Carl", "Dora", "Emil",
                                                     "Anna"]

    def test_an_owing_dealer_does_not_sit_out_his_vorgefuehrtes_solo(self):
        rules = {"preset": "seed", "pot_deals": 5, "dealer_after_solo": "moves"}
        deals = [solo("Bert"), solo("Carl"), solo("Dora"), solo("Emil"),
                 sheet(re=["Anna", "Bert"])]
        # The pot is empty after deal 5 and only Anna owes her Pflichtsolo; she would deal
        # (and sit out) deal 6, so Bert deals it and Anna plays it.
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(five(*deals, dict(solo("Anna"), dealer="Anna"), rules=rules))
        assert str(excinfo.value) == (
            "deal 6: Bert deals this deal by the rotation (Anna still owes a Pflichtsolo and "
            "would sit out: the deal passes on), not Anna")
        result = ENGINE.replay(five(*deals, solo("Anna"), rules=rules))
        last = result.summary["list"][-1]
        assert (last["dealer"], last["sits_out"], last["pflichtsolo"], last["forced"]) == (
            "Bert", "Bert", "Anna", True)
        assert result.hands[-1].points == (3, 0, -1, -1, -1)
        assert result.summary["finished"] is True

    def test_six_players_are_refused(self):
        document = five(sheet(re=["Bert", "Dora"]))
        document["players"] = [*FIVE, "Fritz"]
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document)
        assert str(excinfo.value) == "players: doppelkopf is played by 4 to 5 players, not 6"


class TestPlayedDealsAtFive:
    def test_a_played_deal_is_the_deal_of_the_four_who_play_it(self):
        """Deal 1 at five with Anna dealing is deal 1 of Bert, Carl, Dora and Emil with Emil
        dealing (Bert leads either way): the same seeded cards, moves and points."""
        document = random_document(ENGINE, rng=random.Random(11), players=FIVE, deals=1,
                                   seed="club-night")
        at_five = ENGINE.replay(document)
        four = {"format": "stammtisch-log/1", "game": "doppelkopf",
                "rules": {"preset": "seed"}, "players": FIVE[1:], "seed": "club-night",
                "deals": [{"dealer": "Emil", **document["deals"][0]}]}
        at_four = ENGINE.replay(four)
        assert at_five.hands[0].points == (0, *at_four.hands[0].points)
        assert at_five.hands[0].detail["tricks"] == at_four.hands[0].detail["tricks"]
        assert at_five.hands[0].detail["hands"] == at_four.hands[0].detail["hands"]

    def test_hands_of_the_player_who_sits_out_are_refused(self):
        document = random_document(ENGINE, rng=random.Random(11), players=FIVE, deals=1,
                                   seed="club-night")
        deal = document["deals"][0]
        deal["hands"] = {name: "QC" for name in FIVE}
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(document)
        assert str(excinfo.value) == ("deal 1: Anna deals deal 1 and sits it out, so Anna "
                                      "cannot play in it")

    @pytest.mark.parametrize("number", range(12))
    def test_random_complete_lists_of_five(self, number):
        rules = {"preset": "ddv" if number % 2 else "seed", "pot_deals": 10}
        document = random_document(ENGINE, rng=random.Random(number), players=FIVE, deals=0,
                                   rules=rules, first_dealer=number % 5)
        result = ENGINE.replay(document)
        assert result.summary["finished"] is True
        rows = result.summary["list"]
        for row, hand in zip(rows, result.hands, strict=True):
            assert row["sits_out"] == row["dealer"]
            assert hand.points[FIVE.index(row["sits_out"])] == 0
        assert [s.score for s in result.seats] == [
            sum(hand.points[seat] for hand in result.hands) for seat in range(5)]
