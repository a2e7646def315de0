"""Double elimination: exact brackets for 2, 3, 4, 5, 8 and 16 players, and every outcome."""

import itertools
import random
from collections import Counter

import pytest

from tournaments.pairing.elimination.double import (
    Slot,
    Source,
    bracket_champion,
    bracket_occupants,
    double_elimination,
)


def shape(entrants, **options):
    return [str(match) for match in double_elimination(entrants, **options)]


class TestExactBrackets:
    def test_two_players_meet_again_in_the_grand_final(self):
        assert shape(2) == [
            "W1.1: seed 1 v seed 2 (W->GF1/0 L->GF1/1)",
            "GF1: winner of W1.1 v loser of W1.1 (W->GF2/0 L->GF2/1)",
            "GF2: winner of GF1 v loser of GF1 (W->- L->-)",
        ]

    def test_three_players_seed_one_has_a_bye_that_never_drops_him(self):
        # W1.1 (1 v bye) is left out: seed 1 waits in W2.1 and the losers' bracket has
        # no L1 (its only loser would come from W1.2).
        assert shape(3) == [
            "W1.2: seed 2 v seed 3 (W->W2.1/1 L->L2.1/0)",
            "W2.1: seed 1 v winner of W1.2 (W->GF1/0 L->L2.1/1)",
            "L2.1: loser of W1.2 v loser of W2.1 (W->GF1/1 L->-)",
            "GF1: winner of W2.1 v winner of L2.1 (W->GF2/0 L->GF2/1)",
            "GF2: winner of GF1 v loser of GF1 (W->- L->-)",
        ]

    def test_four_players(self):
        assert shape(4) == [
            "W1.1: seed 1 v seed 4 (W->W2.1/0 L->L1.1/0)",
            "W1.2: seed 2 v seed 3 (W->W2.1/1 L->L1.1/1)",
            "W2.1: winner of W1.1 v winner of W1.2 (W->GF1/0 L->L2.1/1)",
            "L1.1: loser of W1.1 v loser of W1.2 (W->L2.1/0 L->-)",
            "L2.1: winner of L1.1 v loser of W2.1 (W->GF1/1 L->-)",
            "GF1: winner of W2.1 v winner of L2.1 (W->GF2/0 L->GF2/1)",
            "GF2: winner of GF1 v loser of GF1 (W->- L->-)",
        ]

    def test_five_players_three_byes(self):
        # Full bracket of 8: 1 v (8), 4 v 5, 2 v (7), 3 v (6). Only 4 v 5 is played in W1;
        # its loser waits in L2.1 for the loser of W2.2 (W2 losers come in reversed).
        assert shape(5) == [
            "W1.2: seed 4 v seed 5 (W->W2.1/1 L->L2.1/0)",
            "W2.1: seed 1 v winner of W1.2 (W->W3.1/0 L->L3.1/1)",
            "W2.2: seed 2 v seed 3 (W->W3.1/1 L->L2.1/1)",
            "L2.1: loser of W1.2 v loser of W2.2 (W->L3.1/0 L->-)",
            "W3.1: winner of W2.1 v winner of W2.2 (W->GF1/0 L->L4.1/1)",
            "L3.1: winner of L2.1 v loser of W2.1 (W->L4.1/0 L->-)",
            "L4.1: winner of L3.1 v loser of W3.1 (W->GF1/1 L->-)",
            "GF1: winner of W3.1 v winner of L4.1 (W->GF2/0 L->GF2/1)",
            "GF2: winner of GF1 v loser of GF1 (W->- L->-)",
        ]

    def test_eight_players(self):
        assert shape(8) == [
            "W1.1: seed 1 v seed 8 (W->W2.1/0 L->L1.1/0)",
            "W1.2: seed 4 v seed 5 (W->W2.1/1 L->L1.1/1)",
            "W1.3: seed 2 v seed 7 (W->W2.2/0 L->L1.2/0)",
            "W1.4: seed 3 v seed 6 (W->W2.2/1 L->L1.2/1)",
            "W2.1: winner of W1.1 v winner of W1.2 (W->W3.1/0 L->L2.2/1)",
            "W2.2: winner of W1.3 v winner of W1.4 (W->W3.1/1 L->L2.1/1)",
            "L1.1: loser of W1.1 v loser of W1.2 (W->L2.1/0 L->-)",
            "L1.2: loser of W1.3 v loser of W1.4 (W->L2.2/0 L->-)",
            "L2.1: winner of L1.1 v loser of W2.2 (W->L3.1/0 L->-)",
            "L2.2: winner of L1.2 v loser of W2.1 (W->L3.1/1 L->-)",
            "W3.1: winner of W2.1 v winner of W2.2 (W->GF1/0 L->L4.1/1)",
            "L3.1: winner of L2.1 v winner of L2.2 (W->L4.1/0 L->-)",
            "L4.1: winner of L3.1 v loser of W3.1 (W->GF1/1 L->-)",
            "GF1: winner of W3.1 v winner of L4.1 (W->GF2/0 L->GF2/1)",
            "GF2: winner of GF1 v loser of GF1 (W->- L->-)",
        ]

    def test_sixteen_players(self):
        # W2 losers reversed (W2.4 -> L2.1 ... W2.1 -> L2.4), W3 losers with the halves
        # swapped (W3.2 -> L4.1, W3.1 -> L4.2), the W final's loser into L6.1.
        assert shape(16) == [
            "W1.1: seed 1 v seed 16 (W->W2.1/0 L->L1.1/0)",
            "W1.2: seed 8 v seed 9 (W->W2.1/1 L->L1.1/1)",
            "W1.3: seed 4 v seed 13 (W->W2.2/0 L->L1.2/0)",
            "W1.4: seed 5 v seed 12 (W->W2.2/1 L->L1.2/1)",
            "W1.5: seed 2 v seed 15 (W->W2.3/0 L->L1.3/0)",
            "W1.6: seed 7 v seed 10 (W->W2.3/1 L->L1.3/1)",
            "W1.7: seed 3 v seed 14 (W->W2.4/0 L->L1.4/0)",
            "W1.8: seed 6 v seed 11 (W->W2.4/1 L->L1.4/1)",
            "W2.1: winner of W1.1 v winner of W1.2 (W->W3.1/0 L->L2.4/1)",
            "W2.2: winner of W1.3 v winner of W1.4 (W->W3.1/1 L->L2.3/1)",
            "W2.3: winner of W1.5 v winner of W1.6 (W->W3.2/0 L->L2.2/1)",
            "W2.4: winner of W1.7 v winner of W1.8 (W->W3.2/1 L->L2.1/1)",
            "L1.1: loser of W1.1 v loser of W1.2 (W->L2.1/0 L->-)",
            "L1.2: loser of W1.3 v loser of W1.4 (W->L2.2/0 L->-)",
            "L1.3: loser of W1.5 v loser of W1.6 (W->L2.3/0 L->-)",
            "L1.4: loser of W1.7 v loser of W1.8 (W->L2.4/0 L->-)",
            "L2.1: winner of L1.1 v loser of W2.4 (W->L3.1/0 L->-)",
            "L2.2: winner of L1.2 v loser of W2.3 (W->L3.1/1 L->-)",
            "L2.3: winner of L1.3 v loser of W2.2 (W->L3.2/0 L->-)",
            "L2.4: winner of L1.4 v loser of W2.1 (W->L3.2/1 L->-)",
            "W3.1: winner of W2.1 v winner of W2.2 (W->W4.1/0 L->L4.2/1)",
            "W3.2: winner of W2.3 v winner of W2.4 (W->W4.1/1 L->L4.1/1)",
            "L3.1: winner of L2.1 v winner of L2.2 (W->L4.1/0 L->-)",
            "L3.2: winner of L2.3 v winner of L2.4 (W->L4.2/0 L->-)",
            "L4.1: winner of L3.1 v loser of W3.2 (W->L5.1/0 L->-)",
            "L4.2: winner of L3.2 v loser of W3.1 (W->L5.1/1 L->-)",
            "W4.1: winner of W3.1 v winner of W3.2 (W->GF1/0 L->L6.1/1)",
            "L5.1: winner of L4.1 v winner of L4.2 (W->L6.1/0 L->-)",
            "L6.1: winner of L5.1 v loser of W4.1 (W->GF1/1 L->-)",
            "GF1: winner of W4.1 v winner of L6.1 (W->GF2/0 L->GF2/1)",
            "GF2: winner of GF1 v loser of GF1 (W->- L->-)",
        ]

    def test_without_a_reset(self):
        assert shape(2, reset=False) == [
            "W1.1: seed 1 v seed 2 (W->GF1/0 L->GF1/1)",
            "GF1: winner of W1.1 v loser of W1.1 (W->- L->-)",
        ]

    def test_fields(self):
        final = double_elimination(8)[-2]
        assert (final.id, final.bracket, final.round, final.position, final.reset) == (
            "GF1", "GF", 1, 1, False)
        assert final.sources == (Source("winner", "W3.1"), Source("winner", "L4.1"))
        assert final.winner_to == Slot("GF2", 0)
        assert double_elimination(8)[-1].reset is True
        assert str(Source("seed", 3)) == "seed 3"

    def test_one_player_is_no_bracket(self):
        with pytest.raises(ValueError, match="at least 2 players, not 1"):
            double_elimination(1)


