"""The API of entering results: the row check, drafts, reported results and their answers,
in the language of Accept-Language."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from games.models import Player, ResultReport
from games.services import match_create
from league.services import league_create, season_create
from tests.documents import as_text, first_wins

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


def client(user=None, language="en"):
    api = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        api.force_authenticate(user)
    return api


@pytest.fixture
def match(organizer, players):
    """Anna (a login) v Bert in a league whose players' results are confirmed."""
    league = league_create(name="Dienstagsrunde", game="gin", organizer=organizer,
                           rules=RULES)
    season = season_create(league=league, name="Herbst",
                           members=[players["Anna"], players["Bert"]])
    return match_create(game="gin", players=[players["Anna"], players["Bert"]], rules=RULES,
                        season=season)


ROWS = [{"dealer": "1", "upcard": "7H", "ended": "knock:0", "deadwood_0": "5",
         "deadwood_1": "30"},
        {"upcard": "KS", "ended": "knock:1", "deadwood_0": "20", "deadwood_1": "12"},
        {"upcard": "9C", "ended": "gin:0", "deadwood_0": "0"}]


class TestTheRowCheck:
    def test_every_row_is_answered(self, match, anna_user):
        response = client(anna_user).post(f"/api/matches/{match.pk}/check/",
                                          {"rows": ROWS}, format="json")
        assert response.status_code == 200
        rows = response.json()["rows"]
        assert [row["status"] for row in rows] == ["scored", "error", "problem"]
        assert (rows[0]["points"], rows[0]["totals"], rows[0]["dealer"]) == (
            [25, 0], [25, 0], "Bert")
        assert rows[1]["problems"] == [{
            "row": 2, "field": "deadwood_1", "missing": False,
            "message": "Bert cannot have knocked with 12 deadwood; the limit is 10 (first "
                       "upcard KS)",
            "engine": rows[1]["problems"][0]["engine"]}]
        assert rows[1]["problems"][0]["engine"]["field"] == "deals[1].facts.deadwood.Bert"
        assert rows[2]["problems"] == [{"row": 3, "field": "deadwood_1", "missing": True,
                                        "message": "Fill this in.", "engine": None}]

    def test_the_sheets_words_follow_accept_language(self, match, anna_user):
        response = client(anna_user, "de").post(
            f"/api/matches/{match.pk}/check/",
            {"rows": [{"upcard": "1H", "ended": "dead"}]}, format="json")
        assert response.json()["rows"][0]["problems"][0]["message"] == (
            "1H ist keine Karte (Wert, dann Farbe: AS, 10H, QC).")

    def test_a_log_is_answered_deal_by_deal(self, match, anna_user):
        document = first_wins("Anna", "Bert")
        document["deals"][1]["facts"]["deadwood"]["Bert"] = 4
        response = client(anna_user).post(f"/api/matches/{match.pk}/check/",
                                          {"text": as_text(document)}, format="json")
        answer = response.json()
        assert [(deal["deal"], deal["status"]) for deal in answer["deals"]] == [
            (1, "scored"), (2, "error"), (3, "scored")]
        assert answer["deals"][1]["error"]["message"] == "gin means no deadwood, but Bert has 4"
        # Deals 1 and 3 alone end the round (Anna 110): nothing else is wrong.
        assert answer["problems"] == []

    def test_who_may_check(self, match, stranger):
        response = client(stranger).post(f"/api/matches/{match.pk}/check/",
                                         {"rows": ROWS}, format="json")
        assert (response.status_code, response.json()["message"]) == (
            403, "Only the organizers and the match's players may check its result.")
        response = client(stranger, "de").post(f"/api/matches/{match.pk}/check/",
                                               {"rows": ROWS}, format="json")
        assert response.json()["message"] == ("Nur die Veranstalter und die Spieler der "
                                              "Partie dürfen ihr Ergebnis prüfen.")

    def test_what_is_not_a_sheet(self, match, anna_user):
        api = client(anna_user)
        for body, message in (
                ({"rows": "no"}, "rows: rows: a list of at most 200 rows."),
                ({"rows": [{"upcard": 7}]}, "rows: rows[0].upcard: a field holds text."),
                ({"sheet": []}, 'rows: Send {"rows": [...]} or {"log": {...}}.')):
            response = api.post(f"/api/matches/{match.pk}/check/", body, format="json")
            assert (response.status_code, response.json()["message"]) == (400, message)


