"""Groups, then playoffs through the services: groups by the snake, a round robin in each,
the group tables with the exact qualifiers, the playoffs drawn from them (single and double
elimination) and played to the end."""

from __future__ import annotations

import re

import pytest

from games.models import Match
from tests.tournaments.elimination_helpers import at, field_of, make, names, win
from tournaments.models import Stage, Tournament
from tournaments.selectors.bracket import bracket_outcome, bracket_stage
from tournaments.selectors.groups import group_stage, group_tables
from tournaments.services import TournamentError
from tournaments.services.forfeits import entry_disqualify
from tournaments.services.stages import playoffs_draw

pytestmark = pytest.mark.django_db
GROUPS = Tournament.Format.GROUPS_PLAYOFFS
EIGHT = ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank", "Gerd", "Hanna"]


def group_schedule(tournament):
    return [(match.round.number, match.group, names(match)) for match in
            Match.objects.filter(round__stage=group_stage(tournament)).select_related("round")
            .order_by("round__number", "position")]


def play_groups(run_on_commit, tournament, beats):
    """Play every group match; ``beats(a, b)`` says whether ``a`` beats ``b``."""
    for match in Match.objects.filter(round__stage=group_stage(tournament)).order_by("pk"):
        first, second = names(match)
        win(run_on_commit, match, first if beats(first, second) else second)


def by_strength(order):
    return lambda a, b: order.index(a) < order.index(b)


def tables(tournament):
    return {table.name: [(row.player.name, row.rank, row["points"], row["difference"],
                          table.qualifiers.get(row.player.pk))
                         for row in table.standings.rows]
            for table in group_tables(stage=group_stage(tournament))}


class TestGroupStage:
    def test_snake_groups_and_a_round_robin_in_each(self, organizer):
        tournament = make(organizer, GROUPS, EIGHT, groups=2)
        assert dict(tournament.entries.values_list("player__name", "group")) == {
            "Anna": "A", "Dieter": "A", "Eva": "A", "Hanna": "A",
            "Bert": "B", "Cora": "B", "Frank": "B", "Gerd": "B"}
        # The Berger table for 4 per group (A: Anna, Dieter, Eva, Hanna; B: Bert, Cora,
        # Frank, Gerd as 1 to 4: 1-4 2-3, 4-3 1-2, 2-4 3-1); round r of the stage holds
        # round r of both groups.
        assert group_schedule(tournament) == [
            (1, "A", ("Anna", "Hanna")), (1, "A", ("Dieter", "Eva")),
            (1, "B", ("Bert", "Gerd")), (1, "B", ("Cora", "Frank")),
            (2, "A", ("Hanna", "Eva")), (2, "A", ("Anna", "Dieter")),
            (2, "B", ("Gerd", "Frank")), (2, "B", ("Bert", "Cora")),
            (3, "A", ("Dieter", "Hanna")), (3, "A", ("Eva", "Anna")),
            (3, "B", ("Cora", "Gerd")), (3, "B", ("Frank", "Bert")),
        ]
        stage = group_stage(tournament)
        assert (stage.kind, stage.format, stage.status) == (
            Stage.Kind.GROUPS, Tournament.Format.ROUND_ROBIN, Stage.Status.RUNNING)

    def test_without_a_group_count_one_group_per_four_players(self, organizer):
        tournament = make(organizer, GROUPS, EIGHT[:7])
        # 7 // 4 = 1 group of seven.
        assert set(tournament.entries.values_list("group", flat=True)) == {"A"}

    def test_too_many_groups_and_rules_that_do_not_fit(self, organizer):
        with pytest.raises(TournamentError, match=re.escape(
                "3 groups need at least 6 players; 5 are in.")):
            make(organizer, GROUPS, EIGHT[:5], groups=3)
        with pytest.raises(TournamentError, match=re.escape(
                "The qualification rules do not fit the groups: best 3 of the 3rd places: "
                "only 2 groups have a 3rd place")):
            make(organizer, GROUPS, EIGHT[:6], groups=2,
                 qualification=[{"top": 1}, {"best": 3, "place": 3}])
        with pytest.raises(TournamentError, match=re.escape(
                "The qualification rules cannot be read: not a qualification rule: "
                "{'first': 2}")):
            make(organizer, GROUPS, EIGHT[:4], groups=1, qualification=[{"first": 2}])


