"""Forfeits, double forfeits and disqualification through the services, in a round robin,
single and double elimination: the verdicts stored, the bracket moving on, the standings."""

from __future__ import annotations

import re

import pytest

from games.models import Match
from games.services import match_log_submit
from tests.documents import as_text, first_wins
from tests.tournaments.elimination_helpers import at, field_of, make, names, win
from tournaments.models import Entry, Tournament
from tournaments.selectors import tournament_standings
from tournaments.selectors.bracket import bracket_outcome, bracket_stage, tournament_bracket
from tournaments.services import TournamentError
from tournaments.services.forfeits import (
    entry_disqualify,
    entry_reinstate,
    match_double_forfeit,
    match_forfeit,
    match_forfeit_cancel,
)

pytestmark = pytest.mark.django_db
SINGLE = Tournament.Format.SINGLE_ELIMINATION
DOUBLE = Tournament.Format.DOUBLE_ELIMINATION
ROBIN = Tournament.Format.ROUND_ROBIN


def verdict(match):
    match.refresh_from_db()
    return (match.status, match.result, match.forfeit_reason,
            [(seat.player.name if seat.player else None, seat.score, seat.rank)
             for seat in match.seats.order_by("index")])


def players():
    return field_of(8)


def pair(tournament, first, second):
    return next(match for match in Match.objects.filter(round__tournament=tournament)
                if set(names(match)) == {first, second})


class TestForfeit:
    def test_a_forfeit_is_a_win_without_game_points(self, organizer, run_on_commit):
        tournament = make(organizer, ROBIN, ["Anna", "Bert", "Cora"])
        match = pair(tournament, "Anna", "Bert")
        match_forfeit(tournament=tournament, match=match, winner=players()["Bert"])
        assert verdict(match) == ("scored", "forfeit", "organizer",
                                  [("Anna", None, 2), ("Bert", None, 1)])
        assert match.current_log is None and not match.logs.exists()
        standings = tournament_standings(tournament=tournament)
        # Bert: a win (2 points) without game points; Anna: a loss.
        assert [(row.player.name, row["played"], row["points"], row["game_points"])
                for row in standings.rows] == [
            ("Bert", 1, 2, 0), ("Anna", 1, 0, 0), ("Cora", 0, 0, 0)]

    def test_in_a_bracket_the_winner_goes_on(self, organizer):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora"])
        match_forfeit(tournament=tournament, match=at(tournament, "W1.2"),
                      winner=players()["Cora"])
        assert names(at(tournament, "W2.1")) == ("Anna", "Cora")

    def test_a_log_after_a_forfeit_replaces_it(self, organizer, run_on_commit):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora"])
        semi = at(tournament, "W1.2")
        match_forfeit(tournament=tournament, match=semi, winner=players()["Cora"])
        win(run_on_commit, semi, "Bert")
        assert verdict(semi) == ("scored", "played", "",
                                 [("Bert", 145, 1), ("Cora", 0, 2)])
        assert names(at(tournament, "W2.1")) == ("Anna", "Bert")

    def test_a_forfeit_replaces_a_played_result_and_can_be_taken_back(self, organizer,
                                                                     run_on_commit):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora"])
        semi = win(run_on_commit, at(tournament, "W1.2"), "Bert")
        match_forfeit(tournament=tournament, match=semi, winner=players()["Cora"])
        assert names(at(tournament, "W2.1")) == ("Anna", "Cora")
        assert semi.logs.count() == 1  # the log stays in the match's history
        match_forfeit_cancel(tournament=tournament, match=semi)
        assert verdict(semi) == ("scheduled", "played", "",
                                 [("Bert", None, None), ("Cora", None, None)])
        assert names(at(tournament, "W2.1")) == ("Anna", None)
        with pytest.raises(TournamentError, match=re.escape(
                f"Match #{semi.pk} has no forfeit recorded by an organizer.")):
            match_forfeit_cancel(tournament=tournament, match=semi)

    def test_what_is_refused(self, organizer):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora"])
        final = at(tournament, "W2.1")
        with pytest.raises(TournamentError, match=re.escape(
                "This match is still waiting for its players.")):
            match_forfeit(tournament=tournament, match=final, winner=players()["Anna"])
        with pytest.raises(TournamentError, match=re.escape(
                f"Anna does not play in match #{at(tournament, 'W1.2').pk}.")):
            match_forfeit(tournament=tournament, match=at(tournament, "W1.2"),
                          winner=players()["Anna"])
        other = make(organizer, SINGLE, ["Dieter", "Eva"])
        with pytest.raises(TournamentError, match=re.escape(
                f"Match #{final.pk} is not a match of this tournament.")):
            match_double_forfeit(tournament=other, match=final)


