"""The league API: settings and tie-breakers, fixtures, divisions, closing, the archive,
ratings and leaderboards; permissions and the one error shape."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from league.models import Season
from tests.documents import as_text, first_wins

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


@pytest.fixture
def api():
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def league(api, organizer):
    api.force_authenticate(organizer)
    response = api.post("/api/leagues/", {"name": "Dienstagsrunde", "game": "gin",
                                          "rules": RULES, "promote": 1, "relegate": 1,
                                          "reporting": "players"},
                        format="json")
    assert response.status_code == 201, response.data
    api.force_authenticate(None)
    return response.json()


def as_organizer(api, organizer):
    api.force_authenticate(organizer)
    return api


class TestLeague:
    def test_settings_and_tiebreakers(self, api, league, organizer):
        assert (league["promote"], league["relegate"], league["tiebreaks"]) == (1, 1, [])
        as_organizer(api, organizer)
        response = api.patch("/api/leagues/dienstagsrunde/",
                             {"tiebreaks": ["wins", "game_points"], "relegate": 2},
                             format="json")
        assert response.status_code == 200
        assert (response.json()["tiebreaks"], response.json()["relegate"]) == (
            ["wins", "game_points"], 2)

    def test_an_unknown_tiebreaker_in_the_error_shape(self, api, league, organizer):
        as_organizer(api, organizer)
        response = api.patch("/api/leagues/dienstagsrunde/", {"tiebreaks": ["luck"],
                                                              "name": "Neu"}, format="json")
        assert (response.status_code, response.json()) == (400, {
            "message": "Unknown tie-breaker: luck (known: points, head_to_head, difference, "
                       "game_points, wins, buchholz, median_buchholz, sonneborn_berger, "
                       "best_series, buchholz_plain, median_buchholz_plain, "
                       "sonneborn_berger_plain).", "extra": {}})
        assert api.get("/api/leagues/dienstagsrunde/").json()["name"] == "Dienstagsrunde"

    def test_strangers_change_nothing(self, api, league, stranger):
        api.force_authenticate(stranger)
        response = api.patch("/api/leagues/dienstagsrunde/", {"promote": 3}, format="json")
        assert (response.status_code, response.json()["message"]) == (
            403, "Only the league's organizers may change it.")


class TestFixtures:
    def test_draw_read_and_record(self, api, league, organizer, players, anna_user,
                                  run_on_commit):
        as_organizer(api, organizer)
        season = api.post("/api/seasons/", {"league": "dienstagsrunde", "name": "Herbst",
                                            "mode": "fixtures", "starts_on": "2026-09-01",
                                            "match_day_interval": 14}, format="json").json()
        for name in ("Anna", "Bert", "Cora"):
            api.post(f"/api/seasons/{season['id']}/members/", {"player": players[name].pk},
                     format="json")
        drawn = api.post(f"/api/seasons/{season['id']}/fixtures/", {}, format="json")
        assert drawn.status_code == 201
        api.force_authenticate(None)
        days = api.get(f"/api/seasons/{season['id']}/fixtures/").json()
        assert [(d["match_day"], d["scheduled_on"],
                 [[s["player"]["name"] for s in m["seats"]] for m in d["matches"]])
                for d in days] == [(1, "2026-09-01", [["Bert", "Cora"]]),
                                   (2, "2026-09-15", [["Anna", "Bert"]]),
                                   (3, "2026-09-29", [["Cora", "Anna"]])]
        # Anna records her scheduled match on the match's own endpoint.
        api.force_authenticate(anna_user)
        match = days[1]["matches"][0]
        with run_on_commit():
            response = api.post(f"/api/matches/{match['id']}/logs/",
                                data=as_text(first_wins("Anna", "Bert")),
                                content_type="application/json")
        assert response.status_code == 202
        standings = api.get(f"/api/seasons/{season['id']}/standings/").json()
        assert [(r["rank"], r["player"]["name"], r["points"]) for r in standings] == [
            (1, "Anna", 2), (2, "Cora", 0), (3, "Bert", 0)]

    def test_a_stranger_does_not_draw(self, api, league, organizer, stranger):
        as_organizer(api, organizer)
        season = api.post("/api/seasons/", {"league": "dienstagsrunde", "name": "Herbst",
                                            "mode": "fixtures"}, format="json").json()
        api.force_authenticate(stranger)
        assert api.post(f"/api/seasons/{season['id']}/fixtures/", {},
                        format="json").status_code == 403

    def test_a_doppelkopf_league_has_no_fixtures(self, api, organizer):
        as_organizer(api, organizer)
        api.post("/api/leagues/", {"name": "Doko", "game": "doppelkopf"}, format="json")
        response = api.post("/api/seasons/", {"league": "doko", "name": "Winter",
                                              "mode": "fixtures"}, format="json")
        assert (response.status_code, response.json()) == (400, {
            "message": "Fixtures pair two players; Doppelkopf is not played by two.",
            "extra": {}})


class TestDivisionsAndClosing:
    def test_divisions_close_next_season_and_archive(self, api, league, organizer, players,
                                                     run_on_commit):
        as_organizer(api, organizer)
        season = api.post("/api/seasons/", {"league": "dienstagsrunde", "name": "Herbst"},
                          format="json").json()
        top = api.post(f"/api/seasons/{season['id']}/divisions/", {
            "name": "Oberliga", "members": [players["Anna"].pk, players["Bert"].pk]},
            format="json")
        assert (top.status_code, top.json()["level"]) == (201, 1)
        api.post(f"/api/seasons/{season['id']}/divisions/", {"name": "Kreisliga"},
                 format="json")
        for name in ("Cora", "Dieter"):
            response = api.post(f"/api/seasons/{season['id']}/members/",
                                {"player": players[name].pk, "division": 2}, format="json")
            assert response.status_code == 201
        with run_on_commit():
            for winner, loser in (("Bert", "Anna"), ("Cora", "Dieter")):
                response = api.post(f"/api/seasons/{season['id']}/matches/", {
                    "players": [players[winner].pk, players[loser].pk],
                    "log": first_wins(winner, loser)}, format="json")
                assert response.status_code == 202
        second = api.get(f"/api/seasons/{season['id']}/standings/?division=2").json()
        assert [(r["rank"], r["player"]["name"]) for r in second] == [(1, "Cora"),
                                                                      (2, "Dieter")]
        closed = api.post(f"/api/seasons/{season['id']}/close/",
                          {"next_name": "Frühjahr", "next_starts_on": "2027-03-02"},
                          format="json")
        assert closed.status_code == 200
        body = closed.json()
        assert (body["season"]["status"], body["next"]["previous"], body["next"]["starts_on"]) \
            == ("closed", season["id"], "2027-03-02")
        assert body["season"]["next_season"] == body["next"]["id"]
        assert [(d["level"], sorted(p["name"] for p in d["members"]))
                for d in body["next"]["divisions"]] == [(1, ["Bert", "Cora"]),
                                                        (2, ["Anna", "Dieter"])]
        api.force_authenticate(None)
        archive = api.get("/api/leagues/dienstagsrunde/archive/").json()
        assert [(a["season"]["name"], [[(r["rank"], r["player"]["name"]) for r in t["rows"]]
                                       for t in a["tables"]]) for a in archive] == [
            ("Herbst", [[(1, "Bert"), (2, "Anna")], [(1, "Cora"), (2, "Dieter")]])]
        tables = api.get(f"/api/seasons/{season['id']}/tables/").json()
        assert [(t["level"], t["name"], t["tiebreaks"]) for t in tables] == [
            (1, "Oberliga", ["points", "head_to_head", "difference", "game_points", "wins"]),
            (2, "Kreisliga", ["points", "head_to_head", "difference", "game_points", "wins"])]

    def test_a_closed_season_takes_no_match(self, api, league, organizer, players):
        as_organizer(api, organizer)
        season = api.post("/api/seasons/", {"league": "dienstagsrunde", "name": "Herbst"},
                          format="json").json()
        api.post(f"/api/seasons/{season['id']}/members/", {"player": players["Anna"].pk},
                 format="json")
        api.post(f"/api/seasons/{season['id']}/close/", {}, format="json")
        assert Season.objects.get(pk=season["id"]).status == "closed"
        response = api.post(f"/api/seasons/{season['id']}/next/", {"name": "Winter"},
                            format="json")
        assert (response.status_code, response.json()["previous"]) == (201, season["id"])
        again = api.post(f"/api/seasons/{season['id']}/next/", {"name": "Noch"},
                         format="json")
        assert again.json() == {"message": "This season already has a next season: Winter.",
                                "extra": {}}


class TestRatings:
    def test_a_member_records_and_the_ratings_follow(self, api, league, organizer, players,
                                                     anna_user, run_on_commit):
        as_organizer(api, organizer)
        season = api.post("/api/seasons/", {"league": "dienstagsrunde", "name": "Herbst"},
                          format="json").json()
        for name in ("Anna", "Bert"):
            api.post(f"/api/seasons/{season['id']}/members/", {"player": players[name].pk},
                     format="json")
        api.force_authenticate(anna_user)  # a member, not an organizer
        with run_on_commit():
            response = api.post(f"/api/seasons/{season['id']}/matches/", {
                "players": [players["Anna"].pk, players["Bert"].pk],
                "log": first_wins("Anna", "Bert")}, format="json")
        assert response.status_code == 202
        api.force_authenticate(None)
        board = api.get("/api/leaderboards/gin/").json()
        assert board["count"] == 2
        assert [(r["place"], r["player"]["name"], round(r["rating"], 2), r["system"],
                 r["matches"]) for r in board["results"]] == [
            (1, "Anna", 1662.31, "glicko2", 1), (2, "Bert", 1337.69, "glicko2", 1)]
        # A search keeps the places of the whole board.
        found = api.get("/api/leaderboards/gin/?search=ber").json()
        assert [(r["place"], r["player"]["name"]) for r in found["results"]] == [(2, "Bert")]
        games = {g["game"]: (g["system"], g["rated"]) for g in api.get(
            "/api/leaderboards/").json()}
        assert games == {"gin": ("glicko2", 2), "doppelkopf": ("openskill", 0),
                         "rennen": ("glicko2", 0), "katarenga-rennen": ("glicko2", 0),
                         "nerts": ("openskill", 0)}
        mine = api.get(f"/api/players/{players['Anna'].pk}/ratings/").json()
        assert [(r["game"], [(h["sequence"], h["rating_before"], round(h["rating_after"], 2))
                             for h in r["history"]]) for r in mine] == [
            ("gin", [(1, 1500.0, 1662.31)])]
        assert api.get("/api/leaderboards/skat/").status_code == 404
