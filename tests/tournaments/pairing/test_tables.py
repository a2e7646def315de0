"""Table rounds: sizes, the 5-table sit-out, reseating checked against a brute force."""

import itertools
import random
from collections import Counter

import pytest

from tournaments.pairing.tables import Table, repeat_count, seat_round, table_sizes


class TestSizes:
    def test_doppelkopf_fours_then_fives(self):
        assert {count: table_sizes(count) for count in (4, 5, 8, 9, 10, 12, 13, 14, 15, 16,
                                                        17, 19)} == {
            4: [4], 5: [5], 8: [4, 4], 9: [4, 5], 10: [5, 5], 12: [4, 4, 4], 13: [4, 4, 5],
            14: [4, 5, 5], 15: [5, 5, 5], 16: [4, 4, 4, 4], 17: [4, 4, 4, 5],
            19: [4, 5, 5, 5]}

    @pytest.mark.parametrize("count", [1, 2, 3, 6, 7, 11])
    def test_counts_no_tables_of_four_and_five_make(self, count):
        with pytest.raises(ValueError, match=f"^{count} players cannot be seated"):
            table_sizes(count)

    def test_nerts_as_even_as_possible(self):
        assert table_sizes(11, game="nerts") == [4, 4, 3]
        assert table_sizes(7, game="nerts") == [4, 3]
        assert table_sizes(13, game="nerts", size=6) == [5, 4, 4]
        assert table_sizes(3, game="nerts") == [3]
        assert table_sizes(2, game="nerts", size=6) == [2]
        assert table_sizes(12, game="nerts", size=2) == [2] * 6
        with pytest.raises(ValueError, match="2 to 6 players, not 7"):
            table_sizes(14, game="nerts", size=7)
        with pytest.raises(ValueError, match="1 player"):
            table_sizes(1, game="nerts")


