"""Pages and API of Swiss, table rounds, duplicate mode and the tournament standings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import Client
from rest_framework.test import APIClient

from games.models import Match
from tests.form_data import rules_data, tiebreak_data
from tests.test_pages import text_of
from tests.tournaments.rounds_helpers import (
    doko_sheet,
    gin_result,
    names,
    round_matches,
    started,
    submit,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
DATA = Path(__file__).resolve().parents[1] / "data" / "duplicate"


@pytest.fixture
def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def api():
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def swiss(organizer, run_on_commit):
    """Five players, round 1: Anna beats Bert; Dieter-Cora still to play; Eva's bye."""
    tournament = started(organizer, count=5, rounds_planned=3)
    first = round_matches(tournament, 1)[0]
    submit(run_on_commit, first, gin_result(first))
    return tournament


def finish_round(run_on_commit, tournament, number):
    for match in round_matches(tournament, number):
        if match.status != "scored":
            submit(run_on_commit, match, gin_result(match))


class TestSwissPage:
    def test_standings_boards_and_the_bye(self, english, swiss):
        page = text_of(english.get(f"/tournaments/{swiss.slug}/"))
        assert "Gin Rommé · Swiss · running 3 rounds" in page
        # Eva's bye is a win without game points; her Buchholz counts the virtual opponent.
        assert ("Standings # Player P W D L GP GA +/− Pts Bu MBu SB "
                "1 Anna 1 1 0 0 145 0 145 2 0 0 0 "
                "2 Eva (1 bye) 1 1 0 0 0 0 0 2 0 0 0 "
                "3 Bert 1 0 0 1 0 145 -145 0 2 2 0 "
                "4 Cora 0 0 0 0 0 0 0 0 0 0 0 4 Dieter 0 0 0 0 0 0 0 0 0 0 0") in page
        assert ("Order: match points (win 2, draw 1), Buchholz (the opponents' match points), "
                "median-Buchholz (without the best and the worst opponent), Sonneborn-Berger "
                "(match points won times the opponent's), head-to-head among the players "
                "level, wins, game points; players level on all of these share the place."
                ) in page
        assert ("Round 1 Board First seat Second seat Result Status "
                "1 Anna Bert 145 : 0 scored 2 Dieter Cora scheduled Eva bye win") in page
        assert "Pair round" not in page  # not an organizer

    def test_the_round_s_matches_are_read_once_by_the_panel(self, english, swiss):
        response = english.get(f"/tournaments/{swiss.slug}/")
        assert response.context["rounds"] == []  # the plain list: other formats only
        assert [len(r.matches) for r in response.context["panel"]["rounds"]] == [3]

    def test_the_organizer_pairs_the_next_round(self, english, organizer, stranger, swiss,
                                                run_on_commit):
        english.force_login(organizer)
        page = text_of(english.get(f"/tournaments/{swiss.slug}/"))
        assert "Pair round 2 1 match of the last round still waits for its result." in page
        response = english.post(f"/tournaments/{swiss.slug}/rounds/next/", {"confirm": "yes"},
                                follow=True)
        assert "Round 1 is not complete: 1 match(es) still wait for a result." in \
            text_of(response)
        finish_round(run_on_commit, swiss, 1)
        english.force_login(stranger)
        assert english.post(f"/tournaments/{swiss.slug}/rounds/next/").status_code == 403
        english.force_login(organizer)
        asked = text_of(english.post(f"/tournaments/{swiss.slug}/rounds/next/"))
        assert ("Draw: round 2 is paired from the standings as they are now; it cannot be "
                "drawn again. Yes, draw round 2 Cancel") in asked
        assert swiss.rounds.count() == 1
        response = english.post(f"/tournaments/{swiss.slug}/rounds/next/", {"confirm": "yes"},
                                follow=True)
        page = text_of(response)
        assert "Round 2 is drawn." in page
        # Anna, Dieter, Eva 2 points: Anna-Dieter; Eva floats to Bert; Cora (the lowest,
        # no bye yet) has the bye.
        # The organizer enters results straight from the boards.
        assert ("Round 2 Board First seat Second seat Result Status 1 Anna Dieter scheduled "
                "Enter result 2 Bert Eva scheduled Enter result Cora bye win") in page
        assert "Pair round 3 2 matches of the last round still wait for their results." in page


