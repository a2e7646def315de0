"""Round robin on plain values: the FIDE Berger tables pairing by pairing, and the seat runs
of every round robin from 3 to 12 players and its double."""

from itertools import combinations

import pytest

from tournaments.pairing.round_robin import berger_table, round_robin

# FIDE Handbook C.05, Annex 1 (Berger tables), written as the Handbook prints them: one line
# per round, "white-black" per board, the board of the highest number first.
FIDE_TABLES = {
    4: """1-4 2-3
          4-3 1-2
          2-4 3-1""",
    6: """1-6 2-5 3-4
          6-4 5-3 1-2
          2-6 3-1 4-5
          6-5 1-4 2-3
          3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5
          8-5 6-4 7-3 1-2
          2-8 3-1 4-7 5-6
          8-6 7-5 1-4 2-3
          3-8 4-2 5-1 6-7
          8-7 1-6 2-5 3-4
          4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6
           10-6 7-5 8-4 9-3 1-2
           2-10 3-1 4-9 5-8 6-7
           10-7 8-6 9-5 1-4 2-3
           3-10 4-2 5-1 6-9 7-8
           10-8 9-7 1-6 2-5 3-4
           4-10 5-3 6-2 7-1 8-9
           10-9 1-8 2-7 3-6 4-5
           5-10 6-4 7-3 8-2 9-1""",
}


def parse(table):
    return [[tuple(int(n) for n in board.split("-")) for board in line.split()]
            for line in table.strip().splitlines()]


def seat_runs(rounds, player):
    """The longest run of one seat in ``player``'s games, rounds he sits out skipped."""
    seats = [pair.index(player) for rnd in rounds for pair in rnd if player in pair]
    longest = run = 0
    for index, seat in enumerate(seats):
        run = run + 1 if index and seats[index - 1] == seat else 1
        longest = max(longest, run)
    return longest


def worst_run(rounds, players):
    return max(seat_runs(rounds, player) for player in players)


class TestBergerTables:
    @pytest.mark.parametrize("count", sorted(FIDE_TABLES))
    def test_the_table_is_fides_pairing_by_pairing(self, count):
        assert berger_table(count) == parse(FIDE_TABLES[count])

    @pytest.mark.parametrize("count", [4, 6, 8, 10])
    def test_entrants_take_the_tables_numbers(self, count):
        players = [f"P{n}" for n in range(1, count + 1)]
        assert round_robin(players) == [[(f"P{a}", f"P{b}") for a, b in rnd]
                                        for rnd in parse(FIDE_TABLES[count])]

    def test_an_odd_count_uses_the_next_table_and_its_last_number_sits_out(self):
        # 5 players: the 6-table; whoever meets 6 sits out (1, 4, 2, 5, 3 in rounds 1-5).
        assert round_robin([1, 2, 3, 4, 5]) == [
            [(2, 5), (3, 4)],
            [(5, 3), (1, 2)],
            [(3, 1), (4, 5)],
            [(1, 4), (2, 3)],
            [(4, 2), (5, 1)],
        ]

    def test_the_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle(self):
        # FIDE: rounds 1, 3, 2 of the 4-table, then the table again with the seats swapped.
        table = parse(FIDE_TABLES[4])
        swapped = [[(b, a) for a, b in rnd] for rnd in table]
        assert round_robin([1, 2, 3, 4], double=True) == [table[0], table[2], table[1],
                                                          *swapped]
        # Without the swap, 1 would sit second in rounds 3, 4 and 5 (3-1, then 4-1 and
        # 2-1); with it, 1 sits first, second, first, second, second, first.
        rounds = round_robin([1, 2, 3, 4], double=True)
        assert [next(pair.index(1) for pair in rnd if 1 in pair) for rnd in rounds] == [
            0, 1, 0, 1, 1, 0]

    def test_two_players(self):
        assert round_robin(["A", "B"]) == [[("A", "B")]]
        assert round_robin(["A", "B"], double=True) == [[("A", "B")], [("B", "A")]]

    def test_fewer_than_two_players_give_no_rounds(self):
        assert round_robin(["A"]) == []
        assert round_robin([], double=True) == []

    def test_a_table_needs_an_even_count(self):
        with pytest.raises(ValueError, match="an even count of at least 2, not 5"):
            berger_table(5)


class TestSeatRuns:
    @pytest.mark.parametrize("count", range(3, 13))
    def test_single_round_robin(self, count):
        # Even counts: everybody alternates but for one repeat (a run of two); odd counts:
        # everybody alternates over the games he plays.
        rounds = round_robin(list(range(count)))
        assert worst_run(rounds, range(count)) == (2 if count % 2 == 0 else 1)

    @pytest.mark.parametrize("count", range(3, 13))
    def test_double_round_robin(self, count):
        rounds = round_robin(list(range(count)), double=True)
        assert worst_run(rounds, range(count)) == 2

    @pytest.mark.parametrize("count", range(4, 13, 2))
    def test_the_fifty_fifty_split_of_seats(self, count):
        # Everybody sits first count/2 or count/2 - 1 times out of count - 1 games.
        firsts = [pair[0] for rnd in round_robin(list(range(count))) for pair in rnd]
        assert sorted({firsts.count(p) for p in range(count)}) == [count // 2 - 1, count // 2]


class TestEverybodyMeets:
    @pytest.mark.parametrize("count", range(2, 17))
    def test_everybody_meets_everybody_exactly_once_and_plays_once_a_round(self, count):
        players = list(range(count))
        rounds = round_robin(players)
        assert len(rounds) == count - (count % 2 == 0)
        for rnd in rounds:
            seated = [p for pair in rnd for p in pair]
            assert len(seated) == len(set(seated)) == count - count % 2
        met = [frozenset(pair) for rnd in rounds for pair in rnd]
        assert sorted(met, key=sorted) == sorted(
            (frozenset(pair) for pair in combinations(players, 2)), key=sorted)

    @pytest.mark.parametrize("count", range(2, 13))
    def test_double_meets_twice_once_in_each_seat(self, count):
        pairs = [pair for rnd in round_robin(list(range(count)), double=True)
                 for pair in rnd]
        assert sorted(pairs) == sorted(
            [*combinations(range(count), 2), *((b, a) for a, b in combinations(range(count),
                                                                               2))])
