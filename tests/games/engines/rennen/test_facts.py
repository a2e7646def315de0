"""Score-sheet races: facts that are checked and scored by the same code as played races."""

import pytest

from games.engines.errors import InvalidFactsError, InvalidLogError

from .build import LONG_GAME, document, error_of, replay, sheet, simple, ultimate


class TestScoring:
    def test_a_sheet_race_is_scored_like_a_played_one(self):
        result = replay(document(ultimate("Anna", "KC", "KS", "KH")), strict=False)
        hand = result.hands[0]
        assert (hand.source, hand.points) == ("facts", (0, 0))
        assert hand.facts == {"winner": "Anna", "win": "ultimate", "karo": {},
                              "picks": [{"player": "Anna", "card": "KC"},
                                        {"player": "Bert", "card": "KS"},
                                        {"player": "Anna", "card": "KH"}]}
        assert hand.detail == {
            "game": 1, "race": 1, "stock": 42, "hand_size": 3, "shortage": False,
            "advantages": {"C": None, "S": None, "H": None}, "lapsed": [],
            "market": None, "hands": None, "herz": None, "discard": None, "karo": [[], []],
            "ready": None, "bombs": [None, None], "plays": [], "tricks": None,
            "tiebreaks": [], "decided_by": None, "leftover": None, "events": [],
            "winner": "Anna", "win": "ultimate",
            "picks": [{"player": "Anna", "card": "KC", "to": "row", "attached": ["KC"]},
                      {"player": "Bert", "card": "KS", "to": "row", "attached": ["KS"]},
                      {"player": "Anna", "card": "KH", "to": "row", "attached": ["KH"]}],
            "seats": [
                {"player": "Anna", "rows": {"C": ["QC", "KC"], "S": ["QS"], "H": ["QH", "KH"]},
                 "reserve": [], "strikes": []},
                {"player": "Bert", "rows": {"C": ["QC"], "S": ["QS", "KS"], "H": ["QH"]},
                 "reserve": [], "strikes": []}],
            "end": None}

    def test_a_race_without_winner_draws_the_game(self):
        result = replay(document(sheet(None, None)))
        assert result.summary["games"][0]["end"] == "no_tiebreak"
        assert [seat.rank for seat in result.seats] == [1, 1]

    def test_karo_cards_given_up_leave_the_reserve(self):
        deals = (simple("Bert", "AD", "KD", "9D"),
                 simple("Anna", "10D", "JD", "QD", karo={"Anna": ["AD"], "Bert": ["9D", "KD"]}))
        result = replay(document(*deals), strict=False)
        assert [seat["reserve"] for seat in result.hands[1].detail["seats"]] == [
            ["JD", "QD"], ["10D"]]
        # 42 - 6 picked + 3 given back: 39 cards in the stock for race 3.
        assert result.summary["games"][0]["races"] == 2


FACT_ERRORS = [
    (sheet("Anna", "simple", "Anna KC", "Bert KS", "Anna KH"),
     "deal 1: Anna cannot make pick 1: after a simple win for Anna, Bert picks first, then "
     "Anna picks two", "deals[0].facts.picks[0]"),
    (sheet("Bert", "ultimate", "Bert KC", "Bert KS", "Bert KH"),
     "deal 1: Bert cannot make pick 2: after an ultimate win for Bert, Bert picks first, then "
     "Anna, then Bert", "deals[0].facts.picks[1]"),
    (ultimate("Anna", "QC", "KS", "KH"),
     "deal 1: Anna cannot pick QC: it is not in the stock (both copies are owned or picked)",
     "deals[0].facts.picks[0]"),
    (ultimate("Anna", "AH", "AH", "AH"),
     "deal 1: Anna cannot pick AH: it is not in the stock (both copies are owned or picked)",
     "deals[0].facts.picks[2]"),
    (sheet("Anna", "ultimate", "Anna KC", "Bert KS"),
     "deal 1: a race has three market picks, not 2 (after an ultimate win for Anna, Anna picks "
     "first, then Bert, then Anna)", "deals[0].facts.picks"),
    (sheet("Anna", "ultimate", "Anna KC", "Bert KS", "Anna KH", "Bert AH"),
     "deal 1: a race has three market picks, not 4", "deals[0].facts.picks[3]"),
    (simple("Anna", "KC", "KS", "KH", karo={"Anna": ["9C"]}),
     "deal 1: Anna cannot exchange 9C: only Karo cards from the reserve can be exchanged",
     "deals[0].facts.karo.Anna[0]"),
    (simple("Anna", "KC", "KS", "KH", karo={"Bert": ["AD"]}),
     "deal 1: Bert cannot exchange AD: it is not in Bert's reserve (reserve: nothing)",
     "deals[0].facts.karo.Bert[0]"),
    (sheet(None, None, "Anna KC"),
     "deal 1: a race without a winner has no picks: the game was drawn because no card could "
     "be dealt to break the tie", "deals[0].facts.picks"),
]


@pytest.mark.parametrize(("deal", "message", "field"), FACT_ERRORS)
def test_facts_that_cannot_be_true(deal, message, field):
    error = error_of(document(deal), InvalidFactsError)
    assert (str(error), error.field) == (message, field)


