"""The documented examples: each validates against the JSON Schema and replays to its score."""

import json
import random
from pathlib import Path

import jsonschema
import pytest
from jsonschema.exceptions import best_match

from games.engines.errors import EngineError
from games.engines.rennen import ENGINE
from games.engines.rennen.rules import RennenRules

ROOT = Path(__file__).resolve().parents[4]
SCHEMA = json.loads((ROOT / "docs/schemas/rennen.schema.json").read_text())
EXAMPLES = sorted((ROOT / "docs/examples/rennen").glob("*.json"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

# name -> (Anna's score, Bert's score, how each game ended)
EXPECTED = {
    "beispielrunde.json": (1, 0, ["Anna completed the Kreuz row"]),
    "explicit-attach.json": (0, 1, ["Bert completed the Herz row"]),
    "score-sheet.json": (1, 0, ["Anna completed the Herz row"]),
    "seeded-match3.json": (1, 2, ["Bert completed the Kreuz row", "Anna completed the Kreuz row",
                                  "Bert completed the Kreuz row"]),
    "whole-game.json": (1, 0, ["Anna completed the Herz row"]),
}


def load(path):
    return json.loads(path.read_text())


def test_every_example_is_listed():
    assert [path.name for path in EXAMPLES] == sorted(EXPECTED)


def test_the_schema_is_valid():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_example_validates_and_replays(path):
    document = load(path)
    VALIDATOR.validate(document)
    result = ENGINE.replay(document)
    anna, bert, ends = EXPECTED[path.name]
    assert [seat.score for seat in result.seats] == [anna, bert]
    assert [game["text"] for game in result.summary["games"]] == ends


def test_the_whole_game_uses_every_feature():
    # The issue asks for one whole game with every advantage, a bomb, a strike and a row.
    result = ENGINE.replay(load(ROOT / "docs/examples/rennen/whole-game.json"))
    kinds = {event["kind"] for hand in result.hands for event in hand.detail["events"]}
    assert {"show", "take", "keep", "discard", "karo", "play", "tiebreak", "pick"} <= kinds
    assert any(play["by"] == "kreuz" for hand in result.hands for play in hand.detail["plays"])
    assert any(hand.detail["decided_by"] == "bomb" for hand in result.hands)
    assert any(pick["to"] == "strike" for hand in result.hands for pick in hand.detail["picks"])
    assert result.summary["games"][0]["end"] == "row"
    assert "seed" not in load(ROOT / "docs/examples/rennen/whole-game.json")


def test_the_score_sheet_is_the_whole_game():
    played = ENGINE.replay(load(ROOT / "docs/examples/rennen/whole-game.json"))
    sheet = ENGINE.replay(load(ROOT / "docs/examples/rennen/score-sheet.json"))
    assert sheet.summary == played.summary
    assert [hand.facts for hand in sheet.hands] == [hand.facts for hand in played.hands]


def test_the_schema_lists_every_rule_option():
    options = SCHEMA["$defs"]["rules"]["properties"]
    assert set(options) == {"preset", *RennenRules.__dataclass_fields__}
    assert options["preset"]["enum"] == list(ENGINE.presets)
    for option in ENGINE.rule_options():
        if option["choices"]:
            assert options[option["name"]]["enum"] == option["choices"]


@pytest.mark.parametrize("seed", range(5))
def test_random_documents_validate(seed):
    rules = [None, {"preset": "seed", "attach": "explicit"}, {"preset": "match3"}][seed % 3]
    VALIDATOR.validate(ENGINE.random_document(rng=random.Random(seed),
                                              players=["Anna", "Bert"], rules=rules))


@pytest.mark.parametrize(("change", "path"), [
    (lambda doc: doc["deals"][0].update(market=["AH", "1C", "9S", "9H"]),
     ["deals", 0, "market", 1]),
    (lambda doc: doc["deals"][0]["moves"].__setitem__(0, "play AH"), ["deals", 0, "moves", 0]),
    # moves and facts in one deal (the facts complete in themselves)
    (lambda doc: doc["deals"][0].update(facts={"winner": "Anna", "win": "simple"}),
     ["deals", 0]),
    (lambda doc: doc.update(rules={"preset": "ddv"}), ["rules", "preset"]),
])
def test_the_schema_rejects_malformed_logs(change, path):
    document = load(ROOT / "docs/examples/rennen/whole-game.json")
    change(document)
    error = best_match(VALIDATOR.iter_errors(document))
    assert error is not None and list(error.absolute_path) == path


# A score-sheet race: a winner goes with a kind of win; no winner (the game was drawn because
# no card could break a tie) goes with no kind of win and no picks. The schema holds the
# engine's line, so a sheet the engine refuses does not validate.
SHEET_PICKS = [{"player": "Bert", "card": "AH"}, {"player": "Anna", "card": "10C"},
               {"player": "Anna", "card": "9H"}]


@pytest.mark.parametrize(("facts", "valid"), [
    ({"winner": "Anna", "win": "simple", "picks": SHEET_PICKS}, True),
    ({"winner": None}, True),
    ({"winner": None, "win": None, "picks": []}, True),
    ({"winner": "Anna", "picks": SHEET_PICKS}, False),
    ({"winner": "Anna", "win": None, "picks": SHEET_PICKS}, False),
    ({"winner": None, "win": "simple"}, False),
    ({"winner": None, "picks": SHEET_PICKS[:1]}, False),
])
def test_the_schema_ties_the_kind_of_win_to_the_winner(facts, valid):
    document = {"format": "stammtisch-log/1", "game": "rennen", "players": ["Anna", "Bert"],
                "deals": [{"facts": facts}]}
    assert VALIDATOR.is_valid(document) is valid
    if valid:
        ENGINE.replay(document, strict=False)
    else:
        with pytest.raises(EngineError):
            ENGINE.replay(document)