def play(entrants, choose, reset=True):
    """Plays a whole bracket; ``choose(match, occupants)`` gives the winning side."""
    matches = double_elimination(entrants, reset=reset)
    seeded = [f"P{seed}" for seed in range(1, entrants + 1)]
    winners = {}
    losses = Counter()
    played = []
    for match in matches:
        occupants = bracket_occupants(matches, seeded, winners)
        if match.id not in occupants:
            continue  # the reset, not needed
        first, second = occupants[match.id]
        assert first is not None and second is not None and first != second, match
        side = choose(match, (first, second))
        winners[match.id] = side
        played.append((match.id, first, second, losses[first], losses[second]))
        losses[(first, second)[1 - side]] += 1
    return seeded, losses, played, bracket_champion(matches, seeded, winners)


class TestEveryOutcome:
    @pytest.mark.parametrize("entrants", [2, 3, 4, 5, 6])
    def test_all_outcomes_of_small_brackets(self, entrants):
        count = len(double_elimination(entrants))
        for outcome in itertools.product((0, 1), repeat=count):
            choices = dict(zip([m.id for m in double_elimination(entrants)], outcome,
                               strict=True))
            self.check(entrants, lambda match, _, c=choices: c[match.id])

    @pytest.mark.parametrize("entrants", [7, 9, 12, 13, 16, 17, 24, 32, 33])
    def test_random_outcomes(self, entrants):
        rng = random.Random(entrants)
        for _ in range(60):
            self.check(entrants, lambda match, _: rng.randrange(2))

    def test_favourites_always_win(self):
        # The better seed wins every match: seed 1 unbeaten, seed 2 second through the
        # losers' bracket, no reset.
        _seeded, losses, played, champion = play(
            8, lambda match, pair: 0 if int(pair[0][1:]) < int(pair[1][1:]) else 1)
        assert champion == "P1" and losses["P1"] == 0
        assert played[-1][:3] == ("GF1", "P1", "P2")
        assert len(played) == 14

    @staticmethod
    def check(entrants, choose):
        seeded, losses, played, champion = play(entrants, choose)
        assert champion is not None
        # Everybody but the champion lost exactly twice; the champion at most once.
        assert {p: losses[p] for p in seeded if p != champion} == {
            p: 2 for p in seeded if p != champion}
        assert losses[champion] <= 1
        # 2N - 2 matches, one more if the reset was needed.
        assert len(played) == 2 * entrants - 2 + losses[champion]
        # Nobody enters the losers' bracket without a loss (a bye never drops anybody),
        # and nobody in the winners' bracket has lost.
        for match_id, _, _, first_lost, second_lost in played:
            if match_id.startswith("L"):
                assert (first_lost, second_lost) == (1, 1), match_id
            if match_id.startswith("W"):
                assert (first_lost, second_lost) == (0, 0), match_id


