"""Swiss through the services: exact pairings of a hand-checked event, byes, late entries,
withdrawals, and the no-rematch and one-bye guarantees over random events."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from games.models import Match
from tests.tournaments.rounds_helpers import (
    gin_result,
    names,
    pairings,
    people,
    round_matches,
    started,
    submit,
)
from tournaments.models import Entry, Tournament
from tournaments.selectors import tournament_standings
from tournaments.services import TournamentError, tournament_create
from tournaments.services.rounds import round_next

pytestmark = pytest.mark.django_db


def play_round(run_on_commit, tournament, number, winners=None):
    """Every board of the round: seat ``winners[board]`` wins (default: the first seat)."""
    boards = [m for m in round_matches(tournament, number) if len(names(m)) == 2]
    for index, match in enumerate(boards):
        submit(run_on_commit, match, gin_result(match, (winners or {}).get(index, 0)))


def table(standings, *keys):
    return [(row.player.name, row.rank, *(row[key] for key in keys)) for row in standings.rows]


class TestSixPlayersThreeRounds:
    """Seeds Anna 1 .. Frank 6; the first seat wins every board (145:0)."""

    def test_the_pairings_and_standings_worked_out_by_hand(self, organizer, run_on_commit):
        tournament = started(organizer, count=6, rounds_planned=3)
        # Round 1 by seed, Monrad 1 v 2, 3 v 4, 5 v 6; on an even board the higher seed
        # sits second.
        assert pairings(tournament, 1) == [("Anna", "Bert"), ("Dieter", "Cora"),
                                           ("Eva", "Frank")]
        play_round(run_on_commit, tournament, 1)
        # Anna, Dieter, Eva 2 points; Bert, Cora, Frank 0. Both groups are odd: one pair
        # floats. Ranks: Anna, Dieter, Eva (level: by seed), Bert, Cora, Frank. Without
        # rematches, Anna-Dieter, Eva-Bert, Cora-Frank has squared rank distances 1+1+1 = 3
        # (Anna-Eva, Dieter-Bert, Cora-Frank: 4+4+1). Seats: Anna and Dieter both sat first:
        # board 1, the higher first; Bert sat second, Eva first: Bert first; Cora and Frank
        # both second: board 3, the higher first.
        round_next(tournament=tournament)
        assert pairings(tournament, 2) == [("Anna", "Dieter"), ("Bert", "Eva"),
                                           ("Cora", "Frank")]
        play_round(run_on_commit, tournament, 2)
        # Anna 4; Bert, Cora, Dieter, Eva 2; Frank 0.
        # Buchholz: Dieter = Cora 2 + Anna 4 = 6, Bert = Anna 4 + Eva 2 = 6, Eva = Frank 0 +
        # Bert 2 = 2, Cora = Dieter 2 + Frank 0 = 2, Frank = Eva 2 + Cora 2 = 4.
        # Sonneborn-Berger (2 per win x the opponent's points): Dieter 2x2 = 4, Bert 2x2 = 4,
        # Eva 2x0 = 0, Cora 2x0 = 0. Bert and Dieter are level on everything, so are Cora
        # and Eva (head-to-head 0, one win each, 145 game points each).
        standings = tournament_standings(tournament=tournament)
        assert table(standings, "points", "buchholz", "sonneborn_berger") == [
            ("Anna", 1, 4, 4, 8), ("Bert", 2, 2, 6, 4), ("Dieter", 2, 2, 6, 4),
            ("Cora", 4, 2, 2, 0), ("Eva", 4, 2, 2, 0), ("Frank", 6, 0, 4, 0)]
        # Round 3: Anna (4) and Frank (0) are alone in their groups. Anna-Frank is one
        # float (two groups down) against two floats for any other pairing, and leaves
        # Bert-Dieter and Cora-Eva, neither a rematch. Seats: Anna sat first twice, Frank
        # second twice: Frank first; Bert and Dieter level (one each): board 2, the higher
        # (Bert) second; Cora and Eva level: board 3, the higher (Cora) first.
        round_next(tournament=tournament)
        assert pairings(tournament, 3) == [("Frank", "Anna"), ("Dieter", "Bert"),
                                           ("Cora", "Eva")]
        play_round(run_on_commit, tournament, 3)
        # Final: Anna 4 (beat Bert, Dieter; lost to Frank), Cora 4, Dieter 4; Bert, Eva,
        # Frank 2. Buchholz: Dieter = Cora 4 + Anna 4 + Bert 2 = 10, Anna = 2 + 4 + 2 = 8,
        # Cora = 4 + 2 + 2 = 8. Median-Buchholz drops the best and worst: Anna 2, Cora 2.
        # Sonneborn-Berger: Anna 2x2 + 2x4 = 12, Cora 2x2 + 2x2 = 8.
        # Frank: Eva 2 + Cora 4 + Anna 4 = 10, Bert: 4 + 2 + 4 = 10, Eva: 2 + 2 + 4 = 8;
        # median 4 and 4; SB Frank 2x4 = 8, Bert 2x2 = 4.
        standings = tournament_standings(tournament=tournament)
        assert table(standings, "points", "buchholz", "median_buchholz",
                     "sonneborn_berger") == [
            ("Dieter", 1, 4, 10, 4, 12), ("Anna", 2, 4, 8, 2, 12), ("Cora", 3, 4, 8, 2, 8),
            ("Frank", 4, 2, 10, 4, 8), ("Bert", 5, 2, 10, 4, 4), ("Eva", 6, 2, 8, 2, 4)]
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        with pytest.raises(TournamentError, match=re.escape("All 3 rounds have been drawn.")):
            round_next(tournament=tournament)

    def test_the_next_round_waits_for_every_result(self, organizer, run_on_commit):
        tournament = started(organizer, count=6, rounds_planned=3)
        first = round_matches(tournament, 1)[0]
        submit(run_on_commit, first, gin_result(first))
        with pytest.raises(TournamentError, match=re.escape(
                "Round 1 is not complete: 2 match(es) still wait for a result.")):
            round_next(tournament=tournament)
        assert tournament.rounds.count() == 1

    def test_the_number_of_rounds_defaults_to_log2_of_the_field(self, organizer):
        tournament = started(organizer, count=5)
        tournament.refresh_from_db()
        assert tournament.rounds_planned == 3  # ceil(log2(5))


class TestByes:
    def test_the_lowest_ranked_gets_the_bye_stored_as_a_one_seat_match(self, organizer,
                                                                      run_on_commit):
        tournament = started(organizer, count=5, rounds_planned=3)
        assert pairings(tournament, 1) == [("Anna", "Bert"), ("Dieter", "Cora"), ("Eva",)]
        bye = round_matches(tournament, 1)[-1]
        assert (bye.status, bye.result, bye.current_log, bye.table) == (
            Match.Status.SCORED, Match.Result.PLAYED, None, None)
        assert list(bye.seats.values_list("score", "rank")) == [(0, 1)]
        play_round(run_on_commit, tournament, 1)
        # Eva's bye: a win without game points. Her Buchholz counts a virtual opponent who
        # starts with her points before the bye (0), loses the bye round and draws each
        # later round (none yet): 0.
        standings = tournament_standings(tournament=tournament)
        assert table(standings, "points", "game_points", "buchholz") == [
            ("Anna", 1, 2, 145, 0), ("Dieter", 1, 2, 145, 0), ("Eva", 3, 2, 0, 0),
            ("Bert", 4, 0, 0, 2), ("Cora", 4, 0, 0, 2)]
        assert standings.row_for(standings.rows[2].player).byes == 1
        # Round 2: Bert and Cora (0) are level at the bottom; Bert has the better seed, so
        # Cora is the lowest-ranked player without a bye and gets it.
        round_next(tournament=tournament)
        assert pairings(tournament, 2)[-1] == ("Cora",)

    def test_no_second_bye_while_someone_has_none(self, organizer, run_on_commit):
        """Three players, three rounds: every round has a bye and nobody gets two."""
        tournament = started(organizer, count=3, rounds_planned=3)
        byes = []
        for number in (1, 2, 3):
            if number > 1:
                round_next(tournament=tournament)
            matches = round_matches(tournament, number)
            byes += [names(m)[0] for m in matches if len(names(m)) == 1]
            play_round(run_on_commit, tournament, number)
        assert sorted(byes) == ["Anna", "Bert", "Cora"]


class TestLateEntriesAndWithdrawals:
    def test_a_late_entry_joins_with_no_points_and_a_withdrawn_player_is_not_paired(
            self, organizer, run_on_commit):
        tournament = started(organizer, count=4, rounds_planned=4)
        play_round(run_on_commit, tournament, 1)  # Anna and Dieter win
        late = people(5)[-1]  # Eva
        Entry.objects.create(tournament=tournament, player=late, joined_round=2)
        Entry.objects.filter(tournament=tournament, player__name="Bert").update(
            status=Entry.Status.WITHDRAWN)
        round_next(tournament=tournament)
        # Anna, Dieter 2; Cora, Eva 0 (Eva starts with nothing). Anna-Dieter, Cora-Eva;
        # Cora sat second in round 1, Eva never: Cora sits first. Bert keeps his result in
        # the standings. Eva's round 1, before she joined, is an unplayed game (FIDE C.02
        # 13.15): her virtual opponent wins it, 0 + 2 = 2, as much as Bert's and Cora's
        # real ones; level on every key, the three share 3rd place.
        assert pairings(tournament, 2) == [("Anna", "Dieter"), ("Cora", "Eva")]
        standings = tournament_standings(tournament=tournament)
        assert table(standings, "played", "points", "buchholz") == [
            ("Anna", 1, 1, 2, 0), ("Dieter", 1, 1, 2, 0), ("Bert", 3, 1, 0, 2),
            ("Cora", 3, 1, 0, 2), ("Eva", 3, 0, 0, 2)]

    def test_an_entry_for_a_later_round_waits(self, organizer, run_on_commit):
        tournament = started(organizer, count=4, rounds_planned=4)
        play_round(run_on_commit, tournament, 1)
        Entry.objects.create(tournament=tournament, player=people(5)[-1], joined_round=3)
        round_next(tournament=tournament)
        assert all("Eva" not in pair for pair in pairings(tournament, 2))
        play_round(run_on_commit, tournament, 2)
        round_next(tournament=tournament)
        assert any("Eva" in pair for pair in pairings(tournament, 3))


class TestCreating:
    def test_swiss_is_for_two_player_games(self, organizer):
        with pytest.raises(TournamentError, match=re.escape(
                "Doppelkopf is played at tables: its tournaments are table rounds.")):
            tournament_create(name="X", game="doppelkopf", format=Tournament.Format.SWISS,
                              organizer=organizer)

    def test_round_robin_draws_every_round_at_the_start(self, organizer, run_on_commit):
        tournament = started(organizer, count=4, format=Tournament.Format.ROUND_ROBIN)
        with pytest.raises(TournamentError, match=re.escape(
                "round robin tournaments draw all their rounds at the start.")):
            round_next(tournament=tournament)


@pytest.mark.parametrize("seed", range(6))
def test_random_events_never_rematch_nor_give_a_second_bye(organizer, run_on_commit, seed):
    """Random results, withdrawals and a late entry: with fewer rounds than half the field,
    a rematch-free pairing always exists, and nobody gets a second bye."""
    rng = random.Random(seed)
    count = rng.choice([7, 9, 11])
    tournament = started(organizer, count=count, rounds_planned=4)
    for number in range(1, 5):
        if number > 1:
            if number == 2:
                Entry.objects.create(tournament=tournament, player=people(12)[-1],
                                     joined_round=2)
            if number == 3:
                victim = rng.choice(list(tournament.entries.exclude(player__name="Lena")))
                Entry.objects.filter(pk=victim.pk).update(status=Entry.Status.WITHDRAWN)
            round_next(tournament=tournament)
        boards = [m for m in round_matches(tournament, number) if len(names(m)) == 2]
        play_round(run_on_commit, tournament, number,
                   winners={index: rng.randrange(2) for index in range(len(boards))})
    met = Counter()
    byes = Counter()
    for match in Match.objects.filter(round__tournament=tournament):
        players = names(match)
        if len(players) == 1:
            byes[players[0]] += 1
        else:
            met[frozenset(players)] += 1
    assert max(met.values()) == 1
    assert max(byes.values(), default=0) <= 1


def test_a_bye_takes_no_log_and_stays_a_win(organizer, run_on_commit):
    from games.services import MatchNotReady

    tournament = started(organizer, count=3, rounds_planned=2)
    board, bye = round_matches(tournament, 1)
    with pytest.raises(MatchNotReady, match="This match is a bye: there is no result"):
        submit(run_on_commit, bye, gin_result(board))  # a log of two players for a bye
    bye.refresh_from_db()
    assert (bye.status, bye.logs.count()) == (Match.Status.SCORED, 0)
    submit(run_on_commit, board, gin_result(board))
    standings = tournament_standings(tournament=tournament)
    # Anna and Cora: 2 points each, level up to the game points (145 against a bye's 0).
    assert table(standings, "points") == [("Anna", 1, 2), ("Cora", 2, 2), ("Bert", 3, 0)]
    round_next(tournament=tournament)
    assert tournament.rounds.count() == 2
