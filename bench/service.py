"""Stammtisch as a service, measured on the real stack: PostgreSQL, Redis, the Procfile's web
server (gunicorn) and two Celery workers, on a federation made by ``manage.py scale_data``.

    .venv/bin/python bench/service.py [--players 10000] [--small 10000] [--large 100000]
                                      [--requests 20] [--readers 10] [--ingest 29]
                                      [--database NAME] [--small-database NAME] [--reuse]

1. Two databases of their own on the PostgreSQL of ``--postgres`` (``--database`` and
   ``--small-database``, default ``--database`` with ``_small``; dropped and made anew
   unless ``--reuse``), a Redis of its own; ``scale_data`` fills one with ``--small``
   matches and the other with ``--large`` (both times are printed). Both can be kept
   (``--reuse``) and measured again without building them anew.
2. Reads, at both sizes, each size served by a web server of its own: every main page and
   API list, after one request that warms it, ``--requests`` times by one reader (the
   requests alternate between the sizes, so that both meet the same machine: the
   checkpoint after a build, another process's work) and ``--requests`` times by each of
   ``--readers`` readers at once; p50 and p95 of each, and the ratio large/small of the
   one reader's p50 (the cost of growth, measured in one run).
3. Ingest, on the large dataset: a round robin of 29 players (406 matches) whose logs are
   submitted through the API by four clients at once: submissions accepted per second, logs
   scored per second from the first submission to the last verdict, submission to scored
   p50/p95 (the log's own times in the database), and the time from the last verdict until
   the ratings hold every one of those matches.

It prints tables; it asserts nothing about time. The machine's load (``os.getloadavg``) is
printed with them: the figures are only as quiet as the machine.
"""

from __future__ import annotations

import argparse
import http.client
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# --- The stack ----------------------------------------------------------------------------


class Stack:
    """Redis, the web server and two workers, each a process of the Procfile's command."""

    def __init__(self, env: dict[str, str], logs: Path) -> None:
        self.env = env
        self.logs = logs
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self, name: str, command: list[str], ready: Callable[[], bool],
              extra: dict[str, str] | None = None) -> None:
        log = (self.logs / f"{name}.log").open("ab")
        process = subprocess.Popen(command, cwd=ROOT, env={**self.env, **(extra or {})},
                                   stdout=log, stderr=subprocess.STDOUT)
        self.processes.append(process)
        deadline = time.monotonic() + 90
        while not ready():
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{name} did not start; see {self.logs / name}.log")
            time.sleep(0.3)

    def web(self, port: int) -> None:
        procfile = (ROOT / "Procfile").read_text().splitlines()
        web = next(line.split(":", 1)[1].split() for line in procfile
                   if line.startswith("web:"))
        command = [str(ROOT / ".venv" / "bin" / web[0]), *web[1:]]
        self.start("web", command, lambda: _answers(port),
                   {"PORT": str(port), "HOST": "127.0.0.1"})

    def workers(self, count: int = 2, processes: int = 1) -> None:
        for number in range(count):
            log = self.logs / f"worker{number}.log"
            self.start(f"worker{number}", [
                PYTHON, "-m", "celery", "-A", "league", "worker", f"--concurrency={processes}",
                "--loglevel=INFO", "-n", f"bench{number}@%h", "--without-gossip",
                "--without-mingle"], lambda log=log: log.exists() and b"ready." in log.read_bytes())

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes.clear()


