"""The tournament standings: the format's chain of tie-breakers (or the organizer's), byes
against the virtual opponent, forfeits, groups, and the per-series figures of table rounds,
with every value worked out by hand."""

from __future__ import annotations

import pytest

from games.models import Match
from league.ranking.standings import DEFAULT_TIEBREAKS, SWISS_TIEBREAKS, TABLE_TIEBREAKS
from tests.tournaments.rounds_helpers import (
    doko_sheet,
    gin_result,
    names,
    pairings,
    round_matches,
    started,
    submit,
)
from tournaments.models import Entry, Tournament
from tournaments.selectors import (
    match_record,
    rounds_complete,
    tournament_matches,
    tournament_standings,
    tournament_tiebreaks,
)
from tournaments.services.rounds import round_next

pytestmark = pytest.mark.django_db


def table(standings, *keys):
    return [(row.player.name, row.rank, *(row[key] for key in keys)) for row in standings.rows]


@pytest.fixture
def swiss_with_byes(organizer, run_on_commit):
    """Five players, three rounds, a bye each round.

    Round 1: Anna beats Bert, Dieter beats Cora, Eva has the bye.
    Round 2: Dieter beats Anna, Eva beats Bert, Cora has the bye.
    Round 3: Eva beats Dieter, Cora beats Anna, Bert has the bye.
    """
    tournament = started(organizer, count=5, rounds_planned=3)
    for number, winner in ((1, 0), (2, 1), (3, 0)):
        if number > 1:
            round_next(tournament=tournament)
        for match in round_matches(tournament, number):
            if len(names(match)) == 2:
                submit(run_on_commit, match, gin_result(match, winner))
    assert [pairings(tournament, number) for number in (1, 2, 3)] == [
        [("Anna", "Bert"), ("Dieter", "Cora"), ("Eva",)],
        [("Anna", "Dieter"), ("Bert", "Eva"), ("Cora",)],
        [("Eva", "Dieter"), ("Cora", "Anna"), ("Bert",)]]
    return tournament


class TestSwissTiebreaks:
    def test_the_swiss_chain_with_virtual_opponents(self, swiss_with_byes):
        """Match points: Anna W L L = 2, Bert L L bye = 2, Cora L bye W = 4, Dieter W W L = 4,
        Eva bye W W = 6.

        FIDE's rule for unplayed games (C.02 13.15). A bye's virtual opponent has the
        player's points before the bye, loses the bye round and draws every later round:
        Eva's (round 1 of 3) 0 + 2 x 1 = 2, Cora's (round 2) 0 + 1 = 1, Bert's (round 3) 0.
        An opponent's bye counts as a draw in the points he is credited with: Bert 2 - 1 = 1,
        Cora 4 - 1 = 3, Eva 6 - 1 = 5 (Anna 2 and Dieter 4 as they stand).
        Buchholz: Eva 2 + Bert 1 + Dieter 4 = 7; Dieter Cora 3 + Anna 2 + Eva 5 = 10;
        Cora Dieter 4 + 1 + Anna 2 = 7; Anna Bert 1 + Dieter 4 + Cora 3 = 8;
        Bert Anna 2 + Eva 5 + 0 = 7.
        Median-Buchholz (without the highest and lowest): Eva 2, Dieter 3, Cora 2, Anna 3,
        Bert 2.
        Sonneborn-Berger (own points in the game x the opponent's): Eva 2x2 + 2x1 + 2x4 = 14;
        Dieter 2x3 + 2x2 = 10; Cora 2x1 + 2x2 = 6; Anna 2x1 = 2; Bert 2x0 = 0.
        A bye is a win without game points: Eva 2 x 145 = 290.
        """
        standings = tournament_standings(tournament=swiss_with_byes)
        assert tournament_tiebreaks(swiss_with_byes) == SWISS_TIEBREAKS
        assert table(standings, "points", "buchholz", "median_buchholz", "sonneborn_berger",
                     "wins", "game_points") == [
            ("Eva", 1, 6, 7, 2, 14, 3, 290),
            ("Dieter", 2, 4, 10, 3, 10, 2, 290),
            ("Cora", 3, 4, 7, 2, 6, 2, 145),
            ("Anna", 4, 2, 8, 3, 2, 1, 145),
            ("Bert", 5, 2, 7, 2, 0, 1, 0)]
        assert [row.byes for row in standings.rows] == [1, 0, 1, 0, 1]
        assert [m.key for m in standings.extra_metrics] == [
            "buchholz", "median_buchholz", "sonneborn_berger"]

    def test_the_organizers_chain(self, swiss_with_byes):
        """Buchholz first: Dieter 10, Anna 8, then Eva, Cora and Bert on 7 (then points:
        Eva 6, Cora 4, Bert 2)."""
        Tournament.objects.filter(pk=swiss_with_byes.pk).update(
            tiebreaks=["buchholz", "points"])
        swiss_with_byes.refresh_from_db()
        standings = tournament_standings(tournament=swiss_with_byes)
        assert table(standings, "buchholz", "points") == [
            ("Dieter", 1, 10, 4), ("Anna", 2, 8, 2), ("Eva", 3, 7, 6), ("Cora", 4, 7, 4),
            ("Bert", 5, 7, 2)]
        assert [m.key for m in standings.tiebreaks] == ["buchholz", "points"]


