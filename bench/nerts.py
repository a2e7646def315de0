"""Nerts engine figures: hands replayed per second, random simultaneous playouts per second.

    python bench/nerts.py [--seconds 3] [--documents 12]

(a) hands replayed and validated per second (and actions per second) from recorded logs:
    whole matches to 100 made by ``random_document`` for 2, 4 and 6 players and for three
    teams, dealt from their seed, every action checked and the detail built;
(b) random legal playouts per second: one hand from a fresh seeded deal to its end (a call
    or a stuck table), every action chosen by the random players of ``randomplay`` and
    checked by ``apply``;
(c) the example logs of ``docs/examples/nerts`` replayed per second.

Prints figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import timed  # noqa: E402  (bench/timing.py, next to this script)

from games.engines.nerts import ENGINE  # noqa: E402
from games.engines.nerts.randomplay import play_random_hand  # noqa: E402
from games.engines.nerts.replay import read_table, start_hand  # noqa: E402
from games.engines.nerts.rules import NertsRules  # noqa: E402

NAMES = ["Anna", "Bert", "Cora", "Dirk", "Emil", "Fritz"]
TABLES: list[tuple[str, list[str], dict[str, object]]] = [
    ("2 players", NAMES[:2], {}),
    ("4 players", NAMES[:4], {}),
    ("6 players", NAMES, {}),
    ("3 teams of 2", NAMES, {"partnerships": True}),
]


def bench_replay(label: str, players: list[str], rules: dict[str, object], seconds: float,
                 documents: int) -> None:
    docs = [ENGINE.random_document(rng=random.Random(seed), players=players, rules=rules)
            for seed in range(documents)]
    hands = [len(doc["deals"]) for doc in docs]
    actions = [sum(len(deal["moves"]) for deal in doc["deals"]) for doc in docs]
    index = done_actions = 0

    def step() -> int:
        nonlocal index, done_actions
        which = index % len(docs)
        index += 1
        ENGINE.replay(docs[which])
        done_actions += actions[which]
        return hands[which]

    _calls, elapsed, done_hands = timed(seconds, step)
    print(f"  {label:14} {done_hands / elapsed:8.1f} hands/s  {done_actions / elapsed:9.0f} "
          f"actions/s  ({sum(actions) / sum(hands):.0f} actions a hand, "
          f"{sum(hands) / len(docs):.1f} hands a match)")


def bench_playouts(label: str, players: list[str], rules_spec: dict[str, object],
                   seconds: float) -> None:
    rules = NertsRules(**rules_spec)  # type: ignore[arg-type]
    document: dict[str, object] = {}
    if rules.partnerships:
        document["teams"] = [{"name": f"T{i}", "players": players[i:i + 2]}
                             for i in range(0, len(players), 2)]
    table = read_table(document, players, rules)
    rng = random.Random(1)
    count = 0

    def step() -> int:
        nonlocal count
        count += 1
        hand = start_hand(rules, table, {}, number=count, seed="bench")
        return len(play_random_hand(hand, rng))

    calls, elapsed, units = timed(seconds, step)
    print(f"  {label:14} {calls / elapsed:8.1f} hands/s  {units / elapsed:9.0f} actions/s")


def bench_examples(seconds: float) -> None:
    docs = [json.loads(path.read_text())
            for path in sorted((ROOT / "docs/examples/nerts").glob("*.json"))]
    hands = sum(len(doc["deals"]) for doc in docs)
    calls, elapsed, _ = timed(seconds, lambda: sum(len(ENGINE.replay(d).hands) for d in docs))
    print(f"  {len(docs)} examples    {calls * hands / elapsed:8.1f} hands/s  "
          f"({calls * len(docs) / elapsed:.1f} documents/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    parser.add_argument("--documents", type=int, default=12, help="matches per table")
    args = parser.parse_args()
    print(f"Nerts engine, Python {platform.python_version()} on {platform.machine()}")
    print("(a) replay and validate recorded matches (to 100, seeded):")
    for label, players, rules in TABLES:
        bench_replay(label, players, rules, args.seconds, args.documents)
    print("(b) random legal simultaneous playouts (one hand each):")
    for label, players, rules in TABLES:
        bench_playouts(label, players, rules, args.seconds)
    print("(c) the documented examples:")
    bench_examples(args.seconds)


if __name__ == "__main__":
    main()