def _answers(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        connection.request("GET", "/api/", headers={"Host": "localhost"})
        return connection.getresponse().status < 500
    except OSError:
        return False


@contextmanager
def redis_server(logs: Path) -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is needed (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen([binary, "--port", str(port), "--save", "", "--appendonly",
                                "no"], stdout=(logs / "redis.log").open("wb"),
                               stderr=subprocess.STDOUT)
    time.sleep(0.5)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


def manage(env: dict[str, str], *args: str) -> float:
    started = time.perf_counter()
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True)
    return time.perf_counter() - started


# --- The pages ----------------------------------------------------------------------------


# The functions below read the database: they import the models when they run, since this
# module is imported (by bench/plans.py) and run before Django is set up on its database.


def main_pages() -> list[tuple[str, str]]:
    """Every main page and API list, on a database made by ``scale_data`` (Django set up)."""
    from django.db.models import Count

    from games.models import Match, Seat
    from league.models import League, Season

    pages = [("home", "/"), ("players", "/players/"), ("players, search", "/players/?q=ann"),
             ("tournaments", "/tournaments/"), ("leagues", "/leagues/"),
             ("matches", "/matches/"), ("matches, search", "/matches/?q=ann&game=gin"),
             ("leaderboards", "/leaderboards/"), ("leaderboard Gin", "/leaderboards/gin/"),
             ("leaderboard Doppelkopf", "/leaderboards/doppelkopf/"),
             ("leaderboard, search", "/leaderboards/gin/?q=ann")]
    for slug, name in (("round-robin", "round robin 21 (210 matches)"),
                       ("swiss", "Swiss 64"), ("double-elimination", "double elim. 128"),
                       ("doppelkopf-tables", "Doppelkopf tables 200"),
                       ("nerts-tables", "Nerts tables 60")):
        pages.append((f"tournament {name}", f"/tournaments/scale-{slug}/"))
    gin = League.objects.get(slug="club-001-gin")
    doko = League.objects.get(slug="club-001-doppelkopf")
    pages.append(("league", f"/leagues/{gin.slug}/"))
    pages.append(("league archive", f"/leagues/{gin.slug}/archive/"))
    open_season = doko.seasons.get(status=Season.Status.OPEN)
    closed = doko.seasons.filter(status=Season.Status.CLOSED).order_by("-closed_at").first()
    fixtures = gin.seasons.filter(mode=Season.Mode.FIXTURES).order_by("-starts_on").first()
    pages += [("season, open play", open_season.get_absolute_url()),
              ("season, closed", closed.get_absolute_url() if closed else "/"),
              ("season, fixtures", fixtures.get_absolute_url() if fixtures else "/")]
    busiest = (Seat.objects.filter(match__season__league__slug__startswith="club-001-")
               .values("player").order_by().annotate(n=Count("pk")).order_by("-n")
               .first())
    pages.append(("player", f"/players/{busiest['player']}/" if busiest else "/players/"))
    for game in ("gin", "doppelkopf"):
        match = Match.objects.filter(game=game, status="scored", season__isnull=False).first()
        pages.append((f"match {game}", match.get_absolute_url() if match else "/"))
    pages += [
        ("API players", "/api/players/"), ("API players, search", "/api/players/?search=ann"),
        ("API tournaments", "/api/tournaments/"), ("API leagues", "/api/leagues/"),
        ("API seasons", "/api/seasons/"), ("API matches (100)", "/api/matches/"),
        ("API matches, search", "/api/matches/?search=ann"),
        ("API leaderboard Gin", "/api/leaderboards/gin/"),
        ("API round robin matches", "/api/tournaments/scale-round-robin/matches/"),
        ("API round robin standings", "/api/tournaments/scale-round-robin/standings/"),
        ("API Swiss standings", "/api/tournaments/scale-swiss/standings/"),
        ("API bracket 128", "/api/tournaments/scale-double-elimination/bracket/"),
        ("API season standings", f"/api/seasons/{open_season.pk}/standings/"),
    ]
    return pages


class Reader:
    """One reader: one keep-alive connection, the time of every request."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection: http.client.HTTPConnection | None = None

    def get(self, url: str) -> tuple[float, int]:
        for _attempt in range(3):
            try:
                if self.connection is None:
                    self.connection = http.client.HTTPConnection("127.0.0.1", self.port,
                                                                 timeout=60)
                started = time.perf_counter()
                self.connection.request("GET", url, headers={"Host": "localhost",
                                                             "Accept-Language": "de"})
                response = self.connection.getresponse()
                response.read()
                return time.perf_counter() - started, response.status
            except (OSError, http.client.HTTPException):
                self.connection = None
        return 0.0, 599


Timed = list[tuple[float, int]]


def _together(port: int, url: str, *, requests: int, readers: int) -> Timed:
    def many(_reader: int) -> Timed:
        reader = Reader(port)
        return [reader.get(url) for _request in range(requests)]

    with ThreadPoolExecutor(readers) as pool:
        return [item for batch in pool.map(many, range(readers)) for item in batch]


def _figures(alone: Timed, together: Timed) -> dict[str, float]:
    return {"p50_1": 1000 * statistics.median(e for e, _s in alone),
            "p95_1": 1000 * percentile([e for e, _s in alone], 0.95),
            "p50_n": 1000 * statistics.median(e for e, _s in together),
            "p95_n": 1000 * percentile([e for e, _s in together], 0.95),
            "errors": sum(1 for _elapsed, status in alone + together if status != 200)}


def reads_in_turn(ports: dict[int, int], pages: dict[int, list[tuple[str, str]]], *,
                  requests: int, readers: int) -> dict[int, dict[str, dict[str, float]]]:
    """p50/p95 (ms) of every page at every size (each served on its port), by one reader
    and by ``readers`` at once; the one reader's requests alternate between the sizes."""
    sizes = list(ports)
    urls = {size: dict(pages[size]) for size in sizes}
    figures: dict[int, dict[str, dict[str, float]]] = {size: {} for size in sizes}
    for name, _url in pages[sizes[0]]:
        ones = {size: Reader(ports[size]) for size in sizes}
        for size in sizes:
            ones[size].get(urls[size][name])  # warm: the figures of this version computed
        alone: dict[int, Timed] = {size: [] for size in sizes}
        for _request in range(requests):
            for size in sizes:
                alone[size].append(ones[size].get(urls[size][name]))
        for size in sizes:
            figures[size][name] = _figures(alone[size], _together(
                ports[size], urls[size][name], requests=requests, readers=readers))
        print(f"  {name:34} " + "   ".join(
            f"{size:,}: {figures[size][name]['p50_1']:6.1f} {figures[size][name]['p95_1']:6.1f} "
            f"{figures[size][name]['p50_n']:6.1f} {figures[size][name]['p95_n']:6.1f} "
            f"{figures[size][name]['errors']:.0f}" for size in sizes), flush=True)
    return figures


# --- Ingest -------------------------------------------------------------------------------


def ingest(port: int, players: int, submitters: int,
           submitting: Callable[[], None] | None = None) -> dict[str, float]:
    """A round robin's logs submitted through the API; what the workers make of them.
    ``submitting`` is called once the round robin and its logs are made, as the first log
    is sent."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games.models import Match, MatchLog, Player
    from league.models import RatedMatch
    from tournaments.management.scale.federation import Federation
    from tournaments.services import tournament_create, tournament_enter, tournament_start

    user = get_user_model().objects.create_superuser(f"bench-{secrets.token_hex(4)}", "", "x")
    token = Token.objects.create(user=user).key
    field = list(Player.objects.order_by("-pk")[:players])
    tournament = tournament_create(name=f"Bench {secrets.token_hex(3)}", game="gin",
                                   format="round_robin", rules={"preset": "seed", "rounds": 1},
                                   organizer=user)
    for seed, player in enumerate(field, start=1):
        tournament_enter(tournament=tournament, player=player, seed=seed)
    tournament_start(tournament=tournament)
    matches = list(tournament.rounds.order_by("number").values_list("matches", flat=True))
    federation = Federation(seed=99, processes=1, logs_share=0.1, say=lambda text: None,
                            pool=200)
    texts = []
    for match in Match.objects.filter(pk__in=matches).prefetch_related("seats__player"):
        names = [seat.seated_player.name for seat in match.seats.order_by("index")]
        texts.append((match.pk, federation.texts("gin", [names])[0]))
    federation.close()

    accepted: list[float] = []
    lock = threading.Lock()

    def submit(items: list[tuple[int, str]]) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for match_id, text in items:
            connection.request("POST", f"/api/matches/{match_id}/logs/", body=text.encode(),
                               headers={"Host": "localhost", "Authorization": f"Token {token}",
                                        "Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            if response.status == 202:
                with lock:
                    accepted.append(time.time())

    if submitting is not None:
        submitting()
    started = time.time()
    with ThreadPoolExecutor(submitters) as pool:
        list(pool.map(submit, [texts[index::submitters] for index in range(submitters)]))
    submitted = time.time()
    logs = MatchLog.objects.filter(match_id__in=matches)
    deadline = time.time() + 600
    while logs.exclude(status__in=["scored", "rejected"]).exists() and time.time() < deadline:
        time.sleep(0.2)
    rows = list(logs.values_list("submitted_at", "processed_at", "status"))
    last_verdict = max(done.timestamp() for _sent, done, _status in rows if done)
    scored = [row for row in rows if row[2] == "scored"]
    while time.time() < deadline:
        rated = RatedMatch.objects.filter(match_id__in=matches).count()
        if rated >= len(scored):
            break
        time.sleep(0.05)
    caught_up = time.time()
    waits = [(done - sent).total_seconds() for sent, done, _status in scored]
    first = min(sent.timestamp() for sent, _done, _status in rows)
    return {"logs": len(rows), "accepted": len(accepted), "scored": len(scored),
            "accepted_per_s": len(accepted) / max(submitted - started, 1e-9),
            "scored_per_s": len(scored) / max(last_verdict - first, 1e-9),
            "p50": statistics.median(waits), "p95": percentile(waits, 0.95),
            "ratings_after": max(0.0, caught_up - last_verdict)}


# --- The run ------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--small", type=int, default=10_000)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--readers", type=int, default=10)
    parser.add_argument("--ingest", type=int, default=29,
                        help="players of the round robin whose logs are submitted")
    parser.add_argument("--postgres", default="postgres://stammtisch_ci:stammtisch_ci@"
                                              "localhost:5432")
    parser.add_argument("--database", default="stammtisch_bench")
    parser.add_argument("--small-database", default=None,
                        help="the database of --small (default: --database with _small)")
    parser.add_argument("--reuse", action="store_true",
                        help="keep the databases (and what scale_data made in them)")
    args = parser.parse_args()
    logs = ROOT / "var" / "bench"
    logs.mkdir(parents=True, exist_ok=True)
    sizes = (args.small, args.large)
    database_of = {args.small: args.small_database or f"{args.database}_small",
                   args.large: args.database}
    for name in database_of.values():
        if not args.reuse:
            subprocess.run(["psql", f"{args.postgres}/postgres", "-q", "-c",
                            f"DROP DATABASE IF EXISTS {name}", "-c",
                            f"CREATE DATABASE {name}"], check=True)
    print(f"Stammtisch service benchmark: {os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.1f}; logs of the processes in {logs}", flush=True)
    with redis_server(logs) as redis_url:
        base = {**os.environ, "REDIS_URL": redis_url,
                "DEBUG": "false", "SECRET_KEY": secrets.token_urlsafe(50),
                "ALLOWED_HOSTS": "localhost,127.0.0.1", "LOG_LEVEL": "WARNING",
                "DJANGO_SETTINGS_MODULE": "league.settings"}
        # Each size's figures in a Redis database of their own: the owners' names and
        # versions of the two databases are alike.
        envs = {size: {**base, "DATABASE_URL": f"{args.postgres}/{database_of[size]}",
                       "CACHE_URL": f"{redis_url.rsplit('/', 1)[0]}/{2 + index}"}
                for index, size in enumerate(sizes)}
        os.environ.update(envs[args.large])
        import django

        django.setup()
        from django.db import connection

        def use(size: int) -> None:
            """The benchmark's own reads (the pages' addresses, the ingest) go there."""
            connection.close()
            connection.settings_dict["NAME"] = database_of[size]

        builds, pages = {}, {}
        for size in sizes:
            use(size)
            manage(envs[size], "migrate", "--noinput", "-v0")
            builds[size] = manage(envs[size], "scale_data", "--players", str(args.players),
                                  "--matches", str(size))
            pages[size] = main_pages()
        stacks = {size: Stack(envs[size], logs / f"{size}") for size in sizes}
        ports = {size: free_port() for size in sizes}
        try:
            for size in sizes:
                stacks[size].logs.mkdir(exist_ok=True)
                stacks[size].web(ports[size])
            stacks[args.large].workers(2)
            print(f"\nReads (ms), each size: p50 p95 by one reader, p50 p95 by "
                  f"{args.readers}, errors", flush=True)
            results = reads_in_turn(ports, pages, requests=args.requests,
                                    readers=args.readers)
            print("\nIngest ...", flush=True)
            use(args.large)
            flow = ingest(ports[args.large], args.ingest, submitters=4)
        finally:
            for stack in stacks.values():
                stack.stop()
    report(args, builds, results, flow)


def report(args: argparse.Namespace, builds: dict[int, float],
           results: dict[int, dict[str, dict[str, float]]], flow: dict[str, float]) -> None:
    small, large = args.small, args.large
    print(f"\n== scale_data, {args.players:,} players"
          + (" (databases reused: only what was missing was built)" if args.reuse else ""))
    print(f"  {small:,} matches: {builds[small]:.0f} s; {large:,} matches: "
          f"{builds[large]:.0f} s (each a database of its own)")
    print(f"\n== Reads (ms), {args.readers} readers at once; growth = p50 at {large:,} / "
          f"p50 at {small:,} (one reader)")
    print(f"  {'page':34} {'1: p50':>7} {'p95':>7} {'n: p50':>7} {'p95':>7}   growth")
    for name, figures in results[large].items():
        before = results[small].get(name)
        growth = figures["p50_1"] / before["p50_1"] if before else float("nan")
        print(f"  {name:34} {figures['p50_1']:7.1f} {figures['p95_1']:7.1f} "
              f"{figures['p50_n']:7.1f} {figures['p95_n']:7.1f}   {growth:5.2f}")
    worst = max(results[large].items(), key=lambda item: item[1]["p95_n"])
    growth = max(figures["p50_1"] / results[small][name]["p50_1"]
                 for name, figures in results[large].items() if name in results[small])
    robin = results[large]["tournament round robin 21 (210 matches)"]["p50_1"]
    print(f"\n  worst p95 under {args.readers} readers: {worst[1]['p95_n']:.0f} ms "
          f"({worst[0]}; target at most 300)")
    print(f"  the 210-match tournament page, p50 by one reader: {robin:.0f} ms "
          f"(target at most 100)")
    print(f"  largest growth {small:,} -> {large:,}: {growth:.2f} (target at most 1.5)")
    print(f"\n== Ingest: {flow['logs']} logs of a round robin, 4 clients, two workers")
    print(f"  accepted: {flow['accepted_per_s']:.1f} submissions/s "
          f"({flow['accepted']} of {flow['logs']})")
    print(f"  scored end to end: {flow['scored_per_s']:.1f} logs/s (target at least 40)")
    print(f"  submission to scored: p50 {flow['p50']:.2f} s, p95 {flow['p95']:.2f} s")
    print(f"  ratings caught up {flow['ratings_after']:.2f} s after the last verdict "
          f"(target at most 5)")
    print(f"  machine load now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
