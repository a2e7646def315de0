"""Real services for the integration tests: Redis, a Celery worker process, Chromium.

``REDIS_URL`` names a running Redis (CI starts one); without it a private ``redis-server`` is
started when the binary is installed. A test that cannot get its service skips, and in CI
(``STAMMTISCH_NO_SKIP=1``) a skip fails the run.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from tests.brokers import use_broker

ROOT = Path(__file__).resolve().parents[2]
# Playwright's sync API runs an event loop in this thread; the Django ORM calls the tests
# make between browser steps are ordinary blocking calls, which Django must be told is fine.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _redis_answers(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    url = os.environ.get("REDIS_URL")
    if url:
        if not _redis_answers(url):
            pytest.fail(f"REDIS_URL={url} does not answer")
        yield url
        return
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("no Redis: set REDIS_URL or install redis-server")
    port = _free_port()
    process = subprocess.Popen([binary, "--port", str(port), "--save", "", "--appendonly",
                                "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(50):
        if _redis_answers(url):
            break
        time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(10)


def database_url_for_worker() -> str:
    """The URL of the database the tests run on (the test database, not the main one)."""
    settings = connection.settings_dict
    if settings["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings['NAME']}"
    user, password = settings["USER"], settings["PASSWORD"]
    host, port = settings["HOST"] or "localhost", settings["PORT"] or 5432
    return f"postgres://{user}:{password}@{host}:{port}/{settings['NAME']}"


@pytest.fixture(scope="session")
def celery_worker_process(redis_url: str, django_db_setup: Any,
                          tmp_path_factory: pytest.TempPathFactory
                          ) -> Iterator[subprocess.Popen[bytes]]:
    """A real ``celery worker`` in its own process, on the test database and Redis.

    One worker serves every integration test of the session; tests that use it must commit
    (``django_db(transaction=True)``) so that the worker sees their rows.
    """
    from league.celery import app

    previous = {"broker_url": app.conf.broker_url,
                "task_always_eager": app.conf.task_always_eager}
    use_broker(app, broker_url=redis_url, task_always_eager=False)
    env = {**os.environ, "DATABASE_URL": database_url_for_worker(), "REDIS_URL": redis_url,
           "DJANGO_SETTINGS_MODULE": "league.settings", "SECRET_KEY": "test-worker-key"}
    log_file = tmp_path_factory.mktemp("worker") / "worker.log"
    with log_file.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "league", "worker", "--pool=solo",
             "--concurrency=1", "--loglevel=INFO", "--without-heartbeat", "--without-gossip",
             "--without-mingle", "-n", f"test-{os.getpid()}@%h"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_for(lambda: b"ready." in log_file.read_bytes(), 60,
                      lambda: f"the worker did not start:\n{log_file.read_text()}")
            yield process
        finally:
            process.terminate()
            process.wait(20)
            use_broker(app, **previous)


def _wait_for(condition: Any, seconds: float, message: Any) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(message())


CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser download)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:
    context = browser.new_context(locale="en-GB", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
