"""Tournaments end to end through the services: draws, results, advancement, finishing."""

from __future__ import annotations

import re

import pytest

from games.models import Match
from games.services import match_log_submit
from tests.documents import as_text, first_wins, gin_sheet, sheet_game
from tournaments.models import Tournament
from tournaments.selectors import tournament_standings
from tournaments.selectors.bracket import tournament_bracket
from tournaments.services import (
    TournamentError,
    tournament_create,
    tournament_enter,
    tournament_start,
    tournament_withdraw,
)

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


def names(match):
    return tuple(s.player.name if s.player else None for s in match.seats.order_by("index"))


def rounds_of(tournament):
    return [[names(m) for m in Match.objects.filter(round=rnd).order_by("position")]
            for rnd in tournament.rounds.order_by("number")]


def make(organizer, players, format, entrants, seeds=None):
    tournament = tournament_create(name="Krone Cup", game="gin", format=format, rules=RULES,
                                   organizer=organizer)
    for index, name in enumerate(entrants):
        tournament_enter(tournament=tournament, player=players[name],
                         seed=seeds[index] if seeds else None)
    return tournament


def play(run_on_commit, match):
    """The player in the first seat wins 145:0."""
    document = first_wins(*names(match))
    with run_on_commit():
        match_log_submit(match=match, text=as_text(document))
    match.refresh_from_db()
    return match


class TestRoundRobin:
    def test_start_draws_every_round(self, organizer, players):
        tournament = make(organizer, players, Tournament.Format.ROUND_ROBIN,
                          ["Anna", "Bert", "Cora", "Dieter"])
        assert tournament_start(tournament=tournament).status == Tournament.Status.RUNNING
        assert rounds_of(tournament) == [
            [("Anna", "Dieter"), ("Bert", "Cora")],
            [("Dieter", "Cora"), ("Anna", "Bert")],
            [("Bert", "Dieter"), ("Cora", "Anna")],
        ]
        assert [r.label for r in tournament.rounds.all()] == ["Round 1", "Round 2", "Round 3"]

    def test_double_round_robin_has_the_return_matches(self, organizer, players):
        tournament = make(organizer, players, Tournament.Format.DOUBLE_ROUND_ROBIN,
                          ["Anna", "Bert", "Cora"])
        tournament_start(tournament=tournament)
        assert rounds_of(tournament) == [
            # The table for 4, rounds 1, 3, 2 (FIDE swaps the last two of the first
            # cycle), then rounds 1, 2, 3 with the seats swapped.
            [("Bert", "Cora")], [("Cora", "Anna")], [("Anna", "Bert")],
            [("Cora", "Bert")], [("Bert", "Anna")], [("Anna", "Cora")],
        ]

    def test_standings_follow_results_and_the_last_result_finishes(self, organizer, players,
                                                                   run_on_commit):
        tournament = make(organizer, players, Tournament.Format.ROUND_ROBIN,
                          ["Anna", "Bert", "Cora"])
        tournament_start(tournament=tournament)
        matches = list(Match.objects.filter(round__tournament=tournament))
        for match in matches:
            play(run_on_commit, match)  # the first seat wins 145:0 every time
        standings = tournament_standings(tournament=tournament)
        # Bert-Cora: Bert wins; Cora-Anna: Cora wins; Anna-Bert: Anna wins: a cycle, all
        # 2 points, head-to-head level, difference 0 each; game points 145 each; wins 1 each;
        # the names decide the order and they share the place.
        assert [(r.player.name, r.rank, r["points"], r["difference"]) for r in standings.rows] \
            == [("Anna", 1, 2, 0), ("Bert", 1, 2, 0), ("Cora", 1, 2, 0)]
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED


