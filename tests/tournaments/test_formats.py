"""Pairing algorithms on plain values: exact pairings for hand-checked cases."""

from itertools import combinations

import pytest

from tournaments.formats import (
    bracket_size,
    first_round,
    players_left_per_round,
    round_robin,
    seeding_order,
)


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


class TestSingleElimination:
    def test_standard_seeding_of_sixteen(self):
        order = seeding_order(16)
        pairs = [(order[i], order[i + 1]) for i in range(0, 16, 2)]
        assert pairs == [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]

    def test_seeds_one_and_two_meet_only_in_the_final(self):
        order = seeding_order(32)
        assert order.index(1) < 16 <= order.index(2)

    @pytest.mark.parametrize(("entrants", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (9, 16)])
    def test_bracket_size(self, entrants, size):
        assert bracket_size(entrants) == size

    def test_byes_go_to_the_top_seeds(self):
        slots = first_round([f"P{i}" for i in range(1, 7)])
        assert [(s.position, s.first, s.second) for s in slots] == [
            (0, "P1", None), (1, "P4", "P5"), (2, "P2", None), (3, "P3", "P6")]

    def test_full_bracket_has_no_byes(self):
        slots = first_round(list(range(1, 9)))
        assert [(s.first, s.second) for s in slots] == [(1, 8), (4, 5), (2, 7), (3, 6)]

    def test_rounds_of_a_bracket(self):
        assert players_left_per_round(8) == [8, 4, 2]
