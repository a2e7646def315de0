"""The query plans of the hot queries: every main page and API list is asked for once (with
nothing cached, so that the figures are computed too), its queries are captured, and the
slowest ones are shown with PostgreSQL's plan (``EXPLAIN (ANALYZE, BUFFERS)``).

    DATABASE_URL=postgres://... .venv/bin/python bench/plans.py [--top 12]

Run it on a database filled by ``manage.py scale_data``; docs/performance.md shows its
output for 100,000 matches. Prints figures and plans; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

import django

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from service import main_pages  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=12, help="how many queries to explain")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("the plans are PostgreSQL's: set DATABASE_URL")
    client = Client(HTTP_HOST="localhost")
    captured: list[tuple[float, str, str]] = []
    for name, url in main_pages():
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            status = client.get(url).status_code
            elapsed = time.perf_counter() - started
        print(f"{name:38} {url:58} {status} {len(queries):3} queries {elapsed * 1000:7.1f} ms")
        captured.extend((float(query["time"]), name, query["sql"])
                        for query in queries.captured_queries)
    print()
    seen: set[str] = set()
    shown = 0
    for seconds, name, sql in sorted(captured, reverse=True):
        shape = sql[:120]
        if shape in seen or not sql.lstrip().upper().startswith("SELECT"):
            continue
        seen.add(shape)
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) {sql}")
            plan = "\n".join(row[0] for row in cursor.fetchall())
        print(f"--- {name}: {seconds * 1000:.1f} ms\n{sql}\n{plan}\n")
        shown += 1
        if shown >= args.top:
            break


if __name__ == "__main__":
    main()
