"""The tie-breakers as FIDE defines them, against crosstables worked out by hand and
published examples.

- Unplayed games (FIDE Handbook C.02, 13.15): a player's own bye, forfeit or round without
  a result is against a virtual opponent; an opponent's unplayed games count as draws.
- Sonneborn-Berger with 2/1/0 match points is four times the chess value.
- Direct encounter: only when all the level players have met one another, or for the one
  who met and beat all the others.

Match points are 2/1/0, so every chess figure below is doubled (Buchholz) or quadrupled
(Sonneborn-Berger).
"""

import pytest

from league.ranking.standings import SWISS_TIEBREAKS, MatchRecord, compute_standings

FIDE_KEYS = ("points", "buchholz", "median_buchholz", "sonneborn_berger")
PLAIN_KEYS = ("points", "buchholz_plain", "median_buchholz_plain", "sonneborn_berger_plain")
PLAIN_CHAIN = ("points", "buchholz_plain", "median_buchholz_plain", "sonneborn_berger_plain",
               "head_to_head", "wins", "game_points")


def won(round_number, winner, loser):
    return MatchRecord(players=(winner, loser), scores=(1, 0), ranks=(1, 2),
                       round_number=round_number)


def drawn(round_number, one, other):
    return MatchRecord(players=(one, other), scores=(0, 0), ranks=(1, 1),
                       round_number=round_number)


def bye(round_number, player):
    return MatchRecord(players=(player,), scores=(0,), ranks=(1,), bye=True,
                       round_number=round_number)


def forfeit(round_number, winner, loser):
    return MatchRecord(players=(winner, loser), scores=(0, 0), ranks=(1, 2), forfeit=True,
                       round_number=round_number)


def figures(standings, keys):
    return {row.player: tuple(row[key] for key in keys) for row in standings.rows}


def order(standings):
    return [row.player for row in standings.rows]


def seven_players_three_byes():
    """7 players, 4 rounds, a bye in rounds 1 to 3; E withdraws after round 3.

    R1: A beat B, C beat D, E beat F, G bye.
    R2: G beat A, C beat E, B drew D, F bye.
    R3: A beat F, C beat G, D beat E, B bye.
    R4 (E gone, no bye): C beat A, F beat D, B beat G.
    Match points: A 4 (W L W L), B 5 (L D bye W), C 8, D 3 (L D W L), E 2 (W L L),
    F 4 (L bye L W), G 4 (bye W L L).
    """
    return [won(1, "A", "B"), won(1, "C", "D"), won(1, "E", "F"), bye(1, "G"),
            won(2, "G", "A"), won(2, "C", "E"), drawn(2, "B", "D"), bye(2, "F"),
            won(3, "A", "F"), won(3, "C", "G"), won(3, "D", "E"), bye(3, "B"),
            won(4, "C", "A"), won(4, "F", "D"), won(4, "B", "G")]


