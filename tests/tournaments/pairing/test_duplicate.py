"""Duplicate mode: the deal-set schedule and matchpoints worked out by hand."""

import hashlib
from fractions import Fraction

import pytest

from tournaments.pairing.duplicate import (
    DealResult,
    deal_sets,
    duplicate_schedule,
    duplicate_totals,
    score_hands,
)

# Gin, three tables, two deals of set 1. Seat 0 and seat 1 hold different cards.
RESULTS = [
    DealResult(1, 1, 0, 1, "Ann", 25), DealResult(1, 1, 1, 1, "Bob", -25),
    DealResult(1, 1, 0, 2, "Cy", 25), DealResult(1, 1, 1, 2, "Dee", -25),
    DealResult(1, 1, 0, 3, "Eve", -10), DealResult(1, 1, 1, 3, "Fay", 10),
    DealResult(1, 2, 0, 1, "Ann", 0), DealResult(1, 2, 1, 1, "Bob", 12),
    DealResult(1, 2, 0, 2, "Cy", 40), DealResult(1, 2, 1, 2, "Dee", -40),
    DealResult(1, 2, 0, 3, "Eve", 15), DealResult(1, 2, 1, 3, "Fay", -15),
]


class TestMatchpoints:
    def test_every_hand(self):
        # Deal 1 seat 0: 25, 25, -10 -> Ann 2+1, Cy 2+1, Eve 0. Seat 1: -25, -25, 10 ->
        # Bob 1, Dee 1, Fay 4. Deal 2 seat 0: 0, 40, 15 -> Ann 0, Cy 4, Eve 2. Seat 1:
        # 12, -40, -15 -> Bob 4, Dee 0, Fay 2. Top 2 * (3 - 1) = 4.
        assert [(s.result.player, s.result.deal, s.matchpoints, s.top)
                for s in score_hands(RESULTS)] == [
            ("Ann", 1, 3, 4), ("Bob", 1, 1, 4), ("Cy", 1, 3, 4), ("Dee", 1, 1, 4),
            ("Eve", 1, 0, 4), ("Fay", 1, 4, 4), ("Ann", 2, 0, 4), ("Bob", 2, 4, 4),
            ("Cy", 2, 4, 4), ("Dee", 2, 0, 4), ("Eve", 2, 2, 4), ("Fay", 2, 2, 4)]

    def test_datum_difference(self):
        # Ann on deal 1: 25 - (25 + -10) / 2 = 17.5; Eve: -10 - 25 = -35.
        scored = score_hands(RESULTS)
        assert scored[0].datum_difference == Fraction(35, 2)
        assert scored[4].datum_difference == -35

    def test_totals_best_first(self):
        # Out of a top of 8: Cy 7, Fay 6, Bob 5, Ann 3, Eve 2, Dee 1.
        assert [(t.player, t.matchpoints, t.top, t.hands, t.percent)
                for t in duplicate_totals(RESULTS)] == [
            ("Cy", 7, 8, 2, 87.5), ("Fay", 6, 8, 2, 75.0), ("Bob", 5, 8, 2, 62.5),
            ("Ann", 3, 8, 2, 37.5), ("Eve", 2, 8, 2, 25.0), ("Dee", 1, 8, 2, 12.5)]

    def test_a_hand_held_once_compares_with_nothing(self):
        scored = score_hands([DealResult(2, 1, 0, 1, "Ann", 7)])
        assert (scored[0].matchpoints, scored[0].top, scored[0].datum_difference) == (0, 0, 0)
        assert duplicate_totals([DealResult(2, 1, 0, 1, "Ann", 7)])[0].percent == 0.0

    def test_other_seats_and_sets_are_other_cards(self):
        scored = score_hands([DealResult(1, 1, 0, 1, "A", 5), DealResult(1, 1, 1, 2, "B", 9),
                              DealResult(2, 1, 0, 3, "C", 9)])
        assert [s.top for s in scored] == [0, 0, 0]


class TestSchedule:
    def test_one_set_per_round_at_every_table(self):
        assert [(a.round, a.table, a.deal_set) for a in duplicate_schedule(3, 2)] == [
            (1, 1, 1), (1, 2, 1), (1, 3, 1), (2, 1, 2), (2, 2, 2), (2, 3, 2)]

    def test_several_sets_each_at_several_tables(self):
        schedule = duplicate_schedule(6, 1, sets_per_round=3)
        assert [a.deal_set for a in schedule] == [1, 2, 3, 1, 2, 3]

    def test_every_set_needs_two_tables(self):
        with pytest.raises(ValueError, match="3 tables cannot hold 2 deal set"):
            duplicate_schedule(3, 1, sets_per_round=2)

    def test_deal_set_seeds_come_from_the_event_seed(self):
        expected = int.from_bytes(hashlib.sha256(b"7/2").digest()[:8], "big")
        sets = deal_sets(2, seed=7)
        assert sets[1].seed == expected
        assert sets[0].seed != sets[1].seed
