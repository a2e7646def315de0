"""A knock whose melds the log does not state: the least deadwood, and among equal layouts the
one that leaves the defender the least to lay off, as a knocker lays out (RULES-NOTES, Gin).

Each deal: Bert deals, both pass the upcard 9H (limit 9), Anna draws 2H from the stock and
knocks with KS face down; the defender's lay is left to the engine (his best showing)."""

import pytest

from games.engines.gin.deck import card_index, mask_of
from games.engines.gin.melds import best_arrangement, knock_layout, meld_text

from .helpers import one_deal_result

MOVES = ["pass", "pass", "draw 2H", "knock KS"]


def knock(anna: str, bert: str, moves: list[str] = MOVES):
    hand, _result = one_deal_result(moves, dealer="Bert", upcard="9H", anna=anna.split(),
                                    bert=bert.split())
    return hand


def mask(cards: str) -> int:
    return mask_of(card_index(card) for card in cards.split())


class TestTheKnockerLaysOutToHisAdvantage:
    def test_four_sixes_keep_the_defenders_7d_8d_off_the_run(self):
        # Anna after the knock: 6C 6S 6H 6D 2D 3D 4D 5D AC 2H, deadwood AC + 2H = 3.
        # Three sixes and 2D-6D (the search's first layout) would take Bert's 7D and 8D
        # (15): 58 - 3 = 55. Four sixes and 2D-5D leave him 73: 73 - 3 = 70.
        hand = knock("6C 6S 6H 6D 2D 3D 4D 5D AC KS", "7D 8D KC QS JH 10C 9S 4H 3C 2S")
        first = best_arrangement(mask("6C 6S 6H 6D 2D 3D 4D 5D AC 2H"))
        assert [meld_text(m) for m in first.melds] == ["2D-3D-4D-5D-6D", "6C-6S-6H"]
        assert hand.detail["melds"][0] == [["2D", "3D", "4D", "5D"], ["6C", "6S", "6H", "6D"]]
        assert (hand.detail["layoffs"], hand.facts["deadwood"], hand.points) == (
            [], [3, 73], (70, 0))

    def test_four_eights_keep_the_defenders_9c_off_the_run(self):
        # Anna: 8C 8S 8H 8D 5C 6C 7C 2D AS 2H, deadwood 2D + AS + 2H = 5. With 5C-8C and
        # three eights Bert lays off 9C: 62 - 5 = 57; with 5C-7C and four eights: 71 - 5 = 66.
        hand = knock("8C 8S 8H 8D 5C 6C 7C 2D AS KS", "9C 4D KC QS JH 10H 9S 4H 3H 2S")
        assert hand.detail["melds"][0] == [["5C", "6C", "7C"], ["8C", "8S", "8H", "8D"]]
        assert (hand.detail["layoffs"], hand.facts["deadwood"], hand.points) == (
            [], [5, 71], (66, 0))

    def test_the_issues_example_shows_four_sixes_not_6d_to_jd(self):
        # Knocker 6C 6S 6H 6D and 7D-JD; the defender's 4D 5D go on the run only if it is
        # 6D-JD: 66 - 2 = 64, not 57 - 2 = 55.
        hand = knock("6C 6S 6H 6D 7D 8D 9D 10D JD KS", "4D 5D KC QS JH KH QC AC 2S 4H")
        assert hand.detail["melds"][0] == [["6C", "6S", "6H", "6D"],
                                           ["7D", "8D", "9D", "10D", "JD"]]
        assert (hand.facts["deadwood"], hand.points) == ([2, 66], (64, 0))

    def test_stated_melds_count_as_stated(self):
        hand = knock("6C 6S 6H 6D 2D 3D 4D 5D AC KS", "7D 8D KC QS JH 10C 9S 4H 3C 2S",
                     ["pass", "pass", "draw 2H", "knock KS melds 2D-3D-4D-5D-6D 6C-6S-6H"])
        assert (hand.detail["layoffs"], hand.points) == ([["7D", 1], ["8D", 1]], (55, 0))


class TestRemainingTies:
    def test_equal_lay_offs_go_to_the_fixed_order(self):
        # Bert's AD goes on the low end of the run in both layouts (1 point either way): the
        # score is the same, and the fixed order of layouts decides (the melds' cards
        # compared in deck order, the shorter run 2D-5D first).
        hand = mask("6C 6S 6H 6D 2D 3D 4D 5D AC 2H")
        defender = mask("AD KC QS JH 10C 9S 4H 3C 2S 8H")
        chosen = knock_layout(hand, defender)
        assert [meld_text(m) for m in chosen.melds] == ["2D-3D-4D-5D", "6C-6S-6H-6D"]
        assert chosen.deadwood == 3

    def test_against_gin_the_layout_is_a_fixed_choice(self):
        hand = mask("6C 6S 6H 6D 7D 8D 9D 10D JD QD")
        chosen = knock_layout(hand, mask("AC 2C 3C 4C 5C 7C 8C 9C 10C JC"), layoffs=False)
        assert [meld_text(m) for m in chosen.melds] == ["6C-6S-6H", "6D-7D-8D",
                                                        "9D-10D-JD-QD"]
        assert chosen.deadwood == 0

    @pytest.mark.parametrize("defender", ["7D 8D KC QS JH 10C 9S 4H 3C 2S",
                                          "KC QS JH 10C 9S 4H 3C 2S 8H 7H"])
    def test_one_least_deadwood_layout_is_taken_as_it_is(self, defender):
        hand = mask("6C 6S 6H 2D 3D 4D 5D AC 2H KH")
        assert knock_layout(hand, mask(defender)) == best_arrangement(hand)
