"""The engine object: contract attributes, rule options and presets, rules errors."""

import random

import pytest

from games.engines.contract import Engine
from games.engines.errors import InvalidRulesError
from games.engines.gin import ENGINE, GinRules, apply, legal_moves
from games.engines.gin.state import DealState

from .helpers import document, sheet

BRIEF_DEFAULTS = {
    "rounds": 5, "round_target": 100, "gin_bonus": 25, "undercut_bonus": 25, "game_bonus": 25,
    "round_bonus": 100, "shutout_round_bonus": 200, "shutout_doubles_game_points": True,
    "spade_doubles": True, "undercut_on_equal": True, "dead_hand_stock": 2,
    "may_discard_taken_card": False, "failed_knock": "resume",
}


class TestEngine:
    def test_contract_attributes(self):
        assert isinstance(ENGINE, Engine)
        assert (ENGINE.slug, ENGINE.name, ENGINE.min_seats, ENGINE.max_seats) == (
            "gin", "Gin Rommé", 2, 2)
        assert ENGINE.rules_class is GinRules
        assert ENGINE.presets["seed"] == GinRules()

    def test_options_and_seed_defaults(self):
        options = {o["name"]: o["default"] for o in ENGINE.rule_options()}
        for name, default in BRIEF_DEFAULTS.items():
            assert options[name] == default, name
        assert all(o["help"] for o in ENGINE.rule_options())

    @pytest.mark.parametrize(("spec", "message"), [
        ({"preset": "ddv"}, "rules.preset: unknown preset 'ddv'; the presets are 'seed'"),
        ({"failed_knock": "ignore"},
         "rules.failed_knock: 'ignore' is not one of: 'resume', 'reject'"),
        ({"rounds": 0}, "rules.rounds: must be at least 1, not 0"),
        ({"knock_limit": 5}, "rules.knock_limit: unknown rule option 'knock_limit'"),
    ])
    def test_rules_errors_raise_even_when_lenient(self, spec, message):
        doc = document([sheet("9H", "Anna", 0, 0, dealer="Anna")])
        doc["rules"] = spec
        with pytest.raises(InvalidRulesError) as excinfo:
            ENGINE.replay(doc, strict=False)
        assert str(excinfo.value) == message

    def test_result_rules_are_the_resolved_options(self):
        result = ENGINE.replay(document([sheet("9H", "Anna", 0, 0, dealer="Anna")],
                                        rounds=2), strict=False)
        assert result.rules["rounds"] == 2 and result.rules["gin_bonus"] == 25
        assert result.to_json()["game"] == "gin"

    def test_random_document_is_deterministic(self):
        one = ENGINE.random_document(rng=random.Random(4), players=["A", "B"],
                                     rules={"rounds": 1})
        two = ENGINE.random_document(rng=random.Random(4), players=["A", "B"],
                                     rules={"rounds": 1})
        assert one == two
        assert one["rules"] == {"rounds": 1}

    def test_module_level_legal_moves_and_apply(self):
        state = DealState.from_order(GinRules(), ("Anna", "Bert"), dealer=0,
                                     order=list(range(52)))
        moves = legal_moves(state)
        assert [m.text() for m in moves] == ["pass", "take 8S"]
        assert apply(state, moves[1]) == "Bert takes the upcard 8S"
        # Bert must discard now; the taken 8S is not among his legal discards.
        texts = [m.text() for m in legal_moves(state)]
        assert "discard 8S" not in texts and "knock 8S" not in texts
        assert len([t for t in texts if t.startswith("discard")]) == 10
