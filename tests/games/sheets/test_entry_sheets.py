"""The score sheets as rows (games.sheets): every game's sheet gives the engine's facts,
scores exactly as the log it was typed from, reads a stored document back into its rows,
and the row check answers row by row."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engines import get_engine
from games.sheets import sheet_for
from games.sheets.check import check_sheet
from tests.sheet_rows import club_rows, context

ROOT = Path(__file__).resolve().parents[3]
TISCHRUNDE = json.loads((ROOT / "tests/data/doppelkopf/tischrunde-ddv-24.json").read_text())
# The same 24 deals as the club filled in the printed list (the browser test types it).
WRITTEN = json.loads(
    (ROOT / "tests/data/sheets/doppelkopf-tischrunde-ddv-24-liste.json").read_text())


def played_logs():
    """Played logs of every game (moves, not facts), the sheets are typed from."""
    engines = {slug: get_engine(slug) for slug in ("gin", "doppelkopf", "nerts", "rennen")}
    yield "doppelkopf ddv 24", TISCHRUNDE["log"]
    for seed in range(3):
        yield f"doppelkopf seed {seed}", engines["doppelkopf"].random_document(
            rng=random.Random(seed), players=["Anna", "Bert", "Cora", "Dora"],
            rules={"preset": "seed"})
        yield f"doppelkopf five {seed}", engines["doppelkopf"].random_document(
            rng=random.Random(seed), players=["Anna", "Bert", "Cora", "Dora", "Emil"],
            rules={"preset": "seed"})
        yield f"gin {seed}", engines["gin"].random_document(
            rng=random.Random(seed), players=["Anna", "Bert"], rules={"preset": "seed",
                                                                      "rounds": 1})
        yield f"nerts {seed}", engines["nerts"].random_document(
            rng=random.Random(seed), players=["Anna", "Bert", "Cora"],
            rules={"preset": "seed", "target": 40})
        yield f"rennen {seed}", engines["rennen"].random_document(
            rng=random.Random(seed), players=["Anna", "Bert"], rules={"preset": "match3"})
    for name in ("whole-game", "explicit-attach"):
        yield f"rennen {name}", json.loads(
            (ROOT / f"docs/examples/rennen/{name}.json").read_text())


LOGS = list(played_logs())


@pytest.mark.parametrize(("name", "log"), LOGS, ids=[name for name, _log in LOGS])
def test_a_sheet_typed_from_a_log_scores_as_the_log(name, log):
    game = log["game"]
    engine = get_engine(game)
    played = engine.replay(log)
    sheet = sheet_for(game)
    ctx = context(game, log["players"], log.get("rules") or {})
    for results in (False, True):
        rows = club_rows(log, results=results)
        built = sheet.build(rows, ctx)
        assert built.problems == []
        typed = engine.replay(built.document)
        assert [seat.score for seat in typed.seats] == [seat.score for seat in played.seats]
        assert [hand.points for hand in typed.hands] == [hand.points for hand in played.hands]
        assert {hand.source for hand in typed.hands} == {"facts"}
        # The document keeps the rows as typed, and reads back into them.
        assert built.document["sheet"]["rows"] == rows
        assert sheet.rows_of(built.document, ctx) == rows
        # Row by row, every row is scored, with the running totals of the log.
        answer = check_sheet(sheet, rows, ctx)
        assert [row["status"] for row in answer["rows"]] == ["scored"] * len(rows)
        assert answer["problems"] == []


def test_the_doppelkopf_list_as_a_club_writes_it():
    rows = club_rows(TISCHRUNDE["log"], results=True)
    # 21 of the 24 deals can be written as the winner and the losers' band; three losing
    # parties had made an Absage, so those deals are written with the Augen of Re.
    assert sum(1 for row in rows if "won" in row) == 21
    assert rows[0] == {"game": "normal", "re_0": "1", "re_2": "1", "augen_re": "130",
                       "ann_re": "keine 90", "sp_fuchs_kontra": "1"}
    assert rows[1] == {"game": "solo-pik", "re_2": "1", "won": "kontra-90"}
    ctx = context("doppelkopf", TISCHRUNDE["log"]["players"], {"preset": "ddv"})
    answer = check_sheet(sheet_for("doppelkopf"), rows, ctx)
    first, second = answer["rows"][0], answer["rows"][1]
    # Deal 1: RE said keine 90 and got 130: KONTRA wins (1 + 90 against keine 90 ... ).
    assert (first["dealer"], first["label"], first["value"], first["winner"]) == (
        "Anna", "Normalspiel", 6, "kontra")
    # KONTRA beat the Kreuz-Damen: "gegen die Alten", which the engine counts by itself.
    assert first["points"] == [-6, 6, -6, 6] and first["gegen_die_alten"] is True
    assert (second["dealer"], second["label"], second["pflichtsolo"]) == (
        "Bert", "Pik-Solo", "Cora")
    assert second["totals"] == [-4, 8, -12, 8]
    last = answer["rows"][-1]
    assert last["totals"] == TISCHRUNDE["expect"]["scores"]
    assert answer["sheet"]["pot"] == {"deals": 20, "played": 20, "remaining": 0,
                                      "vorfuehren": False}
    assert answer["sheet"]["finished"] is True
    assert [item["owed"] for item in answer["sheet"]["pflichtsoli"]] == [0, 0, 0, 0]


def test_the_filled_in_list_is_what_the_deals_say():
    """The fixed list the browser test types: the Augen of Re on the odd deals, the winner
    and the losers' band on the even ones, exactly what the sheet writes for the played
    deals; typed in, it scores every deal as the log does."""
    with_augen = club_rows(TISCHRUNDE["log"])
    with_results = club_rows(TISCHRUNDE["log"], results=True)
    assert WRITTEN["rows"] == [with_results[i] if i % 2 else with_augen[i] for i in range(24)]
    games = [row["game"] for row in WRITTEN["rows"]]
    assert games.count("hochzeit") == 1
    assert sorted({game for game in games if "solo" in game}) == [
        "solo-buben", "solo-damen", "solo-damen-buben", "solo-karo", "solo-pik",
        "stilles-solo"]
    assert sum(1 for row in WRITTEN["rows"] if "ann_re" in row or "ann_kontra" in row) == 6
    assert sum(1 for row in WRITTEN["rows"] if any(k.startswith("sp_") for k in row)) == 14
    ctx = context("doppelkopf", TISCHRUNDE["log"]["players"], {"preset": "ddv"})
    answer = check_sheet(sheet_for("doppelkopf"), WRITTEN["rows"], ctx)
    assert [row["points"] for row in answer["rows"]] == TISCHRUNDE["expect"]["points"]
    assert answer["rows"][-1]["totals"] == TISCHRUNDE["expect"]["scores"] == [-25, 27, -43, 41]


class TestProblemsOfARow:
    ctx = context("doppelkopf", ["Anna", "Bert", "Cora", "Dora"], {"preset": "seed"})
    sheet = sheet_for("doppelkopf")

    def problems(self, *rows):
        return [(p.row, p.field, p.text(), p.missing)
                for p in self.sheet.build(list(rows), self.ctx).problems]

    def test_what_the_sheet_itself_sees(self):
        assert self.problems(
            {"game": "normal", "re_0": "1", "re_2": "1"},
            {"game": "normal", "augen_re": "130"},
            {"game": "normal", "re_0": "1", "re_2": "1", "augen_re": "296"},
            {"game": "normal", "re_0": "1", "re_2": "1", "augen_re": "x1"},
            {"game": "normal", "re_0": "1", "re_2": "1", "augen_re": "130", "won": "re"},
            {"game": "hammelrennen", "hammel_0": "60", "hammel_1": "60", "hammel_2": "60"},
            {"game": "kreuz-solo"},
        ) == [
            (1, "augen_re", "Write the Augen of Re, or who won.", True),
            (2, "re", "Who played Re? Tick the Re players.", True),
            (3, "augen_re", "296 is not between 0 and 240.", False),
            (4, "augen_re", "x1 is not a whole number.", False),
            (5, "won", "Write the Augen of Re or who won, not both.", False),
            (6, "hammel_3", "Fill this in.", True),
            (7, "game", "kreuz-solo is not one of the choices.", False),
        ]

    def test_what_the_engine_sees_on_its_row_and_field(self):
        rows = [{"game": "normal", "re_0": "1", "re_2": "1", "augen_re": "130"},
                {"game": "normal", "re_0": "1", "augen_re": "130"},
                {"game": "solo-damen", "re_1": "1", "won": "re-90", "sp_fuchs_kontra": "1"},
                {}, {"game": "normal", "re_1": "1", "re_3": "1", "won": "re-60"}]
        answer = check_sheet(self.sheet, rows, self.ctx)
        summary = [(row["row"], row["status"],
                    [(p["field"], p["message"]) for p in row.get("problems", [])])
                   for row in answer["rows"]]
        assert summary == [
            (1, "scored", []),
            (2, "error", [("re", "the RE party of a Normalspiel has 2 player(s), not 1")]),
            (3, "error", [("specials", "a Solo has no special point fuchs-gefangen")]),
            (4, "blank", []),
            (5, "error", [("won", "RE cannot have won this deal: above 180 Augen without an "
                                  "announcement of its own RE loses (60er-Regel); write the "
                                  "Augen of RE")]),
        ]


def test_a_game_on_the_board_is_being_played_until_it_is_over():
    ctx = context("katarenga-rennen", ["Anna", "Bert"], {"preset": "red", "games": 2})
    sheet = sheet_for("katarenga-rennen")
    rows = [{"mode": "board", "moves": "h1xh8 h8-h1"},
            {"mode": "line", "winner": "0", "end": "resigned", "count": "20"}]
    answer = check_sheet(sheet, rows, ctx)
    playing, line = answer["rows"]
    assert playing["status"] == "playing" and "problems" not in playing
    assert (playing["live"]["to_move"], playing["live"]["side"], playing["live"]["moves"]) == (
        "Anna", "white", ["h1xh8", "h8-h1"])
    assert "a1-a8" not in playing["live"]["legal"] and "a1xa8" in playing["live"]["legal"]
    # Game 2: Bert has White; Anna wins as Black when Bert resigns.
    assert (line["status"], line["points"], line["winner"], line["moves"]) == (
        "scored", [2, 0], "Anna", 20)
    # A move the rules do not allow stops the board there and is the row's error.
    rows[0]["moves"] += " a2-a3"
    answer = check_sheet(sheet, rows, ctx)
    row = answer["rows"][0]
    assert row["status"] == "error"
    assert row["live"]["error"] == {"move": 3, "notation": "a2-a3",
                                    "reason": "Anna has no piece on a2; the square is empty"}
    assert [(p["field"], p["message"]) for p in row["problems"]] == [
        ("moves", "Anna has no piece on a2; the square is empty")]
    assert row["live"]["moves"] == ["h1xh8", "h8-h1"]  # the board stops before it


def test_a_stored_document_the_sheet_cannot_show_stays_a_log():
    sheet = sheet_for("gin")
    ctx = context("gin", ["Anna", "Bert"], {"preset": "seed", "rounds": 1})
    played = get_engine("gin").random_document(rng=random.Random(1), players=["Anna", "Bert"],
                                                rules={"preset": "seed", "rounds": 1})
    assert sheet.rows_of(played, ctx) is None  # moves: not a sheet
    facts_with_more = {**sheet.build([{"upcard": "7H", "ended": "dead"}], ctx).document,
                       "event": "Vereinsabend"}
    del facts_with_more["sheet"]
    assert sheet.rows_of(facts_with_more, ctx) is None  # it would drop the event