class TestSingleElimination:
    def test_six_players_two_byes_and_the_links(self, organizer, players):
        tournament = make(organizer, players, Tournament.Format.SINGLE_ELIMINATION,
                          ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank"],
                          seeds=[1, 2, 3, 4, 5, 6])
        tournament_start(tournament=tournament)
        # Seeds 1 and 2 have byes; 4 v 5 and 3 v 6 play; the byes wait in the semi-finals.
        assert rounds_of(tournament) == [
            [("Dieter", "Eva"), ("Cora", "Frank")],
            [("Anna", None), ("Bert", None)],
            [(None, None)],
        ]
        assert [r.label for r in tournament.rounds.all()] == [
            "Quarter-finals", "Semi-finals", "Final"]
        q1, q2 = Match.objects.filter(round__number=1).order_by("position")
        s1, s2 = Match.objects.filter(round__number=2).order_by("position")
        final = Match.objects.get(round__number=3)
        assert (q1.position, q1.next_match, q1.next_slot) == (1, s1, 1)
        assert (q2.position, q2.next_match, q2.next_slot) == (3, s2, 1)
        assert (s1.next_match, s1.next_slot, s2.next_match, s2.next_slot) == (final, 0, final, 1)

    def test_unseeded_players_follow_the_seeded_in_order_of_entry(self, organizer, players):
        tournament = make(organizer, players, Tournament.Format.SINGLE_ELIMINATION,
                          ["Anna", "Bert", "Cora", "Dieter"], seeds=[None, 1, None, 2])
        tournament_start(tournament=tournament)
        assert dict(tournament.entries.values_list("player__name", "seed")) == {
            "Bert": 1, "Dieter": 2, "Anna": 3, "Cora": 4}
        assert rounds_of(tournament)[0] == [("Bert", "Cora"), ("Dieter", "Anna")]

    def test_winners_advance_and_the_final_finishes(self, organizer, players, run_on_commit):
        tournament = make(organizer, players, Tournament.Format.SINGLE_ELIMINATION,
                          ["Anna", "Bert", "Cora"], seeds=[1, 2, 3])
        tournament_start(tournament=tournament)
        semi = Match.objects.get(round__number=1)
        assert names(semi) == ("Bert", "Cora")
        play(run_on_commit, semi)
        final = Match.objects.get(round__number=2)
        assert names(final) == ("Anna", "Bert")
        play(run_on_commit, final)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        bracket = tournament_bracket(tournament=tournament)
        assert [(r.name, len(r.cells)) for r in bracket] == [("Semi-finals", 2), ("Final", 1)]
        assert bracket[0].cells[0].bye_player.name == "Anna"
        assert bracket[0].cells[1].match == semi

    def test_a_correction_before_the_next_match_moves_the_right_winner(
            self, organizer, players, run_on_commit):
        tournament = make(organizer, players, Tournament.Format.SINGLE_ELIMINATION,
                          ["Anna", "Bert", "Cora"], seeds=[1, 2, 3])
        tournament_start(tournament=tournament)
        semi = Match.objects.get(round__number=1)
        play(run_on_commit, semi)
        document = first_wins("Cora", "Bert")
        document["players"] = ["Bert", "Cora"]
        for deal in document["deals"]:  # the same games, won by the other seat
            facts = deal["facts"]
            facts["knocker"] = {"Cora": "Cora", "Bert": "Bert"}[facts["knocker"]]
        with run_on_commit():
            match_log_submit(match=semi, text=as_text(document))
        assert names(Match.objects.get(round__number=2)) == ("Anna", "Cora")

    def test_a_knockout_match_needs_a_winner(self, organizer, players, run_on_commit):
        tournament = make(organizer, players, Tournament.Format.SINGLE_ELIMINATION,
                          ["Anna", "Bert"])
        tournament_start(tournament=tournament)
        final = Match.objects.get()
        # Two rounds that each end 145:0, one for each: the partie is level at 145:145.
        level = gin_sheet("Anna", "Bert", [
            *first_wins("Anna", "Bert")["deals"],
            sheet_game("7H", "Bert", False, {"Anna": 30, "Bert": 5}),
            sheet_game("KS", "Anna", True, {"Anna": 0, "Bert": 20}),
            sheet_game("9C", "Bert", True, {"Anna": 60, "Bert": 0}),
        ], rounds=2)
        level["rules"] = RULES | {"rounds": 2}
        final.rules = level["rules"]
        final.save()
        with run_on_commit():
            log = match_log_submit(match=final, text=as_text(level))
        log.refresh_from_db()
        assert log.error["message"] == ("deals: a knockout match needs a winner; this one "
                                        "ends level at 145:145")


class TestEntries:
    def test_no_entries_after_the_start(self, organizer, players):
        tournament = make(organizer, players, Tournament.Format.ROUND_ROBIN, ["Anna", "Bert"])
        tournament_start(tournament=tournament)
        with pytest.raises(TournamentError, match=re.escape("Entries are closed")):
            tournament_enter(tournament=tournament, player=players["Cora"])
        with pytest.raises(TournamentError, match=re.escape("Entries are closed")):
            tournament_withdraw(tournament=tournament, player=players["Anna"])

    def test_twice_and_taken_seeds(self, organizer, players):
        tournament = make(organizer, players, Tournament.Format.ROUND_ROBIN, ["Anna"],
                          seeds=[1])
        with pytest.raises(TournamentError, match=re.escape("Anna is already entered.")):
            tournament_enter(tournament=tournament, player=players["Anna"])
        with pytest.raises(TournamentError, match=re.escape("Seed 1 is already taken.")):
            tournament_enter(tournament=tournament, player=players["Bert"], seed=1)

    def test_a_tournament_needs_two_players(self, organizer, players):
        tournament = make(organizer, players, Tournament.Format.ROUND_ROBIN, ["Anna"])
        with pytest.raises(TournamentError, match=re.escape("at least two players")):
            tournament_start(tournament=tournament)
        assert Match.objects.count() == 0

    def test_a_tournament_starts_once(self, organizer, players):
        tournament = make(organizer, players, Tournament.Format.ROUND_ROBIN, ["Anna", "Bert"])
        tournament_start(tournament=tournament)
        with pytest.raises(TournamentError, match=re.escape("The tournament has already started.")):
            tournament_start(tournament=tournament)
        assert Match.objects.count() == 1


def test_every_format_has_a_draw():
    from tournaments.services.start import DRAWS

    assert set(DRAWS) == set(Tournament.Format.values)
