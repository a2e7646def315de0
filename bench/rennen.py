"""Rennen benchmark: prints figures, asserts nothing.

    .venv/bin/python bench/rennen.py [--games 200]

- games replayed per second from recorded logs: random legal games are generated first, then
  written out as typed in from the table (market, hands and tie-break cards recorded, no
  seed) and replayed, checked and scored; the same for the seeded logs (the engine deals and
  reshuffles itself) and for the score-sheet form (facts only);
- random legal playouts per second: a whole game from a fresh stock to its end, every move
  chosen among the legal moves (``random_document``), with automatic and explicit Anlegen.

Times are CPU time of this process (``time.process_time``), i.e. per second on one core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.rennen import ENGINE
from games.engines.rennen.replay import recorded_document

PLAYERS = ["Anna", "Bert"]


def rate(label: str, count: int, seconds: float, unit: str = "games") -> None:
    print(f"{label:<52} {count / seconds:>10,.0f} {unit}/s   ({count} in {seconds:.2f} s)")


def timed(function: Any, items: list[Any]) -> float:
    start = time.process_time()
    for item in items:
        function(item)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    count = args.games

    made: dict[str, list[dict[str, Any]]] = {}
    for label, rules in (("automatic Anlegen", None),
                         ("explicit Anlegen", {"preset": "seed", "attach": "explicit"})):
        rng = random.Random(2026)
        start = time.process_time()
        made[label] = [ENGINE.random_document(rng=rng, players=PLAYERS, rules=rules)
                       for _ in range(count)]
        rate(f"random playouts, {label}", count, time.process_time() - start)

    # The replay figures use the games with automatic Anlegen (the seed's rules).
    seeded = made["automatic Anlegen"]

    recorded = [recorded_document(ENGINE, document) for document in seeded]
    sheets = []
    for document in seeded:
        result = ENGINE.replay(document)
        sheets.append(dict(document, deals=[{"facts": dict(hand.facts)}
                                            for hand in result.hands]))
    races = sum(len(document["deals"]) for document in recorded)
    moves = sum(len(deal["moves"]) for document in recorded for deal in document["deals"])
    print(f"({races / count:.1f} races and {moves / count:.0f} moves per game on average)")

    seconds = timed(ENGINE.replay, recorded)
    rate("games replayed from recorded logs", count, seconds)
    rate("races replayed from recorded logs", races, seconds, "races")
    rate("moves replayed from recorded logs", moves, seconds, "moves")
    rate("games replayed from seeded logs", count, timed(ENGINE.replay, seeded))
    rate("games scored from score sheets (facts)", count, timed(ENGINE.replay, sheets))


if __name__ == "__main__":
    main()