class TestTablesPage:
    def test_tables_first_dealer_the_five_table_and_the_series(self, english, organizer,
                                                               run_on_commit):
        tournament = started(organizer, game="doppelkopf", format="table_rounds", count=9,
                             rounds_planned=3, deals_per_round=4)
        one = round_matches(tournament, 1)[0]
        players = list(names(one))
        submit(run_on_commit, one, doko_sheet(players, first_dealer="Bert",
                                              deals=[(["Anna", "Bert"], 130)] * 4))
        page = text_of(english.get(f"/tournaments/{tournament.slug}/"))
        assert "Doppelkopf · table rounds · running 3 rounds · 4 deals per player and round" \
            in page
        assert ("Round 1 Table Players in seat order Deals Status "
                "1 1 Dieter (-4) · 2 Bert (4) · 3 Anna (4) · 4 Cora (-4) Bert deals first. 4 "
                "scored "
                "2 1 Ida · 2 Frank · 3 Eva · 4 Hanna · 5 Gero Frank deals first. Five at the "
                "table: the dealer sits out each deal and scores 0 in it. 5 scheduled") in page
        assert ("Standings # Player P R1 Total W Best Avg 1 Anna 1 4 4 0 4 4.0 "
                "1 Bert 1 4 4 0 4 4.0") in page
        assert ("Order: total points, tables won, best series; players level on all of "
                "these share the place.") in page


class TestDuplicatePages:
    def test_the_comparison_on_the_tournament_and_the_match_page(self, english, organizer,
                                                                run_on_commit):
        tournament = started(organizer, count=4, rounds_planned=2, duplicate=True,
                             deal_seed="abend")
        anna_bert, dieter_cora = round_matches(tournament, 1)
        for match, name in ((anna_bert, "gin-board-1"), (dieter_cora, "gin-board-2")):
            submit(run_on_commit, match, json.loads((DATA / f"{name}.json").read_text()))
        page = text_of(english.get(f"/tournaments/{tournament.slug}/"))
        assert "Gin Rommé · Swiss · duplicate · running" in page
        assert ("Duplicate comparison" in page and "# Player Hands Matchpoints Top % "
                "1 Bert 9 9 12 75.00 2 Dieter 6 8 12 66.67 3 Anna 9 4 12 33.33 "
                "4 Cora 6 3 12 25.00") in page
        html = Template("{% load rounds %}{% duplicate_comparison match %}").render(
            Context({"match": anna_bert}))
        text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
        assert ("Deal Player Points Compared with Matchpoints Difference from the average "
                "1 Anna 0 1 0/2 -24.00 Bert 3 1 2/2 3.00") in text


class TestCreatingOnThePage:
    def test_doppelkopf_table_rounds_with_their_settings(self, english, organizer):
        english.force_login(organizer)
        response = english.post("/tournaments/new/", {
            "name": "Doko-Abend", "game": "doppelkopf", "format": "table_rounds",
            **rules_data("doppelkopf", {"preset": "ddv"}), "rounds_planned": "3",
            "deals_per_round": "24", "duplicate": "on",
            **tiebreak_data(["game_points", "best_series"])})
        tournament = Tournament.objects.get(name="Doko-Abend")
        assert response.status_code == 302
        assert (tournament.rounds_planned, tournament.deals_per_round, tournament.duplicate,
                tournament.tiebreaks, tournament.table_size) == (
            3, 24, True, ["game_points", "best_series"], 4)

    @pytest.mark.parametrize(("data", "message"), [
        ({"game": "doppelkopf", "format": "swiss"},
         "Doppelkopf is played at tables: its tournaments are table rounds."),
        ({"game": "gin", "format": "swiss", **tiebreak_data(["points", "wins", "points"])},
         "match points (win 2, draw 1) is already chosen above."),
        ({"game": "rennen", "format": "swiss", "duplicate": "on"},
         "Duplicate mode is for Gin and Doppelkopf."),
    ])
    def test_what_does_not_go_together_is_shown(self, english, organizer, data, message):
        english.force_login(organizer)
        page = text_of(english.post("/tournaments/new/", {
            "name": "X", **rules_data(data["game"]), **data}))
        assert message in page
        assert not Tournament.objects.exists()


