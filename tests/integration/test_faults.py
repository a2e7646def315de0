"""The results flow under faults, with real processes: a worker killed with ``kill -9``
while it holds tasks, Redis stopped for 20 s during submissions, the database refusing
connections while logs are scored. Each ends with every submission scored exactly once:
0 lost, 0 stuck, 0 counted twice (hands, standings and rating rows checked).

The counts are printed (``-s`` shows them) and asserted.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from games.models import Match, MatchLog, Player
from games.services import match_log_submit
from league.celery import app
from tests.brokers import use_broker
from tests.documents import as_text, first_wins
from tests.integration.conftest import database_url_for_worker
from tests.integration.stack import (
    FAST_SWEEP,
    Count,
    CuttableProxy,
    PrivateRedis,
    Processes,
    count_results,
    wait_until,
)
from tournaments.models import Tournament
from tournaments.selectors.standings import tournament_standings
from tournaments.services import tournament_create, tournament_enter, tournament_start

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
HANDS = 3  # first_wins: three games


@pytest.fixture
def redis() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    server.start()
    previous = {"broker_url": app.conf.broker_url,
                "task_always_eager": app.conf.task_always_eager}
    use_broker(app, broker_url=server.url, task_always_eager=False)
    yield server
    use_broker(app, **previous)
    server.stop()


@pytest.fixture
def stack(redis, tmp_path, django_db_setup) -> Iterator[Processes]:
    env = {**os.environ, "DATABASE_URL": database_url_for_worker(), "REDIS_URL": redis.url,
           "SECRET_KEY": "fault-test-key", "DJANGO_SETTINGS_MODULE": "league.settings",
           **FAST_SWEEP}
    processes = Processes(tmp_path, env)
    yield processes
    processes.stop_all()


def round_robin(players: int) -> tuple[Tournament, list[Match]]:
    organizer = get_user_model().objects.create_user("olga", is_staff=True)
    cup = tournament_create(name="Faults", game="gin", rules={"preset": "seed", "rounds": 1},
                            format=Tournament.Format.ROUND_ROBIN, organizer=organizer)
    for number in range(players):
        tournament_enter(tournament=cup, player=Player.objects.create(name=f"P{number:02}"))
    tournament_start(tournament=cup)
    matches = list(Match.objects.filter(round__tournament=cup).order_by("pk")
                   .prefetch_related("seats__player"))
    return cup, matches


def sheet_for(match: Match) -> str:
    first, second = (seat.player.name for seat in match.seats.order_by("index"))
    return as_text(first_wins(first, second))


def settled(log_ids: list[int]) -> bool:
    waiting = MatchLog.objects.filter(pk__in=log_ids, status__in=["pending", "scoring"])
    return not waiting.exists() and not Match.objects.filter(
        logs__pk__in=log_ids, announcement_due_at__isnull=False).exists()


def ratings_settled(matches: int) -> bool:
    from league.models import RatingChange

    return RatingChange.objects.count() >= 2 * matches


def check_standings(cup: Tournament, matches: list[Match]) -> None:
    """Each player's standings count each of his scored matches once: played, wins and
    points match what the submitted sheets make (the first seat wins 145:0)."""
    played: dict[str, list[int]] = {}
    for match in matches:
        first, second = (seat.player.name for seat in match.seats.order_by("index"))
        played.setdefault(first, [0, 0])[0] += 1
        played.setdefault(first, [0, 0])[1] += 1
        played.setdefault(second, [0, 0])[0] += 1
    rows = {row.player.name: (row.values["played"], row.values["wins"])
            for row in tournament_standings(tournament=cup).rows}
    assert rows == {name: tuple(counts) for name, counts in played.items()}


def report(name: str, count: Count) -> None:
    print(f"\n{name}: {count.submitted} submitted, {count.scored} scored once; lost "
          f"{count.lost}, stuck {count.stuck}, twice {count.twice}")


def test_a_worker_killed_while_it_holds_tasks(stack):
    cup, matches = round_robin(21)  # 210 matches, 200 of them get a result
    matches = matches[:200]
    victim = stack.worker("victim")
    stack.worker("survivor")
    stack.beat()
    log_ids = [match_log_submit(match=match, text=sheet_for(match)).pk for match in matches]
    # Kill the worker in the middle of the batch, while it holds tasks.
    wait_until(lambda: MatchLog.objects.filter(pk__in=log_ids, status="scored").count() >= 30,
               120, "the first 30 verdicts")
    os.killpg(victim.pid, signal.SIGKILL)
    victim.wait(10)
    wait_until(lambda: settled(log_ids) and ratings_settled(200), 240,
               "every log decided and rated")
    count = count_results(log_ids, HANDS)
    report("kill -9 of a worker", count)
    assert count == Count(submitted=200, scored=200, lost=0, stuck=0, twice=0)
    check_standings(cup, matches)


def test_redis_stopped_for_20_seconds_during_submissions(stack, redis):
    cup, matches = round_robin(12)  # 66 matches
    stack.worker("worker-1")
    stack.worker("worker-2")
    stack.beat()
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_authenticate(get_user_model().objects.get(username="olga"))
    answers: list[Any] = []

    def submit(batch: list[Match]) -> None:
        for match in batch:
            response = api.post(f"/api/matches/{match.pk}/logs/", sheet_for(match),
                                content_type="application/json")
            answers.append((response.status_code, response.json()))

    submit(matches[:22])
    redis.stop()
    stopped = time.monotonic()
    submit(matches[22:44])  # while the broker is away: accepted, pending
    assert [status for status, _body in answers[22:]] == [202] * 22
    assert {body["status"] for _status, body in answers[22:]} == {"pending"}
    time.sleep(max(0.0, 20 - (time.monotonic() - stopped)))
    redis.start()  # empty: what was queued before is gone too
    submit(matches[44:])
    log_ids = [body["id"] for _status, body in answers]
    wait_until(lambda: settled(log_ids) and ratings_settled(66), 180,
               "every log decided and rated")
    count = count_results(log_ids, HANDS)
    report("Redis stopped 20 s", count)
    assert count == Count(submitted=66, scored=66, lost=0, stuck=0, twice=0)
    check_standings(cup, matches)


def test_the_database_refusing_connections_while_logs_are_scored(stack):
    settings = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.skip("the database's connections can be cut only on PostgreSQL")
    proxy = CuttableProxy(settings["HOST"] or "localhost", int(settings["PORT"] or 5432))
    try:
        through_proxy = database_url_for_worker().replace(
            f":{settings['PORT'] or 5432}/", f":{proxy.port}/").replace(
            f"@{settings['HOST'] or 'localhost'}:", "@127.0.0.1:")
        stack.env["DATABASE_URL"] = through_proxy
        cup, matches = round_robin(13)  # 78 matches
        stack.worker("worker-1")
        stack.worker("worker-2")
        stack.beat()
        log_ids = [match_log_submit(match=match, text=sheet_for(match)).pk
                   for match in matches]
        wait_until(lambda: MatchLog.objects.filter(pk__in=log_ids, status="scored")
                   .count() >= 10, 120, "the first 10 verdicts")
        proxy.cut_off()  # every worker's and beat's connection dies; new ones are refused
        time.sleep(15)
        proxy.restore()
        wait_until(lambda: settled(log_ids) and ratings_settled(78), 240,
                   "every log decided and rated")
        count = count_results(log_ids, HANDS)
        report("database refusing connections 15 s", count)
        assert count == Count(submitted=78, scored=78, lost=0, stuck=0, twice=0)
        check_standings(cup, matches)
    finally:
        proxy.close()