class TestUnplayedGamesWithByes:
    """FIDE C.02 13.15. Each opponent is credited with his points, his unplayed games
    (byes, forfeits, rounds without a result) counted as draws: B 5 - 2 + 1 = 4, F 4 - 1 = 3,
    G 4 - 1 = 3, E 2 + 1 = 3 (his round 4 counts as a draw); A 4, C 8, D 3 as they stand.

    Virtual opponents (points before + (2 - own points) + 1 per round after, of 4):
    G's bye in R1: 0 + 0 + 3 = 3; F's in R2: 0 + 0 + 2 = 2; B's in R3: 1 + 0 + 1 = 2;
    E's round 4 without a result (a loss): 2 + 2 + 0 = 4.
    """

    def test_every_value(self):
        # Buchholz: A: B 4 + G 3 + F 3 + C 8 = 18; B: A 4 + D 3 + virtual 2 + G 3 = 12;
        # C: D 3 + E 3 + G 3 + A 4 = 13; D: C 8 + B 4 + E 3 + F 3 = 18; E: F 3 + C 8 + D 3 +
        # virtual 4 = 18; F: E 3 + virtual 2 + A 4 + D 3 = 12; G: virtual 3 + A 4 + C 8 +
        # B 4 = 19.
        # Median (without the highest and the lowest): A 3 + 4 = 7; B 3 + 3 = 6;
        # C 3 + 3 = 6; D 3 + 4 = 7; E 3 + 4 = 7; F 3 + 3 = 6; G 4 + 4 = 8.
        # Sonneborn-Berger: A 2*4 + 0*3 + 2*3 + 0*8 = 14; B 0*4 + 1*3 + 2*2 + 2*3 = 13;
        # C 2 * (3 + 3 + 3 + 4) = 26; D 0*8 + 1*4 + 2*3 + 0*3 = 10; E 2*3 + 0 + 0 + 0*4 = 6;
        # F 0*3 + 2*2 + 0*4 + 2*3 = 10; G 2*3 + 2*4 + 0*8 + 0*4 = 14.
        standings = compute_standings(seven_players_three_byes(), tiebreaks=FIDE_KEYS,
                                      rounds=4)
        assert figures(standings, FIDE_KEYS) == {
            "A": (4, 18, 7, 14), "B": (5, 12, 6, 13), "C": (8, 13, 6, 26),
            "D": (3, 18, 7, 10), "E": (2, 18, 7, 6), "F": (4, 12, 6, 10),
            "G": (4, 19, 8, 14)}

    def test_the_order(self):
        # A, F and G are level on 4 points: Buchholz G 19, A 18, F 12.
        standings = compute_standings(seven_players_three_byes(), tiebreaks=SWISS_TIEBREAKS,
                                      rounds=4)
        assert order(standings) == ["C", "B", "G", "A", "F", "D", "E"]
        assert [row.rank for row in standings.rows] == [1, 2, 3, 4, 5, 6, 7]

    def test_the_plain_reading_overrates_a_whose_opponents_had_the_byes(self):
        # A met all three players with a bye (B, F, G): counted as wins, they give him
        # 3 points more, 21 (10.5 in chess points) against FIDE's 18 (9.0), and put him
        # above G (20).
        # Buchholz: A 5 + 4 + 4 + 8 = 21; B 4 + 3 + 2 + 4 = 13; C 3 + 2 + 4 + 4 = 13;
        # D 8 + 5 + 2 + 4 = 19; E 4 + 8 + 3 = 15; F 2 + 2 + 4 + 3 = 11; G 3 + 4 + 8 + 5 = 20.
        # Median: A 4 + 5 = 9; B 3 + 4 = 7; C 3 + 4 = 7; D 4 + 5 = 9; E 4; F 2 + 3 = 5;
        # G 4 + 5 = 9. Sonneborn-Berger: A 2*5 + 2*4 = 18; B 1*3 + 2*2 + 2*4 = 15;
        # C 2 * 13 = 26; D 1*5 + 2*2 = 9; E 2*4 = 8; F 2*2 + 2*3 = 10; G 2*3 + 2*4 = 14.
        standings = compute_standings(seven_players_three_byes(), tiebreaks=PLAIN_KEYS,
                                      rounds=4)
        assert figures(standings, PLAIN_KEYS) == {
            "A": (4, 21, 9, 18), "B": (5, 13, 7, 15), "C": (8, 13, 7, 26),
            "D": (3, 19, 9, 9), "E": (2, 15, 4, 8), "F": (4, 11, 5, 10),
            "G": (4, 20, 9, 14)}
        standings = compute_standings(seven_players_three_byes(), tiebreaks=PLAIN_CHAIN)
        assert order(standings) == ["C", "B", "A", "G", "F", "D", "E"]

    def test_without_the_rounds_a_round_without_a_result_is_not_seen(self):
        # Without the rounds completed, E's round 4 is no game: E counts with his 2 points
        # (C 12, D 17, F 11) and has no fourth opponent (F 3 + C 8 + D 3 = 14). The byes
        # are the same as with the rounds, since everybody else played every round.
        standings = compute_standings(seven_players_three_byes(), tiebreaks=FIDE_KEYS)
        assert {player: values[1] for player, values in
                figures(standings, FIDE_KEYS).items()} == {
            "A": 18, "B": 12, "C": 12, "D": 17, "E": 14, "F": 11, "G": 19}

    def test_records_need_their_round_when_the_rounds_are_given(self):
        record = MatchRecord(players=("A", "B"), scores=(1, 0), ranks=(1, 2))
        with pytest.raises(ValueError, match="every record needs its round"):
            compute_standings([record], rounds=1)


