"""Statistics figures: what a verdict costs as the players' histories grow, what the pages
cost, and the replays of the match page.

    python bench/player_statistics.py [--sizes 10 100 1000] [--repeat 20]

(a) A verdict on a Gin match between two players who already have N counted matches each:
    the time of ``match_statistics_refresh`` (it sums each player's match rows again and
    reads his winning streaks) inside the verdict's transaction (the commit is the
    verdict's, not counted), median of ``--repeat`` runs.
(b) The pages at the same sizes: a player's statistics in Gin, the head-to-head of the two,
    the records of Gin; the time (median) and the number of queries of each (which must not
    grow with N).
(c) The match page's replays: building the sheet of a Gin round of eight played games and of
    the 14-deal Doppelkopf list with every deal's replay (median time).

The history is made of one real scored match (through the results flow) copied N times
(matches, seats, logs, statistics rows, encounters); the database is a fresh SQLite file
(``DATABASE_URL`` to use another). Prints figures only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
os.environ.setdefault("DEBUG", "false")  # as served: no query log, no debug templates
os.environ.setdefault("DATABASE_URL",
                      f"sqlite:///{tempfile.mkdtemp(prefix='stammtisch-bench-')}/bench.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from games.models import Match, MatchLog, Player, Seat  # noqa: E402
from games.services import match_create, match_log_replay, match_log_submit  # noqa: E402
from games.services.verdicts import match_verdict_announce  # noqa: E402
from games.web.sheets import sheet_context  # noqa: E402
from league.celery import app as celery_app  # noqa: E402
from league.models import Encounter, PlayerMatchStatistics  # noqa: E402
from league.services.statistics import match_statistics_refresh  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"


def scored(path: str, names: list[str] | None = None) -> Match:
    document = json.loads((EXAMPLES / path).read_text(encoding="utf-8"))
    if names:
        document["players"] = names
    players = [Player.objects.get_or_create(name=name)[0] for name in document["players"]]
    match = match_create(game=document["game"], players=players, rules=document["rules"])
    log = match_log_submit(match=match, text=json.dumps(document))
    match_log_replay(log_id=log.pk)
    match_verdict_announce(match_id=match.pk)
    match.refresh_from_db()
    return match


def grow(template: Match, extra: int) -> None:
    """``extra`` more counted matches like ``template`` (rows copied, not replayed)."""
    rows = list(PlayerMatchStatistics.objects.filter(match=template))
    encounters = list(Encounter.objects.filter(match=template))
    seats = list(template.seats.all())
    log = template.current_log
    for _ in range(extra):
        match = Match.objects.create(game=template.game, rules=template.rules,
                                     status=Match.Status.SCORED)
        copy = MatchLog.objects.create(match=match, version=1, text=log.text,
                                       source=MatchLog.Source.CLI, status=MatchLog.Status.SCORED,
                                       outcome=log.outcome, processed_at=log.processed_at)
        Match.objects.filter(pk=match.pk).update(current_log=copy)
        Seat.objects.bulk_create(Seat(match=match, index=seat.index, player_id=seat.player_id,
                                      score=seat.score, rank=seat.rank) for seat in seats)
        shift = timedelta(seconds=Match.objects.count())
        for row in rows:
            row.pk, row.match, row.played_at = None, match, row.played_at - shift
        PlayerMatchStatistics.objects.bulk_create(rows)
        for encounter in encounters:
            encounter.pk, encounter.match = None, match
            encounter.played_at -= shift
        Encounter.objects.bulk_create(encounters)


def median_time(step, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def page_figures(client: Client, url: str, repeat: int) -> tuple[float, int]:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200, url
    count = len(queries)  # read now: the next requests clear the connection's log
    return median_time(lambda: client.get(url), repeat), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    celery_app.conf.task_always_eager = True
    call_command("migrate", verbosity=0)

    template = scored("gin/score-sheet.json")
    anna, bert = (Player.objects.get(name=name) for name in ("Clara", "Dieter"))
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    urls = {"player statistics": f"/players/{anna.pk}/statistics/gin/",
            "head-to-head": f"/statistics/gin/head-to-head/{anna.pk}/{bert.pk}/",
            "records": "/statistics/gin/records/",
            "API player": f"/api/statistics/gin/players/{anna.pk}/"}
    print("(a) a verdict's statistics as the history grows  (b) the pages")
    print(f"{'matches':>8} {'refresh ms':>11}  " + "  ".join(
        f"{name + ' ms / queries':>30}" for name in urls))
    have = 1
    for size in args.sizes:
        with transaction.atomic():  # one commit for the copies, not thousands
            grow(template, size - have)
        have = size
        with transaction.atomic():
            refresh = median_time(lambda: match_statistics_refresh(match=template),
                                  args.repeat)
        figures = [page_figures(client, url, args.repeat) for url in urls.values()]
        print(f"{size:>8} {refresh * 1000:>11.1f}  " + "  ".join(
            f"{seconds * 1000:>22.1f} / {queries:>5}" for seconds, queries in figures))

    print("\n(c) the match page's sheet with its replays")
    for path in ("gin/recorded-round.json", "doppelkopf/liste-hausregeln.json"):
        match = scored(path, None)
        log = match.current_log
        seconds = median_time(lambda log=log, match=match: sheet_context(match, log),
                              args.repeat)
        page = median_time(lambda match=match: client.get(f"/matches/{match.pk}/"),
                           args.repeat)
        size = len(client.get(f"/matches/{match.pk}/").content)
        print(f"{path:<36} sheet {seconds * 1000:7.1f} ms · page {page * 1000:7.1f} ms · "
              f"{size / 1024:6.0f} KiB")


if __name__ == "__main__":
    main()
