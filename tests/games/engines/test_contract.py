"""The shared engine contract: errors, chance, rule options, envelope."""

import hashlib
from dataclasses import dataclass

import pytest

from games.engines.cards import standard_deck
from games.engines.chance import seeded_shuffle
from games.engines.contract import read_envelope
from games.engines.errors import (
    EngineError,
    IllegalMoveError,
    InvalidLogError,
    InvalidRulesError,
)
from games.engines.rules import describe_options, option, resolve_rules

KNOCK = {"player": "Bob", "deadwood": 14, "limit": 7, "upcard": "7H"}


class TestErrors:
    def test_message_names_deal_and_move(self):
        error = IllegalMoveError("knock_over_limit", KNOCK, deal=3, move=17)
        assert str(error) == ("deal 3, move 17: Bob cannot knock with 14 deadwood; the limit "
                              "is 7 (first upcard 7H)")

    def test_field_is_shown_when_there_is_no_deal(self):
        assert str(InvalidLogError("players_not_names", field="players")) == (
            "players: players must be a list of names in seat order")

    def test_located_fills_only_what_is_missing(self):
        error = InvalidLogError("not_a_card", {"value": "'1H'"}).located(deal=2, move=5,
                                                                          field="x")
        assert (error.deal, error.move, str(error)) == (
            2, 5, "deal 2, move 5: '1H' is not a card (write rank then suit: AS, 10H, QC)")
        error.located(deal=9)
        assert error.deal == 2

    def test_json_carries_code_and_params(self):
        error = IllegalMoveError("knock_over_limit", KNOCK, deal=3, move=17,
                                 field="deals[2].moves[16]", notation="knock 9C")
        assert error.to_json() == {
            "kind": "illegal_move", "code": "knock_over_limit", "params": KNOCK,
            "message": "deal 3, move 17: Bob cannot knock with 14 deadwood; the limit is 7 "
                       "(first upcard 7H)",
            "reason": "Bob cannot knock with 14 deadwood; the limit is 7 (first upcard 7H)",
            "deal": 3, "move": 17, "field": "deals[2].moves[16]", "notation": "knock 9C"}

    def test_json_round_trip_keeps_kind_code_and_params(self):
        error = IllegalMoveError("knock_over_limit", KNOCK, deal=1, move=2,
                                 field="deals[0].moves[1]", notation="x")
        back = EngineError.from_json(error.to_json())
        assert type(back) is IllegalMoveError
        assert (back.code, back.params) == ("knock_over_limit", KNOCK)
        assert back.to_json() == error.to_json()

    def test_an_error_stored_before_codes_keeps_its_english_reason(self):
        stored = {"kind": "illegal_move", "message": "deal 1, move 3: Bert must draw before "
                  "discarding", "reason": "Bert must draw before discarding", "deal": 1,
                  "move": 3, "field": "deals[0].moves[2]", "notation": "discard QH"}
        back = EngineError.from_json(stored)
        assert (type(back), back.code, back.params) == (IllegalMoveError, None, {})
        assert str(back) == "deal 1, move 3: Bert must draw before discarding"
        assert back.to_json() == {**stored, "code": None, "params": {}}

    def test_a_stored_code_this_version_does_not_know_reads_its_reason(self):
        back = EngineError.from_json({"kind": "invalid_log", "code": "retired_code",
                                      "params": {"x": 1}, "reason": "an old reason",
                                      "deal": 2, "move": None, "field": "deals[1]"})
        assert (back.code, str(back)) == (None, "deal 2: an old reason")

    def test_text_that_is_no_code_is_an_english_reason(self):
        error = InvalidLogError("the table plays 3 hands, the log has 4", field="deals")
        assert (error.code, error.params, str(error)) == (
            None, {}, "deals: the table plays 3 hands, the log has 4")

    def test_a_code_shaped_word_that_no_catalogue_knows_is_a_bug(self):
        with pytest.raises(KeyError, match="unknown error code 'knock_over_limt'"):
            IllegalMoveError("knock_over_limt", KNOCK)

    def test_a_doppelkopf_declaration_is_named_in_the_location(self):
        error = IllegalMoveError("player_twice", deal=1, field="deals[0].declarations[6]")
        assert error.where == "deal 1: declaration 7"


