"""Real processes for the fault and smoke tests: a private Redis that can be stopped and
started again on its port, Celery workers, beat, a TCP proxy in front of PostgreSQL that can
refuse connections, and the count of what became of every submission."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.brokers import free_port

ROOT = Path(__file__).resolve().parents[2]

#: Short times, so that a fault is repaired within the test: a replay may take 10 s; what
#: waits 15 s is queued again by the sweep, which beat runs every 2 s.
FAST_SWEEP = {"CELERY_TASK_TIME_LIMIT": "10", "RESULTS_STUCK_AFTER": "15",
              "RESULTS_SWEEP_EVERY": "2"}


def wait_until(condition: Callable[[], Any], seconds: float, what: str,
               every: float = 0.3) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    pytest.fail(f"after {seconds} s still waiting for {what}")


class PrivateRedis:
    """A redis-server of the test's own, on a fixed port, that can be stopped and started
    again (its data is not kept, as a restarted Redis without persistence loses it)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("no redis-server installed")
        self.binary, self.port = binary, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(self.answers, 20, "Redis to answer")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping())
        except redis.RedisError:
            return False


@dataclass
class Processes:
    """Processes started for a test; each is stopped at the end, by its own id."""

    log_dir: Path
    env: dict[str, str]
    started: list[tuple[str, subprocess.Popen[bytes]]] = field(default_factory=list)

    def start(self, name: str, args: list[str], ready: bytes | None = None,
              extra_env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        log = self.log_dir / f"{name}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(args, cwd=ROOT, env={**self.env, **(extra_env or {})},
                                       stdout=out, stderr=subprocess.STDOUT,
                                       start_new_session=True)
        self.started.append((name, process))
        if ready is not None:
            wait_until(lambda: ready in log.read_bytes() or process.poll() is not None, 60,
                       f"{name} to start")
            if process.poll() is not None:
                pytest.fail(f"{name} stopped:\n{log.read_text()}")
        return process

    def worker(self, name: str) -> subprocess.Popen[bytes]:
        return self.start(name, [sys.executable, "-m", "celery", "-A", "league", "worker",
                                 "--pool=solo", "--loglevel=INFO", "--without-gossip",
                                 "--without-mingle", "-n", f"{name}-{os.getpid()}@%h"],
                          ready=b"ready.")

    def beat(self) -> subprocess.Popen[bytes]:
        return self.start("beat", [sys.executable, "-m", "celery", "-A", "league", "beat",
                                   "--loglevel=INFO", "-s",
                                   str(self.log_dir / "celerybeat-schedule")],
                          ready=b"beat: Starting")

    def log(self, name: str) -> str:
        return (self.log_dir / f"{name}.log").read_text(errors="replace")

    def stop_all(self) -> None:
        for _name, process in reversed(self.started):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for _name, process in self.started:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)


class CuttableProxy:
    """A TCP proxy to the database that can be cut: every connection through it is closed
    and new ones are refused until it is restored (the database "away")."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.cut = threading.Event()
        self.stopped = threading.Event()
        self.connections: list[socket.socket] = []
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", self.port))
        self.listener.settimeout(0.2)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopped.is_set():
            try:
                client, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:  # the listener closed under a pending accept: the proxy stops
                break
            if self.cut.is_set():
                client.close()  # refused: the client sees the server close at once
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.connections += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()

    def cut_off(self) -> None:
        self.cut.set()
        with self.lock:
            for sock in self.connections:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self.connections.clear()

    def restore(self) -> None:
        self.cut.clear()

    def close(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=1)  # its accept wakes every 0.2 s and sees the stop
        self.cut_off()
        self.listener.close()
        self.thread.join(5)


@dataclass(frozen=True)
class Count:
    submitted: int
    scored: int
    lost: int
    stuck: int
    twice: int


def count_results(log_ids: list[int], hands_per_log: int) -> Count:
    """What became of each submission: scored once (its hands stored once, its match scored,
    each player rated once for it), lost (no log), stuck (still waiting, or its verdict not
    announced), or counted twice (more hands or rating rows than one verdict makes)."""
    from django.db.models import Count as Rows

    from games.models import HandOutcome, Match, MatchLog
    from league.models import Rating, RatingChange

    logs = {log.pk: log for log in MatchLog.objects.filter(pk__in=log_ids)}
    lost = len(set(log_ids) - set(logs))
    stuck = sum(1 for log in logs.values() if log.status in ("pending", "scoring"))
    stuck += Match.objects.filter(logs__pk__in=log_ids,
                                  announcement_due_at__isnull=False).count()
    hands = dict(HandOutcome.objects.filter(log_id__in=log_ids).values_list("log_id")
                 .annotate(n=Rows("pk")).values_list("log_id", "n"))
    match_ids = [log.match_id for log in logs.values()]
    changes = dict(RatingChange.objects.filter(match_id__in=match_ids).values_list("match_id")
                   .annotate(n=Rows("pk")).values_list("match_id", "n"))
    twice = sum(1 for log in logs.values() if hands.get(log.pk, 0) > hands_per_log
                or changes.get(log.match_id, 0) > 2)
    # Each player's rating counts each of his matches once.
    played: dict[int, int] = {}
    for match in Match.objects.filter(pk__in=match_ids).prefetch_related("seats"):
        for seat in match.seats.all():
            played[seat.player_id] = played.get(seat.player_id, 0) + 1
    ratings = dict(Rating.objects.filter(game="gin").values_list("player_id", "matches"))
    twice += sum(1 for player, count in ratings.items() if count > played.get(player, 0))
    scored = sum(1 for log in logs.values() if log.status == "scored"
                 and hands.get(log.pk) == hands_per_log and changes.get(log.match_id) == 2)
    return Count(submitted=len(log_ids), scored=scored, lost=lost, stuck=stuck, twice=twice)
