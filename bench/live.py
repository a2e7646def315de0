"""Live pages: what one poll of a "what changed" address costs as the history grows.

    python bench/live.py [--sizes 1000 20000 100000] [--seconds 1]

Builds a throwaway SQLite database (under a temporary directory) with one tournament whose
rounds hold ``size`` matches and as many friendlies beside it, then times the answers the
live pages poll every two seconds: a tournament's (its matches' latest change), the home
page's (every match) and a match's, each through the full Django request (test client),
and prints milliseconds per answer and how many answers one sync worker gives a second.
Prints figures only.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["STAMMTISCH_VAR_DIR"] = tempfile.mkdtemp(prefix="stammtisch-bench-live-")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
os.environ.pop("DATABASE_URL", None)
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from bench.timing import timed  # noqa: E402
from games.models import Match  # noqa: E402
from tournaments.models import Round, Stage, Tournament  # noqa: E402


def build(size: int) -> tuple[str, int]:
    Match.objects.all().delete()
    Tournament.objects.all().delete()
    tournament = Tournament.objects.create(name=f"Bench {size}", slug=f"bench-{size}",
                                           game="gin", format="round_robin",
                                           status=Tournament.Status.RUNNING)
    stage = Stage.objects.create(tournament=tournament, number=1, format="round_robin")
    rounds = Round.objects.bulk_create(
        [Round(tournament=tournament, stage=stage, number=number)
         for number in range(1, size // 100 + 2)])
    Match.objects.bulk_create(
        [Match(game="gin", round=rounds[index // 100], position=index % 100,
               status=Match.Status.SCORED) for index in range(size)], batch_size=2000)
    Match.objects.bulk_create([Match(game="gin") for _ in range(size)], batch_size=2000)
    last = Match.objects.filter(round__tournament=tournament).order_by("-pk").first()
    assert last is not None
    return tournament.slug, last.pk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 20000, 100000])
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    client = Client()
    print(f"{'matches':>8}  {'answer':<22} {'ms each':>8} {'per second':>11}")
    for size in args.sizes:
        started = time.perf_counter()
        slug, match = build(size)
        built = time.perf_counter() - started
        for name, url in (("tournament", f"/live/tournaments/{slug}/"),
                          ("home (all matches)", "/live/home/"),
                          ("match", f"/live/matches/{match}/")):
            assert client.get(url).status_code == 200
            calls, elapsed, _ = timed(args.seconds, lambda url=url: (client.get(url), 1)[1])
            print(f"{size:>8}  {name:<22} {1000 * elapsed / calls:>8.2f} "
                  f"{calls / elapsed:>11.0f}")
        print(f"{'':>8}  (built {2 * size} matches in {built:.1f} s)")


if __name__ == "__main__":
    main()
