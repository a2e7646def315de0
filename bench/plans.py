"""The query plans of the hot queries: every main page and API list is asked for once (with
nothing cached, so that the figures are computed too), its queries are captured, and the
slowest ones are shown with PostgreSQL's plan (``EXPLAIN (ANALYZE, BUFFERS)``). With
``--hot``, the queries every request or task of a kind asks (the live pages' polls, the
lists' pages, a player's history, the rating task's reads) are explained by name instead.

    DATABASE_URL=postgres://... .venv/bin/python bench/plans.py [--top 12] [--hot]

Run it on a database filled by ``manage.py scale_data``; docs/performance.md shows its
output for 100,000 matches. Prints figures and plans; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

import django

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from service import main_pages  # noqa: E402


def hot_queries() -> list[tuple[str, Callable[[], Any]]]:
    """(name, a call that asks the query) of the hot queries, asked as the selectors the
    pages and tasks use ask them."""
    from django.db.models import Count

    from games.models import Match, Player, Seat
    from games.selectors import match_search
    from league.models import RatedMatch, RatingChange, Season
    from league.selectors import figures, leaderboard, league_search, live, player_matches

    season = Season.objects.filter(status=Season.Status.OPEN).select_related("league").first()
    assert season is not None, "run it on a database filled by scale_data"
    fixtures = Season.objects.filter(mode=Season.Mode.FIXTURES).first()
    busiest = (Seat.objects.values("player").order_by().annotate(n=Count("pk"))
               .order_by("-n").first())
    player = Player.objects.get(pk=busiest["player"]) if busiest else Player.objects.first()
    keys = RatedMatch.objects.filter(game="gin").order_by("key").values_list("key", flat=True)
    place = keys[keys.count() // 2] if keys.exists() else ""
    return [
        ("live poll: the site", live.home_changed),
        ("live poll: a season", lambda: live.season_changed(league=season.league.slug,
                                                             season=season.slug)),
        ("live poll: a tournament",
         lambda: live.tournament_changed(slug="scale-round-robin")),
        ("match list, one game, newest first (a page)",
         lambda: list(match_search(game="gin")[:50])),
        ("match list, a player's name (a page)", lambda: list(match_search(text="ann")[:50])),
        ("a player's matches, latest changed first (a page, without the prefetch)",
         lambda: list(player_matches(player=player).prefetch_related(None)[:50])),
        ("players, search by name (a page)",
         lambda: list(Player.objects.filter(name__icontains="ann").order_by("name")[:50])),
        ("leagues by name (a page)", lambda: list(league_search()[:50])),
        ("leaderboard Gin (a page)", lambda: list(leaderboard(game="gin")[:50])),
        ("a player's latest 100 rating steps in Gin",
         lambda: list(RatingChange.objects.filter(player=player, game="gin")
                      .order_by("-key")[:100])),
        ("the figures' versions of a season and its league",
         lambda: figures.figures_version(figures.season_owner(season.pk),
                                         figures.league_owner(season.league_id))),
        ("a season's match days",
         lambda: list(Match.objects.filter(season=fixtures, match_day__isnull=False)
                      .order_by("match_day").values_list("match_day", flat=True)
                      .distinct())),
        ("rating task: Gin's history from the middle on",
         lambda: list(RatingChange.objects.filter(game="gin", key__gte=place)
                      .order_by("key").values_list("key", "match_id", "player_id"))),
        ("rating task: the match's place", lambda: RatedMatch.objects.filter(
            game="gin", key__gt=place).order_by("key").values("key").first()),
    ]


def explain_hot() -> None:
    """Each hot query asked once, then explained as it was sent."""
    for name, ask in hot_queries():
        with CaptureQueriesContext(connection) as queries:
            ask()
        sql = queries.captured_queries[-1]["sql"]
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN (ANALYZE, COSTS OFF) {sql}")
            plan = "\n".join(row[0] for row in cursor.fetchall())
        print(f"--- {name}\n{plan}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=12, help="how many queries to explain")
    parser.add_argument("--hot", action="store_true",
                        help="explain the named hot queries instead of the slowest")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("the plans are PostgreSQL's: set DATABASE_URL")
    if args.hot:
        explain_hot()
        return
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
