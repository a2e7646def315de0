"""Fuzzing: a valid example log of each game, mutated (moves deleted, duplicated, swapped;
cards, numbers, types and nesting changed), either replays or is refused with an
``EngineError`` that names the deal, the move or the field; never another exception, and
never an outcome that is no valid JSON. The mutators live in ``mutate.py`` and serve
``bench/fuzz.py`` too (``make fuzz``: 100,000 logs per game)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines.registry import game_slugs

from .mutate import REFUSED, REPLAYED, example_documents, mutate, try_log

# Examples per game: the whole module runs in well under half a minute on one core.
EXAMPLES = 600
DOCUMENTS = {game: example_documents(game) for game in game_slugs()}


def test_every_game_has_example_logs_to_start_from():
    assert {game: len(documents) >= 3 for game, documents in DOCUMENTS.items()} == dict.fromkeys(
        game_slugs(), True)


@pytest.mark.parametrize("game", game_slugs())
def test_the_unmutated_examples_replay_or_are_refused_as_documented(game):
    outcomes = {try_log(game, document) for document in DOCUMENTS[game]}
    assert REPLAYED in outcomes and outcomes <= {REPLAYED, REFUSED}


@pytest.mark.parametrize("game", game_slugs())
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), pick=st.integers(min_value=0))
def test_a_mutated_log_replays_or_is_refused_with_a_location(game, seed, pick):
    documents = DOCUMENTS[game]
    mutated = mutate(documents[pick % len(documents)], random.Random(seed), game=game)
    assert try_log(game, mutated) in (REPLAYED, REFUSED)
