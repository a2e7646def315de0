"""Doppelkopf benchmark: prints figures, asserts nothing.

    .venv/bin/python bench/doppelkopf.py [--lists 200]

- deals replayed per second: random legal lists are generated first (recorded hands, seeded
  deals, score-sheet deals), then replayed and scored (target: 2,000 per second on one core);
- random legal deals per second: generating a random legal deal (negotiation and play) and
  checking it.

Times are CPU time of this process (``time.process_time``), i.e. per second on one core, so
that other work on the machine does not distort them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines.doppelkopf import ENGINE

PLAYERS = ["Anna", "Bert", "Carl", "Dora"]


def with_recorded_hands(document: dict, result) -> dict:  # type: ignore[no-untyped-def]
    """The same list as typed in from the table: every hand written out, no seed."""
    deals = []
    for deal, hand in zip(document["deals"], result.hands, strict=True):
        deals.append(dict(deal, dealer=hand.detail["dealer"], hands=hand.detail["hands"]))
    return dict(document, deals=deals, seed=None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lists", type=int, default=200)
    args = parser.parse_args()

    start = time.process_time()
    documents = [ENGINE.random_document(rng=random.Random(i), players=PLAYERS)
                 for i in range(args.lists)]
    generated = time.process_time() - start
    deals = sum(len(d["deals"]) for d in documents)
    print(f"random legal deals:            {deals / generated:8.0f} per second "
          f"({deals} deals in {args.lists} lists, {generated:.2f} s)")

    recorded = [with_recorded_hands(d, ENGINE.replay(d)) for d in documents]
    for label, docs in (("seeded", documents), ("recorded hands", recorded)):
        start = time.process_time()
        for document in docs:
            ENGINE.replay(document)
        elapsed = time.process_time() - start
        print(f"deals replayed, {label + ':':15} {deals / elapsed:8.0f} per second "
              f"({elapsed:.2f} s)")

    sheets = []
    for document in documents:
        result = ENGINE.replay(document)
        sheets.append(dict(document, seed=None, deals=[
            dict({"dealer": h.detail["dealer"], "facts": h.facts},
                 **({"special": d["special"]} if "special" in d else {}))
            for d, h in zip(document["deals"], result.hands, strict=True)]))
    start = time.process_time()
    for document in sheets:
        ENGINE.replay(document)
    elapsed = time.process_time() - start
    print(f"score-sheet deals replayed:    {deals / elapsed:8.0f} per second ({elapsed:.2f} s)")


if __name__ == "__main__":
    main()
