"""Gin engine figures: replay speed, random playouts, and OpenSpiel for comparison.

    python bench/gin.py [--seconds 3] [--documents 40]

(a) games replayed and validated per second from recorded logs (full parties made by
    ``random_document``, every deal recorded with hands and named draws);
(b) random legal playouts per second: one game from a fresh shuffle to its end, every move
    chosen uniformly among the legal moves (rules ``seed``, and with ``failed_knock: reject``
    where the knock moves need the meld search on every discard);
(c) where ``pyspiel`` imports, OpenSpiel's ``gin_rummy`` random playouts per second the same
    way (chance outcomes sampled by their probabilities, player actions uniformly), and the
    ratios. OpenSpiel lives in its own venv:

    python3 -m venv /work/osvenv && /work/osvenv/bin/pip install open_spiel
    PYTHONPATH=. /work/osvenv/bin/python bench/gin.py

Prints figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import timed

from games.engines.gin import ENGINE, GinRules
from games.engines.gin.play import random_playout


def bench_replay(seconds: float, documents: int) -> float:
    docs = [ENGINE.random_document(rng=random.Random(seed), players=["Anna", "Bert"])
            for seed in range(documents)]
    deals = sum(len(doc["deals"]) for doc in docs)
    moves = sum(len(deal["moves"]) for doc in docs for deal in doc["deals"])
    for doc in docs:  # warm the caches a real worker would have warm too
        ENGINE.replay(doc)
    index = 0

    def step() -> int:
        nonlocal index
        result = ENGINE.replay(docs[index % len(docs)])
        index += 1
        return len(result.hands)

    calls, elapsed, games = timed(seconds, step)
    rate = games / elapsed
    print(f"(a) replay: {documents} recorded parties, {deals} games, {moves} moves")
    print(f"    {rate:,.0f} games/s replayed and validated ({calls / elapsed:,.1f} parties/s, "
          f"{rate * moves / deals:,.0f} moves/s)")
    return rate


def bench_playouts(seconds: float, rules: GinRules, label: str) -> float:
    rng = random.Random(1)
    endings = {"dead": 0, "knock": 0}

    def step() -> int:
        state = random_playout(rules, rng)
        endings["dead" if state.dead else "knock"] += 1
        return 1

    _calls, elapsed, games = timed(seconds, step)
    rate = games / elapsed
    print(f"(b) random playouts ({label}): {rate:,.0f} games/s "
          f"({endings['knock']} knocked, {endings['dead']} dead)")
    return rate


def bench_openspiel(seconds: float) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("(c) OpenSpiel: pyspiel does not import here (see the docstring for its venv)")
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)

    def step() -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return 1

    _calls, elapsed, games = timed(seconds, step)
    rate = games / elapsed
    print(f"(c) OpenSpiel gin_rummy random playouts: {rate:,.0f} games/s")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--documents", type=int, default=40)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    replay = bench_replay(args.seconds, args.documents)
    playout = bench_playouts(args.seconds, GinRules(), "seed rules")
    bench_playouts(args.seconds, GinRules(failed_knock="reject"), "failed_knock=reject")
    openspiel = bench_openspiel(args.seconds)
    if openspiel:
        print(f"ratios: our playouts / OpenSpiel = {playout / openspiel:.1f}x "
              f"(target >= 1); replay / OpenSpiel playouts = {replay / openspiel:.1f}x "
              "(target >= 10)")


if __name__ == "__main__":
    main()
