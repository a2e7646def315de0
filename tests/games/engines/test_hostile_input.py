"""Input that used to crash a parser (a traceback instead of an error naming the field or the
deal and move) is refused with an :class:`EngineError`: JSON nested thousands deep, numbers
of thousands of digits, NaN and Infinity, cards outside a game's deck, objects where a name
is looked up, wrong types anywhere. Each case here failed before with another exception."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest

from games.engines import EngineError, all_engines, get_engine
from games.engines.errors import shown
from games.engines.gin.moves import Move as GinMove
from games.engines.katarenga_rennen.moves import Move as KatarengaMove
from games.engines.nerts.moves import parse_move as nerts_parse_move
from games.replay import parse_document, replay_document, replay_text

ROOT = Path(__file__).resolve().parents[3]
HUGE = 7 * 10 ** 4999  # 5,000 digits: Python's int/str conversion refuses it


def example(game: str, name: str) -> dict[str, Any]:
    return json.loads((ROOT / "docs" / "examples" / game / f"{name}.json").read_text())


def deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _level in range(depth - 1):
        value = [value]
    return value


def refused(document: Any, game: str | None = None) -> EngineError:
    engine = get_engine(game or document["game"])
    with pytest.raises(EngineError) as excinfo:
        engine.replay(document)
    return excinfo.value


def where(error: EngineError) -> tuple[Any, ...]:
    return error.code, error.deal, error.move, error.field


class TestTheDocument:
    @pytest.mark.parametrize("text", [
        "[" * 5000 + "]" * 5000,
        '{"format": "stammtisch-log/1", "deals": ' + "[" * 3000 + "]" * 3000 + "}",
        '{"a": ' * 2000 + "1" + "}" * 2000,
    ])
    def test_nesting_thousands_deep(self, text):
        with pytest.raises(EngineError) as excinfo:
            parse_document(text)
        assert (excinfo.value.code, excinfo.value.field, str(excinfo.value)) == (
            "json_too_deep", "$", "$: the document is nested more than 32 levels deep")

    def test_brackets_inside_text_do_not_count(self):
        document = parse_document('{"format": "' + "[" * 100 + '", "game": "gin"}')
        assert document["format"] == "[" * 100

    def test_an_integer_of_thousands_of_digits(self):
        with pytest.raises(EngineError) as excinfo:
            parse_document('{"seed": ' + "9" * 5000 + "}")
        assert (excinfo.value.code, excinfo.value.params, str(excinfo.value)) == (
            "json_number_too_long", {"digits": 5000, "limit": 30},
            "$: a number of 5000 digits; a number in a log has at most 30 digits")

    @pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e999"])
    def test_not_a_number(self, text):
        with pytest.raises(EngineError) as excinfo:
            parse_document('{"t": ' + text + "}")
        assert (excinfo.value.code, str(excinfo.value)) == (
            "json_not_a_number", f"$: {text} is not a number a log may contain")

    def test_a_field_written_twice(self):
        with pytest.raises(EngineError) as excinfo:
            parse_document('{"game": "gin", "game": "nerts"}')
        assert str(excinfo.value) == "$: the field 'game' is written twice in one object"

    def test_text_that_is_not_a_string(self):
        with pytest.raises(EngineError) as excinfo:
            parse_document(b"{}")  # type: ignore[arg-type]
        assert excinfo.value.code == "not_json_object"

    def test_a_game_given_as_a_deeply_nested_list(self):
        with pytest.raises(EngineError) as excinfo:
            replay_document({"format": "stammtisch-log/1", "game": deep(3000)})
        assert (excinfo.value.code, excinfo.value.field) == ("unknown_game", "game")
        assert str(excinfo.value) == ("game: unknown game [[[[...]]]]; the games are gin, "
                                      "doppelkopf, rennen, katarenga-rennen, nerts")

    def test_a_parsed_document_nested_thousands_deep(self):
        document = example("gin", "recorded-round")
        document["deals"][0]["notes"] = deep(5000)
        error = refused(document)
        assert (error.code, error.field) == ("document_too_deep", "$")

    def test_a_seed_of_thousands_of_digits(self):
        document = example("gin", "recorded-round")
        document["seed"] = HUGE
        assert where(refused(document)) == ("seed_too_long", None, None, "seed")

    def test_a_player_name_of_a_megabyte(self):
        document = example("gin", "recorded-round")
        document["players"][0] = "A" * 1_000_000
        assert where(refused(document)) == ("player_name_too_long", None, None, "players[0]")


class TestRules:
    @pytest.mark.parametrize("preset", [{"name": "seed"}, ["seed"], 7, None])
    def test_a_preset_that_is_no_name(self, preset):
        document = example("gin", "recorded-round")
        document["rules"] = {"preset": preset}
        error = refused(document)
        assert (error.code, error.field, error.kind) == ("unknown_preset", "rules.preset",
                                                        "invalid_rules")
        assert str(error) == f"rules.preset: unknown preset {shown(preset)}; the presets are 'seed'"

    def test_a_number_of_thousands_of_digits(self):
        document = example("gin", "recorded-round")
        document["rules"] = {"preset": "seed", "rounds": HUGE}
        error = refused(document)
        assert (error.code, error.field) == ("rule_above_maximum", "rules.rounds")
        assert str(error) == ("rules.rounds: must be at most 99, not "
                              "70000000000000000000...(5000 digits)")

    def test_a_nerts_target_of_thousands_of_digits(self):
        # The target was the one whole-number option without a maximum: the engine took it,
        # and the outcome holding it could not be written out as JSON.
        document = example("nerts", "two-players")
        document["rules"] = {"preset": "seed", "target": HUGE}
        error = refused(document)
        assert (error.code, error.field, error.params["maximum"]) == (
            "rule_above_maximum", "rules.target", 10_000)

    def test_every_whole_number_option_has_a_maximum(self):
        unbounded = [(engine.slug, option["name"]) for engine in all_engines()
                     for option in engine.rule_options()
                     if type(option["default"]) is int and not option["choices"]
                     and option["maximum"] is None]
        assert unbounded == []

    def test_a_doppelkopf_preset_given_as_a_list(self):
        document = example("doppelkopf", "liste-hausregeln")
        document["rules"] = {"preset": ["ddv"]}
        assert refused(document).code == "unknown_preset"


class TestGin:
    def test_a_lay_off_onto_a_meld_number_of_thousands_of_digits(self):
        document = example("gin", "failed-knock-undercut")
        moves = document["deals"][0]["moves"]
        moves[-1] = "lay off 4S>" + "9" * 5000
        error = refused(document)
        assert (error.code, error.deal, error.move) == ("gin_layoff_notation", 1, len(moves))

    def test_a_move_nested_thousands_deep(self):
        document = example("gin", "recorded-round")
        document["deals"][0]["moves"][2] = deep(3000)
        assert where(refused(document)) == ("document_too_deep", None, None, "$")
        with pytest.raises(EngineError) as excinfo:
            GinMove.parse(deep(3000))  # type: ignore[arg-type]
        assert str(excinfo.value) == ("a move is a text such as \"draw 5H\", not "
                                      "[[[[...]]]]")

    def test_a_move_that_is_a_list(self):
        document = example("gin", "recorded-round")
        document["deals"][0]["moves"][2] = ["draw", "5H"]
        error = refused(document)
        assert where(error) == ("gin_move_not_text", 1, 3, "deals[0].moves[2]")
        assert error.notation == "['draw', '5H']"

    def test_deadwood_of_thousands_of_digits(self):
        document = example("gin", "score-sheet")
        deal = next(d for d in document["deals"] if not d["facts"].get("dead"))
        name = next(iter(deal["facts"]["deadwood"]))
        deal["facts"]["deadwood"][name] = HUGE
        error = refused(document)
        assert error.code == "gin_deadwood_range"
        assert error.params["value"] == "70000000000000000000...(5000 digits)"

    def test_a_card_given_as_an_object(self):
        document = example("gin", "recorded-round")
        document["deals"][0]["upcard"] = {"card": "7H"}
        error = refused(document)
        assert (error.code, error.field) == ("not_a_card", "deals[0].upcard")
        assert error.reason == ("{'card': '7H'} is not a card (write rank then suit: AS, "
                                "10H, QC)")


class TestDoppelkopf:
    @pytest.mark.parametrize("card", ["9D", "2C", "9C"])
    def test_a_card_outside_the_deck_in_a_hand(self, card):
        document = example("doppelkopf", "liste-hausregeln")
        hand = document["deals"][0]["hands"]["Anna"].split()
        hand[-1] = card
        document["deals"][0]["hands"]["Anna"] = " ".join(hand)
        error = refused(document)
        assert where(error) == ("dk_hand_cards", 1, None, "deals[0].hands.Anna")
        assert error.reason == (f"Anna's hand: {card} is not in the Doppelkopf deck (A, K, Q, "
                                "J and 10 of each suit, twice; no nines)")

    def test_a_nine_given_back_in_a_schieben(self):
        document = example("doppelkopf", "liste-hausregeln")
        deal = document["deals"][0]
        deal["declarations"] = ["Bert: gibt 9D"]
        error = refused(document)
        assert (error.code, error.field) == ("dk_declaration_card", "deals[0].declarations[0]")
        assert str(error) == ("deal 1: declaration 1: 'Bert: gibt 9D': 9D is not in the "
                              "Doppelkopf deck (A, K, Q, J and 10 of each suit, twice; no "
                              "nines)")

    @pytest.mark.parametrize("word", [{"level": 2}, ["keine 90"], 90])
    def test_an_announcement_given_as_an_object_on_the_sheet(self, word):
        document = example("doppelkopf", "liste-zettel")
        deal = next(d for d in document["deals"] if d["facts"]["contract"] == "normal")
        deal["facts"]["announcements"] = {"re": word, "kontra": None}
        error = refused(document)
        assert error.code == "dk_not_announcement"
        assert error.field.endswith(".facts.announcements.re")

    def test_a_solo_kind_given_as_a_list_on_the_sheet(self):
        document = example("doppelkopf", "liste-zettel")
        deal = next(d for d in document["deals"] if d["facts"]["contract"] == "normal")
        deal["facts"] = {**deal["facts"], "contract": "solo", "solo": ["damen"]}
        assert refused(document).code == "dk_solo_kind_missing"

    def test_re_players_given_as_objects(self):
        document = example("doppelkopf", "liste-zettel")
        deal = next(d for d in document["deals"] if d["facts"]["contract"] == "normal")
        deal["facts"]["re"] = [{"name": "Anna"}, {"name": "Bert"}]
        assert refused(document).code == "dk_re_players"

    def test_a_hand_given_as_a_number(self):
        document = example("doppelkopf", "liste-hausregeln")
        document["deals"][0]["hands"]["Anna"] = HUGE
        error = refused(document)
        assert (error.code, error.reason) == ("dk_hand_cards", "Anna's hand: not a card list")


class TestNerts:
    @pytest.mark.parametrize("t", [math.nan, math.inf, -math.inf, 10.0 ** 7, HUGE, -1],
                             ids=["nan", "inf", "-inf", "1e7", "5000-digits", "-1"])
    def test_a_time_that_is_no_time(self, t):
        document = example("nerts", "two-players")
        document["deals"][0]["moves"][1]["t"] = t
        error = refused(document)
        assert where(error) == ("nerts_time", 1, 2, "deals[0].moves[1]")
        assert error.reason == f"t must be seconds since the start of the hand, not {shown(t)}"

    def test_a_valid_time_is_written_out_as_valid_json(self):
        document = example("nerts", "two-players")
        document["deals"][0]["moves"][0]["t"] = 1.25
        result = get_engine("nerts").replay(document)
        json.dumps(result.to_json(), allow_nan=False)
        assert result.hands[0].detail["moves"][0]["t"] == 1.25

    def test_a_sequence_number_of_thousands_of_digits(self):
        document = example("nerts", "two-players")
        document["deals"][0]["moves"][0]["seq"] = HUGE
        error = refused(document)
        assert where(error) == ("nerts_seq_too_large", 1, 1, "deals[0].moves[0]")

    def test_a_foundation_number_of_thousands_of_digits(self):
        document = example("nerts", "two-players")
        document["deals"][0]["moves"][0]["move"] = "AH@Anna > F" + "9" * 5000
        error = refused(document)
        assert where(error) == ("nerts_foundation_number", 1, 1, "deals[0].moves[0]")

    def test_a_work_pile_number_of_thousands_of_digits(self):
        document = example("nerts", "two-players")
        document["deals"][0]["moves"][0]["move"] = "AH@Anna > " + "9" * 5000
        assert refused(document).code == "nerts_work_pile_number"

    def test_a_move_nested_thousands_deep(self):
        document = example("nerts", "two-players")
        document["deals"][0]["moves"][0]["move"] = deep(3000)
        assert refused(document).code == "document_too_deep"
        with pytest.raises(EngineError) as excinfo:
            nerts_parse_move(deep(3000))  # type: ignore[arg-type]
        assert excinfo.value.code == "nerts_move_text"

    def test_a_move_given_as_an_object(self):
        document = example("nerts", "two-players")
        document["deals"][0]["moves"][0]["move"] = {"card": "AH@Anna"}
        error = refused(document)
        assert (error.code, error.move) == ("nerts_move_text", 1)


class TestRennen:
    @pytest.mark.parametrize("card", ["7S", "2C", "8H"])
    def test_a_card_outside_the_deck_in_the_market(self, card):
        document = example("rennen", "beispielrunde")
        deal = next(d for d in document["deals"] if "market" in d)
        deal["market"][0] = card
        error = refused(document)
        assert error.code == "rennen_not_in_deck"
        assert error.reason == (f"{card} is not in the Rennen deck (9, 10, J, Q, K and A of "
                                "each suit, twice)")
        assert error.field.endswith(".market[0]")

    def test_a_card_outside_the_deck_in_a_move(self):
        document = example("rennen", "beispielrunde")
        index, deal = next((i, d) for i, d in enumerate(document["deals"]) if "moves" in d)
        deal["moves"][0] = "play 7S 2C"
        error = refused(document)
        assert where(error) == ("rennen_card_in_move", index + 1, 1,
                                f"deals[{index}].moves[0]")

    def test_a_picked_card_outside_the_deck_on_the_sheet(self):
        document = example("rennen", "beispielrunde")
        document["deals"][0]["facts"]["picks"][0]["card"] = "5D"
        error = refused(document)
        assert (error.code, error.field) == ("rennen_not_in_deck",
                                             "deals[0].facts.picks[0].card")


class TestKatarenga:
    def test_a_move_nested_thousands_deep(self):
        document = example("katarenga-rennen", "seed-race")
        document["deals"][0]["moves"][0] = deep(3000)
        assert refused(document).code == "document_too_deep"
        with pytest.raises(EngineError) as excinfo:
            KatarengaMove.parse(deep(3000), player="Anna")
        assert str(excinfo.value) == "Anna's move is text such as 'b1-c3', not [[[[...]]]]"

    def test_a_move_given_as_a_number(self):
        document = example("katarenga-rennen", "seed-race")
        document["deals"][0]["moves"][0] = HUGE
        error = refused(document)
        assert where(error) == ("ks_player_move_text", 1, 1, "deals[0].moves[0]")

    def test_white_given_as_a_number_of_thousands_of_digits(self):
        document = example("katarenga-rennen", "seed-race")
        document["deals"][0]["white"] = HUGE
        error = refused(document)
        assert (error.code, error.field) == ("ks_white", "deals[0].white")


class TestLimits:
    @pytest.mark.parametrize(("game", "name", "limit"), [
        ("gin", "recorded-round", 500),
        ("doppelkopf", "liste-hausregeln", 200),
        ("rennen", "beispielrunde", 200),
        ("katarenga-rennen", "seed-race", 10_000),
    ])
    def test_moves_per_deal(self, game, name, limit):
        document = example(game, name)
        index = next(i for i, d in enumerate(document["deals"]) if "moves" in d)
        moves = document["deals"][index]["moves"]
        document["deals"][index]["moves"] = (moves * (limit // len(moves) + 1))[:limit + 1]
        error = refused(document)
        assert where(error) == ("too_many_moves", index + 1, None, f"deals[{index}].moves")
        assert error.reason == (f"the deal has {limit + 1} moves; a deal has at most {limit}")

    def test_actions_per_nerts_hand(self):
        document = example("nerts", "two-players")
        moves = document["deals"][0]["moves"]
        document["deals"][0]["moves"] = [copy.deepcopy(moves[0]) for _ in range(20_001)]
        assert where(refused(document)) == ("too_many_moves", 1, None, "deals[0].moves")

    def test_deals_per_log(self):
        document = example("gin", "score-sheet")
        document["deals"] = document["deals"] * (1001 // len(document["deals"]) + 1)
        error = refused(document)
        assert (error.code, error.field) == ("too_many_deals", "deals")

    def test_moves_per_log(self):
        document = example("nerts", "two-players")
        document["deals"] = [{"moves": [{"seq": 1}] * 100} for _ in range(501)]
        error = refused(document)
        assert (error.code, error.field) == ("too_many_moves_in_log", "deals")
        assert error.reason == "the log has 50100 moves in all; a log has at most 50000"

    def test_a_log_within_the_limits_replays(self):
        text = (ROOT / "docs/examples/nerts/seeded-two-players.json").read_text()
        assert replay_text(text).game == "nerts"
