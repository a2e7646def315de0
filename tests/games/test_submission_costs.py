"""A log submitted through the API costs a fixed, small number of statements, and its answer
is the same whether the log is read back for it or written from what was just stored."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from rest_framework.authtoken.models import Token
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from games.models import Match, MatchLog, Player, ResultReport, SheetDraft
from games.services import match_create
from games.services.drafts import sheet_draft_save
from tests.brokers import broker_away
from tests.documents import as_text, first_wins, gin_sheet, sheet_game
from tests.games.test_api_representations import DrfLogDetail

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}
TEXT = as_text(first_wins("Anna", "Bert"))


@pytest.fixture
def admin(db):
    return get_user_model().objects.create_superuser("clara", password="x")


@pytest.fixture
def api(admin):
    # The token, as a client sends it: its statement is one of the submission's.
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=admin).key}")
    return client


@pytest.fixture
def match(players):
    return match_create(game="gin", players=[players["Anna"], players["Bert"]], rules=RULES)


def submit(api, match, text=TEXT, language="en"):
    response = api.post(f"/api/matches/{match.pk}/logs/", data=text,
                        content_type="application/json", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 202, response.content
    return response


def as_drf_writes_it_now(response, language="en"):
    """The answer as it was written before: the log read again, by DRF's own fields."""
    log = MatchLog.objects.select_related("match", "submitted_by").get(
        pk=response.json()["id"])
    with translation.override(language):
        return JSONRenderer().render(DrfLogDetail(log).data)


def test_a_submission_costs_nine_statements_while_its_replay_is_still_to_come(
        api, match, run_on_commit):
    with broker_away(), run_on_commit(), CaptureQueriesContext(connection) as queries:
        submit(api, match)
    statements = [query["sql"].split()[0] for query in queries.captured_queries]
    # The token with its user; the match; then one transaction (a savepoint in a test):
    # the match locked with its seats counted, the latest version and a log of the same
    # text, the log, the match's current log, an open report or a draft to be done with.
    assert statements == ["SELECT", "SELECT", "SAVEPOINT", "SELECT", "SELECT", "INSERT",
                          "UPDATE", "SELECT", "RELEASE"], [q["sql"] for q in queries]


def test_the_answer_written_from_the_log_just_stored_is_the_log_read_again(
        api, match, run_on_commit):
    with broker_away(), run_on_commit():
        response = submit(api, match)
    assert response.json()["status"] == "pending" and response.json()["hands"] == []
    assert response.content == as_drf_writes_it_now(response)
    assert response["Location"] == f"/api/logs/{response.json()['id']}/"


def test_a_correction_names_the_log_it_supersedes(api, match, run_on_commit):
    with broker_away(), run_on_commit():
        first = submit(api, match)
        second = submit(api, match, text=as_text(first_wins("Bert", "Anna")))
    assert second.json()["supersedes"] == first.json()["id"]
    assert second.content == as_drf_writes_it_now(second)


# With inline tasks the verdict is in the answer itself: that needs real commits.
@pytest.mark.django_db(transaction=True)
def test_with_inline_tasks_the_answer_has_the_verdict_and_the_hands(api, match):
    response = submit(api, match)
    assert response.json()["status"] == "scored" and response.json()["hands"]
    assert response.content == as_drf_writes_it_now(response)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "de"])
def test_with_inline_tasks_a_rejection_is_answered_in_the_reader_s_language(
        api, match, language):
    wrong = gin_sheet("Anna", "Bert", [
        sheet_game("7H", "Bert", True, {"Anna": 30, "Bert": 5}, dealer="Anna")])
    response = submit(api, match, text=as_text(wrong), language=language)
    assert response.json()["status"] == "rejected"
    assert response.content == as_drf_writes_it_now(response, language)


@pytest.mark.django_db(transaction=True)
def test_the_same_text_again_answers_with_the_log_stored_before(api, match):
    first = submit(api, match)
    with broker_away():
        again = submit(api, match)
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["status"] == "scored" and again.json()["hands"]
    assert again.content == first.content == as_drf_writes_it_now(again)


def test_the_entry_replaced_is_done_with_in_the_submission(api, admin, match, players,
                                                           django_user_model):
    anna = Player.objects.get(name="Anna")
    ResultReport.objects.create(match=match, text=TEXT, reported_by=players["Anna"].user,
                                player=anna, source="web", outcome={})
    sheet_draft_save(user=admin, match=match, data={"entry": "log", "text": "{"})
    with broker_away():
        submit(api, match, text=as_text(first_wins("Bert", "Anna")))
    assert list(match.reports.values_list("status", "decided_by")) == [
        ("withdrawn", admin.pk)]
    assert not SheetDraft.objects.filter(match=match).exists()
    assert Match.objects.get(pk=match.pk).status == "submitted"
