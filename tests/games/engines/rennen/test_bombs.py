"""Bombs: three cards of one rank at the end of the preparation win the race outright."""

import pytest

from games.engines.errors import IllegalMoveError

from .build import document, error_of, played, replay, simple

# Race 1, simple win for Anna: Bert 9D (reserve), Anna KC (row), Anna 9H (reserve):
# Anna holds the Kreuzvorteil and nothing else.
KREUZ_FOR_ANNA = simple("Anna", "9D", "KC", "9H")


def race(deal, *before, rules=None):
    result = replay(document(*before, deal, rules=rules), strict=False)
    assert len(result.errors) == 1 and "the log ends before" in str(result.errors[0])
    return result.hands[-1]


class TestOneBomb:
    def test_a_bomb_wins_the_race_ultimately_without_a_card_played(self):
        hand = race(played("AH QD 10C 9H", "KC KS KH", "AS 10S JH",
                           "Anna pick AH", "Bert pick QD", "Anna pick 10C"))
        detail = hand.detail
        assert (detail["winner"], detail["win"], detail["decided_by"]) == (
            "Anna", "ultimate", "bomb")
        assert detail["bombs"] == ["Kings", None]
        assert detail["plays"] == [] and detail["tricks"] == [0, 0]

    def test_playing_a_card_is_refused(self):
        error = error_of(document(played("AH QD 10C 9H", "KC KS KH", "AS 10S JH",
                                         "play KC AS")), IllegalMoveError)
        assert str(error) == ("deal 1, move 1: no card is played: Anna holds a bomb of Kings "
                              "(KC KS KH); Anna wins the race")
        assert (error.field, error.notation) == ("deals[0].moves[0]", "play KC AS")

    def test_the_loser_may_not_pick_first(self):
        error = error_of(document(played("AH QD 10C 9H", "KC KS KH", "AS 10S JH",
                                         "Bert pick AH")), IllegalMoveError)
        assert str(error) == ("deal 1, move 1: Bert cannot pick now: it is Anna's pick "
                              "(ultimate win for Anna: Anna picks, then Bert, then Anna)")

    def test_a_bomb_made_by_the_pik_discard(self):
        # Race 1, ultimate win for Bert: Bert KS, Anna 9D, Bert 9H: Bert holds the Pikvorteil.
        before = (simple("Anna", "9D", "9H", "KS"),)  # Anna: 9H reserve, KS row -> Pik Anna
        hand = race(played("AH QD 10C 9H", "JC JS 10D JH", "AS 10S KH",
                           "Anna discard 10D", "Anna pick AH", "Bert pick QD", "Anna pick 10C"),
                    *before)
        assert hand.detail["ready"][0] == ["JC", "JS", "JH"]
        assert hand.detail["bombs"] == ["Jacks", None]

    def test_a_bomb_made_by_a_karo_exchange(self):
        # Race 1, simple win for Anna: Bert 9H, Anna KD (reserve), Anna 9S (reserve).
        before = (simple("Anna", "9H", "KD", "9S"),)
        hand = race(played("AH QD 10C 9C", "KC KS 10H", "AS 10S JH",
                           "Anna karo KD for 10H", "Anna pick AH", "Bert pick QD",
                           "Anna pick 10C"), *before)
        assert hand.detail["ready"][0] == ["KC", "KS", "KD"]
        assert hand.detail["decided_by"] == "bomb"


class TestTwoBombs:
    def test_the_higher_bomb_wins(self):
        hand = race(played("AH QD 10C 9H", "9C 9S 9H", "JC JS JH",
                           "Bert pick AH", "Anna pick QD", "Bert pick 10C"))
        assert (hand.detail["winner"], hand.detail["win"], hand.detail["decided_by"]) == (
            "Bert", "ultimate", "higher_bomb")
        assert hand.detail["bombs"] == ["Nines", "Jacks"]

    def test_equal_bombs_go_to_the_kreuzvorteil(self):
        hand = race(played("AH QD 10C 9C", "AC AS AH", "AC AS AD",
                           "Anna pick AH", "Bert pick QD", "Anna pick 10C"), KREUZ_FOR_ANNA)
        assert (hand.detail["winner"], hand.detail["win"], hand.detail["decided_by"]) == (
            "Anna", "ultimate", "kreuz_bomb")

    def test_equal_bombs_with_kreuz_as_a_simple_win_by_option(self):
        hand = race(played("AH QD 10C 9C", "AC AS AH", "AC AS AD",
                           "Bert pick AH", "Anna pick QD", "Anna pick 10C"), KREUZ_FOR_ANNA,
                    rules={"preset": "seed", "kreuz_bomb_win": "simple"})
        assert (hand.detail["winner"], hand.detail["win"]) == ("Anna", "simple")


class TestBombenpatt:
    def test_one_card_each_decides_a_simple_win(self):
        hand = race(played("AH QD 10C 9H", "AC AS AH", "AC AS AD",
                           "tiebreak 9C KH", "Anna pick AH", "Bert pick QD", "Bert pick 10C"))
        assert hand.detail["tiebreaks"] == [
            {"move": 1, "cards": ["9C", "KH"], "winner": "Bert", "by": "rank"}]
        assert (hand.detail["winner"], hand.detail["win"], hand.detail["decided_by"]) == (
            "Bert", "simple", "bombenpatt")

    def test_equal_extra_cards_are_dealt_again(self):
        hand = race(played("AH QD 10C 9H", "AC AS AH", "AC AS AD",
                           "tiebreak 9C 9S", "tiebreak KH JC",
                           "Bert pick AH", "Anna pick QD", "Anna pick 10C"))
        assert [item["winner"] for item in hand.detail["tiebreaks"]] == [None, "Anna"]
        assert hand.detail["events"][0]["note"] == (
            "9C and 9S are equal: the tie stands, one more card each")

    @pytest.mark.parametrize("move", ["play AC AC", "Anna pick AH"])
    def test_playing_or_picking_is_refused(self, move):
        error = error_of(document(played("AH QD 10C 9H", "AC AS AH", "AC AS AD", move)),
                         IllegalMoveError)
        bombs = ("Anna holds a bomb of Aces (AC AS AH) and Bert holds a bomb of Aces "
                 "(AC AS AD)")
        lead = "no card is played" if move.startswith("play") else "Anna cannot pick yet"
        assert str(error) == (f"deal 1, move 1: {lead}: {bombs}; the Bombenpatt is broken "
                              "with one card each from the stock (tiebreak)")


class TestNoBomb:
    def test_picking_before_the_race_is_refused(self):
        error = error_of(document(played("AH QD 10C 9H", "AC AS KH", "9C 10S JH",
                                         "Anna pick AH")), IllegalMoveError)
        assert str(error) == ("deal 1, move 1: Anna cannot pick yet: the race is not decided "
                              "(no bomb: the race is played card by card)")

    def test_a_tiebreak_before_the_race_is_refused(self):
        error = error_of(document(played("AH QD 10C 9H", "AC AS KH", "9C 10S JH",
                                         "tiebreak")), IllegalMoveError)
        assert str(error) == ("deal 1, move 1: no tie to break: no bomb: the race is played "
                              "card by card")
