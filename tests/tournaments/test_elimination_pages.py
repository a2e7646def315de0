"""The pages of double elimination, groups then playoffs, forfeits and disqualification,
rendered by Django's test client (the browser test is in tests/integration)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from games.models import Match
from tests.test_pages import text_of
from tests.tournaments.elimination_helpers import at, field_of, make, names, win
from tournaments.models import Tournament
from tournaments.selectors.groups import group_stage

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
DOUBLE = Tournament.Format.DOUBLE_ELIMINATION
GROUPS = Tournament.Format.GROUPS_PLAYOFFS


@pytest.fixture
def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def olga(organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    return client


def page(client, tournament, suffix=""):
    response = client.get(f"/tournaments/{tournament.slug}/{suffix}")
    assert response.status_code == 200
    return text_of(response)


def between(text, start, end):
    begin = text.index(start)
    return text[begin:text.index(end, begin)]


class TestDoubleEliminationPage:
    def test_the_three_brackets(self, english, organizer):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
        response = english.get(f"/tournaments/{tournament.slug}/")
        assert between(text_of(response), "Bracket", "Rounds") == (
            "Bracket Winners' bracket Winners' round 1 1 Anna bye W1.2 2 Bert 3 Cora "
            "Winners' final W2.1 1 Anna winner of W1.2 Losers' bracket Losers' final L2.1 "
            "loser of W1.2 loser of W2.1 Final Grand final GF1 winner of W2.1 winner of L2.1 "
            "Grand final reset GF2 winner of GF1 loser of GF1 ")
        html = response.content.decode()
        # The winners' and the losers' bracket stacked in one column, the final beside it.
        sides = html.index('class="bracket-sides"')
        assert sides < html.index('id="bracket-winners"') < html.index('id="bracket-losers"') \
            < html.index('id="bracket-final"')
        assert 'id="forfeits-link"' not in html

    def test_the_champion_and_the_places(self, english, organizer, run_on_commit):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
        for bracket, winner in [("W1.2", "Bert"), ("W2.1", "Anna"), ("L2.1", "Bert"),
                                ("GF1", "Anna")]:
            win(run_on_commit, at(tournament, bracket), winner)
        text = page(english, tournament)
        assert "Champion: Anna Place Player Out in 1 Anna 2 Bert GF1 3 Cora L2.1" in text
        assert ("Grand final GF1 1 Anna 145 2 Bert 0 Grand final reset GF2 not needed not "
                "needed not played: the winners' bracket winner won the grand final") in text

    def test_a_set_aside_result_is_a_notice_on_the_page(self, english, organizer,
                                                        run_on_commit):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
        win(run_on_commit, at(tournament, "W1.2"), "Bert")
        win(run_on_commit, at(tournament, "W2.1"), "Anna")
        win(run_on_commit, at(tournament, "W1.2"), "Cora")
        text = page(english, tournament)
        assert ("Notices W2.1: result set aside (Anna won 145:0, log version 1) because W1.2 "
                "changed: Cora plays instead of Bert. The match is to be played again.") in text
        assert "W2.1 1 Anna 3 Cora" in text


class TestForfeitsPage:
    def test_only_for_organizers(self, english, stranger, organizer):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
        assert english.get(f"/tournaments/{tournament.slug}/forfeits/").status_code == 403
        english.force_login(stranger)
        assert english.get(f"/tournaments/{tournament.slug}/forfeits/").status_code == 403
        semi = at(tournament, "W1.2")
        response = english.post(f"/tournaments/{tournament.slug}/matches/{semi.pk}/forfeit/",
                                {"player": semi.seats.get(index=0).player_id})
        assert response.status_code == 403

    def test_a_forfeit_a_disqualification_and_the_bracket(self, olga, organizer):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
        assert 'id="forfeits-link"' in olga.get(f"/tournaments/{tournament.slug}/").content \
            .decode()
        text = page(olga, tournament, "forfeits/")
        semi = at(tournament, "W1.2")
        assert (f"Matches Round 1 Match {semi.pk} W1.2 Bert – Cora scheduled Bert wins by "
                f"forfeit Forfeit: Bert wins match {semi.pk} without game points; a result it "
                f"had is set aside. Yes, record the forfeit") in text
        # Without the confirmation nothing happens: the page asks, with the consequence.
        asked = olga.post(f"/tournaments/{tournament.slug}/matches/{semi.pk}/forfeit/",
                          {"player": field_of(3)["Cora"].pk})
        assert (f"Forfeit: Cora wins match {semi.pk} without game points; a result it had is "
                f"set aside (its log stays in the history). Yes, Cora wins by forfeit Cancel") \
            in text_of(asked)
        assert Match.objects.get(pk=semi.pk).status == "scheduled"
        response = olga.post(f"/tournaments/{tournament.slug}/matches/{semi.pk}/forfeit/",
                             {"player": field_of(3)["Cora"].pk, "confirm": "yes"}, follow=True)
        assert f"Cora wins match #{semi.pk} by forfeit." in text_of(response)
        assert "W1.2 2 Bert 3 Cora forfeit" in page(olga, tournament)
        response = olga.post(f"/tournaments/{tournament.slug}/disqualify/",
                             {"player": field_of(3)["Anna"].pk, "confirm": "yes"}, follow=True)
        assert "Anna is disqualified; his matches without a result are forfeited." in \
            text_of(response)
        # Anna forfeits W2.1 to Cora and drops to L2.1, where Bert is waiting: forfeited too.
        text = page(olga, tournament)
        assert "W2.1 1 Anna disqualified 3 Cora forfeit" in text
        assert "L2.1 2 Bert 1 Anna disqualified forfeit" in text
        response = olga.post(f"/tournaments/{tournament.slug}/disqualify/",
                             {"player": field_of(3)["Anna"].pk, "confirm": "yes"}, follow=True)
        assert "Anna is already disqualified." in text_of(response)
        assert "Disqualification Player — choose a player — Bert Cora Disqualify…" in \
            text_of(response)
        assert "Anna Reinstate" in text_of(response)
        olga.post(f"/tournaments/{tournament.slug}/reinstate/",
                  {"player": field_of(3)["Anna"].pk})
        assert names(at(tournament, "L2.1")) == ("Bert", None)

    def test_a_double_forfeit_and_taking_it_back(self, olga, organizer):
        tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
        semi = at(tournament, "W1.2")
        olga.post(f"/tournaments/{tournament.slug}/matches/{semi.pk}/double-forfeit/",
                  {"confirm": "yes"})
        text = page(olga, tournament)
        # Nobody comes from W1.2: Anna goes on alone through W2.1 and GF1, nobody loses
        # W2.1, so L2.1 has nobody at all; Anna is the champion without playing.
        assert "W2.1 1 Anna nobody no opponent: goes on without playing" in text
        assert "L2.1 nobody nobody nobody goes on" in text
        assert "GF1 1 Anna nobody no opponent: goes on without playing" in text
        assert "Champion: Anna Place Player Out in 1 Anna 2 Bert W1.2 2 Cora W1.2" in text
        assert "Take the forfeit back" in page(olga, tournament, "forfeits/")
        olga.post(f"/tournaments/{tournament.slug}/matches/{semi.pk}/forfeit/cancel/")
        assert "W2.1 1 Anna winner of W1.2" in page(olga, tournament)


class TestGroupsPage:
    def play_groups(self, run_on_commit, tournament, order):
        for match in Match.objects.filter(round__stage=group_stage(tournament)).order_by("pk"):
            first, second = names(match)
            win(run_on_commit, match,
                first if order.index(first) < order.index(second) else second)

    def test_group_tables_with_the_qualifiers_and_the_playoffs(self, olga, english, organizer,
                                                               run_on_commit):
        tournament = make(organizer, GROUPS, ["Anna", "Bert", "Cora", "Dieter", "Eva",
                                              "Frank"], groups=2)
        # Snake: A = Anna, Dieter, Eva; B = Bert, Cora, Frank.
        self.play_groups(run_on_commit, tournament,
                         ["Anna", "Bert", "Eva", "Cora", "Dieter", "Frank"])
        text = page(english, tournament)
        assert between(text, "Groups", "Group B") == (
            "Groups Qualification: the top 2 of each group. Group A # Player P W D L +/− Pts "
            "Qualified 1 Anna 2 2 0 0 290 4 qualified, seed 1 2 Eva 2 1 0 1 0 2 qualified, seed 3 "
            "3 Dieter 2 0 0 2 -290 0 ")
        assert between(text, "Group B", "The group stage") == (
            "Group B # Player P W D L +/− Pts Qualified 1 Bert 2 2 0 0 290 4 qualified, seed 2 "
            "2 Cora 2 1 0 1 0 2 qualified, seed 4 3 Frank 2 0 0 2 -290 0 ")
        assert "The group stage is over; the organizers draw the playoffs next." in text
        assert 'id="draw-playoffs"' in olga.get(f"/tournaments/{tournament.slug}/").content \
            .decode()
        response = olga.post(f"/tournaments/{tournament.slug}/playoffs/draw/",
                             {"confirm": "yes"}, follow=True)
        text = text_of(response)
        assert "The playoffs are drawn." in text
        playoffs = list(Match.objects.filter(round__stage__kind="playoffs")
                        .order_by("round__number", "position").values_list("pk", flat=True))
        assert between(text, "Playoffs", "Standings") == (
            f"Playoffs Semi-finals Match {playoffs[0]} 1 Anna 4 Cora Match {playoffs[1]} 2 Bert "
            f"3 Eva Final Match {playoffs[2]} winner of match {playoffs[0]} winner of match "
            f"{playoffs[1]} ")
        assert group_stage(tournament).status == "finished"

    def test_nobody_but_organizers_draws(self, english, stranger, organizer):
        tournament = make(organizer, GROUPS, ["Anna", "Bert"], groups=1)
        english.force_login(stranger)
        assert english.post(f"/tournaments/{tournament.slug}/playoffs/draw/").status_code == 403


def test_the_german_page(organizer, run_on_commit):
    tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
    win(run_on_commit, at(tournament, "W1.2"), "Bert")
    text = text_of(Client().get(f"/tournaments/{tournament.slug}/"))
    assert ("Turnierbaum Gewinnerbaum Gewinnerrunde 1 1 Anna Freilos W1.2 2 Bert 145 3 Cora 0 "
            "Finale Gewinnerbaum W2.1 1 Anna 2 Bert Verliererbaum Finale Verliererbaum L2.1 "
            "3 Cora Verlierer von W2.1 Finale Großes Finale GF1 Sieger von W2.1 Sieger von "
            "L2.1 Entscheidungsfinale GF2 Sieger von GF1 Verlierer von GF1 Runden") in text


def test_single_elimination_links_organizers_to_the_forfeits(olga, english, organizer):
    tournament = make(organizer, Tournament.Format.SINGLE_ELIMINATION, ["Anna", "Bert"])
    assert 'id="forfeits-link"' in olga.get(f"/tournaments/{tournament.slug}/").content \
        .decode()
    assert 'id="forfeits-link"' not in english.get(f"/tournaments/{tournament.slug}/") \
        .content.decode()
