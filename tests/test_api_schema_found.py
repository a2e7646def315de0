"""What Schemathesis found in the API (``tests/test_api_schemathesis.py``), each pinned by a
test of its own: a 500, answers the schema did not describe, a filter that could not work."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from games.models import Match
from league.services.leagues import league_create, season_create
from tests.tournaments.elimination_helpers import field_of, make

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(organizer):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(organizer)
    return client


@pytest.fixture
def schema(api):
    return api.get("/api/schema/?format=json").json()


@pytest.fixture
def season(organizer):
    players = field_of(4)
    league = league_create(name="Stammtisch Liga", game="gin", organizer=organizer)
    return season_create(league=league, name="2025", members=list(players.values()))


class TestTheFormatFilter:
    def test_tournaments_filtered_by_their_format(self, api, organizer):
        make(organizer, "swiss", [], start=False)
        make(organizer, "single_elimination", [], start=False)
        # DRF read ?format= as the renderer to use and answered 404 for every format.
        response = api.get("/api/tournaments/?format=swiss")
        assert response.status_code == 200
        assert [row["format"] for row in response.json()["results"]] == ["swiss"]


class TestPages:
    @pytest.mark.parametrize(("query", "message"), [
        ("limit=abc", "limit: Give a whole number from 1 to 1000, not 'abc'."),
        ("limit=0", "limit: Give a whole number from 1 to 1000, not '0'."),
        ("limit=5000", "limit: Give a whole number from 1 to 1000, not '5000'."),
        ("offset=-1", "offset: Give a whole number from 0 to 2147483647, not '-1'."),
        ("offset=null", "offset: Give a whole number from 0 to 2147483647, not 'null'."),
        ("offset=99999999999999999999999",
         "offset: Give a whole number from 0 to 2147483647, not '99999999999999999999999'."),
    ])
    def test_a_page_out_of_range_is_refused_naming_the_parameter(self, api, query, message):
        # Before, any of these read the first page, as if nothing had been asked.
        response = api.get(f"/api/players/?{query}")
        assert (response.status_code, response.json()["message"]) == (400, message)

    def test_a_page_in_range(self, api):
        field_of(3)
        response = api.get("/api/players/?limit=2&offset=1")
        assert [row["name"] for row in response.json()["results"]] == ["Bert", "Cora"]


class TestSeasonMatchInput:
    def test_player_ids_beyond_the_database_are_refused_not_a_500(self, api, season):
        response = api.post(f"/api/seasons/{season.pk}/matches/",
                            {"players": [5422106246153028495212544, 2], "log": []},
                            format="json")
        assert response.status_code == 400
        assert response.json()["extra"]["fields"]["players"] == {
            "0": ["Ensure this value is less than or equal to 9223372036854775807."]}

    def test_a_played_on_that_is_no_date_is_refused(self, api, season):
        players = list(field_of(2).values())
        response = api.post(f"/api/seasons/{season.pk}/matches/", {
            "players": [player.pk for player in players], "log": {"game": "gin"},
            "played_on": "yesterday"}, format="json")
        assert (response.status_code, response.json()["message"]) == (
            400, "played_on: Date has wrong format. Use one of these formats instead: "
                 "YYYY-MM-DD.")

    def test_no_players_and_no_log(self, api, season):
        response = api.post(f"/api/seasons/{season.pk}/matches/", {}, format="json")
        assert response.status_code == 400
        assert response.json()["extra"]["fields"] == {
            "players": ["This field is required."], "log": ["This field is required."]}


class TestCsvErrors:
    @pytest.mark.parametrize("accept", ["?format=csv", ""])
    def test_an_error_of_a_csv_export_is_json_whatever_was_asked(self, api, accept):
        response = api.get(f"/api/tournaments/nowhere/export/standings.csv{accept}",
                           HTTP_ACCEPT="text/csv")
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert response.json() == {"message": "No Tournament matches the given query.",
                                   "extra": {}}


class TestTheSchemaSaysWhatIsAnswered:
    def test_every_operation_documents_its_errors(self, schema):
        token = schema["paths"]["/api/auth/token/"]["post"]["responses"]
        assert sorted(token) == ["200", "400", "401", "403", "413", "415", "429", "503"]
        assert token["429"]["headers"]["Retry-After"]["schema"] == {"type": "integer"}
        detail = schema["paths"]["/api/matches/{id}/"]["get"]["responses"]
        assert sorted(detail) == ["200", "400", "404", "503"]
        assert detail["404"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Error"}
        assert schema["components"]["schemas"]["Error"]["required"] == ["message", "extra"]

    def test_the_lists_of_an_object_are_not_pages(self, api, schema, organizer):
        # The schema said a page ({"count", "results"}); the answer was always a list.
        standings = schema["paths"]["/api/tournaments/{slug}/standings/"]["get"]
        assert standings["responses"]["200"]["content"]["application/json"]["schema"][
            "type"] == "array"
        assert not any(parameter["name"] in ("limit", "offset")
                       for parameter in standings.get("parameters", []))
        cup = make(organizer, "round_robin", ["Anna", "Bert", "Cora"])
        assert isinstance(api.get(f"/api/tournaments/{cup.slug}/standings/").json(), list)

    def test_an_empty_seat_and_a_match_without_a_log(self, api, organizer):
        cup = make(organizer, "single_elimination", ["Anna", "Bert", "Cora", "Dieter"])
        final = Match.objects.get(round__stage__tournament=cup, round__number=2)
        match = api.get(f"/api/matches/{final.pk}/").json()
        assert (match["current_log"], match["url"]) == (None, f"/matches/{final.pk}/")
        rounds = api.get(f"/api/tournaments/{cup.slug}/rounds/").json()
        assert [seat["player"] for seat in rounds[1]["matches"][0]["seats"]] == [None, None]

    def test_a_players_ratings_have_no_place(self, api, organizer, run_on_commit):
        from tests.tournaments.elimination_helpers import win

        cup = make(organizer, "single_elimination", ["Anna", "Bert"])
        win(run_on_commit, Match.objects.get(round__stage__tournament=cup), "Anna")
        anna = field_of(1)["Anna"]
        ratings = api.get(f"/api/players/{anna.pk}/ratings/").json()
        assert [(row["game"], row["rating"]["place"]) for row in ratings] == [("gin", None)]


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()
