"""Das Rennen engine figures: replay speed and random playouts.

    python bench/katarenga_rennen.py [--seconds 3] [--documents 40]

(a) games replayed and validated per second from recorded logs: the documented example games
    (real races of 33-39 moves that end when a player fills the other half) and random
    documents (uniform random legal play, which practically never finishes the race and so
    runs to the move limit of 200 moves);
(b) random legal playouts per second: one game on a random board from the start to its end,
    every move chosen uniformly among the legal moves (rules ``seed``, and the ``yellow``
    variant, where bishops displace from the first move on);
(c) legal-move lists per second in the positions of those games.

There is no other Katarenga engine to compare with. Prints figures only; nothing here asserts
a time.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import timed  # noqa: E402  (bench/timing.py, next to this script)

from games.engines.katarenga_rennen import (  # noqa: E402
    ENGINE,
    Game,
    KatarengaRules,
    Move,
    parse_board,
)
from games.engines.katarenga_rennen.play import random_board, random_game  # noqa: E402


def cycle(documents: list[dict[str, Any]]) -> Callable[[], int]:
    index = 0

    def step() -> int:
        nonlocal index
        document = documents[index % len(documents)]
        ENGINE.replay(document)
        index += 1
        return sum(len(deal.get("moves", ())) for deal in document["deals"])

    return step


def bench_replay(seconds: float, documents: int) -> None:
    examples = [json.loads(path.read_text())
                for path in sorted((ROOT / "docs/examples/katarenga-rennen").glob("*.json"))]
    calls, elapsed, moves = timed(seconds, cycle(examples))
    games = sum(len([d for d in doc["deals"] if "moves" in d]) for doc in examples)
    per_doc = games / len(examples)
    print(f"(a) replay, example races:  {calls * per_doc / elapsed:8.0f} games/s  "
          f"{moves / elapsed:9.0f} moves/s")
    randoms = [ENGINE.random_document(rng=random.Random(seed), players=["Anna", "Bert"])
               for seed in range(documents)]
    calls, elapsed, moves = timed(seconds, cycle(randoms))
    print(f"    replay, random games:   {calls / elapsed:8.0f} games/s  "
          f"{moves / elapsed:9.0f} moves/s  (200-move draws)")


def bench_playouts(seconds: float) -> None:
    for preset in ("seed", "yellow"):
        rules = ENGINE.rules({"preset": preset})
        rng = random.Random(1)

        def step() -> int:
            return random_game(rng, rules=rules, board=random_board(rng)).ply  # noqa: B023

        calls, elapsed, moves = timed(seconds, step)
        print(f"(b) random playouts, {preset:6}: {calls / elapsed:7.0f} games/s  "
              f"{moves / elapsed:9.0f} moves/s  ({moves / calls:.0f} moves a game)")


def bench_legal_moves(seconds: float) -> None:
    rules = ENGINE.rules()
    rng = random.Random(2)
    positions: list[Game] = []
    game = Game(rules, parse_board("stammtisch"))
    while len(positions) < 200:
        if game.outcome is not None:
            game = Game(rules, random_board(rng))
        positions.append(replayed(rules, game))
        game.play(rng.choice(game.legal_moves()))
    index = 0

    def step() -> int:
        nonlocal index
        found = len(positions[index % len(positions)].legal_moves())
        index += 1
        return found

    calls, elapsed, moves = timed(seconds, step)
    print(f"(c) legal-move lists:      {calls / elapsed:8.0f} lists/s  "
          f"({moves / calls:.1f} moves a list)")


def replayed(rules: KatarengaRules, game: Game) -> Game:
    """A copy of ``game`` made by replaying its moves (positions stay independent)."""
    copy = Game(rules, game.board)
    for move in game.history:
        copy.play(Move.parse(move.text()))
    return copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--documents", type=int, default=40)
    args = parser.parse_args()
    print(f"Das Rennen engine, Python {platform.python_version()} on {platform.machine()}")
    bench_replay(args.seconds, args.documents)
    bench_playouts(args.seconds)
    bench_legal_moves(args.seconds)


if __name__ == "__main__":
    main()
