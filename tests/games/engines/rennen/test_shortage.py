"""Kartenmangel: 3, 2 or 1 card each, advantages lapse, and the draws."""

import pytest

from games.engines.cards import parse_cards
from games.engines.errors import IllegalMoveError, InvalidFactsError
from games.engines.rennen.game import GameState
from games.engines.rennen.moves import parse_move
from games.engines.rennen.race import Race, legal_moves
from games.engines.rennen.rules import RennenRules

from .build import LONG_GAME, document, error_of, played, replay, simple, ultimate

# Race 12 at 9 cards: market 4 + 2 each = 8 (3 each would need 10): a 2-card race.
RACE_12 = played("KD JD AD KS", "JH 9D", "KS 10D",
                 "play JH KS", "play 9D 10D",           # Bert wins both: 0:2, ultimate
                 "Bert pick KD", "Anna pick JD", "Bert pick AD")
# Race 13 at 42 - 36 = 6 cards: market 4 + 1 each.
RACE_13 = played("JD 10D 9D KS", "KS", "JH",
                 "play KS JH",                          # 1:0, a simple win for Anna
                 "Bert pick JD", "Anna pick 10D", "Anna pick 9D")


def run(*deals, rules=None, strict=True):
    return replay(document(*LONG_GAME, *deals, rules=rules), strict=strict)


class TestTheLongGame:
    def test_the_stock_shrinks_by_three_cards_a_race(self):
        result = run(strict=False)
        assert [hand.detail["stock"] for hand in result.hands] == [
            42, 39, 36, 33, 30, 27, 24, 21, 18, 15, 12]
        seats = result.summary["games"][0]["seats"]
        assert seats[0]["rows"] == {"C": ["QC", "KC", "10C", "AC"], "S": ["9S", "JS", "QS"],
                                    "H": ["JH", "QH", "KH"]}
        assert seats[1]["reserve"] == ["9H", "QD", "QD", "KD", "AD", "9D", "10D"]


class TestNormalDealAtTwelve:
    def test_twelve_cards_still_deal_four_to_the_pik_player(self):
        # Race 11 at 12 cards: market 4 + Anna 4 (Pik) + Bert 3 = 11; Bert's Herzvorteil.
        race_11 = played("10D JS 9C KS", "KD JD AD JH", "JD 10D 9D",
                         "Anna show JD JH", "Bert keep", "Anna discard JH",
                         "play KD JD", "play AD 10D", "play JD 9D",
                         "Anna pick JS", "Bert pick 10D", "Anna pick 9C")
        result = replay(document(*LONG_GAME[:10], race_11), strict=False)
        detail = result.hands[10].detail
        assert (detail["stock"], detail["hand_size"], detail["shortage"]) == (12, 3, False)
        assert detail["advantages"] == {"C": "Anna", "S": "Anna", "H": "Bert"}
        assert detail["tricks"] == [3, 0]


class TestTwoCards:
    def test_two_cards_each_and_pik_and_herz_lapse(self):
        hand = run(RACE_12, strict=False).hands[11]
        detail = hand.detail
        assert (detail["stock"], detail["hand_size"], detail["shortage"]) == (9, 2, True)
        assert detail["advantages"] == {"C": "Anna", "S": None, "H": None}
        assert detail["lapsed"] == ["S", "H"]
        assert (detail["tricks"], detail["winner"], detail["win"]) == ([0, 2], "Bert",
                                                                       "ultimate")

    @pytest.mark.parametrize(("move", "message"), [
        ("Anna discard JH", "Anna cannot discard: the Pikvorteil lapses in a card shortage"),
        ("Anna show JH 9D", "Anna cannot show cards: the Herzvorteil lapses in a card "
                            "shortage"),
    ])
    def test_the_lapsed_advantages_are_refused(self, move, message):
        race = played("KD JD AD KS", "JH 9D", "KS 10D", move)
        error = error_of(document(*LONG_GAME, race), IllegalMoveError)
        assert str(error) == f"deal 12, move 1: {message}"

    def test_karo_cards_can_still_be_exchanged(self):
        race = played("KD JD AD KS", "JH 9D", "KS 10D", "Bert karo QD for 10D",
                      "play JH KS", "play 9D QD", "Bert pick KD", "Anna pick JD", "Bert pick AD")
        detail = run(race, strict=False).hands[11].detail
        assert detail["ready"] == [["JH", "9D"], ["KS", "QD"]]

    def test_a_wrong_hand_size_is_refused(self):
        race = played("KD JD AD KS", "JH 9D 10D", "KS JD JH", "play JH KS")
        error = error_of(document(*LONG_GAME, race))
        assert str(error) == ("deal 12: Anna is dealt 2 cards this race (the stock holds 9 "
                              "cards: card shortage, 2 each), not 3")
        assert error.field == "deals[11].hands.Anna"


class TestOneCardAndTheDraw:
    def test_one_card_each_then_the_stock_is_too_small(self):
        result = run(RACE_12, RACE_13)
        detail = result.hands[12].detail
        assert (detail["stock"], detail["hand_size"]) == (6, 1)
        assert detail["end"] == {
            "winner": None, "end": "shortage", "suit": None,
            "text": "drawn: the stock holds 3 cards, too few for the market and one card each"}
        assert [(seat.score, seat.rank) for seat in result.seats] == [(0, 1), (0, 1)]
        assert result.winner is None
        assert result.summary["games_drawn"] == 1


