"""The documented examples validate against the JSON Schema and replay to exact scores; the
logs in tests/data/gin run as tests."""

import json
from pathlib import Path

import jsonschema
import pytest

from games.engines.errors import EngineError
from games.engines.gin import ENGINE

ROOT = Path(__file__).resolve().parents[4]
SCHEMA = json.loads((ROOT / "docs/schemas/gin.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
EXAMPLES = ROOT / "docs/examples/gin"
DATA = ROOT / "tests/data/gin"

# Final partie accounts (SeatResult.score, rank) of every example.
EXPECTED = {
    "seeded-partie.json": [("Anna", 381, 2), ("Bert", 726, 1)],
    "recorded-round.json": [("Anna", 0, 2), ("Bert", 199, 1)],
    "score-sheet.json": [("Clara", 291, 1), ("Dieter", 133, 2)],
    # Worked out by hand: deal 1 Bert undercuts (25 + 2 = 27) after Anna's failed knock;
    # deal 2 Anna 23 - 3 = 20; deal 3 dead; deal 4 Bert's spade gin (25 + 25) * 2 = 100.
    # Round: 20:127, games 1:2. Bert 127 + 50 + 100 = 277, Anna 20 + 25 = 45: 232 to Bert.
    "failed-knock-undercut.json": [("Anna", 0, 2), ("Bert", 232, 1)],
}


def load(path):
    return json.loads(path.read_text())


class TestSchema:
    def test_schema_is_valid(self):
        jsonschema.Draft202012Validator.check_schema(SCHEMA)

    def test_rule_options_match_the_engine(self):
        properties = SCHEMA["properties"]["rules"]["properties"]
        options = {o["name"]: o for o in ENGINE.rule_options()}
        assert set(properties) == {"preset", *options}
        for name, option in options.items():
            assert properties[name]["default"] == option["default"], name
            if option["choices"]:
                assert properties[name]["enum"] == option["choices"]

    @pytest.mark.parametrize("change", [
        lambda d: d["deals"][0]["moves"].append("drew 5H"),
        lambda d: d["deals"][0].update(facts={"upcard": "7S", "dead": True}),
        lambda d: d["deals"][0].update(upcard="1H"),
        lambda d: d["rules"].update(failed_knock="ignore"),
        lambda d: d.update(players=["Anna"]),
        # The facts give both players' deadwood, as the engine requires.
        lambda d: d["deals"][1]["facts"].update(deadwood={"Anna": 3}),
        lambda d: d["deals"][1]["facts"]["deadwood"].update(Carl=4),
    ])
    def test_schema_rejects(self, change):
        document = load(EXAMPLES / "failed-knock-undercut.json")
        change(document)
        assert list(VALIDATOR.iter_errors(document))


class TestExamples:
    def test_every_example_is_listed(self):
        assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(EXPECTED)

    @pytest.mark.parametrize("name", sorted(EXPECTED))
    def test_validates_and_replays_to_the_exact_score(self, name):
        document = load(EXAMPLES / name)
        assert [e.message for e in VALIDATOR.iter_errors(document)] == []
        result = ENGINE.replay(document)
        assert [(s.player, s.score, s.rank) for s in result.seats] == EXPECTED[name]
        assert result.summary["partie"]["complete"] is True

    def test_the_seeded_partie_has_five_rounds_and_every_ending(self):
        document = load(EXAMPLES / "seeded-partie.json")
        assert "seed" in document and all("hands" not in d for d in document["deals"])
        result = ENGINE.replay(document)
        assert len(result.summary["rounds"]) == 5
        endings = {h.detail["ending"] for h in result.hands}
        assert endings == {"gin", "knock", "dead"}
        assert any(h.detail["failed_knocks"] for h in result.hands)
        assert any(h.facts["undercut"] for h in result.hands)

    def test_failed_knock_and_undercut_example_hand_by_hand(self):
        result = ENGINE.replay(load(EXAMPLES / "failed-knock-undercut.json"))
        assert [h.points for h in result.hands] == [(0, 27), (20, 0), (0, 0), (0, 100)]
        assert [h.source for h in result.hands] == ["moves", "facts", "facts", "facts"]
        assert result.hands[0].detail["failed_knocks"] == [10]
        assert result.hands[0].facts["undercut"] is True
        assert result.summary["rounds"][0]["credit"] == {"seat": 1, "points": 232}


class TestDataLogs:
    @pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.stem)
    def test_log(self, path):
        case = load(path)
        expect = case["expect"]
        assert [e.message for e in VALIDATOR.iter_errors(case["document"])] == []
        if "error" in expect:
            with pytest.raises(EngineError) as excinfo:
                ENGINE.replay(case["document"])
            error = excinfo.value.to_json()
            assert {key: error[key] for key in expect["error"]} == expect["error"]
            return
        result = ENGINE.replay(case["document"])
        assert [list(h.points) for h in result.hands] == expect["points"]
        assert [[s.player, s.score, s.rank] for s in result.seats] == expect["seats"]


class TestLogDoc:
    def test_the_short_example_is_the_tested_data_log(self):
        text = (ROOT / "docs/logs/gin.md").read_text()
        block = text.split("## A short complete example", 1)[1].split("```json", 1)[1]
        document = json.loads(block.split("```", 1)[0])
        assert document == load(DATA / "gin-then-sheet-round.json")["document"]
        assert [(s.score, s.rank) for s in ENGINE.replay(document).seats] == [(450, 1), (0, 2)]
