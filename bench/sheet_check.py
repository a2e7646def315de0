"""The row check benchmark: how long the page waits for the answer to a typed row; prints
figures, asserts nothing.

    .venv/bin/python bench/sheet_check.py [--seconds 3]

The match page checks the whole sheet every time a row changes (``games.sheets.check``,
behind ``POST /api/matches/{id}/check/``), so what counts is one check of a full sheet:

- a Doppelkopf list of 24 deals (the DDV table round of the browser test) and of 200 deals;
- a Gin partie of 40 games; a Nerts evening of 30 hands of six decks;
- Das Rennen on the board, 200 moves into a game (the position and every legal move).

Times are CPU time of this process (``time.process_time``), per check on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engines import get_engine  # noqa: E402
from games.engines.doppelkopf.randomplay import random_document as doppelkopf_list  # noqa: E402
from games.engines.katarenga_rennen.board import parse_board  # noqa: E402
from games.engines.katarenga_rennen.state import Game  # noqa: E402
from games.sheets import sheet_for  # noqa: E402
from games.sheets.base import SheetContext  # noqa: E402
from games.sheets.check import check_sheet  # noqa: E402


def context(game: str, players: list[str], rules: dict[str, Any]) -> SheetContext:
    return SheetContext(game, tuple(players), get_engine(game).rules(rules), rules, rows=0)


def rows_of(document: dict[str, Any]) -> list[dict[str, str]]:
    """The sheet rows a club writes for a played document (its facts, read back)."""
    game = document["game"]
    result = get_engine(game).replay(document)
    ctx = context(game, document["players"], document.get("rules") or {})
    sheet = sheet_for(game)
    assert sheet is not None
    rows = []
    for hand in result.hands:
        row = sheet.row_of({"facts": hand.facts}, ctx)
        assert row is not None
        if game == "gin":
            row["dealer"] = str(hand.detail["dealer"])
        rows.append(row)
    return rows


def per_check(game: str, players: list[str], rules: dict[str, Any],
              rows: list[dict[str, str]], seconds: float) -> tuple[float, int]:
    sheet = sheet_for(game)
    assert sheet is not None
    ctx = context(game, players, rules)
    answer = check_sheet(sheet, rows, ctx)
    assert all(row["status"] in ("scored", "playing") for row in answer["rows"]), answer
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        check_sheet(sheet, rows, ctx)
        calls += 1
    return (time.process_time() - start) / calls * 1000, calls


def board_rows(moves: int) -> list[dict[str, str]]:
    """A game of Das Rennen played at random until ``moves`` moves are on the board."""
    engine = get_engine("katarenga-rennen")
    rules = engine.rules({"preset": "seed", "move_limit": 0, "repetition": 0})
    rng = random.Random(3)
    while True:
        game = Game(rules, parse_board(rules.board), ("Anna", "Bert"))
        played = []
        while len(played) < moves and game.outcome is None:
            move = rng.choice(game.legal_moves())
            if move.kind == "resign":
                continue
            game.apply(move)
            played.append(move.text())
        if len(played) == moves:
            return [{"mode": "board", "moves": " ".join(played)}]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    tischrunde = json.loads((ROOT / "tests/data/doppelkopf/tischrunde-ddv-24.json")
                            .read_text())["log"]
    four = ["Anna", "Bert", "Cora", "Dora"]
    cases: list[tuple[str, str, list[str], dict[str, Any], list[dict[str, str]]]] = [
        ("Doppelkopf list, 24 deals", "doppelkopf", four, {"preset": "ddv"},
         rows_of(tischrunde))]
    long_list = doppelkopf_list(get_engine("doppelkopf"), rng=random.Random(1), players=four,
                                rules={"preset": "seed", "pot_deals": 0}, deals=200)
    cases.append(("Doppelkopf list, 200 deals", "doppelkopf", four,
                  {"preset": "seed", "pot_deals": 0}, rows_of(long_list)))
    gin = get_engine("gin").random_document(rng=random.Random(2), players=["Anna", "Bert"],
                                             rules={"preset": "seed", "rounds": 5})
    cases.append((f"Gin partie, {len(gin['deals'])} games", "gin", ["Anna", "Bert"],
                  {"preset": "seed", "rounds": 5}, rows_of(gin)))
    six = ["Anna", "Bert", "Cora", "Dora", "Emil", "Fritz"]
    nerts = get_engine("nerts").random_document(rng=random.Random(4), players=six,
                                                 rules={"preset": "seed", "target": 400})
    cases.append((f"Nerts evening, {len(nerts['deals'])} hands of six", "nerts", six,
                  {"preset": "seed", "target": 400}, rows_of(nerts)))
    cases.append(("Das Rennen on the board, 200 moves", "katarenga-rennen", ["Anna", "Bert"],
                  {"preset": "seed", "move_limit": 0, "repetition": 0}, board_rows(200)))
    print(f"{'sheet':42} {'ms per check':>12} {'checks':>8}")
    for name, game, players, rules, rows in cases:
        milliseconds, calls = per_check(game, players, rules, rows, args.seconds)
        print(f"{name:42} {milliseconds:12.2f} {calls:8d}")


if __name__ == "__main__":
    main()
