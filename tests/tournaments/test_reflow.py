"""A corrected result re-flows: the new winner (and loser) move on, results played with the
old player are set aside with a notice to the organizer, the log stays in the history, and
the standings and the tournament's end follow."""

from __future__ import annotations

import json

import pytest

from games.models import Match, MatchNotice
from games.services import match_log_submit
from tests.documents import first_wins
from tests.tournaments.elimination_helpers import at, make, names, win
from tournaments.models import Tournament
from tournaments.selectors import tournament_standings
from tournaments.selectors.bracket import bracket_outcome, bracket_stage

pytestmark = pytest.mark.django_db
SINGLE = Tournament.Format.SINGLE_ELIMINATION
DOUBLE = Tournament.Format.DOUBLE_ELIMINATION


def state(match):
    match.refresh_from_db()
    return match.status, names(match), match.current_log_id is not None


def notices(tournament):
    return [(notice.match.bracket, notice.detail) for notice in
            MatchNotice.objects.filter(match__round__tournament=tournament).order_by("pk")]


def status_of(tournament):
    tournament.refresh_from_db()
    return tournament.status


class TestSingleElimination:
    def test_a_correction_after_the_final_sets_the_final_aside(self, organizer,
                                                                run_on_commit):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora", "Dieter"])
        win(run_on_commit, at(tournament, "W1.1"), "Anna")
        win(run_on_commit, at(tournament, "W1.2"), "Bert")
        final = win(run_on_commit, at(tournament, "W2.1"), "Anna")
        first_log = final.current_log
        assert status_of(tournament) == Tournament.Status.FINISHED
        # The score sheet of W1.1 was wrong: Dieter won.
        win(run_on_commit, at(tournament, "W1.1"), "Dieter")
        assert state(final) == ("scheduled", ("Dieter", "Bert"), False)
        assert final.logs.get() == first_log  # kept in the history, no longer current
        assert notices(tournament) == [("W2.1", {
            "result": "played", "version": 1, "scores": [145, 0], "winner": "Anna",
            "before": ["Anna", "Bert"], "after": ["Dieter", "Bert"], "causes": ["W1.1"],
            "bracket": "W2.1"})]
        assert MatchNotice.objects.get().log == first_log
        assert status_of(tournament) == Tournament.Status.RUNNING
        win(run_on_commit, final, "Dieter")
        assert status_of(tournament) == Tournament.Status.FINISHED
        assert bracket_outcome(bracket_stage(tournament)).champion.name == "Dieter"

    def test_a_rejected_correction_keeps_what_was_played_after_it(self, organizer,
                                                                   run_on_commit):
        tournament = make(organizer, SINGLE, ["Anna", "Bert", "Cora", "Dieter"])
        semi = win(run_on_commit, at(tournament, "W1.1"), "Anna")
        win(run_on_commit, at(tournament, "W1.2"), "Bert")
        final = win(run_on_commit, at(tournament, "W2.1"), "Anna")
        broken = {"format": "stammtisch-log/1", "game": "gin", "players": ["Anna", "Dieter"],
                  "seed": 7, "deals": [{"dealer": "Anna", "moves": ["pass", "pass",
                                                                     "discard QH"]}]}
        with run_on_commit():
            match_log_submit(match=semi, text=json.dumps(broken))
        semi.refresh_from_db()
        assert semi.status == Match.Status.REJECTED
        assert state(final) == ("scored", ("Anna", "Bert"), True)
        assert notices(tournament) == []
        assert status_of(tournament) == Tournament.Status.RUNNING  # W1.1 has no result
        # The same result again (as a new version): nothing moves, the event is over again.
        with run_on_commit():
            match_log_submit(match=semi, text=json.dumps(first_wins("Anna", "Dieter")))
        assert state(final) == ("scored", ("Anna", "Bert"), True)
        assert status_of(tournament) == Tournament.Status.FINISHED