class TestDoubleForfeit:
    def test_nobody_goes_on_and_the_other_finalist_wins_without_playing(
            self, organizer, run_on_commit):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora"])
        semi = at(tournament, "W1.2")
        match_double_forfeit(tournament=tournament, match=semi)
        assert verdict(semi) == ("scored", "double_forfeit", "organizer",
                                 [("Bert", None, None), ("Cora", None, None)])
        # The final has nobody in Bert's or Cora's place: Anna goes on as with a bye, no
        # match is played, and she is the champion.
        final = at(tournament, "W2.1")
        assert verdict(final) == ("scheduled", "played", "", [("Anna", None, None),
                                                              (None, None, None)])
        bracket = tournament_bracket(tournament=tournament)
        assert [cell.state for cell in bracket[1].cells] == ["walkover"]
        assert [seat.note for seat in bracket[1].cells[0].seats] == ["", "nobody"]
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        outcome = bracket_outcome(bracket_stage(tournament))
        assert [(p.place, p.player.name, p.out_in) for p in outcome.placings] == [
            (1, "Anna", ""), (2, "Bert", "W1.2"), (2, "Cora", "W1.2")]
        with pytest.raises(TournamentError, match=re.escape(
                "This match is still waiting for its players.")):
            match_forfeit(tournament=tournament, match=final, winner=players()["Anna"])

    def test_in_double_elimination_both_are_out(self, organizer, run_on_commit):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora", "Dieter"])
        match_double_forfeit(tournament=tournament, match=at(tournament, "W1.1"))
        # Nobody comes from W1.1: Bert or Cora (W1.2) waits alone in W2.1, and the loser of
        # W1.2 alone in L1.1.
        win(run_on_commit, at(tournament, "W1.2"), "Bert")
        assert names(at(tournament, "W2.1")) == (None, "Bert")
        assert names(at(tournament, "L1.1")) == (None, "Cora")
        # Bert goes on to GF1 without playing W2.1; nobody loses W2.1, so Cora goes on to
        # GF1 as well, and the grand final is Bert v Cora.
        assert names(at(tournament, "L2.1")) == ("Cora", None)
        assert names(at(tournament, "GF1")) == ("Bert", "Cora")
        win(run_on_commit, at(tournament, "GF1"), "Bert")
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        outcome = bracket_outcome(bracket_stage(tournament))
        assert [(p.place, p.player.name, p.out_in) for p in outcome.placings] == [
            (1, "Bert", ""), (2, "Cora", "GF1"), (3, "Anna", "W1.1"), (3, "Dieter", "W1.1")]


class TestDisqualification:
    def test_round_robin_future_matches_forfeited_played_ones_stay(self, organizer,
                                                                    run_on_commit):
        tournament = make(organizer, ROBIN, ["Anna", "Bert", "Cora", "Dieter"])
        played = win(run_on_commit, pair(tournament, "Anna", "Dieter"), "Anna")
        entry_disqualify(tournament=tournament, player=players()["Anna"])
        assert tournament.entries.get(player__name="Anna").status == Entry.Status.DISQUALIFIED
        assert verdict(played)[:3] == ("scored", "played", "")
        assert verdict(pair(tournament, "Anna", "Bert"))[1:3] == ("forfeit", "disqualified")
        assert verdict(pair(tournament, "Cora", "Anna"))[3] == [("Cora", None, 1),
                                                                ("Anna", None, 2)]
        assert verdict(pair(tournament, "Bert", "Cora"))[0] == "scheduled"
        with pytest.raises(TournamentError, match=re.escape("Anna is already disqualified.")):
            entry_disqualify(tournament=tournament, player=players()["Anna"])
        entry_reinstate(tournament=tournament, player=players()["Anna"])
        assert verdict(pair(tournament, "Anna", "Bert"))[:3] == ("scheduled", "played", "")
        assert verdict(played)[:2] == ("scored", "played")

    def test_double_elimination_his_losers_bracket_match_once_he_would_be_seated(
            self, organizer, run_on_commit):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora", "Dieter"])
        entry_disqualify(tournament=tournament, player=players()["Dieter"])
        # W1.1 Anna v Dieter: forfeited to Anna at once; Dieter drops to L1.1 and waits
        # for the loser of W1.2.
        assert verdict(at(tournament, "W1.1"))[1:] == (
            "forfeit", "disqualified", [("Anna", None, 1), ("Dieter", None, 2)])
        assert verdict(at(tournament, "L1.1"))[0] == "scheduled"
        win(run_on_commit, at(tournament, "W1.2"), "Bert")
        assert verdict(at(tournament, "L1.1"))[1:] == (
            "forfeit", "disqualified", [("Dieter", None, 2), ("Cora", None, 1)])
        assert names(at(tournament, "L2.1")) == ("Cora", None)

    def test_two_disqualified_players_in_one_match_a_double_forfeit(self, organizer):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora", "Dieter"])
        entry_disqualify(tournament=tournament, player=players()["Anna"])
        entry_disqualify(tournament=tournament, player=players()["Dieter"])
        assert verdict(at(tournament, "W1.1"))[1:3] == ("double_forfeit", "disqualified")
        # Nobody comes from W1.1: the winner of W1.2 will go on alone.
        assert names(at(tournament, "W2.1")) == (None, None)

    def test_a_disqualified_player_waiting_for_a_log(self, organizer, run_on_commit):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora"])
        semi = at(tournament, "W1.2")
        # A log is being scored when Bert is disqualified: the log decides (it was played).
        match_log_submit(match=semi, text=as_text(first_wins("Bert", "Cora")))
        entry_disqualify(tournament=tournament, player=players()["Bert"])
        semi.refresh_from_db()
        assert (semi.status, semi.result) == ("submitted", "played")

    def test_only_entered_players_and_not_before_the_start(self, organizer):
        tournament = make(organizer, SINGLE, ["Anna", "Bert"], start=False)
        with pytest.raises(TournamentError, match=re.escape(
                "The tournament has not started; take the entry back instead.")):
            entry_disqualify(tournament=tournament, player=players()["Anna"])
        tournament = make(organizer, SINGLE, ["Anna", "Bert"])
        with pytest.raises(TournamentError, match=re.escape("Cora is not entered.")):
            entry_disqualify(tournament=tournament, player=players()["Cora"])
        with pytest.raises(TournamentError, match=re.escape("Bert is not disqualified.")):
            entry_reinstate(tournament=tournament, player=players()["Bert"])