def six_players_with_a_forfeit():
    """6 players, 3 rounds; in R2 Q does not come and T wins by forfeit.

    R1: P beat Q, R beat S, T beat U.
    R2: P beat R, S beat U, T won by forfeit against Q.
    R3: P drew T, R drew U, S beat Q.
    Match points: P 5, Q 0, R 3, S 4, T 5 (W, forfeit W, D), U 1.
    """
    return [won(1, "P", "Q"), won(1, "R", "S"), won(1, "T", "U"),
            won(2, "P", "R"), won(2, "S", "U"), forfeit(2, "T", "Q"),
            drawn(3, "P", "T"), drawn(3, "R", "U"), won(3, "S", "Q")]


class TestUnplayedGamesWithAForfeit:
    """A forfeit is an unplayed game for both (FIDE C.02 13.15): each side meets a virtual
    opponent, T's (he won) 2 + 0 + 1 = 3, Q's (he lost) 0 + 2 + 1 = 3; in their opponents'
    figures the forfeit counts as a draw: T 5 - 2 + 1 = 4, Q 0 + 1 = 1."""

    def test_every_value(self):
        # Buchholz: P: Q 1 + R 3 + T 4 = 8; Q: P 5 + virtual 3 + S 4 = 12; R: S 4 + P 5 +
        # U 1 = 10; S: R 3 + U 1 + Q 1 = 5; T: U 1 + virtual 3 + P 5 = 9; U: T 4 + S 4 + R 3
        # = 11. Median (the middle one of three): P 3, Q 4, R 4, S 1, T 3, U 4.
        # Sonneborn-Berger: P 2*1 + 2*3 + 1*4 = 12; Q 0; R 2*4 + 0*5 + 1*1 = 9;
        # S 0*3 + 2*1 + 2*1 = 4; T 2*1 + 2*3 + 1*5 = 13; U 0 + 0 + 1*3 = 3.
        standings = compute_standings(six_players_with_a_forfeit(), tiebreaks=FIDE_KEYS,
                                      rounds=3)
        assert figures(standings, FIDE_KEYS) == {
            "P": (5, 8, 3, 12), "Q": (0, 12, 4, 0), "R": (3, 10, 4, 9),
            "S": (4, 5, 1, 4), "T": (5, 9, 3, 13), "U": (1, 11, 4, 3)}

    def test_the_order(self):
        # P and T level on 5 points: Buchholz T 9, P 8.
        standings = compute_standings(six_players_with_a_forfeit(), tiebreaks=SWISS_TIEBREAKS,
                                      rounds=3)
        assert order(standings) == ["T", "P", "S", "R", "U", "Q"]

    def test_the_same_without_the_rounds(self):
        # Everybody has a result in every round, so the rounds add nothing.
        with_rounds = compute_standings(six_players_with_a_forfeit(), tiebreaks=FIDE_KEYS,
                                        rounds=3)
        without = compute_standings(six_players_with_a_forfeit(), tiebreaks=FIDE_KEYS)
        assert figures(without, FIDE_KEYS) == figures(with_rounds, FIDE_KEYS)

    def test_the_plain_reading_counts_the_forfeit_as_a_game(self):
        # T "met" Q (0 points) and Q "met" T (5): Buchholz P: 0 + 3 + 5 = 8; Q: 5 + 5 + 4 =
        # 14; R: 4 + 5 + 1 = 10; S: 3 + 1 + 0 = 4; T: 1 + 0 + 5 = 6; U: 5 + 4 + 3 = 12.
        # Median: P 3, Q 5, R 4, S 1, T 1, U 4. Sonneborn-Berger: P 2*0 + 2*3 + 1*5 = 11;
        # Q 0; R 2*4 + 1*1 = 9; S 2*1 + 2*0 = 2; T 2*1 + 2*0 + 1*5 = 7; U 1*3 = 3.
        standings = compute_standings(six_players_with_a_forfeit(), tiebreaks=PLAIN_CHAIN)
        assert figures(standings, PLAIN_KEYS) == {
            "P": (5, 8, 3, 11), "Q": (0, 14, 5, 0), "R": (3, 10, 4, 9),
            "S": (4, 4, 1, 2), "T": (5, 6, 1, 7), "U": (1, 12, 4, 3)}
        assert order(standings) == ["P", "T", "S", "R", "U", "Q"]

    def test_a_forfeit_counts_in_the_table_like_a_win_and_a_loss(self):
        standings = compute_standings(six_players_with_a_forfeit())
        t, q = standings.row_for("T"), standings.row_for("Q")
        assert (t["played"], t["wins"], t["points"], t["game_points"]) == (3, 2, 5, 1)
        assert (q["played"], q["losses"], q["points"]) == (3, 3, 0)

    def test_a_forfeit_has_two_players_or_more(self):
        with pytest.raises(ValueError, match="a forfeit has two players or more"):
            MatchRecord(players=("A",), scores=(0,), ranks=(1,), forfeit=True)


