"""Every registered game keeps the contract: a name, presets, a random match that replays to
the same result, and documented examples that validate against the schema and replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from games.engines import MatchResult
from games.engines.registry import game_choices, game_slugs, get_engine

DOCS = Path(__file__).resolve().parents[3] / "docs"
EXAMPLES = [(slug, path) for slug in game_slugs()
            for path in sorted((DOCS / "examples" / slug).glob("*.json"))]


@pytest.mark.parametrize("slug", game_slugs())
def test_the_registry_names_the_engine(slug):
    engine = get_engine(slug)
    assert (engine.slug, engine.name) == (slug, dict(game_choices())[slug])
    assert "seed" in engine.presets
    assert engine.min_seats <= engine.max_seats


@pytest.mark.parametrize("slug", game_slugs())
def test_a_random_match_replays_to_the_same_result_twice(slug):
    engine = get_engine(slug)
    players = ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank"][:engine.min_seats]
    document = engine.random_document(rng=random.Random(11), players=players)
    first, second = engine.replay(document), engine.replay(json.loads(json.dumps(document)))
    assert isinstance(first, MatchResult)
    assert first.to_json() == second.to_json()
    assert [seat.player for seat in first.seats] == players


@pytest.mark.parametrize("slug", game_slugs())
def test_every_game_has_its_documents(slug):
    for path in (DOCS / "rules" / f"{slug}.md", DOCS / "logs" / f"{slug}.md",
                 DOCS / "schemas" / f"{slug}.schema.json"):
        assert path.is_file(), path
    assert any((DOCS / "examples" / slug).glob("*.json"))


@pytest.mark.parametrize(("slug", "path"), EXAMPLES, ids=[str(p.name) for _, p in EXAMPLES])
def test_examples_validate_and_replay(slug, path):
    schema = json.loads((DOCS / "schemas" / f"{slug}.schema.json").read_text())
    document = json.loads(path.read_text())
    jsonschema.validate(document, schema)
    assert get_engine(slug).replay(document).seats