class TestForfeitsAndEntries:
    def test_a_forfeit_counts_a_double_forfeit_does_not(self, organizer, run_on_commit):
        tournament = started(organizer, count=4, format=Tournament.Format.ROUND_ROBIN)
        assert tournament_tiebreaks(tournament) == DEFAULT_TIEBREAKS
        anna_dieter, bert_cora = round_matches(tournament, 1)
        assert (names(anna_dieter), names(bert_cora)) == (("Anna", "Dieter"),
                                                          ("Bert", "Cora"))
        # As the forfeit service writes them: a forfeit won by Anna (no game points), a
        # double forfeit (nobody ranked).
        Match.objects.filter(pk=anna_dieter.pk).update(status=Match.Status.SCORED,
                                                       result=Match.Result.FORFEIT)
        anna_dieter.seats.filter(index=0).update(rank=1)
        anna_dieter.seats.filter(index=1).update(rank=2)
        Match.objects.filter(pk=bert_cora.pk).update(status=Match.Status.SCORED,
                                                     result=Match.Result.DOUBLE_FORFEIT)
        # Bert, Cora and Dieter have no points, no game points and no wins: level on the
        # whole default chain, they share 2nd place (Dieter's loss is not a key of it).
        standings = tournament_standings(tournament=tournament)
        assert table(standings, "played", "wins", "losses", "points", "game_points") == [
            ("Anna", 1, 1, 1, 0, 2, 0), ("Bert", 2, 0, 0, 0, 0, 0),
            ("Cora", 2, 0, 0, 0, 0, 0), ("Dieter", 2, 1, 0, 1, 0, 0)]

    def test_a_swiss_forfeit_is_an_unplayed_game_for_the_tiebreaks(self, organizer,
                                                                    run_on_commit):
        """Round 1: Bert does not come, Anna wins by forfeit; Dieter beats Cora. Round 2:
        Dieter beats Anna, Cora beats Bert. Points: Dieter 4, Anna 2, Cora 2, Bert 0.

        FIDE (C.02 13.15): the forfeit is unplayed for both. Anna's virtual opponent
        0 + 0 + 1 = 1, Bert's 0 + 2 + 1 = 3 (points before, the other side of the result,
        a draw in round 2). In their opponents' figures it is a draw: Anna 2 - 2 + 1 = 1,
        Bert 0 + 1 = 1. Buchholz: Anna 1 + Dieter 4 = 5; Bert 3 + Cora 2 = 5; Cora
        Dieter 4 + Bert 1 = 5; Dieter Cora 2 + Anna 1 = 3. Sonneborn-Berger: Anna 2x1 = 2,
        Bert 0, Cora 2x1 = 2, Dieter 2x2 + 2x1 = 6. Anna and Cora are level up to the game
        points: Anna's forfeit win has none, Cora has 145.
        """
        tournament = started(organizer, count=4, rounds_planned=2)
        anna_bert, dieter_cora = round_matches(tournament, 1)
        assert (names(anna_bert), names(dieter_cora)) == (("Anna", "Bert"),
                                                          ("Dieter", "Cora"))
        Match.objects.filter(pk=anna_bert.pk).update(status=Match.Status.SCORED,
                                                     result=Match.Result.FORFEIT)
        anna_bert.seats.filter(index=0).update(rank=1)
        anna_bert.seats.filter(index=1).update(rank=2)
        submit(run_on_commit, dieter_cora, gin_result(dieter_cora, 0))
        round_next(tournament=tournament)
        first, second = round_matches(tournament, 2)
        assert (names(first), names(second)) == (("Dieter", "Anna"), ("Cora", "Bert"))
        submit(run_on_commit, first, gin_result(first, 0))
        assert rounds_complete(tournament_matches(tournament=tournament)) == 1
        submit(run_on_commit, second, gin_result(second, 0))
        matches = list(tournament_matches(tournament=tournament))
        assert rounds_complete(matches) == 2
        record = match_record(matches[0])
        assert (record.forfeit, record.round_number, record.ranks) == (True, 1, (1, 2))
        assert (match_record(matches[1]).forfeit, match_record(matches[3]).round_number) \
            == (False, 2)
        standings = tournament_standings(tournament=tournament)
        assert table(standings, "points", "buchholz", "median_buchholz", "sonneborn_berger",
                     "game_points") == [
            ("Dieter", 1, 4, 3, 3, 6, 290), ("Cora", 2, 2, 5, 5, 2, 145),
            ("Anna", 3, 2, 5, 5, 2, 0), ("Bert", 4, 0, 5, 5, 0, 0)]

    def test_who_is_listed(self, organizer):
        tournament = started(organizer, count=4, format=Tournament.Format.ROUND_ROBIN)
        tournament.entries.filter(player__name="Bert").update(status=Entry.Status.WITHDRAWN)
        tournament.entries.filter(player__name="Cora").update(status=Entry.Status.NO_SHOW)
        standings = tournament_standings(tournament=tournament)
        assert [row.player.name for row in standings.rows] == ["Anna", "Bert", "Dieter"]

    def test_standings_of_a_group(self, organizer, run_on_commit):
        tournament = started(organizer, count=4, format=Tournament.Format.ROUND_ROBIN)
        anna_dieter, bert_cora = round_matches(tournament, 1)
        submit(run_on_commit, anna_dieter, gin_result(anna_dieter))
        submit(run_on_commit, bert_cora, gin_result(bert_cora))
        Match.objects.filter(pk=anna_dieter.pk).update(group="A")
        Match.objects.filter(pk=bert_cora.pk).update(group="B")
        tournament.entries.filter(player__name__in=["Anna", "Dieter"]).update(group="A")
        standings = tournament_standings(tournament=tournament, group="A")
        assert table(standings, "points", "difference") == [("Anna", 1, 2, 145),
                                                           ("Dieter", 2, 0, -145)]