class TestDrafts:
    def test_saved_read_and_thrown_away(self, match, anna_user):
        api = client(anna_user)
        url = f"/api/matches/{match.pk}/draft/"
        assert api.get(url).status_code == 404
        saved = api.put(url, {"entry": "sheet", "rows": ROWS[:2]}, format="json")
        assert saved.status_code == 200
        assert api.get(url).json()["data"] == {"entry": "sheet", "rows": ROWS[:2]}
        api.put(url, {"entry": "log", "text": '{"format": '}, format="json")
        assert api.get(url).json()["data"] == {"entry": "log", "text": '{"format": '}
        assert api.delete(url).status_code == 204
        assert api.get(url).status_code == 404

    def test_only_ones_own_and_only_a_forms_content(self, match, anna_user, stranger):
        url = f"/api/matches/{match.pk}/draft/"
        assert client().put(url, {"entry": "sheet", "rows": []}, format="json"
                            ).status_code == 401
        assert client(stranger).put(url, {"entry": "sheet", "rows": []}, format="json"
                                    ).status_code == 403
        response = client(anna_user).put(url, {"entry": "sheet", "rows": [[1]]}, format="json")
        assert (response.status_code, response.json()["message"]) == (
            400, "data: rows[0]: a row is an object of fields.")


class TestReportedResults:
    def test_a_player_reports_and_the_opponent_confirms(self, match, anna_user, players,
                                                        django_user_model, run_on_commit):
        bert = django_user_model.objects.create_user("bert", password="x")
        Player.objects.filter(name="Bert").update(user=bert)
        text = as_text(first_wins("Anna", "Bert"))
        # The log endpoint points a player whose result is confirmed to the reports.
        refused = client(anna_user).post(f"/api/matches/{match.pk}/logs/", data=text,
                                         content_type="application/json")
        assert (refused.status_code, refused.json()["message"]) == (
            403, "In this competition a player's result counts once the other players "
                 f"confirm it: POST it to /api/matches/{match.pk}/reports/.")
        created = client(anna_user).post(f"/api/matches/{match.pk}/reports/", data=text,
                                         content_type="application/json")
        assert created.status_code == 201
        report = created.json()
        assert (report["status"], report["player"], report["waiting_for"]) == (
            "waiting", "Anna", ["Bert"])
        assert report["outcome"]["seats"][0] == {"player": "Anna", "score": 145, "rank": 1}
        # A dispute needs a reason; Bert confirms instead, and the result counts.
        no_reason = client(bert).post(f"/api/reports/{report['id']}/dispute/", {},
                                      format="json")
        assert (no_reason.status_code, no_reason.json()["message"]) == (
            400, "reason: Say what is wrong with the result, so that the organizer can "
                 "decide.")
        with run_on_commit():
            confirmed = client(bert).post(f"/api/reports/{report['id']}/confirm/", {},
                                          format="json")
        assert confirmed.json()["status"] == "counted"
        detail = client().get(f"/api/matches/{match.pk}/").json()
        assert [(s["player"]["name"], s["score"]) for s in detail["seats"]] == [
            ("Anna", 145), ("Bert", 0)]
        assert detail["current_log"]["submitted_by"] == "anna"

    def test_a_report_that_cannot_be_scored_is_refused_with_deal_and_reason(
            self, match, anna_user):
        document = first_wins("Anna", "Bert")
        document["deals"][2]["facts"]["gin"] = False
        response = client(anna_user).post(f"/api/matches/{match.pk}/reports/",
                                          data=json.dumps(document),
                                          content_type="application/json")
        assert (response.status_code, response.json()["message"]) == (
            400, "log: deal 3: Anna knocked with 0 deadwood: that is gin (write gin: true)")
        assert not ResultReport.objects.exists()

    def test_only_the_organizer_decides(self, match, anna_user, organizer):
        report = client(anna_user).post(f"/api/matches/{match.pk}/reports/",
                                        data=as_text(first_wins("Anna", "Bert")),
                                        content_type="application/json").json()
        response = client(anna_user).post(f"/api/reports/{report['id']}/accept/")
        assert (response.status_code, response.json()["message"]) == (
            403, "Only the organizers decide on a reported result.")
        declined = client(organizer).post(f"/api/reports/{report['id']}/decline/")
        assert declined.json()["status"] == "declined"
