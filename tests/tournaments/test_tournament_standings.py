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
from tournaments.selectors import tournament_standings, tournament_tiebreaks
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

        A bye's virtual opponent has the player's points before the bye, loses the bye
        round and draws every later round: Eva's (round 1 of 3) 0 + 2 x 1 = 2, Cora's
        (round 2) 0 + 1 = 1, Bert's (round 3) 0.
        Buchholz: Eva 2 + Bert 2 + Dieter 4 = 8; Dieter Cora 4 + Anna 2 + Eva 6 = 12;
        Cora Dieter 4 + 1 + Anna 2 = 7; Anna Bert 2 + Dieter 4 + Cora 4 = 10;
        Bert Anna 2 + Eva 6 + 0 = 8.
        Median-Buchholz (without the highest and lowest): Eva 2, Dieter 4, Cora 2, Anna 4,
        Bert 2.
        Sonneborn-Berger (own points in the game x the opponent's): Eva 2x2 + 2x2 + 2x4 = 16;
        Dieter 2x4 + 2x2 = 12; Cora 2x1 + 2x2 = 6; Anna 2x2 = 4; Bert 2x0 = 0.
        A bye is a win without game points: Eva 2 x 145 = 290.
        """
        standings = tournament_standings(tournament=swiss_with_byes)
        assert tournament_tiebreaks(swiss_with_byes) == SWISS_TIEBREAKS
        assert table(standings, "points", "buchholz", "median_buchholz", "sonneborn_berger",
                     "wins", "game_points") == [
            ("Eva", 1, 6, 8, 2, 16, 3, 290),
            ("Dieter", 2, 4, 12, 4, 12, 2, 290),
            ("Cora", 3, 4, 7, 2, 6, 2, 145),
            ("Anna", 4, 2, 10, 4, 4, 1, 145),
            ("Bert", 5, 2, 8, 2, 0, 1, 0)]
        assert [row.byes for row in standings.rows] == [1, 0, 1, 0, 1]
        assert [m.key for m in standings.extra_metrics] == [
            "buchholz", "median_buchholz", "sonneborn_berger"]

    def test_the_organizers_chain(self, swiss_with_byes):
        """Buchholz first: Dieter 12, Anna 10, Eva and Bert 8 (then points: Eva 6, Bert 2),
        Cora 7."""
        Tournament.objects.filter(pk=swiss_with_byes.pk).update(
            tiebreaks=["buchholz", "points"])
        swiss_with_byes.refresh_from_db()
        standings = tournament_standings(tournament=swiss_with_byes)
        assert table(standings, "buchholz", "points") == [
            ("Dieter", 1, 12, 4), ("Anna", 2, 10, 2), ("Eva", 3, 8, 6), ("Bert", 4, 8, 2),
            ("Cora", 5, 7, 4)]
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
