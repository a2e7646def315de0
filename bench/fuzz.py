"""Fuzzing figures: mutated logs of every game through the replay, counted by outcome.

    python bench/fuzz.py [--count 100000] [--games gin,nerts] [--seed 1]

For each game, ``--count`` logs are made from its example logs (``docs/examples/<game>/``
and ``tests/data/<game>/``) by the mutators of ``tests/games/engines/mutate.py`` (the same
as the property test ``tests/games/engines/test_fuzz.py``): moves deleted, duplicated or
swapped; cards, numbers, types and nesting changed. Each log goes through both doors of the
service: the submitted text (``games.replay.replay_text``) and the parsed document handed to
the engine. Printed per game: logs tried, replayed, refused with an engine error, other
exceptions (the target is 0; the first few are shown with the seed that reproduces them),
and the time.

Prints figures only; nothing here asserts a count or a time.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engines.registry import game_slugs  # noqa: E402
from tests.games.engines.mutate import (  # noqa: E402
    REPLAYED,
    example_documents,
    mutate,
    try_log,
)

SHOWN = 5  # other exceptions printed per game


def fuzz_game(game: str, count: int, seed: int) -> tuple[Counter[str], list[str], float]:
    documents = example_documents(game)
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    start = time.perf_counter()
    for number in range(count):
        # One generator per log, so that a failure is reproduced from its own seed alone.
        log_seed = seed * 1_000_003 + number
        rng = random.Random(log_seed)
        mutated = mutate(documents[rng.randrange(len(documents))], rng, game=game)
        try:
            outcomes[try_log(game, mutated)] += 1
        except Exception as exc:  # counting what must never happen
            outcomes["other"] += 1
            if len(failures) < SHOWN:
                frame = traceback.extract_tb(exc.__traceback__)[-1]
                failures.append(f"log seed {log_seed}: {type(exc).__name__}: "
                                f"{str(exc)[:160]} ({Path(frame.filename).name}:"
                                f"{frame.lineno})")
    return outcomes, failures, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000, help="mutated logs per game")
    parser.add_argument("--games", default=",".join(game_slugs()),
                        help="comma-separated game slugs (default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.count:,} "
          f"mutated logs per game, seed {args.seed}")
    print(f"{'game':<18}{'tried':>10}{'replayed':>10}{'refused':>10}{'other':>8}"
          f"{'seconds':>10}{'logs/s':>9}")
    total_other = 0
    for game in args.games.split(","):
        outcomes, failures, elapsed = fuzz_game(game, args.count, args.seed)
        refused = args.count - outcomes[REPLAYED] - outcomes["other"]
        total_other += outcomes["other"]
        print(f"{game:<18}{args.count:>10,}{outcomes[REPLAYED]:>10,}{refused:>10,}"
              f"{outcomes['other']:>8,}{elapsed:>10.1f}{args.count / elapsed:>9,.0f}")
        for failure in failures:
            print(f"    {failure}")
    print(f"non-engine exceptions in all: {total_other}")


if __name__ == "__main__":
    main()
