"""Logs in tests/data/rennen run as tests: each holds a match document and its "expect".

``expect`` is either ``{"scores": [...], "ends": [...]}`` (strict replay) or ``{"error": the
error's JSON, "lenient": {"scores": [...], "errors": [...]}}``. The engines ignore the extra
top-level keys ``description`` and ``expect``.
"""

import json
from pathlib import Path

import jsonschema
import pytest

from games.engines.errors import EngineError
from games.engines.rennen import ENGINE

ROOT = Path(__file__).resolve().parents[4]
CASES = sorted((ROOT / "tests/data/rennen").glob("*.json"))
SCHEMA = json.loads((ROOT / "docs/schemas/rennen.schema.json").read_text())


def test_there_are_cases():
    assert len(CASES) >= 7


@pytest.mark.parametrize("path", CASES, ids=lambda path: path.stem)
def test_case(path):
    document = json.loads(path.read_text())
    jsonschema.validate(document, SCHEMA)
    expect = document["expect"]
    if "error" in expect:
        with pytest.raises(EngineError) as excinfo:
            ENGINE.replay(document)
        assert excinfo.value.to_json() == expect["error"]
        lenient = ENGINE.replay(document, strict=False)
        assert [seat.score for seat in lenient.seats] == expect["lenient"]["scores"]
        assert [str(error) for error in lenient.errors] == expect["lenient"]["errors"]
    else:
        result = ENGINE.replay(document)
        assert [seat.score for seat in result.seats] == expect["scores"]
        assert [game["text"] for game in result.summary["games"]] == expect["ends"]
