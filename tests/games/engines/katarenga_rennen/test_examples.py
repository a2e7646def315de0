"""The documented examples and the data logs in tests/data/katarenga-rennen/ run as tests.

Every example validates against docs/schemas/katarenga-rennen.schema.json and replays to
its exact final score; every data log replays to the outcome (or the error) it states.
"""

import itertools
import json
from pathlib import Path

import jsonschema
import pytest

from games.engines.errors import EngineError
from games.engines.katarenga_rennen import ENGINE

ROOT = Path(__file__).resolve().parents[4]
SCHEMA = json.loads((ROOT / "docs/schemas/katarenga-rennen.schema.json").read_text())
EXAMPLES = ROOT / "docs/examples/katarenga-rennen"
DATA = ROOT / "tests/data/katarenga-rennen"
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

# Final lines of each example: (player, match points, rank), and how each game ended.
EXPECTED = {
    # Anna (White) fills Bert's eight green squares with move 39: 2 : 0.
    "seed-race.json": ([("Anna", 2, 1), ("Bert", 0, 2)], [("race", "Anna", 39)]),
    # Dirk (Black) fills Clara's yellow squares with move 36, by a displacement (f3xf4).
    "red-yellow.json": ([("Clara", 0, 2), ("Dirk", 2, 1)], [("race", "Dirk", 36)]),
    # Game 1: Anna wins the race with move 33 (2 : 0); game 2 (sheet): draw by
    # repetition (1 : 1). Totals 3 : 1.
    "match-two-games.json": ([("Anna", 3, 1), ("Bert", 1, 2)],
                             [("race", "Anna", 33), ("repetition", None, None)]),
}


def load(path):
    return json.loads(path.read_text())


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(EXPECTED)


def test_schema_is_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_validates_and_replays_to_its_score(name):
    document = load(EXAMPLES / name)
    assert list(VALIDATOR.iter_errors(document)) == []
    result = ENGINE.replay(document)
    seats, games = EXPECTED[name]
    assert [(s.player, s.score, s.rank) for s in result.seats] == seats
    assert [(h.detail["end"]["kind"], h.detail["end"]["winner"], h.detail["end"]["moves"])
            for h in result.hands] == games
    assert result.errors == ()


def test_the_seed_example_has_displacements_and_their_replies():
    result = ENGINE.replay(load(EXAMPLES / "seed-race.json"))
    moves = result.hands[0].detail["moves"]
    displacements = [m["notation"] for m in moves if m["displaces"]]
    assert displacements == ["f4xd6", "b6xb4", "f5xg4", "g3xg5"]
    # Each is answered by the displaced piece, from the square it was displaced from.
    for move, reply in itertools.pairwise(moves):
        if move["displaces"]:
            assert reply["reply"] and reply["from"] == move["to"]


def test_the_variant_example_uses_red_and_yellow():
    result = ENGINE.replay(load(EXAMPLES / "red-yellow.json"))
    detail = result.hands[0].detail
    assert (detail["start_colour"], detail["target_colour"]) == ("red", "yellow")
    assert result.rules["start_colour"] == "red"
    assert detail["moves"][-1]["notation"] == "f3xf4"


class TestSchemaFollowsTheEngine:
    def test_rule_options(self):
        properties = SCHEMA["properties"]["rules"]["properties"]
        assert properties["preset"]["enum"] == list(ENGINE.presets)
        for option in ENGINE.rule_options():
            prop = properties[option["name"]]
            assert prop["default"] == option["default"], option["name"]
            assert prop.get("enum") == option["choices"], option["name"]
            assert prop.get("minimum") == option["minimum"], option["name"]
            assert prop.get("maximum") == option["maximum"], option["name"]
        assert set(properties) == {"preset"} | {o["name"] for o in ENGINE.rule_options()}

    @pytest.mark.parametrize(("move", "valid"), [
        ("b1-c3", True), ("D4xE6", True), ("pass", True), ("resign", True), ("PASS", True),
        (" b1-c3 ", True),
        ("b1c3", False), ("i1-c3", False), ("b1-c9", False), ("x", False)])
    def test_move_pattern(self, move, valid):
        document = {"format": "stammtisch-log/1", "game": "katarenga-rennen",
                    "players": ["A", "B"], "deals": [{"moves": [move]}]}
        assert VALIDATOR.is_valid(document) is valid

    def test_a_game_has_moves_or_facts(self):
        document = {"format": "stammtisch-log/1", "game": "katarenga-rennen",
                    "players": ["A", "B"],
                    "deals": [{"moves": [], "facts": {"end": "blocked"}}]}
        assert not VALIDATOR.is_valid(document)


DATA_FILES = sorted(DATA.glob("*.json"))


def test_there_are_data_logs():
    assert len(DATA_FILES) >= 10


@pytest.mark.parametrize("path", DATA_FILES, ids=[p.name for p in DATA_FILES])
def test_data_log(path):
    case = load(path)
    document, expect = case["document"], case["expect"]
    assert list(VALIDATOR.iter_errors(document)) == [] or "error" in expect
    if "error" in expect:
        with pytest.raises(EngineError) as excinfo:
            ENGINE.replay(document, strict=case["strict"])
        assert (excinfo.value.kind, str(excinfo.value)) == (expect["error"]["kind"],
                                                            expect["error"]["message"])
        return
    result = ENGINE.replay(document, strict=case["strict"])
    assert [[s.player, s.score, s.rank] for s in result.seats] == expect["seats"]
    assert [hand.facts["end"] for hand in result.hands] == expect["ends"]
    assert [str(error) for error in result.errors] == expect.get("errors", [])


class TestDocs:
    LOGS = (ROOT / "docs/logs/katarenga-rennen.md").read_text()
    RULES = (ROOT / "docs/rules/katarenga-rennen.md").read_text()

    def json_blocks(self):
        section = self.LOGS.split("## A short complete example", 1)[1]
        return [block.split("```", 1)[0] for block in section.split("```json\n")[1:]]

    def test_the_short_example_replays_as_the_page_says(self):
        document_text, moves_text = self.json_blocks()
        document = json.loads(document_text)
        assert VALIDATOR.is_valid(document)
        result = ENGINE.replay(document)
        assert [(s.player, s.score, s.rank) for s in result.seats] == [("Anna", 2, 1),
                                                                        ("Bert", 0, 2)]
        assert result.hands[0].detail["end"]["reason"] == (
            "Anna occupied every red square of Bert's half with move 15")
        decoder, shown, rest = json.JSONDecoder(), [], moves_text.strip()
        while rest:
            value, end = decoder.raw_decode(rest)
            shown.append(value)
            rest = rest[end:].strip()
        assert shown == list(result.hands[0].detail["moves"][:2])

    def test_the_rules_page_names_every_option_and_preset(self):
        for option in ENGINE.rule_options():
            assert f"`{option['name']}`" in self.RULES
        for preset in ENGINE.presets:
            assert f"`{preset}`" in self.RULES
