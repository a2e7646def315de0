"""A submitted match is replayed by a real Celery worker process through a real Redis."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from games.models import Match, MatchLog, Player
from games.services import match_create, match_log_submit
from tests.documents import as_text, first_wins

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_for_verdict(log: MatchLog, seconds: float = 60) -> MatchLog:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        log.refresh_from_db()
        # The verdict, and what follows it (its own task: bracket, tournament end, ratings).
        if log.status in (MatchLog.Status.SCORED, MatchLog.Status.REJECTED) and \
                not Match.objects.filter(pk=log.match_id,
                                         announcement_due_at__isnull=False).exists():
            return log
        time.sleep(0.2)
    pytest.fail(f"no verdict after {seconds} s; the log is {log.status}")


def test_the_worker_scores_a_submitted_match(celery_worker_process):
    anna, bert = Player.objects.create(name="Anna"), Player.objects.create(name="Bert")
    match = match_create(game="gin", players=[anna, bert], rules={"preset": "seed",
                                                                  "rounds": 1})
    user = get_user_model().objects.create_user("olga")
    log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")),
                           submitted_by=user)
    # The web process only stored and enqueued it; the worker does the scoring.
    assert log.status == MatchLog.Status.PENDING
    log = wait_for_verdict(log)
    assert log.status == MatchLog.Status.SCORED
    match.refresh_from_db()
    assert match.status == Match.Status.SCORED
    assert [(s.player.name, s.score, s.rank) for s in match.seats.order_by("index")] == [
        ("Anna", 145, 1), ("Bert", 0, 2)]
    assert list(log.hands.values_list("points", flat=True)) == [[25, 0], [0, 90], [85, 0]]


def test_the_worker_rejects_an_invalid_log_and_keeps_it(celery_worker_process):
    anna, bert = Player.objects.create(name="Anna"), Player.objects.create(name="Bert")
    match = match_create(game="gin", players=[anna, bert], rules={"preset": "seed",
                                                                  "rounds": 1})
    text = '{"format": "stammtisch-log/1", "game": "gin", "players": ["Anna", "Bert"], ' \
           '"seed": 3, "deals": [{"dealer": "Bert", "moves": ["draw"]}]}'
    log = wait_for_verdict(match_log_submit(match=match, text=text))
    assert log.error["message"] == "deal 1, move 1: Anna must take or pass the upcard 8C " \
                                   "first" or log.error["deal"] == 1
    assert (log.error["kind"], log.error["deal"], log.error["move"]) == ("illegal_move", 1, 1)
    assert log.text == text


def test_the_worker_keeps_its_database_connection_from_log_to_log(celery_worker_process):
    """A new PostgreSQL backend for every task (Celery's default with Django) cost more than
    the replay: the worker keeps its connection by Django's rule (CONN_MAX_AGE)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL counts the sessions opened; SQLite has none")

    def sessions_opened() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = "
                           "current_database()")
            return int(cursor.fetchone()[0])

    players = [Player.objects.create(name=name) for name in ("Anna", "Bert")]
    logs = [match_create(game="gin", players=players, rules={"preset": "seed", "rounds": 1})
            for _ in range(5)]
    # The first log lets the worker open its connection (it may hold one already).
    wait_for_verdict(match_log_submit(match=logs[0], text=as_text(first_wins("Anna", "Bert"))))
    before = sessions_opened()
    for match in logs[1:]:
        log = wait_for_verdict(match_log_submit(match=match,
                                                text=as_text(first_wins("Anna", "Bert"))))
        assert log.status == MatchLog.Status.SCORED
    assert sessions_opened() == before
