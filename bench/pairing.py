"""Pairing figures: Swiss pairing for 128, 512 and 1,024 players, table reseating for 200.

    python bench/pairing.py [--rounds 7] [--seed 1] [--check]

(a) Swiss: a simulated event per field size (results drawn at random: 45 % first seat wins,
    45 % second, 10 % draws; one bye a round when the count is odd); the time of each
    round's :func:`pair_round` and the slowest one. The issue asks for under a second at
    1,024 players; ``--check`` exits with 1 if any round took longer.
(b) Tables: 200 Doppelkopf players reseated for ``--rounds`` rounds, standings moving a
    few places a round; time per round and the repeat table-mates left.

Times are CPU seconds of this process (``time.process_time``), so that other work on a
shared machine does not count. Needs networkx (see requirements.txt). Prints figures only,
unless ``--check``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing.swiss import SwissPlayer, pair_round
from tournaments.pairing.tables import Table, repeat_count, seat_round


def swiss_event(size: int, rounds: int, seed: int) -> list[tuple[float, int, int]]:
    """(seconds, floats, rematches) for each round of a simulated event."""
    rng = random.Random(seed)
    state = {i: {"score": 0, "opp": set(), "bye": False, "first": 0, "second": 0}
             for i in range(size)}
    figures = []
    for _ in range(rounds):
        players = [SwissPlayer(i, st["score"], i + 1, frozenset(st["opp"]), st["bye"],
                               st["first"], st["second"]) for i, st in state.items()]
        start = time.process_time()
        result = pair_round(players)
        figures.append((time.process_time() - start, result.floats, result.rematches))
        for pairing in result.pairings:
            first, second = state[pairing.first], state[pairing.second]
            first["opp"].add(pairing.second)
            second["opp"].add(pairing.first)
            first["first"] += 1
            second["second"] += 1
            roll = rng.random()
            first["score"] += 2 if roll < 0.45 else 1 if roll >= 0.9 else 0
            second["score"] += 2 if 0.45 <= roll < 0.9 else 1 if roll >= 0.9 else 0
        if result.bye is not None:
            state[result.bye]["bye"] = True
            state[result.bye]["score"] += 2
    return figures


def table_event(size: int, rounds: int, seed: int) -> list[tuple[float, int]]:
    rng = random.Random(seed)
    players = [f"P{i:03}" for i in range(size)]
    history: list[tuple[Table, ...]] = []
    figures = []
    for number in range(rounds):
        start = time.process_time()
        tables = seat_round(players, history=history, seed=number)
        figures.append((time.process_time() - start,
                        repeat_count([t.seats for t in tables], history)))
        history.append(tables)
        place = {p: i for i, p in enumerate(players)}
        players.sort(key=lambda p: place[p] + rng.randint(-8, 8))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="fail above 1 s a Swiss round")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{args.rounds} rounds, seed {args.seed}")
    slowest = 0.0
    print("Swiss pairing (CPU seconds per round; floats / rematches):")
    for size in (128, 512, 1024):
        figures = swiss_event(size, args.rounds, args.seed)
        times = [seconds for seconds, _, _ in figures]
        slowest = max(slowest, *times)
        rounds = "  ".join(f"{s:.3f}" for s in times)
        print(f"  {size:5} players: {rounds}  | slowest {max(times):.3f} s, mean "
              f"{sum(times) / len(times):.3f} s; floats {[f for _, f, _ in figures]}, "
              f"rematches {sum(r for _, _, r in figures)}")
    print("Table reseating, 200 Doppelkopf players (CPU seconds per round; repeats):")
    figures = table_event(200, args.rounds, args.seed)
    print("  " + "  ".join(f"{s:.3f}" for s, _ in figures)
          + f"  | slowest {max(s for s, _ in figures):.3f} s, repeat table-mates "
          f"{[r for _, r in figures]}")
    if args.check and slowest >= 1.0:
        print(f"FAIL: a Swiss round took {slowest:.3f} s (limit 1 s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
