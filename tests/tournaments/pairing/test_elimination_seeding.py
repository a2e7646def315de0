"""Single elimination on plain values: exact seeding and first rounds for hand-checked cases."""

import pytest

from tournaments.pairing.elimination.seeding import (
    bracket_size,
    first_round,
    players_left_per_round,
    seeding_order,
)


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