class TestSonnebornBergerScale:
    """Sonneborn-Berger: own points against an opponent times his points. With 2/1/0 match
    points both factors are doubled: the figure is four times the chess value (the
    order is the same)."""

    def test_sensei_librarys_double_round_robin(self):
        # Sensei's Library, "Sonneborn-Berger": A, B, C, D twice each, no draws.
        # 1st cycle: A beat B, C, D; B beat C, D; C beat D.
        # 2nd cycle: B beat A, A beat C, D beat A, C beat B, B beat D, C beat D.
        # Published: A 4 wins, SB 11; B 4, 9; C 3, 6; D 1, 4. Here: 4 x 11 = 44, 36, 24, 16.
        records = [won(1, "A", "B"), won(1, "A", "C"), won(1, "A", "D"), won(1, "B", "C"),
                   won(1, "B", "D"), won(1, "C", "D"),
                   won(2, "B", "A"), won(2, "A", "C"), won(2, "D", "A"), won(2, "C", "B"),
                   won(2, "B", "D"), won(2, "C", "D")]
        standings = compute_standings(records, tiebreaks=["points", "sonneborn_berger"])
        assert [(row.player, row["points"], row["sonneborn_berger"])
                for row in standings.rows] == [("A", 8, 44), ("B", 8, 36), ("C", 6, 24),
                                               ("D", 2, 16)]

    def test_chesskids_double_round_robin_with_draws(self):
        # ChessKid, "What is a tie break?": Bob, Mary, John twice each. Bob beat Mary once
        # (lost once) and John twice; Mary and John: one John win, one draw. Published:
        # Bob 3, SB 4.5; Mary 1.5, 3.75; John 1.5, 2.25. Here: 18, 15, 9; Mary above John.
        records = [won(1, "Bob", "Mary"), won(1, "Bob", "John"), won(1, "John", "Mary"),
                   won(2, "Mary", "Bob"), won(2, "Bob", "John"), drawn(2, "Mary", "John")]
        standings = compute_standings(records, tiebreaks=["points", "sonneborn_berger"])
        assert [(row.player, row.rank, row["points"], row["sonneborn_berger"])
                for row in standings.rows] == [("Bob", 1, 6, 18), ("Mary", 2, 3, 15),
                                               ("John", 3, 3, 9)]


def draw(one, other):
    return MatchRecord(players=(one, other), scores=(0, 0), ranks=(1, 1))