class TestNoDrawWithTheKreuzvorteil:
    # A race ends without a winner only when a tie must be broken and no card can be dealt.
    # The Kreuz player wins every tied trick and every tied extra card: with three cards each
    # (or one) the tricks cannot tie, and equal bombs are his. Only a 2-card race (card
    # shortage) can end 1:1 and then find the stock empty.

    def test_refused_in_a_race_of_three_cards(self):
        # Race 1, simple win for Anna: Bert 9D (reserve), Anna KC (row), Anna 9H (reserve):
        # Anna holds the Kreuzvorteil in race 2, dealt 3 cards each from 39.
        deals = (simple("Anna", "9D", "KC", "9H"), sheet(None, None))
        error = error_of(document(*deals), InvalidFactsError)
        assert (str(error), error.field) == (
            "deal 2: the game cannot be drawn in this race: Anna holds the Kreuzvorteil and wins "
            "every tie, and with 3 cards each the tricks cannot tie", "deals[1].facts.winner")

    def test_possible_in_a_race_of_two_cards(self):
        # LONG_GAME leaves 9 cards and Anna the Kreuzvorteil: race 12 deals 2 cards each
        # (test_shortage: JD < KS, AD > 9D, 1:1, one card left): a draw.
        result = replay(document(*LONG_GAME, sheet(None, None)))
        assert result.summary["games"][0]["end"] == "no_tiebreak"

    @pytest.mark.parametrize(("option", "value", "why"), [
        ("kreuz_decides_final_tie", True,
         "a tie in tricks is his by rules.kreuz_decides_final_tie"),
        ("tiebreak_without_stock", "reshuffle", "the played cards are shuffled back to break "
                                                "the tie (rules.tiebreak_without_stock)"),
    ])
    def test_refused_in_a_race_of_two_cards_by_option(self, option, value, why):
        rules = {"preset": "seed", option: value}
        error = error_of(document(*LONG_GAME, sheet(None, None), rules=rules), InvalidFactsError)
        assert str(error) == ("deal 12: the game cannot be drawn in this race: Anna holds the "
                              f"Kreuzvorteil and wins every tie, and {why}")


def test_picks_after_the_end_of_the_game():
    deals = (ultimate("Anna", "AH", "9D", "10H"), ultimate("Anna", "JH", "10D", "9H"),
             ultimate("Anna", "KH", "JD", "AC"))
    error = error_of(document(*deals), InvalidFactsError)
    assert str(error) == ("deal 3: Bert cannot pick JD: the game was over after the pick "
                          "before (Anna completed the Herz row)")
    assert error.field == "deals[2].facts.picks[1]"


MALFORMED = [
    ({"winner": "Anna", "win": "simple", "score": 3},
     "deal 1: unknown fact 'score'; the facts are attaches, karo, picks, win, winner",
     "deals[0].facts.score"),
    ({"winner": "Carl", "win": "simple"},
     "deal 1: 'Carl' is not a player of this match (Anna, Bert)", "deals[0].facts.winner"),
    ({"winner": "Anna", "win": "double"},
     "deal 1: win must be 'simple' or 'ultimate', not 'double'", "deals[0].facts.win"),
    ({"winner": None, "win": "simple"},
     "deal 1: a race without a winner has no kind of win (win: null)", "deals[0].facts.win"),
    ({"winner": "Anna", "win": "simple", "karo": ["AD"]},
     "deal 1: karo must map player names to lists of Karo cards", "deals[0].facts.karo"),
    ({"winner": "Anna", "win": "simple", "picks": "Bert AH"},
     "deal 1: must be a list", "deals[0].facts.picks"),
    ({"winner": "Anna", "win": "simple", "picks": ["Bert AH"]},
     'deal 1: must be an object such as {"player": "Anna", "card": "AH"}',
     "deals[0].facts.picks[0]"),
    ({"winner": "Anna", "win": "simple", "picks": [{"player": "Bert", "card": "11H"}]},
     "deal 1: '11H' is not a card (write rank then suit: AS, 10H, QC)",
     "deals[0].facts.picks[0].card"),
    ({"winner": "Anna", "win": "simple",
      "attaches": [{"player": "Anna", "card": "KH", "after": 4}]},
     "deal 1: after must be the number of picks made before the attach (0 to 3)",
     "deals[0].facts.attaches[0].after"),
    ([], "deal 1: facts must be an object", "deals[0].facts"),
    ({"win": "simple"}, "deal 1: facts must name the race's winner (null when the game was "
                        "drawn because no card could break a tie)", "deals[0].facts"),
]


@pytest.mark.parametrize(("facts", "message", "field"), MALFORMED)
def test_malformed_facts(facts, message, field):
    error = error_of(document({"facts": facts}), InvalidLogError)
    assert (str(error), error.field) == (message, field)


def test_a_score_sheet_race_has_no_market():
    error = error_of(document({"facts": {}, "market": []}), InvalidLogError)
    assert (str(error), error.field) == ("deal 1: a score-sheet race has no market",
                                         "deals[0].market")
