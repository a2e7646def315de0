"""Round robin on plain values: exact pairings for hand-checked cases."""

from itertools import combinations

import pytest

from tournaments.pairing.round_robin import round_robin


class TestRoundRobin:
    def test_four_players_by_the_circle_method(self):
        assert round_robin(["A", "B", "C", "D"]) == [
            [("A", "D"), ("B", "C")],
            [("C", "A"), ("D", "B")],
            [("A", "B"), ("C", "D")],
        ]

    def test_odd_count_gives_one_bye_per_round(self):
        rounds = round_robin(["A", "B", "C", "D", "E"])
        assert len(rounds) == 5
        sitting_out = []
        for pairs in rounds:
            playing = {p for pair in pairs for p in pair}
            assert len(pairs) == 2
            sitting_out.append(({"A", "B", "C", "D", "E"} - playing).pop())
        assert sorted(sitting_out) == ["A", "B", "C", "D", "E"]

    @pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8, 11, 16])
    def test_everybody_meets_everybody_exactly_once(self, count):
        players = list(range(count))
        met = [frozenset(pair) for pairs in round_robin(players) for pair in pairs]
        assert sorted(met, key=sorted) == sorted(
            (frozenset(pair) for pair in combinations(players, 2)), key=sorted)

    @pytest.mark.parametrize("count", [4, 6, 8, 10])
    def test_first_seat_is_balanced(self, count):
        firsts = [pair[0] for pairs in round_robin(list(range(count))) for pair in pairs]
        per_player = [firsts.count(p) for p in range(count)]
        assert max(per_player) - min(per_player) <= 1 + count // 4

    def test_double_round_robin_swaps_the_seats(self):
        single = round_robin(["A", "B", "C", "D"])
        double = round_robin(["A", "B", "C", "D"], double=True)
        assert double[:3] == single
        assert double[3:] == [[(b, a) for a, b in pairs] for pairs in single]

    def test_fewer_than_two_players_give_no_rounds(self):
        assert round_robin(["A"]) == []
