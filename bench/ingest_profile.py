"""Where the ingest's time goes, on the real stack: while ``bench/service.py``'s ingest runs
(a round robin's logs submitted through the API, scored by two Celery workers), the CPU
time every process used (the web server, the workers' main processes and their pool
children, PostgreSQL, Redis, this benchmark's clients) and what PostgreSQL's backends were
doing (``pg_stat_activity`` sampled every few milliseconds: running, or waiting for a lock,
a flush, the client).

    .venv/bin/python bench/ingest_profile.py --database NAME [--ingest 29] [--processes 1]

NAME is a database made by ``scale_data`` (``bench/service.py --database NAME --reuse``
keeps one); each run adds one round robin to it. ``--processes`` is the pool of each of the
two workers (the benchmark's is 1; the Procfile's default 2). It prints tables and asserts
nothing: docs/performance.md reads them ("Where the ingest's time goes").
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import service  # the benchmark's stack and its ingest, from this folder

TICKS = os.sysconf("SC_CLK_TCK")


def _command(pid: str) -> str:
    with open(f"/proc/{pid}/cmdline", "rb") as handle:
        return handle.read().replace(b"\0", b" ").decode(errors="replace")


def cpu_seconds() -> Counter[str]:
    """The CPU time (user and system) of the stack's processes so far, by kind."""
    used: Counter[str] = Counter()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = _command(pid)
            with open(f"/proc/{pid}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            parent = _command(fields[1])
        except OSError:
            continue  # gone meanwhile
        if "gunicorn" in command:
            kind = "web server"
        elif "celery" in command:
            kind = ("workers' pool children" if "celery" in parent
                    else "workers' main processes")
        elif command.startswith("postgres"):
            kind = "PostgreSQL"
        elif "redis-server" in command:
            kind = "Redis"
        elif pid == str(os.getpid()):
            kind = "this benchmark (clients)"
        else:
            continue
        used[kind] += (int(fields[11]) + int(fields[12])) / TICKS
    return used


def machine_busy_seconds() -> float:
    """The CPU time the whole machine spent busy so far (every core, every process and the
    kernel): ``/proc/stat`` without its idle and I/O wait."""
    with open("/proc/stat") as handle:
        ticks = [int(value) for value in handle.readline().split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / TICKS


class Activity(threading.Thread):
    """Samples what the database's other backends are doing until stopped."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.seen: Counter[str] = Counter()
        self.samples = 0
        self.done = threading.Event()

    def run(self) -> None:
        from django.db import connection

        try:
            with connection.cursor() as cursor:
                while not self.done.is_set():
                    cursor.execute(
                        "SELECT coalesce(wait_event_type || ':' || wait_event, 'running'),"
                        " left(query, 60) FROM pg_stat_activity WHERE datname ="
                        " current_database() AND state = 'active'"
                        " AND pid <> pg_backend_pid()")
                    self.samples += 1
                    for state, query in cursor.fetchall():
                        # A lock is named with the statement that waits for it.
                        self.seen[f"{state}  {query}" if state.startswith("Lock") else state] += 1
                    time.sleep(0.005)
        finally:
            connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", required=True)
    parser.add_argument("--postgres", default="postgres://stammtisch_ci:stammtisch_ci@"
                                              "localhost:5432")
    parser.add_argument("--ingest", type=int, default=29,
                        help="players of the round robin whose logs are submitted")
    parser.add_argument("--processes", type=int, default=1,
                        help="the pool of each of the two workers")
    args = parser.parse_args()
    logs = service.ROOT / "var" / "bench"
    logs.mkdir(parents=True, exist_ok=True)
    with service.redis_server(logs) as redis_url:
        env = {**os.environ, "DATABASE_URL": f"{args.postgres}/{args.database}",
               "REDIS_URL": redis_url, "DEBUG": "false",
               "SECRET_KEY": secrets.token_urlsafe(50),
               "ALLOWED_HOSTS": "localhost,127.0.0.1", "LOG_LEVEL": "WARNING",
               "DJANGO_SETTINGS_MODULE": "league.settings"}
        os.environ.update(env)
        import django

        django.setup()
        stack = service.Stack(env, logs)
        try:
            port = service.free_port()
            stack.web(port)
            stack.workers(2, processes=args.processes)
            activity = Activity()
            marks: dict[str, Any] = {}

            def submitting() -> None:
                # From the first submission on: the round robin and its logs are made.
                marks.update(cpu=cpu_seconds(), busy=machine_busy_seconds(), at=time.time())
                activity.start()

            flow = service.ingest(port, args.ingest, submitters=4, submitting=submitting)
            activity.done.set()
            activity.join()
            used = cpu_seconds() - marks["cpu"]
            wall = time.time() - marks["at"]
            busy = machine_busy_seconds() - marks["busy"]
        finally:
            stack.stop()
    report(args, flow, used, wall, busy, activity)


def report(args: argparse.Namespace, flow: dict[str, float], used: Counter[str],
           wall: float, busy: float, activity: Activity) -> None:
    logs = flow["logs"]
    print(f"Ingest: {logs:.0f} logs, two workers of {args.processes} process(es); "
          f"{flow['scored_per_s']:.1f} logs/s scored end to end, {wall:.1f} s in all; "
          f"{flow['accepted_per_s']:.1f} submissions/s accepted; submission to verdict "
          f"p50 {flow['p50']:.2f} s, p95 {flow['p95']:.2f} s")
    print(f"\nCPU time ({sum(used.values()):.1f} s in {wall:.1f} s: "
          f"{sum(used.values()) / wall:.2f} of {os.cpu_count()} cores)")
    for kind, seconds in used.most_common():
        print(f"  {kind:28} {seconds:6.2f} s  {1000 * seconds / logs:6.1f} ms a log")
    # What no process's own count holds: the kernel's work for the sockets between them,
    # processes that ended during the run.
    print(f"The whole machine was busy {busy:.1f} s: {busy / wall:.2f} of {os.cpu_count()} "
          f"cores, {1000 * busy / logs:.1f} ms a log ({busy - sum(used.values()):.1f} s not "
          f"counted above)")
    print(f"\nPostgreSQL's active backends, {activity.samples} samples "
          f"(on average {sum(activity.seen.values()) / max(activity.samples, 1):.2f} at once)")
    for state, count in activity.seen.most_common(12):
        print(f"  {count:6d}  {state}")


if __name__ == "__main__":
    main()