class TestOccupants:
    def test_known_and_unknown_sides(self):
        matches = double_elimination(4)
        seeded = ["Ann", "Bob", "Cy", "Dee"]
        occupants = bracket_occupants(matches, seeded, {"W1.1": 0, "W1.2": 1})
        assert occupants["W2.1"] == ("Ann", "Cy")
        assert occupants["L1.1"] == ("Dee", "Bob")
        assert occupants["L2.1"] == (None, None)
        assert occupants["GF2"] == (None, None)

    def test_the_reset_only_after_the_losers_bracket_winner_took_gf1(self):
        matches = double_elimination(2)
        assert "GF2" not in bracket_occupants(matches, ["A", "B"], {"W1.1": 0, "GF1": 0})
        assert bracket_occupants(matches, ["A", "B"], {"W1.1": 0, "GF1": 1})["GF2"] == (
            "B", "A")
        assert bracket_champion(matches, ["A", "B"], {"W1.1": 0, "GF1": 1, "GF2": 0}) == "B"

    def test_the_number_of_players_must_fit(self):
        with pytest.raises(ValueError, match="3 players for a bracket drawn for another"):
            bracket_occupants(double_elimination(4), ["A", "B", "C"], {})


class TestDropInOrder:
    @pytest.mark.parametrize(("entrants", "safe_rounds"), [(8, 2), (16, 3), (32, 3)])
    def test_no_rematch_in_the_early_losers_rounds(self, entrants, safe_rounds):
        rng = random.Random(7)
        for _ in range(200):
            _, _, played, _ = play(entrants, lambda match, _: rng.randrange(2))
            met = set()
            for match_id, first, second, *_ in played:
                if match_id.startswith("L") and int(match_id[1:].split(".")[0]) <= safe_rounds:
                    assert frozenset((first, second)) not in met, match_id
                met.add(frozenset((first, second)))

    def test_a_plain_order_would_allow_one(self):
        # Why the order matters: had W2.1's loser dropped into L2.1, he could meet there
        # the winner of L1.1, i.e. the player he beat in W1.1 or W1.2.
        bracket = {m.id: m for m in double_elimination(8)}
        assert bracket["L2.1"].sources[1] == Source("loser", "W2.2")
