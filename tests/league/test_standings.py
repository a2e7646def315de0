"""The standings object: every metric and every tie-breaker with exact values."""

from league.standings import MatchRecord, compute_standings


def won(a, b, score_a, score_b):
    return MatchRecord(players=(a, b), scores=(score_a, score_b),
                       ranks=(1, 2) if score_a > score_b else (2, 1))


def drawn(a, b, score):
    return MatchRecord(players=(a, b), scores=(score, score), ranks=(1, 1))


def table(standings):
    return [(row.player, row.rank, row["points"]) for row in standings.rows]


class TestMetrics:
    def test_every_metric_of_one_player(self):
        standings = compute_standings([won("A", "B", 300, 100), drawn("A", "C", 50),
                                       won("C", "A", 200, 10)])
        assert standings.row_for("A").values == {
            "played": 3, "wins": 1, "draws": 1, "losses": 1, "game_points": 360,
            "game_points_against": 350, "difference": 10, "points": 3}

    def test_members_without_matches_are_listed_with_zeros(self):
        standings = compute_standings([won("A", "B", 1, 0)], players=["A", "B", "Z"])
        assert standings.row_for("Z").values["played"] == 0
        # Z (difference 0) is ahead of B (difference -1).
        assert table(standings) == [("A", 1, 2), ("Z", 2, 0), ("B", 3, 0)]


class TestTieBreakers:
    def test_points_first(self):
        standings = compute_standings([won("A", "B", 10, 0), won("A", "C", 10, 0),
                                       won("B", "C", 10, 0)])
        assert table(standings) == [("A", 1, 4), ("B", 2, 2), ("C", 3, 0)]

    def test_head_to_head_beats_a_better_difference(self):
        # P and Q both 2 points; P beat Q, although Q's difference (+898) is far better
        # than P's (0). S won everything, R nothing.
        records = [won("P", "Q", 11, 10), won("Q", "R", 900, 0), won("S", "P", 1, 0),
                   won("S", "Q", 1, 0), won("S", "R", 1, 0)]
        standings = compute_standings(records)
        assert table(standings) == [("S", 1, 6), ("P", 2, 2), ("Q", 3, 2), ("R", 4, 0)]
        assert (standings.row_for("P")["difference"], standings.row_for("Q")["difference"]) \
            == (0, 898)

    def test_a_cycle_is_level_head_to_head_so_the_difference_decides(self):
        # X beat Y, Y beat Z, Z beat X: 2 points each, 2 each among themselves.
        # Differences: X +1-1 = 0, Y -1+900 = 899, Z -900+1 = -899.
        records = [won("X", "Y", 11, 10), won("Y", "Z", 900, 0), won("Z", "X", 1, 0)]
        assert table(compute_standings(records)) == [("Y", 1, 2), ("X", 2, 2), ("Z", 3, 2)]

    def test_game_points_after_the_difference(self):
        # A and B drew; both +100 against C; A scored 300 game points, B 250.
        records = [drawn("A", "B", 100), won("A", "C", 200, 100), won("B", "C", 150, 50)]
        standings = compute_standings(records)
        assert table(standings) == [("A", 1, 3), ("B", 2, 3), ("C", 3, 0)]
        assert (standings.row_for("A")["game_points"], standings.row_for("B")["game_points"]) \
            == (300, 250)

    def test_wins_after_game_points(self):
        # A: won 10:0 and lost 0:10; B: two draws 5:5. Both 2 points, difference 0, 10 game
        # points, never met; A has a win, B none. D: 3 points, C: 1.
        records = [won("A", "C", 10, 0), won("D", "A", 10, 0), drawn("B", "C", 5),
                   drawn("B", "D", 5)]
        assert table(compute_standings(records)) == [("D", 1, 3), ("A", 2, 2), ("B", 3, 2),
                                                     ("C", 4, 1)]

    def test_level_on_everything_share_the_place_and_sort_by_name(self):
        standings = compute_standings([drawn("Bea", "Al", 100)])
        assert table(standings) == [("Al", 1, 1), ("Bea", 1, 1)]
