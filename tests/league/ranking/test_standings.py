"""The standings object: every metric and every tie-breaker with exact values."""

import pytest

from league.ranking.standings import (
    DEFAULT_TIEBREAKS,
    TABLE_TIEBREAKS,
    MatchRecord,
    compute_standings,
)


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


def bye(player, score=0):
    return MatchRecord(players=(player,), scores=(score,), ranks=(1,), bye=True)


def swiss_event():
    """Five players, three rounds, one bye per round (worked out by hand in the tests).

    R1: A beat B 3:1, C beat D 2:0, E bye.  R2: A drew E 1:1, B beat C 2:1, D bye.
    R3: E beat C 2:0, D beat A 3:2, B bye.
    Match points: A 3 (W D L), B 4 (L W bye), C 2, D 4 (L bye W), E 5 (bye D W).
    """
    return [won("A", "B", 3, 1), won("C", "D", 2, 0), bye("E"),
            drawn("A", "E", 1), won("B", "C", 2, 1), bye("D"),
            won("E", "C", 2, 0), won("D", "A", 3, 2), bye("B")]


def ranks(standings):
    return [(row.player, row.rank) for row in standings.rows]


class TestByes:
    def test_a_bye_counts_as_a_win_without_anybody_against(self):
        standings = compute_standings([bye("A", 5)])
        assert standings.row_for("A").values == {
            "played": 1, "wins": 1, "draws": 0, "losses": 0, "game_points": 5,
            "game_points_against": 0, "difference": 5, "points": 2}
        assert standings.row_for("A").byes == 1

    def test_a_bye_has_exactly_one_player(self):
        with pytest.raises(ValueError, match="a bye has exactly one player"):
            MatchRecord(players=("A", "B"), scores=(0, 0), ranks=(1, 1), bye=True)

    def test_lengths_must_agree(self):
        with pytest.raises(ValueError, match="differ in length"):
            MatchRecord(players=("A", "B"), scores=(0,), ranks=(1, 2))


class TestSwissTieBreakers:
    CHAIN = ["points", "buchholz", "median_buchholz", "sonneborn_berger"]
    PLAIN = ["points", "buchholz_plain", "median_buchholz_plain", "sonneborn_berger_plain"]

    def test_exact_values(self):
        # FIDE: a bye is against a virtual opponent with (points before the bye) + 1 per
        # later round: E's bye (round 1): 0 + 2 = 2; D's (round 2): 0 + 1 = 1; B's
        # (round 3): 2 + 0 = 2. An opponent's bye counts as a draw (1, not 2) in his
        # points: B 4 - 1 = 3, D 4 - 1 = 3, E 5 - 1 = 4; A 3 and C 2 had no bye.
        # Buchholz A: B 3 + E 4 + D 3 = 10; B: A 3 + C 2 + virtual 2 = 7; C: D 3 + B 3 +
        # E 4 = 10; D: C 2 + virtual 1 + A 3 = 6; E: virtual 2 + A 3 + C 2 = 7.
        # Median drops the highest and the lowest: A 3, B 2, C 3, D 2, E 2.
        # Sonneborn-Berger (own points x opponent's): A 2*3 + 1*4 + 0*3 = 10;
        # B 0*3 + 2*2 + 2*2 = 8; C 2*3 = 6; D 2*1 + 2*3 = 8; E 2*2 + 1*3 + 2*2 = 11.
        standings = compute_standings(swiss_event(), tiebreaks=self.CHAIN)
        assert {row.player: (row["points"], row["buchholz"], row["median_buchholz"],
                             row["sonneborn_berger"]) for row in standings.rows} == {
            "A": (3, 10, 3, 10), "B": (4, 7, 2, 8), "C": (2, 10, 3, 6), "D": (4, 6, 2, 8),
            "E": (5, 7, 2, 11)}

    def test_exact_values_of_the_plain_reading(self):
        # Opponents' points as they stand (B 4, D 4, E 5); the virtual opponents as above.
        # Buchholz A: B 4 + E 5 + D 4 = 13; B: A 3 + C 2 + virtual 2 = 7; C: D 4 + B 4 + E 5
        # = 13; D: C 2 + virtual 1 + A 3 = 6; E: virtual 2 + A 3 + C 2 = 7.
        # Median: A 4, B 2, C 4, D 2, E 2. Sonneborn-Berger: A 2*4 + 1*5 + 0*4 = 13;
        # B 0*3 + 2*2 + 2*2 = 8; C 2*4 = 8; D 2*1 + 2*3 = 8; E 2*2 + 1*3 + 2*2 = 11.
        standings = compute_standings(swiss_event(), tiebreaks=self.PLAIN)
        assert {row.player: (row["points"], row["buchholz_plain"],
                             row["median_buchholz_plain"], row["sonneborn_berger_plain"])
                for row in standings.rows} == {
            "A": (3, 13, 4, 13), "B": (4, 7, 2, 8), "C": (2, 13, 4, 8), "D": (4, 6, 2, 8),
            "E": (5, 7, 2, 11)}
        assert [m.abbreviation for m in standings.metrics][-3:] == ["pBu", "pMBu", "pSB"]

    def test_buchholz_decides_between_b_and_d(self):
        standings = compute_standings(swiss_event(), tiebreaks=["points", "buchholz"])
        assert ranks(standings) == [("E", 1), ("B", 2), ("D", 3), ("A", 4), ("C", 5)]

    def test_level_on_every_key_share_the_place(self):
        # B and D: 4 points, median 2, SB 8, never met, 2 wins each, 3 game points each.
        standings = compute_standings(swiss_event(), tiebreaks=[
            "points", "median_buchholz", "sonneborn_berger", "head_to_head", "wins",
            "game_points"])
        assert ranks(standings) == [("E", 1), ("B", 2), ("D", 2), ("A", 4), ("C", 5)]

    def test_the_chain_decides_the_order(self):
        # Game points first: A 6, everybody else 3 (then all level: one shared place).
        standings = compute_standings(swiss_event(), tiebreaks=["game_points"])
        assert ranks(standings) == [("A", 1), ("B", 2), ("C", 2), ("D", 2), ("E", 2)]
        # Sonneborn-Berger alone: E 11, A 10, B and D 8, C 6.
        standings = compute_standings(swiss_event(), tiebreaks=["sonneborn_berger"])
        assert ranks(standings) == [("E", 1), ("A", 2), ("B", 3), ("D", 3), ("C", 5)]
        # The plain reading: A 13, E 11, then B, C, D level on 8.
        standings = compute_standings(swiss_event(), tiebreaks=["sonneborn_berger_plain"])
        assert ranks(standings) == [("A", 1), ("E", 2), ("B", 3), ("C", 3), ("D", 3)]

    def test_columns_and_legend(self):
        standings = compute_standings(swiss_event(), tiebreaks=self.CHAIN)
        assert [m.abbreviation for m in standings.metrics][-3:] == ["Bu", "MBu", "SB"]
        assert [m.key for m in standings.tiebreaks] == self.CHAIN
        assert "buchholz" not in compute_standings(swiss_event()).rows[0].values

    def test_the_default_chain(self):
        assert [m.key for m in compute_standings([]).tiebreaks] == list(DEFAULT_TIEBREAKS)

    def test_unknown_key(self):
        with pytest.raises(ValueError, match="unknown tie-breaker: 'elo'"):
            compute_standings([], tiebreaks=["elo"])

    def test_median_keeps_everything_below_three_opponents(self):
        standings = compute_standings([won("A", "B", 1, 0), won("C", "A", 1, 0)],
                                      tiebreaks=["points", "median_buchholz"])
        # A's opponents: B 0 and C 2.
        assert standings.row_for("A")["median_buchholz"] == 2


