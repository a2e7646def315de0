"""``manage.py scale_data --players N --matches M``: a federation to measure the service on.

Players with first names and surnames; one event of every format (a 64-player Swiss, a round
robin of 21 with its 210 matches, a 128-player double elimination, Doppelkopf table rounds
of 200 players, Nerts tables); clubs with leagues of every game over seasons (the earlier
seasons closed with their final standings, fixtures and open play), until the database holds
``M`` matches. Every result is a random match of its game, played by the engine's random
play (a share of them as whole logs, the rest as score sheets), replayed and scored by the
engine, and checked as the replay task checks it; the results go into the database in bulk,
not through the task one by one. The ratings are then rebuilt in the order of play.

Running it again with more matches adds seasons (and players) to what is there; with the
same numbers it adds nothing. See docs/performance.md for the figures it makes.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from games.models import Match
from tournaments.management.scale.federation import POOL, SMALL_EVENTS, Federation


class Command(BaseCommand):
    help = "Build a large federation of clubs to measure the service on."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True,
                            help="how many players the federation has")
        parser.add_argument("--matches", type=int, required=True,
                            help="how many matches the database holds at the end")
        parser.add_argument("--seed", type=int, default=2026,
                            help="the seed of every random choice (the same seed, the same "
                                 "data)")
        parser.add_argument("--logs-share", type=float, default=0.05,
                            help="the share of results given as whole logs move by move "
                                 "(the rest are score sheets)")
        parser.add_argument("--processes", type=int, default=2,
                            help="processes that play and replay the matches")
        parser.add_argument("--pool", type=int, default=POOL,
                            help="how many different random matches of each game and number "
                                 "of seats the results are drawn from")
        parser.add_argument("--small-events", action="store_true",
                            help="a few players per event (for tests)")

    def handle(self, *args: Any, **options: Any) -> None:
        players, matches = options["players"], options["matches"]
        least = 50 if options["small_events"] else 480
        if players < least:
            raise CommandError(f"--players must be at least {least}: the events alone seat "
                               f"that many")
        if matches < 0 or not 0 <= options["logs_share"] <= 1:
            raise CommandError("--matches must be 0 or more, --logs-share between 0 and 1")
        started = time.perf_counter()
        # Every bracket step announces what it moved; the inline tasks' log lines would bury
        # the report.
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
        federation = Federation(seed=options["seed"], processes=max(1, options["processes"]),
                                logs_share=options["logs_share"], say=self.stdout.write,
                                pool=max(1, options["pool"]))
        try:
            pool = federation.players(players)
            self.stdout.write(f"{players} players ({federation.report.players} new)")
            self.stdout.write("Events:")
            federation.events(pool, sizes=SMALL_EVENTS if options["small_events"] else None)
            self.stdout.write("Leagues:")
            federation.leagues(pool, matches=matches)
            self.stdout.write(f"  {federation.report.seasons} seasons, "
                              f"{federation.report.matches} matches")
            federation.ratings()
        finally:
            federation.close()
        rated = ", ".join(f"{game} {count}" for game, count in federation.report.rated.items())
        self.stdout.write(f"Ratings rebuilt (matches rated: {rated})" if rated else
                          "Ratings kept: nothing new was made, and they are in line")
        if connection.vendor == "postgresql":
            # What autovacuum would do after a while: without the statistics of the tables
            # just filled, the planner takes them for empty (or never counted) and plans
            # reads over them as if they held a few rows; without the visibility map, an
            # index-only scan reads every row's page as well (the match search: 14 ms
            # against 8). VACUUM cannot run inside a transaction (a test's): ANALYZE there.
            tables = ", ".join(connection.ops.quote_name(name)
                               for name in connection.introspection.table_names())
            command = "ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE"
            with connection.cursor() as cursor:
                cursor.execute(f"{command} {tables}")
            self.stdout.write(f"Planner statistics refreshed ({command})")
        self.stdout.write(f"The database holds {Match.objects.count()} matches; "
                          f"{time.perf_counter() - started:.1f} s")