class TestTableRounds:
    def test_total_points_and_the_series(self, organizer, run_on_commit):
        tournament = started(organizer, game="doppelkopf", format="table_rounds", count=8,
                             rounds_planned=2, deals_per_round=4)
        assert tournament_tiebreaks(tournament) == TABLE_TIEBREAKS

        def play(match, deals):
            players = list(names(match))
            submit(run_on_commit, match, doko_sheet(
                players, first_dealer=players[match.seating.first_dealer], deals=deals))

        # Round 1: RE wins all four deals with 130 (1 point each).
        one, two = round_matches(tournament, 1)
        play(one, [(["Anna", "Dieter"], 130)] * 4)  # Anna, Dieter +4; Bert, Cora -4
        play(two, [(["Eva", "Hanna"], 130)] * 4)  # Eva, Hanna +4; Frank, Gero -4
        round_next(tournament=tournament)
        one, two = round_matches(tournament, 2)
        assert (set(names(one)), set(names(two))) == ({"Anna", "Dieter", "Eva", "Hanna"},
                                                      {"Bert", "Cora", "Frank", "Gero"})
        # Round 2, table 1: Hanna+Dieter win three deals, Eva+Dieter one: Dieter +4,
        # Hanna +2, Eva -2, Anna -4 (Dieter wins the table alone). Table 2: Bert+Cora win
        # all four: +4, Frank and Gero -4 (Bert and Cora share the table: no win).
        play(one, [(["Hanna", "Dieter"], 130)] * 3 + [(["Eva", "Dieter"], 130)])
        play(two, [(["Bert", "Cora"], 130)] * 4)
        standings = tournament_standings(tournament=tournament)
        assert standings.rounds == (1, 2)
        # Total points, then tables won, then the best series: Anna, Bert and Cora have 0,
        # no table won and a best series of 4 each: they share 4th place.
        assert [(line.row.player.name, line.row.rank, line.row["game_points"],
                 line.row["wins"], line.series, line.row.best_series,
                 line.row.average_series) for line in standings.lines] == [
            ("Dieter", 1, 8, 1, [4, 4], 4, 4.0),
            ("Hanna", 2, 6, 0, [4, 2], 4, 3.0),
            ("Eva", 3, 2, 0, [4, -2], 4, 1.0),
            ("Anna", 4, 0, 0, [4, -4], 4, 0.0),
            ("Bert", 4, 0, 0, [-4, 4], 4, 0.0),
            ("Cora", 4, 0, 0, [-4, 4], 4, 0.0),
            ("Frank", 7, -8, 0, [-4, -4], -4, -4.0),
            ("Gero", 7, -8, 0, [-4, -4], -4, -4.0)]