class TestATieTheStockCannotBreak:
    # 2-card race 12 with Anna's Kreuzvorteil: JD < KS for Bert, AD > 9D for Anna: 1:1.
    # The market and hands take 8 of the 9 cards: one card (KS) is left, too few for two.
    TIED = ("JH KD JD 10D", "JD AD", "KS 9D", "play JD KS", "play AD 9D")

    def test_the_game_is_drawn(self):
        result = run(played(*self.TIED))
        hand = result.hands[11]
        assert hand.facts == {"winner": None, "win": None, "karo": {}, "picks": []}
        assert hand.detail["end"]["end"] == "no_tiebreak"
        assert result.summary["games"][0]["text"] == (
            "drawn: the stock cannot give one card each to break the tie")

    def test_reshuffle_option_brings_the_played_cards_back(self):
        rules = {"preset": "seed", "tiebreak_without_stock": "reshuffle"}
        # (Bert must not take JH: it would complete his Herz row with the 9H in reserve.)
        race = played(*self.TIED, "tiebreak KS 9D", "Bert pick 10D", "Anna pick KD",
                      "Anna pick JD")
        hand = run(race, rules=rules, strict=False).hands[11]
        assert (hand.detail["winner"], hand.detail["decided_by"]) == ("Anna", "tiebreak")

    def test_kreuz_decides_the_final_tie_by_option(self):
        rules = {"preset": "seed", "kreuz_decides_final_tie": True}
        race = played(*self.TIED, "Bert pick 10D", "Anna pick KD", "Anna pick JD")
        hand = run(race, rules=rules, strict=False).hands[11]
        assert (hand.detail["winner"], hand.detail["win"], hand.detail["decided_by"]) == (
            "Anna", "simple", "kreuz_final_tie")

    def test_a_move_after_the_draw_is_refused(self):
        error = error_of(document(*LONG_GAME, played(*self.TIED, "tiebreak KS KS")),
                         IllegalMoveError)
        assert str(error) == ("deal 12, move 3: the game is over: drawn: the stock cannot give "
                              "one card each to break the tie")


class TestThreeCardsInAShortage:
    # Race 11 with Bert giving QD back from his reserve (Karo rule): 42 - 33 + 1 = 10 cards.
    # Anna holds the Pikvorteil and would need 4 + 4 + 3 = 11: card shortage, 3 cards each.
    BEFORE = (*LONG_GAME[:10], simple("Anna", "10D", "JS", "9C", karo={"Bert": ["QD"]}))

    def test_pik_and_herz_lapse_but_bombs_count(self):
        race = played("AD 10D 9D QD", "JD JD JH", "KS KS KD",
                      "Bert pick AD", "Anna pick 10D", "Bert pick 9D")
        detail = replay(document(*self.BEFORE, race), strict=False).hands[11].detail
        assert (detail["stock"], detail["hand_size"], detail["lapsed"]) == (10, 3, ["S", "H"])
        assert (detail["bombs"], detail["winner"], detail["decided_by"]) == (
            ["Jacks", "Kings"], "Bert", "higher_bomb")


class TestABombenpattTheStockCannotBreak:
    def test_the_game_is_drawn_when_the_moves_end(self):
        # Engine level: a stock of exactly 10 cards, equal bombs, no Kreuzvorteil.
        game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
        game.stock = parse_cards("AH QD 10C 9H AC AS AH AC AS AD")
        race = Race(game, market=parse_cards("AH QD 10C 9H"),
                    hands=[parse_cards("AC AS AH"), parse_cards("AC AS AD")])
        with pytest.raises(IllegalMoveError) as excinfo:
            race.apply(parse_move("tiebreak", game.players))
        assert str(excinfo.value) == ("no card can be dealt for the Bombenpatt: the stock "
                                      "holds 0 cards; the game is drawn and the race ends here")
        race.end_of_moves()
        assert (race.complete, game.end, game.winner) == (True, "no_tiebreak", None)

    def test_no_legal_move_when_a_seeded_stock_cannot_break_it(self):
        # A seeded stock of exactly 10 cards, JC JC JS JS JH JH 9C 9S 9H 10C, nobody holds an
        # advantage: 4 market + 3 + 3 = 10, nothing is left. Seed 105 shuffles it (label
        # "game 1 race 1") to 9C 9S 10C 9H | JC JH JH | JS JS JC: a Bombenpatt of Jacks that
        # no card can break. Nothing can be done (no Karo card in a reserve), so no move is
        # legal, and the game is drawn when the moves end.
        game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=105)
        game.stock = parse_cards("JC JC JS JS JH JH 9C 9S 9H 10C")
        race = Race(game)
        assert (race.market, race.hands) == (parse_cards("9C 9S 10C 9H"),
                                             [parse_cards("JC JH JH"), parse_cards("JS JS JC")])
        assert legal_moves(race) == []
        race.end_of_moves()
        assert (race.complete, game.end, game.winner) == (True, "no_tiebreak", None)


def test_not_even_one_card_each_ends_a_score_sheet_game_too():
    # Race 12 and 13 from the score sheet: the same picks as RACE_12 and RACE_13.
    result = run(simple("Bert", "JD", "KD", "AD"), simple("Anna", "JD", "10D", "9D"))
    assert result.summary["games"][0]["end"] == "shortage"
    assert [hand.detail["hand_size"] for hand in result.hands[-2:]] == [2, 1]


def test_no_ultimate_win_with_one_card_each():
    # Race 13 at 6 cards deals one card each: one trick at most, no bomb (it needs three
    # cards), and a tie is broken by extra cards as a simple win. An ultimate win (a margin
    # of two tricks) cannot be true.
    error = error_of(document(*LONG_GAME, simple("Bert", "JD", "KD", "AD"),
                              ultimate("Anna", "JD", "10D", "9D")), InvalidFactsError)
    assert (str(error), error.field) == (
        "deal 13: Anna cannot win ultimately: with one card each (the stock holds 6 cards: card "
        "shortage) a race is won by one trick at most, a simple win", "deals[12].facts.win")