def series(*players_scores):
    """A table record: players with their series totals; places by score (ties share)."""
    players = tuple(p for p, _ in players_scores)
    scores = tuple(s for _, s in players_scores)
    ranks_ = tuple(1 + sum(other > s for other in scores) for s in scores)
    return MatchRecord(players=players, scores=scores, ranks=ranks_)


class TestTables:
    RECORDS = [
        series(("A", 40), ("B", 10), ("C", -20), ("D", -30)),
        series(("E", 25), ("F", 25), ("G", -10), ("H", -40)),
        series(("A", -10), ("E", 30), ("C", 0), ("G", -20)),
        series(("B", 50), ("F", -50), ("D", 10), ("H", -10)),
    ]

    def test_total_points_then_table_wins_then_best_series(self):
        # Totals: B 60, E 55, A 30, C -20, D -20, F -25, G -30, H -50. C and D: no table
        # won; best series C 0, D 10.
        standings = compute_standings(self.RECORDS, tiebreaks=TABLE_TIEBREAKS)
        assert [(row.player, row.rank, row["game_points"]) for row in standings.rows] == [
            ("B", 1, 60), ("E", 2, 55), ("A", 3, 30), ("D", 4, -20), ("C", 5, -20),
            ("F", 6, -25), ("G", 7, -30), ("H", 8, -50)]
        assert standings.row_for("D")["best_series"] == 10

    def test_per_series_figures(self):
        standings = compute_standings(self.RECORDS, tiebreaks=TABLE_TIEBREAKS)
        b, e, c = (standings.row_for(p) for p in "BEC")
        assert (b.series, b.best_series, b.average_series) == ([10, 50], 50, 30.0)
        assert (c.series, c.best_series, c.average_series) == ([-20, 0], 0, -10.0)
        # E shared the first place at the first table (a draw) and won the second.
        assert (e["wins"], e["draws"], e["losses"]) == (1, 1, 0)

    def test_a_player_without_series(self):
        standings = compute_standings([], players=["Z"], tiebreaks=TABLE_TIEBREAKS)
        row = standings.row_for("Z")
        assert (row.series, row.best_series, row.average_series) == ([], None, None)
