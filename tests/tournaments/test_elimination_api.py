"""The API of forfeits, disqualification, groups and playoffs, places and notices, and the
double-elimination bracket through the tournament's bracket endpoint."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import Match
from tests.tournaments.elimination_helpers import at, field_of, make, names, win
from tournaments.models import Tournament
from tournaments.selectors.groups import group_stage

pytestmark = pytest.mark.django_db
DOUBLE = Tournament.Format.DOUBLE_ELIMINATION


@pytest.fixture
def api():
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def olga(organizer):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(organizer)
    return client


def base(tournament):
    return f"/api/tournaments/{tournament.slug}"


def test_the_double_bracket_in_the_bracket_endpoint(api, organizer):
    tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
    rounds = api.get(f"{base(tournament)}/bracket/").json()
    assert [(item["section"], item["name"], [cell["id"] for cell in item["cells"]])
            for item in rounds] == [
        ("winners", "Winners' round 1", ["", "W1.2"]),
        ("winners", "Winners' final", ["W2.1"]),
        ("losers", "Losers' final", ["L2.1"]),
        ("final", "Grand final", ["GF1"]),
        ("final", "Grand final reset", ["GF2"]),
    ]
    bye, semi = rounds[0]["cells"]
    assert (bye["bye"], bye["state"], bye["players"][0]["name"]) == (True, "bye", "Anna")
    l21 = rounds[2]["cells"][0]
    assert [(seat["player"], seat["note"]) for seat in l21["seats"]] == [
        (None, "loser of W1.2"), (None, "loser of W2.1")]
    assert (semi["state"], semi["result"], [seat["seed"] for seat in semi["seats"]]) == (
        "open", "played", [2, 3])


def test_forfeits_through_the_api(api, olga, organizer, stranger):
    tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
    semi = at(tournament, "W1.2")
    url = f"{base(tournament)}/matches/{semi.pk}/forfeit/"
    cora = field_of(3)["Cora"]
    assert api.post(url, {"winner": cora.pk}).status_code in (401, 403)
    api.force_authenticate(stranger)
    response = api.post(url, {"winner": cora.pk})
    assert (response.status_code, response.json()) == (
        403, {"message": "Only the tournament's organizers may change it.", "extra": {}})
    response = olga.post(url, {"winner": cora.pk}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert (body["bracket"], body["status"], body["result"], body["forfeit_reason"]) == (
        "W1.2", "scored", "forfeit", "organizer")
    assert [(seat["player"]["name"], seat["rank"]) for seat in body["seats"]] == [
        ("Bert", 2), ("Cora", 1)]
    assert names(at(tournament, "W2.1")) == ("Anna", "Cora")
    response = olga.post(url, {"winner": field_of(3)["Anna"].pk}, format="json")
    assert (response.status_code, response.json()) == (
        400, {"message": f"Anna does not play in match #{semi.pk}.", "extra": {}})
    assert olga.delete(url).json()["status"] == "scheduled"
    response = olga.post(f"{base(tournament)}/matches/{semi.pk}/double-forfeit/")
    assert response.json()["result"] == "double_forfeit"


def test_disqualification_through_the_api(api, olga, organizer):
    tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
    anna = field_of(3)["Anna"]
    response = olga.post(f"{base(tournament)}/disqualifications/", {"player": anna.pk},
                         format="json")
    assert (response.status_code, response.json()) == (201, {"id": anna.pk, "name": "Anna"})
    assert api.get(f"{base(tournament)}/disqualifications/").json() == [
        {"id": anna.pk, "name": "Anna"}]
    response = olga.post(f"{base(tournament)}/disqualifications/", {"player": anna.pk},
                         format="json")
    assert response.json()["message"] == "Anna is already disqualified."
    assert olga.delete(f"{base(tournament)}/disqualifications/{anna.pk}/").status_code == 204
    assert api.get(f"{base(tournament)}/disqualifications/").json() == []


def test_groups_playoffs_places_and_notices(api, olga, organizer, run_on_commit):
    tournament = make(organizer, Tournament.Format.GROUPS_PLAYOFFS,
                      ["Anna", "Bert", "Cora", "Dieter"], groups=1)
    response = olga.post(f"{base(tournament)}/playoffs/", {}, format="json")
    assert response.json() == {
        "message": "The group stage is not finished: 6 matches have no result yet.",
        "extra": {}}
    order = ["Anna", "Bert", "Cora", "Dieter"]
    for match in Match.objects.filter(round__stage=group_stage(tournament)):
        first, second = names(match)
        win(run_on_commit, match, first if order.index(first) < order.index(second) else second)
    [table] = api.get(f"{base(tournament)}/groups/").json()
    assert (table["name"], table["complete"], table["level_at_line"]) == ("A", True, [])
    assert [(row["player"]["name"], row["rank"], row["values"]["points"], row["seed"])
            for row in table["rows"]] == [
        ("Anna", 1, 6, 1), ("Bert", 2, 4, 2), ("Cora", 3, 2, None), ("Dieter", 4, 0, None)]
    response = olga.post(f"{base(tournament)}/playoffs/", {}, format="json")
    assert response.status_code == 201
    assert [(item["name"], [cell["id"] for cell in item["cells"]]) for item in
            response.json()] == [("Final", ["W1.1"])]
    assert api.get(f"{base(tournament)}/playoffs/").json() == response.json()
    win(run_on_commit, at(tournament, "W1.1"), "Bert")
    assert api.get(f"{base(tournament)}/placings/").json() == {
        "decided": True, "champion": {"id": field_of(4)["Bert"].pk, "name": "Bert"},
        "placings": [
            {"place": 1, "player": {"id": field_of(4)["Bert"].pk, "name": "Bert"},
             "out_in": ""},
            {"place": 2, "player": {"id": field_of(4)["Anna"].pk, "name": "Anna"},
             "out_in": "W1.1"}]}
    assert api.get(f"{base(tournament)}/notices/").json() == []


def test_a_notice_in_the_api(api, organizer, run_on_commit):
    tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])
    win(run_on_commit, at(tournament, "W1.2"), "Bert")
    w21 = win(run_on_commit, at(tournament, "W2.1"), "Anna")
    win(run_on_commit, at(tournament, "W1.2"), "Cora")
    [notice] = api.get(f"{base(tournament)}/notices/").json()
    assert {key: notice[key] for key in ("match", "bracket", "open", "text")} == {
        "match": w21.pk, "bracket": "W2.1", "open": True,
        "text": "W2.1: result set aside (Anna won 145:0, log version 1) because W1.2 changed: "
                "Cora plays instead of Bert. The match is to be played again."}


def test_the_schema_documents_the_endpoints(api):
    schema = api.get("/api/schema/?format=json").json()
    for path in ("/api/tournaments/{slug}/matches/{match}/forfeit/",
                 "/api/tournaments/{slug}/matches/{match}/double-forfeit/",
                 "/api/tournaments/{slug}/disqualifications/",
                 "/api/tournaments/{slug}/disqualifications/{player}/",
                 "/api/tournaments/{slug}/groups/", "/api/tournaments/{slug}/playoffs/",
                 "/api/tournaments/{slug}/placings/", "/api/tournaments/{slug}/notices/"):
        assert path in schema["paths"], path


def test_the_bracket_endpoint_follows_each_verdict(api, organizer, run_on_commit):
    """The endpoint keeps what it wrote with the bracket's figures: a verdict raises their
    version, and the next read writes the bracket anew."""
    tournament = make(organizer, DOUBLE, ["Anna", "Bert", "Cora"])

    def final_seats():
        rounds = api.get(f"{base(tournament)}/bracket/").json()
        final = next(cell for item in rounds if item["name"] == "Winners' final"
                     for cell in item["cells"])
        return [seat["player"] and seat["player"]["name"] for seat in final["seats"]]

    assert final_seats() == ["Anna", None]
    assert final_seats() == ["Anna", None]  # read again: from what was kept
    win(run_on_commit, at(tournament, "W1.2"), "Cora")
    assert final_seats() == ["Anna", "Cora"]