class TestDoubleElimination:
    def test_winner_and_loser_both_move_and_what_they_played_is_set_aside(
            self, organizer, run_on_commit):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora", "Dieter"])
        for bracket, winner in [("W1.1", "Anna"), ("W1.2", "Bert"), ("W2.1", "Anna"),
                                ("L1.1", "Cora"), ("L2.1", "Bert")]:
            win(run_on_commit, at(tournament, bracket), winner)
        assert names(at(tournament, "GF1")) == ("Anna", "Bert")
        # Correction: Dieter won W1.1. He takes Anna's seat in W2.1, Anna takes his in L1.1;
        # both results are set aside.
        win(run_on_commit, at(tournament, "W1.1"), "Dieter")
        assert state(at(tournament, "W2.1")) == ("scheduled", ("Dieter", "Bert"), False)
        assert state(at(tournament, "L1.1")) == ("scheduled", ("Anna", "Cora"), False)
        # L2.1 (Cora v Bert) keeps its result while both still play in the matches that
        # feed it; GF1 loses Anna (W2.1 has no winner now) and waits.
        assert state(at(tournament, "L2.1")) == ("scored", ("Cora", "Bert"), True)
        assert names(at(tournament, "GF1")) == (None, "Bert")
        assert [(bracket, detail["before"], detail["after"], detail["causes"])
                for bracket, detail in notices(tournament)] == [
            ("W2.1", ["Anna", "Bert"], ["Dieter", "Bert"], ["W1.1"]),
            ("L1.1", ["Dieter", "Cora"], ["Anna", "Cora"], ["W1.1"])]
        # W2.1 played again: Bert wins, so Dieter drops to L2.1 where Bert was: set aside.
        win(run_on_commit, at(tournament, "W2.1"), "Bert")
        assert state(at(tournament, "L2.1")) == ("scheduled", (None, "Dieter"), False)
        assert notices(tournament)[-1][0] == "L2.1"
        assert notices(tournament)[-1][1]["after"] == [None, "Dieter"]
        assert notices(tournament)[-1][1]["causes"] == ["W2.1"]
        assert names(at(tournament, "GF1")) == ("Bert", None)
        win(run_on_commit, at(tournament, "L1.1"), "Anna")
        win(run_on_commit, at(tournament, "L2.1"), "Anna")
        win(run_on_commit, at(tournament, "GF1"), "Bert")
        assert status_of(tournament) == Tournament.Status.FINISHED
        outcome = bracket_outcome(bracket_stage(tournament))
        assert [(p.place, p.player.name) for p in outcome.placings] == [
            (1, "Bert"), (2, "Anna"), (3, "Dieter"), (4, "Cora")]

    def test_a_corrected_grand_final_sets_the_reset_aside(self, organizer, run_on_commit):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert"])
        win(run_on_commit, at(tournament, "W1.1"), "Anna")
        win(run_on_commit, at(tournament, "GF1"), "Bert")
        win(run_on_commit, at(tournament, "GF2"), "Bert")
        assert bracket_outcome(bracket_stage(tournament)).champion.name == "Bert"
        # Anna won GF1 after all: no reset is needed, its result is set aside.
        win(run_on_commit, at(tournament, "GF1"), "Anna")
        assert state(at(tournament, "GF2")) == ("scheduled", (None, None), False)
        assert notices(tournament)[0][1]["after"] == [None, None]
        assert notices(tournament)[0][1]["causes"] == ["GF1"]
        assert status_of(tournament) == Tournament.Status.FINISHED
        assert bracket_outcome(bracket_stage(tournament)).champion.name == "Anna"


def test_round_robin_standings_follow_a_correction(organizer, run_on_commit):
    tournament = make(organizer, Tournament.Format.ROUND_ROBIN, ["Anna", "Bert"])
    match = Match.objects.get(round__tournament=tournament)
    win(run_on_commit, match, "Anna")
    assert [(row.player.name, row["points"]) for row in
            tournament_standings(tournament=tournament).rows] == [("Anna", 2), ("Bert", 0)]
    win(run_on_commit, match, "Bert")
    assert [(row.player.name, row["points"]) for row in
            tournament_standings(tournament=tournament).rows] == [("Bert", 2), ("Anna", 0)]


class TestFlowRules:
    """The rules of :mod:`tournaments.pairing.elimination.flow` on plain values (no database)."""

    def test_the_docstring_examples(self):
        import doctest

        from tournaments.pairing.elimination import flow as bracket_flow
        from tournaments.services import stages

        for module in (bracket_flow, stages):
            assert doctest.testmod(module).failed == 0, module

    def test_a_disqualified_player_with_nobody_to_meet_goes_nowhere(self):
        from tournaments.pairing.elimination.flow import (
            DOUBLE,
            NOBODY,
            Feed,
            FlowMatch,
            Verdict,
            flow,
        )

        gone = FlowMatch(1, (10, 20), (None, None), Verdict(DOUBLE))
        semi = FlowMatch(2, (30, 40), (None, None))
        final = FlowMatch(3, (None, None), (Feed(1, "winner"), Feed(2, "winner")))
        # 30 is disqualified: he forfeits the semi to 40, who then meets nobody and wins.
        results = flow([gone, semi, final], out={30})
        assert (results[1].verdict.kind, results[1].winner) == ("forfeit", 40)
        assert (results[2].seats, results[2].winner, results[2].bye) == ((NOBODY, 40), 40,
                                                                         True)
        # With 40 out as well, nobody is left: the semi is a double forfeit, the final void.
        results = flow([gone, semi, final], out={30, 40})
        assert results[1].verdict.kind == "double"
        assert (results[2].seats, results[2].void) == ((NOBODY, NOBODY), True)

    def test_the_reset_is_unneeded_unless_the_losers_side_wins(self):
        from tournaments.pairing.elimination.flow import (
            PLAYED,
            UNNEEDED,
            WAITING,
            Feed,
            FlowMatch,
            Verdict,
            champion,
            flow,
        )

        feeds = (Feed(1, "winner"), Feed(1, "loser"))
        # The winners' bracket winner (1, seat 0) wins GF1: the reset is not needed.
        gf1 = FlowMatch(1, (1, 2), (None, None), Verdict(PLAYED, side=0))
        results = flow([gf1, FlowMatch(2, (None, None), feeds, reset=True)])
        assert (results[1].seats, results[1].unneeded) == ((UNNEEDED, UNNEEDED), True)
        assert champion(results, final=1, reset=2) == 1
        # The losers' bracket winner (2) wins GF1: the reset is played, winner of GF1 first.
        gf1 = FlowMatch(1, (1, 2), (None, None), Verdict(PLAYED, side=1))
        results = flow([gf1, FlowMatch(2, (None, None), feeds, reset=True)])
        assert (results[1].seats, results[1].changed) == ((2, 1), (0, 1))
        assert champion(results, final=1, reset=2) is WAITING