class TestFiveTable:
    TABLE = Table(1, ("A", "B", "C", "D", "E"), first_dealer=0, deals=30)

    def test_the_dealer_sits_out_in_rotation(self):
        assert [self.TABLE.sits_out(deal) for deal in range(1, 11)] == [
            0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
        assert self.TABLE.players_of(1) == ("B", "C", "D", "E")
        assert self.TABLE.players_of(3) == ("A", "B", "D", "E")

    def test_the_rotation_starts_at_the_first_dealer(self):
        table = Table(1, ("A", "B", "C", "D", "E"), first_dealer=3, deals=30)
        assert [table.sits_out(deal) for deal in range(1, 7)] == [3, 4, 0, 1, 2, 3]

    def test_everybody_plays_24_of_30_deals(self):
        played = Counter(p for deal in range(1, 31) for p in self.TABLE.players_of(deal))
        assert played == dict.fromkeys("ABCDE", 24)

    def test_nobody_sits_out_at_four_or_in_nerts(self):
        assert Table(1, ("A", "B", "C", "D"), 0, 24).sits_out(1) is None
        assert Table(1, tuple("ABCDE"), 0, 10, game="nerts").sits_out(1) is None

    def test_deals_at_a_five_table(self):
        tables = seat_round(list("ABCDEFGHI"), deals=24)
        assert [len(t.seats) for t in tables] == [4, 5]
        assert [t.deals for t in tables] == [24, 30]
        with pytest.raises(ValueError, match="10 deals per player cannot be played at a 5"):
            seat_round(list("ABCDEFGHI"), deals=10)


class TestReseating:
    def test_round_one_follows_the_standings(self):
        tables = seat_round([f"P{i:02}" for i in range(12)])
        assert [sorted(t.seats) for t in tables] == [
            ["P00", "P01", "P02", "P03"], ["P04", "P05", "P06", "P07"],
            ["P08", "P09", "P10", "P11"]]

    def test_round_two_splits_the_old_tables_and_keeps_the_leaders_on_top(self):
        # Old tables ABCD and EFGH; standings unchanged. Four players of one old table
        # together again would repeat six pairs; two and two repeat one pair each (4 in
        # all). Table 1 keeps A and B and takes E and F, the best of the other table.
        first = seat_round(list("ABCDEFGH"))
        second = seat_round(list("ABCDEFGH"), history=[first])
        assert [sorted(t.seats) for t in second] == [list("ABEF"), list("CDGH")]
        assert repeat_count([t.seats for t in second], [first]) == 4

    def test_a_draw_by_lot_is_reproducible(self):
        players = [f"P{i}" for i in range(16)]
        one = seat_round(players, draw=True, seed=42)
        assert seat_round(players, draw=True, seed=42) == one
        assert seat_round(players, draw=True, seed=43) != one
        assert sorted(p for t in one for p in t.seats) == sorted(players)

    def test_a_player_listed_twice(self):
        with pytest.raises(ValueError, match="listed twice"):
            seat_round(["A", "B", "C", "A"])

    def test_seats_and_first_dealer_rotate_at_a_single_table(self):
        history = []
        for number in range(4):
            history.append(seat_round(list("ABCD"), history=history, seed=number))
        seats = Counter((p, seat) for rnd in history for t in rnd
                        for seat, p in enumerate(t.seats))
        assert seats == {(p, seat): 1 for p in "ABCD" for seat in range(4)}
        first_dealers = [t.seats[t.first_dealer] for rnd in history for t in rnd]
        assert sorted(first_dealers) == list("ABCD")

    def test_nerts_tables(self):
        tables = seat_round([f"N{i}" for i in range(11)], game="nerts", deals=10)
        assert [(len(t.seats), t.deals, t.game) for t in tables] == [
            (4, 10, "nerts"), (4, 10, "nerts"), (3, 10, "nerts")]


def all_seatings(players, sizes):
    """Every split of ``players`` into labelled tables of ``sizes``."""
    if not sizes:
        yield []
        return
    for table in itertools.combinations(players, sizes[0]):
        rest = [p for p in players if p not in table]
        for others in all_seatings(rest, sizes[1:]):
            yield [table, *others]


def standings_cost(tables, order, sizes):
    place = {p: i for i, p in enumerate(order)}
    starts = [sum(sizes[:t]) for t in range(len(sizes))]
    return sum(abs(2 * place[p] - (2 * starts[t] + sizes[t] - 1))
               for t, table in enumerate(tables) for p in table)


class TestAgainstBruteForce:
    @pytest.mark.parametrize(("count", "seed"), [(8, 1), (8, 2), (9, 1), (9, 2), (12, 1),
                                                 (12, 2), (10, 3)])
    def test_repeats_are_the_minimum_over_all_seatings(self, count, seed):
        rng = random.Random(seed)
        players = [f"P{i}" for i in range(count)]
        history = []
        for _ in range(5):
            order = players[:]
            # Standings move a little between rounds: swap some neighbours.
            for _ in range(count // 3):
                i = rng.randrange(count - 1)
                order[i], order[i + 1] = order[i + 1], order[i]
            players = order
            tables = seat_round(order, history=history, seed=seed)
            sizes = [len(t.seats) for t in tables]
            got = (repeat_count([t.seats for t in tables], history),
                   standings_cost([t.seats for t in tables], order, sizes))
            met = Counter(frozenset(pair) for rnd in history for t in rnd
                          for pair in itertools.combinations(t.seats, 2))
            cache = {}

            def cost(number, table, met=met, order=order, sizes=sizes, cache=cache):
                if (number, table) not in cache:
                    cache[(number, table)] = (
                        sum(met[frozenset(pair)] for pair in itertools.combinations(table, 2)),
                        standings_cost([()] * number + [table], order, sizes))
                return cache[(number, table)]

            best = min(tuple(map(sum, zip(*(cost(n, t) for n, t in enumerate(split)),
                                          strict=True)))
                       for split in all_seatings(order, sizes))
            assert got == best
            history.append(tables)

    def test_two_hundred_players_never_meet_again_in_five_rounds(self):
        players = [f"P{i:03}" for i in range(200)]
        history = []
        rng = random.Random(9)
        for number in range(5):
            tables = seat_round(players, history=history, seed=number)
            assert repeat_count([t.seats for t in tables], history) == 0
            history.append(tables)
            # Standings after the round: mostly as before, a few places moved.
            players = sorted(players, key=lambda p: players.index(p) + rng.randint(-6, 6))
