"""Engine errors in the reader's language (``games/errors.py``): every error code has a German
text in the catalogue, stored errors render in German and English with their location, and a
page never shows a JSON path."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any

import polib
import pytest
from django.utils import translation

from games.engines import EngineError
from games.engines.messages import TEMPLATES
from games.errors import error_location, error_page_text, error_reason, error_text, shown_card
from games.replay import replay_text
from tests.games.engines.mutate import example_documents, mutate, to_text

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def example(game: str, name: str) -> dict[str, Any]:
    return json.loads((ROOT / "docs" / "examples" / game / f"{name}.json").read_text())


def stored(document: dict[str, Any]) -> dict[str, Any]:
    """The error a log is rejected with, as the service stores it."""
    with pytest.raises(EngineError) as excinfo:
        replay_text(json.dumps(document))
    return excinfo.value.to_json()


def both(data: dict[str, Any], render=error_text) -> tuple[str, str]:
    with translation.override("de"):
        german = render(data)
    with translation.override("en"):
        english = render(data)
    return german, english


class TestTheCatalogue:
    def test_every_code_has_a_german_text_with_the_same_values(self):
        catalogue = {entry.msgid: entry for entry in polib.pofile(str(PO)) if not entry.msgctxt}
        problems = []
        for code, template in sorted(TEMPLATES.items()):
            entry = catalogue.get(template)
            if entry is None or not entry.translated() or "fuzzy" in entry.flags:
                problems.append((code, "no German text"))
            elif set(PLACEHOLDER.findall(entry.msgstr)) != set(PLACEHOLDER.findall(template)):
                problems.append((code, "other values than the English template"))
            elif "%(" in template and "python-format" not in entry.flags:
                problems.append((code, "not marked python-format"))
        assert problems == []
        assert len(TEMPLATES) > 600

    def test_every_code_renders_in_german_from_the_compiled_catalogue(self):
        with translation.override("de"):
            for code, template in TEMPLATES.items():
                values = dict.fromkeys(PLACEHOLDER.findall(template), "x")
                german = translation.gettext(template)
                assert german % values, code
        with translation.override("de"):
            assert translation.gettext(TEMPLATES["gin_draw_before_discard"]) == (
                "%(player)s muss vor dem Abwerfen eine Karte nehmen")

    def test_every_raise_in_the_engines_names_a_registered_code(self):
        # A code that is no template would fail only when the error is raised.
        calls = ("InvalidLogError", "IllegalMoveError", "InvalidFactsError",
                 "InvalidRulesError", "EngineError", "_illegal", "_refuse", "_bad", "message")
        unknown = []
        for path in [*(ROOT / "games" / "engines").rglob("*.py"), ROOT / "games" / "replay.py"]:
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                first = node.args[0]
                if name in calls and isinstance(first, ast.Constant) \
                        and isinstance(first.value, str) and first.value not in TEMPLATES:
                    unknown.append((path.name, node.lineno, first.value))
        assert unknown == []

    def test_every_code_is_raised_somewhere(self):
        # A code nobody raises would be a dead text to translate.
        source = "\n".join(path.read_text() for path in
                           (ROOT / "games" / "engines").rglob("*.py")
                           if "messages" not in path.parts)
        source += (ROOT / "games" / "replay.py").read_text()
        used = set(re.findall(r'"([a-z][a-z0-9]*(?:_[a-z0-9]+)+)"', source))
        used |= {f"nerts_rank_{rank}" for rank in range(1, 14)}
        used |= {f"rennen_rank_{rank}" for rank in (1, 9, 10, 11, 12, 13)}
        used |= {f"ks_ordinal_{n}" for n in range(2, 6)}
        used |= {f"ks_{colour}" for colour in ("green", "red", "yellow", "blue", "knight",
                                                "rook", "bishop", "king")}
        used |= {f"nerts_{suit}" for suit in ("clubs", "spades", "hearts", "diamonds")}
        used |= {f"rennen_write_{verb}" for verb in ("show", "take", "keep", "discard",
                                                       "karo", "pick", "attach")}
        used |= {f"rennen_verb_{verb}" for verb in ("take", "keep", "show", "give",
                                                      "discard", "give_up")}
        used |= {"semicolon_list", "ks_white_side", "ks_black_side", "nerts_not_turned_one_since",
                 "nerts_not_turned_many_since", "rennen_sit_simple_pick",
                 "rennen_sit_ultimate_pick"}
        assert sorted(set(TEMPLATES) - used) == []


class TestStoredErrors:
    def test_an_illegal_gin_move(self):
        document = example("gin", "recorded-round")
        document["deals"][0]["moves"][2] = "discard QH"
        assert both(stored(document)) == (
            "Spiel 1, Zug 3: Bert muss vor dem Abwerfen eine Karte nehmen",
            "deal 1, move 3: Bert must draw before discarding")

    def test_the_briefs_knock_over_the_limit(self):
        data = {"kind": "illegal_move", "code": "knock_over_limit", "deal": 3, "move": 17,
                "params": {"player": "Bob", "deadwood": 14, "limit": 7, "upcard": "7H"},
                "field": "deals[2].moves[16]"}
        assert both(data) == (
            "Spiel 3, Zug 17: Bob kann mit 14 Augen Totholz nicht klopfen; die Grenze ist 7 "
            "(erste offene Karte 7♥)",
            "deal 3, move 17: Bob cannot knock with 14 deadwood; the limit is 7 (first "
            "upcard 7H)")

    def test_a_doppelkopf_card_not_held_names_the_hand_in_german_cards(self):
        document = example("doppelkopf", "liste-hausregeln")
        moves = document["deals"][0]["moves"]
        moves[3], moves[4] = moves[4], moves[3]
        assert both(stored(document)) == (
            "Spiel 1, Zug 5: Anna hat K♣ nicht (Blatt: D♣ D♥ D♥ B♠ B♥ A♦ 10♦ K♦ 10♣ K♥)",
            "deal 1, move 5: Anna does not hold KC (holds QC QH QH JS JH AD 10D KD 10C KH)")

    def test_a_vorbehalt_declaration(self):
        document = example("doppelkopf", "liste-hausregeln")
        document["deals"][0]["declarations"][1] = "Carl: vorbehalt"
        assert both(stored(document)) == (
            "Spiel 1, Vorbehaltsansage 2: Carl kann keinen Vorbehalt (kein Solo) anmelden: "
            "Carl hat weder beide Kreuz-Damen noch 1 bis 3 Trümpfe",
            "deal 1, declaration 2: Carl cannot announce a Vorbehalt (kein Solo): Carl holds "
            "neither both Kreuz-Damen nor 1 to 3 trumps")

    def test_a_nerts_card_names_its_deck(self):
        document = example("nerts", "two-players")
        document["deals"][0]["moves"][1]["move"] = "2H@Anna > 3"
        assert both(stored(document)) == (
            "Spiel 1, Zug 2: Anna kann 2♥ (Anna) nicht spielen: die Karte liegt unter A♦ "
            "(Anna) im Nerts-Stapel von Anna (nur die oberste Karte ist frei)",
            "deal 1, move 2: Anna cannot play 2H@Anna: it lies under AD@Anna in Anna's Nerts "
            "pile (only the top card is free)")

    def test_a_nested_reason_reads_in_one_language(self):
        document = example("katarenga-rennen", "seed-race")
        document["deals"][0]["moves"][0] = "c1-c3"
        assert both(stored(document)) == (
            "Spiel 1, Zug 1: die Figur von Anna auf c1 steht auf grün und zieht wie ein "
            "Springer; c3 ist keinen Springerzug entfernt",
            "deal 1, move 1: Anna's piece on c1 stands on green and moves like a knight; c3 "
            "is not a knight's move away")

    def test_a_rennen_race(self):
        document = example("rennen", "beispielrunde")
        index = next(i for i, deal in enumerate(document["deals"]) if "moves" in deal)
        document["deals"][index]["moves"][0] = "Anna show AC 9S"
        assert both(stored(document)) == (
            "Spiel 3, Zug 1: Anna hat den Herzvorteil; Bert zeigt die Karten",
            "deal 3, move 1: Anna holds the Herzvorteil; Bert shows the cards")

    def test_an_error_stored_before_codes_reads_its_english_reason(self):
        data = {"kind": "illegal_move", "message": "deal 1, move 3: Bert must draw before "
                "discarding", "reason": "Bert must draw before discarding", "deal": 1,
                "move": 3, "field": "deals[0].moves[2]", "notation": "discard QH"}
        assert both(data) == ("Spiel 1, Zug 3: Bert must draw before discarding",
                              "deal 1, move 3: Bert must draw before discarding")
        assert both(data, error_reason) == ("Bert must draw before discarding",) * 2

    def test_the_english_text_is_the_engines_message(self):
        document = example("gin", "recorded-round")
        document["deals"][0]["dealer"] = "Carl"
        data = stored(document)
        with translation.override("en"):
            assert error_text(data) == data["message"] == (
                "deal 1: the dealer 'Carl' is not a player of this match")


class TestLocations:
    def test_the_raw_view_keeps_the_json_path_where_no_deal_names_the_place(self):
        document = example("gin", "recorded-round")
        document["rules"] = {"preset": "seed", "rounds": 0}
        data = stored(document)
        assert both(data) == ("rules.rounds: muss mindestens 1 sein, nicht 0",
                              "rules.rounds: must be at least 1, not 0")
        assert both(data, error_page_text) == ("Regel rounds: muss mindestens 1 sein, nicht 0",
                                               "rule rounds: must be at least 1, not 0")

    @pytest.mark.parametrize(("data", "german", "english"), [
        ({"deal": 1, "field": "deals[0].dealer"}, "Spiel 1, Geber", "deal 1, dealer"),
        ({"deal": 2, "field": "deals[1].facts.deadwood.Anna"},
         "Spiel 2, Spielzettel, Totholz (Anna)", "deal 2, score sheet, deadwood (Anna)"),
        ({"deal": 3, "field": "deals[2].hands.Bert"}, "Spiel 3, Blätter (Bert)",
         "deal 3, hands (Bert)"),
        ({"deal": 1, "field": "deals[0].facts.specials[1]"},
         "Spiel 1, Spielzettel, Sonderpunkt 2", "deal 1, score sheet, special point 2"),
        ({"deal": 1, "move": 4, "field": "deals[0].moves"}, "Spiel 1, Zug 4",
         "deal 1, move 4"),
        ({"deal": 1, "field": "deals[0].moves"}, "Spiel 1, Züge", "deal 1, moves"),
        ({"field": "players[1]"}, "Spieler 2", "player 2"),
        ({"field": "$"}, "", ""),
        ({"field": "teams[0].name"}, "Team 1, Name", "team 1, name"),
    ])
    def test_a_field_in_words(self, data, german, english):
        with translation.override("de"):
            assert error_location(data, paths=False) == german
        with translation.override("en"):
            assert error_location(data, paths=False) == english

    def test_a_page_never_shows_a_json_path(self):
        rng = random.Random(11)
        checked = 0
        for game in ("gin", "doppelkopf", "nerts", "rennen", "katarenga-rennen"):
            documents = example_documents(game)
            for _ in range(60):
                text = to_text(mutate(rng.choice(documents), rng, game=game))
                try:
                    replay_text(text)
                except EngineError as error:
                    data = error.to_json()
                    for language in ("de", "en"):
                        with translation.override(language):
                            location = error_location(data, paths=False)
                        assert "[" not in location and "." not in location, (data, location)
                    checked += 1
        assert checked > 250


class TestCards:
    @pytest.mark.parametrize(("text", "german"), [
        ("7H", "7♥"), ("10C", "10♣"), ("QS", "D♠"), ("JD", "B♦"), ("KH", "K♥"), ("AC", "A♣"),
        ("QC@Anna", "D♣ (Anna)"), ("X2@Team Nord", "X2 (Team Nord)"), ("Q", "D"),
        ("not a card", "not a card"),
    ])
    def test_german_cards(self, text, german):
        assert (shown_card(text, "de"), shown_card(text, "en")) == (german, text)
