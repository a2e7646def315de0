"""The REST API: permissions, the one error shape, submitting logs, standings, the schema."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Match
from tests.documents import as_text, first_wins

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


@pytest.fixture
def api():
    # The service speaks German unless asked otherwise; these tests read the English texts.
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


def login(api, user):
    api.force_authenticate(user)
    return api


@pytest.fixture
def tournament(api, organizer, players):
    login(api, organizer)
    # A player's entry counts at once (TestReportedResults: confirmed by the opponent).
    response = api.post("/api/tournaments/", {"name": "Krone Cup", "game": "gin",
                                              "format": "single_elimination", "rules": RULES,
                                              "reporting": "players"},
                        format="json")
    assert response.status_code == 201, response.data
    for seed, name in enumerate(["Anna", "Bert", "Cora", "Dieter"], start=1):
        entry = api.post("/api/tournaments/krone-cup/entries/",
                         {"player": players[name].pk, "seed": seed}, format="json")
        assert entry.status_code == 201, entry.data
    api.force_authenticate(None)
    return response.data["slug"]


class TestReading:
    def test_everyone_reads_games_and_their_options(self, api):
        response = api.get("/api/games/gin/")
        assert response.status_code == 200
        options = {option["name"]: option for option in response.data["options"]}
        assert options["rounds"]["default"] == 5
        assert "seed" in response.data["presets"]

    def test_the_list_counts_a_tournament_s_entries_which_it_lists_itself(
            self, api, tournament, organizer):
        """A row of the list costs the same however many entered: the entries are on the
        tournament itself."""
        login(api, organizer)
        api.post("/api/tournaments/", {"name": "Leer", "game": "gin", "rules": RULES,
                                       "format": "round_robin"}, format="json")
        api.force_authenticate(None)
        rows = api.get("/api/tournaments/").json()["results"]
        assert [(row["slug"], row["entries_count"], "entries" in row) for row in rows] == [
            ("leer", 0, False), ("krone-cup", 4, False)]
        detail = api.get("/api/tournaments/krone-cup/").json()
        assert "entries_count" not in detail
        assert [(entry["player"]["name"], entry["seed"]) for entry in detail["entries"]] == [
            ("Anna", 1), ("Bert", 2), ("Cora", 3), ("Dieter", 4)]
        schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
        listed = schema["components"]["schemas"]["TournamentList"]["properties"]
        assert "entries_count" in listed and "entries" not in listed

    def test_an_unknown_game_is_404_in_the_error_shape(self, api):
        response = api.get("/api/games/skat/")
        assert (response.status_code, response.json()) == (
            404, {"message": "unknown game 'skat'", "extra": {}})

    def test_schema_and_docs(self, api):
        schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
        assert schema.status_code == 200
        paths = json.loads(schema.content)["paths"]
        assert {"/api/matches/{id}/logs/", "/api/tournaments/{slug}/start/",
                "/api/seasons/{id}/standings/"} <= set(paths)
        assert api.get("/api/docs/").status_code == 200


class TestTournamentApi:
    def test_only_organizers_change_a_tournament(self, api, tournament, stranger, players):
        login(api, stranger)
        response = api.post(f"/api/tournaments/{tournament}/start/")
        assert (response.status_code, response.json()) == (
            403, {"message": "Only the tournament's organizers may change it.", "extra": {}})
        response = api.post(f"/api/tournaments/{tournament}/entries/",
                            {"player": players["Eva"].pk}, format="json")
        assert response.status_code == 403

    def test_anonymous_users_cannot_write(self, api):
        response = api.post("/api/tournaments/", {"name": "X"}, format="json")
        assert response.json() == {"message": "Authentication credentials were not provided.",
                                   "extra": {}}

    def test_german_by_default(self):
        response = APIClient().post("/api/tournaments/", {"name": "X"}, format="json")
        assert response.json()["message"] == "Anmeldedaten fehlen."

    def test_start_and_read_the_bracket(self, api, tournament, organizer):
        login(api, organizer)
        response = api.post(f"/api/tournaments/{tournament}/start/")
        assert response.data["status"] == "running"
        bracket = api.get(f"/api/tournaments/{tournament}/bracket/").json()
        assert [r["name"] for r in bracket] == ["Semi-finals", "Final"]
        assert [[p["name"] for p in cell["players"]] for cell in bracket[0]["cells"]] == [
            ["Anna", "Dieter"], ["Bert", "Cora"]]

    def test_a_service_error_has_the_shape(self, api, tournament, organizer, players):
        login(api, organizer)
        response = api.post(f"/api/tournaments/{tournament}/entries/",
                            {"player": players["Anna"].pk}, format="json")
        assert (response.status_code, response.json()) == (
            400, {"message": "Anna is already entered.", "extra": {}})

    def test_a_validation_error_names_the_field(self, api, organizer):
        login(api, organizer)
        response = api.post("/api/tournaments/", {"name": "Y", "game": "gin",
                                                  "format": "single_elimination",
                                                  "rules": {"rounds": 0}}, format="json")
        assert response.status_code == 400
        assert response.json()["message"] == "rules: rules.rounds: must be at least 1, not 0"
        assert response.json()["extra"]["fields"]["rules"] == [
            "rules.rounds: must be at least 1, not 0"]


class TestSubmittingResults:
    def start(self, api, tournament, organizer):
        login(api, organizer)
        api.post(f"/api/tournaments/{tournament}/start/")
        api.force_authenticate(None)
        return Match.objects.get(round__number=1, position=0)  # Anna v Dieter

    def test_a_player_submits_his_match(self, api, tournament, organizer, anna_user,
                                        run_on_commit):
        match = self.start(api, tournament, organizer)
        login(api, anna_user)
        text = as_text(first_wins("Anna", "Dieter"))
        with run_on_commit():
            response = api.post(f"/api/matches/{match.pk}/logs/", data=text,
                                content_type="application/json")
        assert response.status_code == 202
        assert response["Location"] == f"/api/logs/{response.data['id']}/"
        log = api.get(response["Location"]).json()
        assert (log["status"], log["version"], log["text"]) == ("scored", 1, text)
        assert [h["points"] for h in log["hands"]] == [[25, 0], [0, 90], [85, 0]]
        detail = api.get(f"/api/matches/{match.pk}/").json()
        assert [(s["player"]["name"], s["score"], s["rank"]) for s in detail["seats"]] == [
            ("Anna", 145, 1), ("Dieter", 0, 2)]
        final = Match.objects.get(round__number=2)
        assert final.seats.get(index=0).player.name == "Anna"

    # With tasks inline the verdict is in the answer itself; that needs real commits.
    @pytest.mark.django_db(transaction=True)
    def test_an_invalid_log_answers_with_deal_move_and_reason(self, api, tournament,
                                                              organizer):
        match = self.start(api, tournament, organizer)
        login(api, organizer)
        document = {"format": "stammtisch-log/1", "game": "gin", "rules": RULES,
                    "players": ["Anna", "Dieter"], "seed": 7,
                    "deals": [{"dealer": "Anna", "moves": ["pass", "pass", "discard QH"]}]}
        response = api.post(f"/api/matches/{match.pk}/logs/", data=document, format="json")
        assert response.status_code == 202
        assert response.data["status"] == "rejected"
        assert (response.data["error"]["deal"], response.data["error"]["move"],
                response.data["error"]["reason"]) == (1, 3, "Dieter must draw before "
                                                            "discarding")

    def test_someone_else_may_not_submit(self, api, tournament, organizer, stranger):
        match = self.start(api, tournament, organizer)
        login(api, stranger)
        response = api.post(f"/api/matches/{match.pk}/logs/",
                            data=as_text(first_wins("Anna", "Dieter")),
                            content_type="application/json")
        assert response.status_code == 403
        assert response.json()["message"] == ("Only the organizers and the match's players "
                                               "may submit its result.")
        assert match.logs.count() == 0

    @pytest.mark.django_db(transaction=True)
    def test_upload_as_a_file(self, api, tournament, organizer):
        from django.core.files.uploadedfile import SimpleUploadedFile

        match = self.start(api, tournament, organizer)
        login(api, organizer)
        text = as_text(first_wins("Anna", "Dieter"))
        upload = SimpleUploadedFile("partie.json", text.encode())
        response = api.post(f"/api/matches/{match.pk}/logs/", {"file": upload},
                            format="multipart")
        assert (response.status_code, response.data["status"]) == (202, "scored")
        assert response.data["text"] == text

    def test_a_match_waiting_for_players_takes_no_result(self, api, tournament, organizer):
        self.start(api, tournament, organizer)
        final = Match.objects.get(round__number=2)
        login(api, organizer)
        response = api.post(f"/api/matches/{final.pk}/logs/", data="{}",
                            content_type="application/json")
        assert (response.status_code, response.json()["message"]) == (
            400, "This match is still waiting for its players.")


class TestSeasonApi:
    @pytest.mark.django_db(transaction=True)
    def test_record_a_match_and_read_the_standings(self, api, organizer, players):
        login(api, organizer)
        league = api.post("/api/leagues/", {"name": "Dienstagsrunde", "game": "gin",
                                            "rules": RULES}, format="json").json()
        season = api.post("/api/seasons/", {"league": league["slug"], "name": "Herbst"},
                          format="json").json()
        for name in ("Anna", "Bert"):
            api.post(f"/api/seasons/{season['id']}/members/", {"player": players[name].pk},
                     format="json")
        response = api.post(f"/api/seasons/{season['id']}/matches/", {
            "players": [players["Bert"].pk, players["Anna"].pk],
            "log": first_wins("Bert", "Anna")}, format="json")
        assert (response.status_code, response.data["status"]) == (202, "scored")
        standings = api.get(f"/api/seasons/{season['id']}/standings/").json()
        assert [(r["rank"], r["player"]["name"], r["points"], r["game_points"])
                for r in standings] == [(1, "Bert", 2, 145), (2, "Anna", 0, 0)]

    def test_a_stranger_cannot_add_a_season(self, api, organizer, stranger):
        login(api, organizer)
        league = api.post("/api/leagues/", {"name": "L", "game": "gin"}, format="json").json()
        login(api, stranger)
        response = api.post("/api/seasons/", {"league": league["slug"], "name": "S"},
                            format="json")
        assert response.status_code == 403


class TestTokenAuth:
    def test_a_token_authenticates(self, api, organizer):
        response = api.post("/api/auth/token/", {"username": "olga",
                                                 "password": "secret-olga"}, format="json")
        token = response.json()["token"]
        assert token == Token.objects.get(user=organizer).key
        api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        created = api.post("/api/players/", {"name": "Zoe"}, format="json")
        assert created.status_code == 201


def test_the_openapi_schema_has_no_warnings(tmp_path):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file",
                 str(tmp_path / "schema.yaml"))
    assert "/api/matches/{id}/logs/" in (tmp_path / "schema.yaml").read_text()


class TestMatchLists:
    """The match lists of the API (everything, a tournament's, a season's), each at a fixed
    number of queries however many matches there are."""

    def test_a_tournaments_matches(self, api, organizer, players, django_assert_max_num_queries):
        login(api, organizer)
        api.post("/api/tournaments/", {"name": "Runde", "game": "gin", "format": "round_robin",
                                       "rules": RULES}, format="json")
        for name in ("Anna", "Bert", "Cora", "Dieter"):
            api.post("/api/tournaments/runde/entries/", {"player": players[name].pk},
                     format="json")
        api.post("/api/tournaments/runde/start/")
        # The tournament (with its organizers and entries), the count, a page of matches,
        # their seats.
        with django_assert_max_num_queries(7):
            response = api.get("/api/tournaments/runde/matches/")
        assert response.json()["count"] == 6
        # The Berger table for 4: 1-4 2-3, 4-3 1-2, 2-4 3-1.
        assert [[s["player"]["name"] for s in m["seats"]]
                for m in response.json()["results"]] == [
            ["Anna", "Dieter"], ["Bert", "Cora"], ["Dieter", "Cora"], ["Anna", "Bert"],
            ["Bert", "Dieter"], ["Cora", "Anna"]]

    def test_all_matches(self, api, players, run_on_commit, django_assert_max_num_queries):
        from games.services import match_create, match_log_submit

        for first, second in [("Anna", "Bert"), ("Cora", "Dieter"), ("Eva", "Frank")]:
            match = match_create(game="gin", players=[players[first], players[second]],
                                 rules=RULES)
            with run_on_commit():
                match_log_submit(match=match, text=as_text(first_wins(first, second)))
        with django_assert_max_num_queries(4):
            response = api.get("/api/matches/")
        assert [(m["seats"][0]["player"]["name"], m["current_log"]["status"],
                 m["current_log"]["is_current"]) for m in response.json()["results"]] == [
            ("Eva", "scored", True), ("Cora", "scored", True), ("Anna", "scored", True)]