class TestPlayoffs:
    def test_top_two_of_each_group_into_a_single_elimination(self, organizer, run_on_commit):
        tournament = make(organizer, GROUPS, EIGHT, groups=2)
        # Group A: Anna > Eva > Dieter > Hanna; group B: Cora > Bert > Gerd > Frank.
        play_groups(run_on_commit, tournament, by_strength(
            ["Anna", "Cora", "Eva", "Bert", "Dieter", "Gerd", "Hanna", "Frank"]))
        # Every win is 145:0: 3 wins = 6 points and +435; 2 wins = 4 and +145; ...
        # Seeds: the group winners first (level on points, difference and game points per
        # match: group A first), then the runners-up the same way.
        assert tables(tournament) == {
            "A": [("Anna", 1, 6, 435, 1), ("Eva", 2, 4, 145, 3), ("Dieter", 3, 2, -145, None),
                  ("Hanna", 4, 0, -435, None)],
            "B": [("Cora", 1, 6, 435, 2), ("Bert", 2, 4, 145, 4), ("Gerd", 3, 2, -145, None),
                  ("Frank", 4, 0, -435, None)],
        }
        assert group_stage(tournament).status == Stage.Status.FINISHED
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING  # the playoffs are to come
        playoffs = playoffs_draw(tournament=tournament)
        assert (playoffs.kind, playoffs.format, playoffs.number) == (
            Stage.Kind.PLAYOFFS, Tournament.Format.SINGLE_ELIMINATION, 2)
        # Seeds 1 v 4 and 2 v 3; the rounds go on from the group rounds.
        assert [(match.round.number, match.round.label, match.bracket, names(match))
                for match in Match.objects.filter(round__stage=playoffs)
                .select_related("round").order_by("round__number", "position")] == [
            (4, "Semi-finals", "W1.1", ("Anna", "Bert")),
            (4, "Semi-finals", "W1.2", ("Cora", "Eva")),
            (5, "Final", "W2.1", (None, None)),
        ]
        with pytest.raises(TournamentError, match=re.escape("The playoffs are already drawn.")):
            playoffs_draw(tournament=tournament)
        win(run_on_commit, at(tournament, "W1.1"), "Anna")
        win(run_on_commit, at(tournament, "W1.2"), "Eva")
        win(run_on_commit, at(tournament, "W2.1"), "Eva")
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        outcome = bracket_outcome(bracket_stage(tournament))
        assert [(p.place, p.player.name) for p in outcome.placings] == [
            (1, "Eva"), (2, "Anna"), (3, "Bert"), (3, "Cora")]

    def test_the_group_stage_must_be_finished(self, organizer, run_on_commit):
        tournament = make(organizer, GROUPS, EIGHT[:4], groups=1)
        matches = list(Match.objects.filter(round__tournament=tournament).order_by("pk"))
        for match in matches[:-1]:
            win(run_on_commit, match, names(match)[0])
        with pytest.raises(TournamentError, match=re.escape(
                "The group stage is not finished: 1 match has no result yet.")):
            playoffs_draw(tournament=tournament)

    def test_best_runner_up_into_a_double_elimination(self, organizer, run_on_commit):
        tournament = make(organizer, GROUPS, EIGHT[:7], groups=2,
                          playoff_format=Tournament.Format.DOUBLE_ELIMINATION,
                          qualification=[{"top": 1}, {"best": 1, "place": 2}])
        # Snake: A = Anna, Dieter, Eva; B = Bert, Cora, Frank, Gerd.
        play_groups(run_on_commit, tournament, by_strength(
            ["Cora", "Anna", "Dieter", "Bert", "Eva", "Gerd", "Frank"]))
        # Group winners: Anna and Cora, both 2 points, +145 and 145 game points per match:
        # group A first. Runners-up: Dieter (A) 1 win of 2 = 1 point per match; Bert (B) 2
        # wins of 3 = 4/3 per match: Bert is the better runner-up and the only one in.
        assert tables(tournament) == {
            "A": [("Anna", 1, 4, 290, 1), ("Dieter", 2, 2, 0, None), ("Eva", 3, 0, -290, None)],
            "B": [("Cora", 1, 6, 435, 2), ("Bert", 2, 4, 145, 3), ("Gerd", 3, 2, -145, None),
                  ("Frank", 4, 0, -435, None)],
        }
        playoffs_draw(tournament=tournament)
        # Three players in a double elimination of four places: Anna (seed 1) has a bye;
        # Cora (2) meets Bert (3) from her own group: no seed of the same place to swap with.
        assert [(match.bracket, names(match)) for match in
                Match.objects.filter(round__stage=bracket_stage(tournament))
                .order_by("round__number", "position")] == [
            ("W1.2", ("Cora", "Bert")), ("W2.1", ("Anna", None)), ("L2.1", (None, None)),
            ("GF1", (None, None)), ("GF2", (None, None))]
        for bracket, winner in [("W1.2", "Bert"), ("W2.1", "Anna"), ("L2.1", "Cora"),
                                ("GF1", "Anna")]:
            win(run_on_commit, at(tournament, bracket), winner)
        assert names(at(tournament, "L2.1")) == ("Cora", "Bert")
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED

    def test_a_tie_at_the_qualification_line_is_flagged(self, organizer, run_on_commit):
        tournament = make(organizer, GROUPS, EIGHT[:4], groups=1)
        # Anna beats everybody; Bert, Cora and Dieter beat each other in a circle: all three
        # have 2 points, 145:290 and one win, head-to-head 2 each: the name puts Bert second.
        circle = {("Bert", "Cora"), ("Cora", "Dieter"), ("Dieter", "Bert")}
        play_groups(run_on_commit, tournament,
                    lambda a, b: a == "Anna" or (a, b) in circle)
        [table] = group_tables(stage=group_stage(tournament))
        assert [(row.player.name, row.rank) for row in table.standings.rows] == [
            ("Anna", 1), ("Bert", 2), ("Cora", 2), ("Dieter", 2)]
        assert [player.name for player in table.level_at_line] == ["Bert", "Cora", "Dieter"]

    def test_a_disqualified_player_does_not_qualify(self, organizer, run_on_commit):
        tournament = make(organizer, GROUPS, EIGHT[:4], groups=1)
        play_groups(run_on_commit, tournament, by_strength(["Anna", "Bert", "Cora", "Dieter"]))
        entry_disqualify(tournament=tournament, player=field_of(4)["Anna"])
        playoffs_draw(tournament=tournament)
        assert names(at(tournament, "W1.1")) == ("Bert", "Cora")

    def test_a_correction_in_a_group_and_the_playoffs_drawn_again(self, organizer,
                                                                    run_on_commit):
        tournament = make(organizer, GROUPS, EIGHT[:4], groups=1)
        play_groups(run_on_commit, tournament, by_strength(["Anna", "Bert", "Cora", "Dieter"]))
        playoffs_draw(tournament=tournament)
        assert names(at(tournament, "W1.1")) == ("Anna", "Bert")
        # A correction: Cora beat Bert after all. Cora now has 2 wins (4 points), Bert 1.
        bert_cora = next(match for match in Match.objects.filter(
            round__stage=group_stage(tournament)) if set(names(match)) == {"Bert", "Cora"})
        win(run_on_commit, bert_cora, "Cora")
        playoffs_draw(tournament=tournament, redraw=True)
        assert names(at(tournament, "W1.1")) == ("Anna", "Cora")
        win(run_on_commit, at(tournament, "W1.1"), "Anna")
        with pytest.raises(TournamentError, match=re.escape(
                "The playoffs cannot be drawn again: playoff matches have results.")):
            playoffs_draw(tournament=tournament, redraw=True)
