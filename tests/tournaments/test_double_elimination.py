"""Double elimination through the services: the drawn bracket, every result moving winners
and losers on, the grand final with its reset played and not played, the champion and the
places. Every result goes through the real flow (a Gin score sheet, replayed)."""

from __future__ import annotations

import pytest

from games.models import Match
from tests.tournaments.elimination_helpers import at, make, names, win
from tournaments.models import Stage, Tournament
from tournaments.selectors.bracket import bracket_outcome, bracket_stage, tournament_bracket

pytestmark = pytest.mark.django_db
DOUBLE = Tournament.Format.DOUBLE_ELIMINATION
EIGHT = ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank", "Gerd", "Hanna"]
FIVE = EIGHT[:5]


def schedule(tournament):
    """(round, bracket name, players) of every match, in playing order."""
    return [(match.round.number, match.bracket, names(match)) for match in
            Match.objects.filter(round__tournament=tournament).select_related("round")
            .order_by("round__number", "position")]


def placings(tournament):
    outcome = bracket_outcome(bracket_stage(tournament))
    return [(placing.place, placing.player.name, placing.out_in)
            for placing in outcome.placings]


def play(run_on_commit, tournament, results):
    for bracket, winner in results:
        win(run_on_commit, at(tournament, bracket), winner)


class TestFivePlayers:
    def test_the_draw_leaves_the_byes_out(self, organizer):
        tournament = make(organizer, DOUBLE, FIVE)
        # Full bracket of 8: 1 v (8), 4 v 5, 2 v (7), 3 v (6): only Dieter v Eva is played
        # in W1; Bert v Cora (both with byes) is W2.2 and can be played at once. A round is
        # what can be played at the same time.
        assert schedule(tournament) == [
            (1, "W1.2", ("Dieter", "Eva")),
            (1, "W2.2", ("Bert", "Cora")),
            (2, "W2.1", ("Anna", None)),
            (2, "L2.1", (None, None)),
            (3, "W3.1", (None, None)),
            (3, "L3.1", (None, None)),
            (4, "L4.1", (None, None)),
            (5, "GF1", (None, None)),
            (6, "GF2", (None, None)),
        ]
        links = {match.bracket: (match.next_match and match.next_match.bracket,
                                 match.next_slot,
                                 match.loser_next_match and match.loser_next_match.bracket,
                                 match.loser_next_slot)
                 for match in Match.objects.filter(round__tournament=tournament)}
        assert links == {
            "W1.2": ("W2.1", 1, "L2.1", 0), "W2.2": ("W3.1", 1, "L2.1", 1),
            "W2.1": ("W3.1", 0, "L3.1", 1), "L2.1": ("L3.1", 0, None, None),
            "W3.1": ("GF1", 0, "L4.1", 1), "L3.1": ("L4.1", 0, None, None),
            "L4.1": ("GF1", 1, None, None), "GF1": ("GF2", 0, "GF2", 1),
            "GF2": (None, None, None, None),
        }
        assert [stage.kind for stage in tournament.stages.all()] == [Stage.Kind.MAIN]

    def test_through_the_reset_to_a_champion_from_the_losers_bracket(
            self, organizer, run_on_commit):
        tournament = make(organizer, DOUBLE, FIVE)
        play(run_on_commit, tournament, [
            ("W1.2", "Eva"), ("W2.2", "Cora"), ("W2.1", "Anna"), ("L2.1", "Bert"),
            ("W3.1", "Cora"), ("L3.1", "Bert"), ("L4.1", "Anna")])
        assert schedule(tournament) == [
            (1, "W1.2", ("Dieter", "Eva")),
            (1, "W2.2", ("Bert", "Cora")),
            (2, "W2.1", ("Anna", "Eva")),
            (2, "L2.1", ("Dieter", "Bert")),
            (3, "W3.1", ("Anna", "Cora")),
            (3, "L3.1", ("Bert", "Eva")),
            (4, "L4.1", ("Bert", "Anna")),
            (5, "GF1", ("Cora", "Anna")),
            (6, "GF2", (None, None)),
        ]
        # Anna, from the losers' bracket, wins GF1: both have lost once, the reset decides.
        win(run_on_commit, at(tournament, "GF1"), "Anna")
        assert names(at(tournament, "GF2")) == ("Anna", "Cora")
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING
        win(run_on_commit, at(tournament, "GF2"), "Anna")
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        assert placings(tournament) == [
            (1, "Anna", ""), (2, "Cora", "GF2"), (3, "Bert", "L4.1"), (4, "Eva", "L3.1"),
            (5, "Dieter", "L2.1")]

    def test_without_the_reset_the_first_grand_final_decides(self, organizer, run_on_commit):
        tournament = make(organizer, DOUBLE, FIVE, grand_final_reset=False)
        assert [bracket for _, bracket, _ in schedule(tournament)][-1] == "GF1"
        play(run_on_commit, tournament, [
            ("W1.2", "Eva"), ("W2.2", "Cora"), ("W2.1", "Anna"), ("L2.1", "Bert"),
            ("W3.1", "Cora"), ("L3.1", "Bert"), ("L4.1", "Anna"), ("GF1", "Anna")])
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        assert placings(tournament)[:2] == [(1, "Anna", ""), (2, "Cora", "GF1")]