class TestApi:
    def test_rounds_and_standings(self, api, swiss):
        rounds = api.get(f"/api/tournaments/{swiss.slug}/rounds/").json()
        assert [(m["table"], m["bye"], [s["player"]["name"] for s in m["seats"]], m["status"])
                for m in rounds[0]["matches"]] == [
            (1, False, ["Anna", "Bert"], "scored"), (2, False, ["Dieter", "Cora"], "scheduled"),
            (None, True, ["Eva"], "scored")]
        assert (rounds[0]["number"], rounds[0]["name"], rounds[0]["complete"]) == (
            1, "Round 1", False)
        rows = api.get(f"/api/tournaments/{swiss.slug}/standings/").json()
        assert [(r["rank"], r["player"]["name"], r["points"], r["buchholz"], r["byes"])
                for r in rows] == [(1, "Anna", 2, 0, 0), (2, "Eva", 2, 0, 1),
                                   (3, "Bert", 0, 2, 0), (4, "Cora", 0, 0, 0),
                                   (4, "Dieter", 0, 0, 0)]
        tournament = api.get(f"/api/tournaments/{swiss.slug}/").json()
        assert tournament["tiebreak_order"] == ["points", "buchholz", "median_buchholz",
                                                "sonneborn_berger", "head_to_head", "wins",
                                                "game_points"]
        assert tournament["rounds_planned"] == 3

    def test_the_next_round(self, api, organizer, stranger, swiss, run_on_commit):
        url = f"/api/tournaments/{swiss.slug}/rounds/next/"
        api.force_authenticate(organizer)
        response = api.post(url)
        assert (response.status_code, response.json()) == (400, {
            "message": "Round 1 is not complete: 1 match(es) still wait for a result.",
            "extra": {}})
        finish_round(run_on_commit, swiss, 1)
        api.force_authenticate(stranger)
        assert api.post(url).status_code == 403
        api.force_authenticate(organizer)
        response = api.post(url)
        assert response.status_code == 201
        assert [[s["player"]["name"] for s in m["seats"]] for m in response.json()["matches"]] \
            == [["Anna", "Dieter"], ["Bert", "Eva"], ["Cora"]]

    def test_create_table_rounds_and_the_refusals(self, api, organizer):
        api.force_authenticate(organizer)
        response = api.post("/api/tournaments/", {
            "name": "Nerts-Nacht", "game": "nerts", "format": "table_rounds",
            "rules": {"preset": "seed"}, "rounds_planned": 2, "table_size": 5,
            "deals_per_round": 3}, format="json")
        assert response.status_code == 201, response.json()
        body = response.json()
        assert (body["table_size"], body["deals_per_round"], body["tiebreak_order"]) == (
            5, 3, ["game_points", "wins", "best_series"])
        response = api.post("/api/tournaments/", {
            "name": "Gin", "game": "gin", "format": "table_rounds", "rounds_planned": 2},
            format="json")
        assert (response.status_code, response.json()["message"]) == (
            400, "non_field_errors: Table rounds are for Doppelkopf and Nerts; Gin Rommé is a "
                 "two-player game.")

    def test_the_duplicate_comparison(self, api, organizer, run_on_commit):
        tournament = started(organizer, count=4, rounds_planned=2, duplicate=True,
                             deal_seed="abend")
        anna_bert, dieter_cora = round_matches(tournament, 1)
        for match, name in ((anna_bert, "gin-board-1"), (dieter_cora, "gin-board-2")):
            submit(run_on_commit, match, json.loads((DATA / f"{name}.json").read_text()))
        body = api.get(f"/api/tournaments/{tournament.slug}/duplicate/").json()
        assert [(t["player"]["name"], t["matchpoints"], t["top"], t["percent"])
                for t in body["totals"]] == [("Bert", 9, 12, 75.0), ("Dieter", 8, 12, 66.67),
                                             ("Anna", 4, 12, 33.33), ("Cora", 3, 12, 25.0)]
        lines = api.get(f"/api/tournaments/{tournament.slug}/duplicate/{anna_bert.pk}/").json()
        assert lines[:2] == [
            {"deal": 1, "player": {"id": anna_bert.seats.get(index=0).player_id,
                                   "name": "Anna"},
             "hand": 1, "score": 0, "compared": 1, "matchpoints": 0, "top": 2, "datum": -24.0},
            {"deal": 1, "player": {"id": anna_bert.seats.get(index=1).player_id,
                                   "name": "Bert"},
             "hand": 0, "score": 3, "compared": 1, "matchpoints": 2, "top": 2, "datum": 3.0}]
        assert Match.objects.filter(round__tournament=tournament).exclude(
            deal_set="").count() == 2
