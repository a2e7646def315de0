"""The production server under load, as the Procfile starts it (gunicorn under honcho) on
PostgreSQL: waves of 60 parallel posts are all answered, none reset, and the server holds
no more database connections than its pool has threads, and none after it stops.

``runserver`` held a connection per request until garbage collection (44 after 820 requests,
then "too many connections") and reset connections under 60 parallel posts.
"""

from __future__ import annotations

import http.client
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from games.models import MatchLog, Player
from games.services import match_create
from tests.brokers import free_port
from tests.documents import as_text, first_wins
from tests.integration.conftest import database_url_for_worker
from tests.integration.stack import PrivateRedis, Processes, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
BIN = Path(sys.executable).parent
PROCESSES, THREADS = 2, 4
PARALLEL, WAVES = 60, 4


SERVER = "stammtisch-server-test"  # the application name the server's connections carry


def connections_of_the_server() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
                       [SERVER])
        return int(cursor.fetchone()[0])


def post(port: int, path: str, token: str, body: str) -> int:
    """One POST on a connection of its own; a reset or a dropped connection raises."""
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        client.request("POST", path, body=body.encode(), headers={
            "Authorization": f"Token {token}", "Content-Type": "application/json"})
        response = client.getresponse()
        response.read()
        return response.status
    finally:
        client.close()


def test_parallel_posts_leak_no_connections_and_are_never_reset(tmp_path, django_db_setup):
    if connection.vendor != "postgresql":
        pytest.skip("counts PostgreSQL's connections (pg_stat_activity): set DATABASE_URL")
    redis = PrivateRedis()  # the broker; no worker: the logs wait, as submitted
    redis.start()
    port = free_port()
    env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}",
           "DATABASE_URL": f"{database_url_for_worker()}?application_name={SERVER}",
           "REDIS_URL": redis.url,
           "SECRET_KEY": "server-test-key-" + "x" * 40, "DEBUG": "false",
           "ALLOWED_HOSTS": "127.0.0.1", "HOST": "127.0.0.1", "PORT": str(port),
           "WEB_CONCURRENCY": str(PROCESSES), "WEB_THREADS": str(THREADS),
           "STAMMTISCH_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "league.settings"}
    processes = Processes(tmp_path, env)
    user = get_user_model().objects.create_user("olga", is_staff=True)
    token = Token.objects.create(user=user).key
    players = [Player.objects.create(name=f"P{number:03}") for number in range(PARALLEL * WAVES)]
    matches = [match_create(game="gin", players=players[2 * n:2 * n + 2],
                            rules={"preset": "seed", "rounds": 1})
               for n in range(PARALLEL * WAVES // 2)]
    assert connections_of_the_server() == 0
    peak = [0]
    sampling = threading.Event()

    def sample() -> None:
        try:
            while not sampling.is_set():
                peak[0] = max(peak[0], connections_of_the_server())
                time.sleep(0.05)
        finally:
            connection.close()  # this thread's own

    try:
        processes.start("honcho", [str(BIN / "honcho"), "start", "web"])
        wait_until(lambda: _answers(port), 90, "gunicorn to answer /healthz/")
        sampler = threading.Thread(target=sample)
        sampler.start()
        started = time.monotonic()
        statuses: list[int] = []
        with ThreadPoolExecutor(PARALLEL) as pool:
            for wave in range(WAVES):
                # Half the wave submits logs, half creates players: writes of both kinds.
                logs = [pool.submit(post, port, f"/api/matches/{match.pk}/logs/", token,
                                    as_text(first_wins(*[seat.player.name for seat in
                                                         match.seats.order_by("index")])))
                        for match in matches[wave * PARALLEL // 2:(wave + 1) * PARALLEL // 2]]
                names = [pool.submit(post, port, "/api/players/", token,
                                     f'{{"name": "W{wave}-{number}"}}')
                         for number in range(PARALLEL // 2)]
                statuses += [future.result() for future in logs + names]
        elapsed = time.monotonic() - started
        sampling.set()
        sampler.join()
        held = connections_of_the_server()
        # Every post answered (a reset or a dropped connection would have raised above).
        assert sorted(set(statuses)) == [201, 202]
        assert (statuses.count(201), statuses.count(202)) == (PARALLEL * WAVES // 2,) * 2
        assert MatchLog.objects.filter(match__in=matches).count() == PARALLEL * WAVES // 2
        # At most one connection per thread of the pool, however many requests.
        assert 0 < peak[0] <= PROCESSES * THREADS
        assert held <= PROCESSES * THREADS
        print(f"\nserver: {len(statuses)} posts, {PARALLEL} at a time, answered in "
              f"{elapsed:.1f} s; the server's connections: {peak[0]} at the peak, {held} "
              f"after the last (pool {PROCESSES} x {THREADS})")
    finally:
        sampling.set()
        processes.stop_all()
        redis.stop()
    # Stopped: every connection the server had is closed.
    wait_until(lambda: connections_of_the_server() == 0, 30,
               "the server's connections to be closed")


def _answers(port: int) -> bool:
    try:
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        client.request("GET", "/healthz/")
        ok = client.getresponse().status == 200
        client.close()
        return ok
    except OSError:
        return False