class TestEightPlayers:
    RESULTS = [
        ("W1.1", "Anna"), ("W1.2", "Dieter"), ("W1.3", "Bert"), ("W1.4", "Cora"),
        ("W2.1", "Anna"), ("W2.2", "Bert"), ("L1.1", "Eva"), ("L1.2", "Frank"),
        ("L2.1", "Cora"), ("L2.2", "Dieter"), ("W3.1", "Anna"), ("L3.1", "Cora"),
        ("L4.1", "Bert"),
    ]

    def test_the_whole_bracket_and_the_reset_not_played(self, organizer, run_on_commit):
        tournament = make(organizer, DOUBLE, EIGHT)
        assert schedule(tournament)[:4] == [
            (1, "W1.1", ("Anna", "Hanna")), (1, "W1.2", ("Dieter", "Eva")),
            (1, "W1.3", ("Bert", "Gerd")), (1, "W1.4", ("Cora", "Frank"))]
        play(run_on_commit, tournament, self.RESULTS)
        # The losers of W2 come in reversed: Cora (lost W2.2) meets Eva in L2.1, Dieter
        # (lost W2.1) meets Frank in L2.2, so nobody meets the player he just lost to.
        assert schedule(tournament) == [
            (1, "W1.1", ("Anna", "Hanna")),
            (1, "W1.2", ("Dieter", "Eva")),
            (1, "W1.3", ("Bert", "Gerd")),
            (1, "W1.4", ("Cora", "Frank")),
            (2, "W2.1", ("Anna", "Dieter")),
            (2, "W2.2", ("Bert", "Cora")),
            (2, "L1.1", ("Hanna", "Eva")),
            (2, "L1.2", ("Gerd", "Frank")),
            (3, "W3.1", ("Anna", "Bert")),
            (3, "L2.1", ("Eva", "Cora")),
            (3, "L2.2", ("Frank", "Dieter")),
            (4, "L3.1", ("Cora", "Dieter")),
            (5, "L4.1", ("Cora", "Bert")),
            (6, "GF1", ("Anna", "Bert")),
            (7, "GF2", (None, None)),
        ]
        win(run_on_commit, at(tournament, "GF1"), "Anna")
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        assert at(tournament, "GF2").status == Match.Status.SCHEDULED
        assert placings(tournament) == [
            (1, "Anna", ""), (2, "Bert", "GF1"), (3, "Cora", "L4.1"), (4, "Dieter", "L3.1"),
            (5, "Eva", "L2.1"), (5, "Frank", "L2.2"), (7, "Gerd", "L1.2"),
            (7, "Hanna", "L1.1")]
        final = [column for column in tournament_bracket(tournament=tournament)
                 if column.section == "final"]
        assert [(column.name, [cell.state for cell in column.cells]) for column in final] == [
            ("Grand final", ["played"]), ("Grand final reset", ["unneeded"])]

    def test_the_reset_played_and_won_by_the_losers_bracket_winner(self, organizer,
                                                                  run_on_commit):
        tournament = make(organizer, DOUBLE, EIGHT)
        play(run_on_commit, tournament, [*self.RESULTS, ("GF1", "Bert")])
        assert names(at(tournament, "GF2")) == ("Bert", "Anna")
        win(run_on_commit, at(tournament, "GF2"), "Bert")
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        assert placings(tournament)[:3] == [(1, "Bert", ""), (2, "Anna", "GF2"),
                                            (3, "Cora", "L4.1")]
        # 2N - 1 matches with the reset played: every player but the champion lost twice,
        # and the champion once.
        assert Match.objects.filter(round__tournament=tournament,
                                    status=Match.Status.SCORED).count() == 15


class TestBracketDrawing:
    def test_columns_of_the_three_brackets(self, organizer):
        tournament = make(organizer, DOUBLE, FIVE)
        columns = tournament_bracket(tournament=tournament)
        assert [(column.section, column.name, [cell.id or cell.state for cell in column.cells])
                for column in columns] == [
            ("winners", "Winners' round 1", ["bye", "W1.2", "bye", "bye"]),
            ("winners", "Winners' round 2", ["W2.1", "W2.2"]),
            ("winners", "Winners' final", ["W3.1"]),
            ("losers", "Losers' round 2", ["L2.1", "L2.2"]),
            ("losers", "Losers' round 3", ["L3.1"]),
            ("losers", "Losers' final", ["L4.1"]),
            ("final", "Grand final", ["GF1"]),
            ("final", "Grand final reset", ["GF2"]),
        ]
        w21 = columns[1].cells[0]
        assert [(seat.player.name if seat.player else seat.note, seat.seed)
                for seat in w21.seats] == [("Anna", 1), ("winner of W1.2", None)]
        l21 = columns[3].cells[0]
        assert [seat.note for seat in l21.seats] == ["loser of W1.2", "loser of W2.2"]
        assert columns[3].cells[1].state == "empty"  # L2.2 is left out by the byes
