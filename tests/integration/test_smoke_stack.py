"""The real stack as the README runs it: the Procfile under honcho (gunicorn for the web,
two Celery workers, beat), on the test database and a Redis of its own; 100 logs pushed
through the API over HTTP until every one is scored."""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from games.models import MatchLog, Player
from games.services import match_create
from league.models import RatingChange
from tests.brokers import free_port
from tests.documents import as_text, first_wins
from tests.integration.conftest import database_url_for_worker
from tests.integration.stack import PrivateRedis, Processes, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
BIN = Path(sys.executable).parent


def http(method: str, url: str, token: str, body: str | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(url, method=method, data=body.encode() if body else None,
                                     headers={"Authorization": f"Token {token}",
                                              "Content-Type": "application/json",
                                              "Accept-Language": "en"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def test_the_procfile_stack_scores_100_logs_sent_through_the_api(tmp_path, django_db_setup):
    # Production runs on PostgreSQL (deploy/production.env); on SQLite, two workers and the web
    # server writing at once answer "database busy" (a 503 a client retries), which is not
    # what this test measures.
    if connection.vendor != "postgresql":
        pytest.skip("the production stack runs on PostgreSQL: set DATABASE_URL")
    redis = PrivateRedis()
    redis.start()
    port = free_port()
    env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}",
           "DATABASE_URL": database_url_for_worker(), "REDIS_URL": redis.url,
           "SECRET_KEY": "smoke-test-key-" + "x" * 40, "DEBUG": "false",
           "ALLOWED_HOSTS": "127.0.0.1", "HOST": "127.0.0.1", "PORT": str(port),
           "WEB_CONCURRENCY": "2", "WEB_THREADS": "2", "WORKER_CONCURRENCY": "1",
           "STAMMTISCH_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "league.settings"}
    processes = Processes(tmp_path, env)
    try:
        user = get_user_model().objects.create_user("olga", is_staff=True)
        token = Token.objects.create(user=user).key
        players = [Player.objects.create(name=f"P{number:02}") for number in range(20)]
        matches = [match_create(game="gin", players=[players[n % 20], players[(n + 1 + n // 20)
                                                                            % 20]],
                                rules={"preset": "seed", "rounds": 1}) for n in range(100)]
        processes.start("honcho", [str(BIN / "honcho"), "start", "-c",
                                   "web=1,worker=2,beat=1"])
        base = f"http://127.0.0.1:{port}"

        def up() -> bool:
            try:
                with urllib.request.urlopen(f"{base}/healthz/", timeout=2) as response:
                    return response.status == 200
            except OSError:
                return False

        wait_until(up, 90, "the web server to answer /healthz/")
        log = processes.log("honcho")
        assert "web.1" in log and "worker.1" in log and "worker.2" in log and "beat.1" in log
        started = time.monotonic()
        log_ids = []
        for match in matches:
            names = [seat.player.name for seat in match.seats.order_by("index")]
            status, body = http("POST", f"{base}/api/matches/{match.pk}/logs/", token,
                                as_text(first_wins(*names)))
            assert status == 202, body
            log_ids.append(body["id"])

        def all_scored() -> bool:
            return MatchLog.objects.filter(pk__in=log_ids, status="scored").count() == 100 \
                and RatingChange.objects.count() == 200

        wait_until(all_scored, 240, "100 logs scored and rated")
        print(f"\nsmoke: 100 logs through the API scored in "
              f"{time.monotonic() - started:.1f} s")
        status, body = http("GET", f"{base}/api/logs/{log_ids[-1]}/", token)
        assert (status, body["status"]) == (200, "scored")
        # Every worker took part (the tasks are spread over both).
        worker_log = processes.log("honcho")
        assert worker_log.count("worker.1 |") > 0 and worker_log.count("worker.2 |") > 0
    finally:
        processes.stop_all()
        redis.stop()