class TestDirectEncounter:
    """FIDE's direct encounter: the games among the level players decide only when all of
    them have met one another; otherwise the one who met and beat all the others goes
    first and the rest go to the next tie-breaker."""

    CHAIN = ("points", "head_to_head", "difference")

    @staticmethod
    def game(winner, loser, margin=1):
        return MatchRecord(players=(winner, loser), scores=(margin, 0), ranks=(1, 2))

    def test_not_everybody_met_so_the_next_key_decides(self):
        # B, C and F are level on 2 points; of them only B and F met (B won). Counting the
        # games among them would put B first for a game C never had. Nobody met all the
        # others, so the difference decides: C 6 - 1 = +5, F -1 + 4 = +3, B 1 - 2 = -1.
        records = [self.game("B", "F", 1), self.game("X", "B", 2), self.game("C", "Y", 6),
                   self.game("X", "C", 1), self.game("F", "Y", 4)]
        standings = compute_standings(records, tiebreaks=self.CHAIN)
        assert [(row.player, row.rank, row["points"], row["difference"])
                for row in standings.rows] == [
            ("X", 1, 4, 3), ("C", 2, 2, 5), ("F", 3, 2, 3), ("B", 4, 2, -1),
            ("Y", 5, 0, -10)]

    def test_the_one_who_beat_all_the_others_goes_first(self):
        # A, B, C and D are level on 6 points. A beat B, C and D; B beat C; C-D and B-D
        # never met. A goes first; B, C and D go to the difference: D -1 + 3 x 5 = +14,
        # B -1 + 1 + 1 + 1 = +2, C -1 - 1 + 3 = +1. (Summing the games among them would give
        # A 6, B 2, C 0, D 0 and put B above D.) W, Y and Z lost every game: W -6; Y and
        # Z -7 each, never met: level on every key, they share the place.
        records = [self.game("A", "B"), self.game("A", "C"), self.game("A", "D"),
                   self.game("B", "C"), self.game("B", "Y"), self.game("B", "Z"),
                   self.game("C", "Y"), self.game("C", "Z"), self.game("C", "W"),
                   self.game("D", "Y", 5), self.game("D", "Z", 5), self.game("D", "W", 5)]
        standings = compute_standings(records, tiebreaks=self.CHAIN)
        assert [(row.player, row.rank, row["points"], row["difference"])
                for row in standings.rows] == [
            ("A", 1, 6, 3), ("D", 2, 6, 14), ("B", 3, 6, 2), ("C", 4, 6, 1),
            ("W", 5, 0, -6), ("Y", 6, 0, -7), ("Z", 6, 0, -7)]

    def test_a_player_who_drew_among_them_did_not_beat_all_the_others(self):
        # A, B and C level on 3 points: A beat B and drew C; B and C never met. A met both
        # but did not beat both, so the difference decides: B -1 + 10 = +9, C +4, A +1.
        # (Summing the games among them would give A 3, C 1, B 0.)
        records = [self.game("A", "B"), draw("A", "C"), self.game("B", "Y", 10),
                   draw("B", "Z"), self.game("C", "Y", 4)]
        standings = compute_standings(records, tiebreaks=self.CHAIN)
        assert [(row.player, row.rank, row["points"], row["difference"])
                for row in standings.rows] == [
            ("B", 1, 3, 9), ("C", 2, 3, 4), ("A", 3, 3, 1), ("Z", 4, 1, 0),
            ("Y", 5, 0, -14)]

    def test_everybody_met_the_games_among_them_decide(self):
        # P and Q both 2 points, P beat Q: P first although Q's difference (+898) is far
        # better than P's (0).
        records = [self.game("P", "Q", 1), self.game("Q", "R", 900), self.game("S", "P"),
                   self.game("S", "Q"), self.game("S", "R")]
        assert order(compute_standings(records, tiebreaks=self.CHAIN)) == ["S", "P", "Q",
                                                                          "R"]