class TestChance:
    def test_same_seed_same_order(self):
        one = seeded_shuffle(standard_deck(), seed=7, label="deal 1")
        two = seeded_shuffle(standard_deck(), seed=7, label="deal 1")
        assert one == two

    def test_label_and_seed_change_the_order(self):
        base = seeded_shuffle(standard_deck(), seed=7, label="deal 1")
        assert base != seeded_shuffle(standard_deck(), seed=7, label="deal 2")
        assert base != seeded_shuffle(standard_deck(), seed=8, label="deal 1")

    def test_order_is_fixed_forever(self):
        # The documented algorithm; a change here would re-deal every stored seeded log.
        deck = seeded_shuffle(standard_deck(), seed="stammtisch", label="deal 1")
        assert " ".join(str(c) for c in deck[:5]) == FIRST_FIVE

    def test_follows_the_documented_rule(self):
        # docs/log-format.md: sort the canonical deck by sha256("<seed>:<label>:<i>").
        canonical = standard_deck()
        keys = {i: hashlib.sha256(f"42:deal 3:{i}".encode()).hexdigest()
                for i in range(len(canonical))}
        expected = [canonical[i] for i in sorted(keys, key=keys.get)]
        assert seeded_shuffle(canonical, seed=42, label="deal 3") == expected


FIRST_FIVE = "JH AD 9D 7D 9S"


@dataclass(frozen=True)
class DemoRules:
    rounds: int = option(5, "Rounds in a partie", minimum=1, maximum=99)
    draw: str = option("three", "Cards turned at a time", choices=("one", "three"))
    jokers: bool = option(False, "Two jokers per deck")


PRESETS = {"seed": DemoRules(), "quick": DemoRules(rounds=1)}


class TestRules:
    def test_default_preset(self):
        assert resolve_rules(DemoRules, PRESETS, None) == DemoRules()

    def test_preset_and_override(self):
        rules = resolve_rules(DemoRules, PRESETS, {"preset": "quick", "jokers": True})
        assert rules == DemoRules(rounds=1, jokers=True)

    @pytest.mark.parametrize(("spec", "field", "message"), [
        ({"preset": "ddv"}, "rules.preset",
         "rules.preset: unknown preset 'ddv'; the presets are 'seed', 'quick'"),
        ({"colour": 1}, "rules.colour", "rules.colour: unknown rule option 'colour'"),
        ({"rounds": 0}, "rules.rounds", "rules.rounds: must be at least 1, not 0"),
        ({"rounds": 100}, "rules.rounds", "rules.rounds: must be at most 99, not 100"),
        ({"rounds": "5"}, "rules.rounds", "rules.rounds: must be a whole number, not '5'"),
        ({"rounds": True}, "rules.rounds", "rules.rounds: must be a whole number, not True"),
        ({"jokers": 1}, "rules.jokers", "rules.jokers: must be true or false, not 1"),
        ({"draw": "two"}, "rules.draw", "rules.draw: 'two' is not one of: 'one', 'three'"),
        ([1], "rules", "rules: must be an object such as {\"preset\": \"seed\"}"),
    ])
    def test_bad_rules_name_the_field(self, spec, field, message):
        with pytest.raises(InvalidRulesError) as excinfo:
            resolve_rules(DemoRules, PRESETS, spec)
        assert excinfo.value.field == field
        assert str(excinfo.value) == message

    def test_options_are_described(self):
        options = describe_options(DemoRules)
        assert options[1] == {"name": "draw", "default": "three",
                              "help": "Cards turned at a time", "choices": ["one", "three"],
                              "minimum": None, "maximum": None}


def envelope(**changes):
    document = {"format": "stammtisch-log/1", "game": "gin", "players": ["Anna", "Bert"],
                "deals": []}
    document.update(changes)
    return document


class TestEnvelope:
    def test_reads_a_good_envelope(self):
        env = read_envelope(envelope(seed=3), game="gin", min_seats=2, max_seats=2)
        assert env.players == ("Anna", "Bert")
        assert env.seed == 3

    @pytest.mark.parametrize(("changes", "message"), [
        ({"format": "stammtisch-log/2"},
         "format: format must be 'stammtisch-log/1', not 'stammtisch-log/2'"),
        ({"game": "nerts"}, "game: this is a 'gin' engine; the log is for 'nerts'"),
        ({"players": ["Anna"]}, "players: gin is played by 2 players, not 1"),
        ({"players": ["Anna", "Anna"]}, "players: every player may sit only once"),
        ({"players": ["Anna", ""]}, "players: players must be a list of names in seat order"),
        ({"deals": {}}, "deals: deals must be a list of objects"),
        ({"seed": 1.5}, "seed: seed must be text or a whole number"),
    ])
    def test_bad_envelopes(self, changes, message):
        with pytest.raises(InvalidLogError) as excinfo:
            read_envelope(envelope(**changes), game="gin", min_seats=2, max_seats=2)
        assert str(excinfo.value) == message
