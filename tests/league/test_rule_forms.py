"""The rules form generated from the engines' options: every option, value and preset has
its words; the stored rules hold the preset and only what differs; a bad value is refused on
its field; the rules read as text."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engines import all_engines
from league.ranking.standings import TIEBREAKS
from league.web.rule_forms import TIEBREAK_CHOICES, GameRulesForm, rules_text
from league.web.rule_texts import OPTIONS, PRESETS
from tests.form_data import rules_data


@pytest.mark.parametrize("engine", list(all_engines()), ids=lambda engine: engine.slug)
def test_every_option_value_and_preset_has_its_words(engine):
    words = OPTIONS[engine.slug]
    assert set(words) == {option["name"] for option in engine.rule_options()}
    for option in engine.rule_options():
        label, explanation, values = words[option["name"]]
        assert str(label) and str(explanation), option["name"]
        if option["choices"] and isinstance(option["choices"][0], str):
            assert set(values) == set(option["choices"]), option["name"]
    assert set(engine.presets) <= set(PRESETS)


def test_every_tiebreak_can_be_picked():
    assert set(TIEBREAK_CHOICES) == set(TIEBREAKS)


@pytest.mark.parametrize("engine", list(all_engines()), ids=lambda engine: engine.slug)
def test_each_preset_unchanged_stores_just_the_preset(engine):
    for preset in engine.presets:
        form = GameRulesForm(rules_data(engine.slug, {"preset": preset}, every_game=False),
                             game=engine.slug)
        assert form.rules() == {"preset": preset}, form.errors


def test_only_what_differs_is_stored_and_a_bad_value_is_named():
    data = rules_data("gin", {"preset": "seed"}, every_game=False)
    form = GameRulesForm({**data, "rules-gin-rounds": "3", "rules-gin-failed_knock": "reject"},
                         game="gin")
    assert form.rules() == {"preset": "seed", "rounds": 3, "failed_knock": "reject"}
    bad = GameRulesForm({**data, "rules-gin-rounds": "0", "rules-gin-failed_knock": "maybe"},
                        game="gin")
    with translation.override("en"):
        assert bad.rules() is None
        assert bad.errors == {
            "rounds": ["Ensure this value is greater than or equal to 1."],
            "failed_knock": ["Select a valid choice. maybe is not one of the available "
                             "choices."]}


def test_the_rows_mark_what_differs_from_the_preset():
    form = GameRulesForm(game="doppelkopf", rules={"preset": "ddv", "pot_deals": 24})
    rows = {row["name"]: row for row in form.rows()}
    assert [name for name, row in rows.items() if row["differs"]] == ["pot_deals"]
    assert str(rows["pot_deals"]["preset_value"]) == "20"


def test_the_rules_in_words():
    with translation.override("en"):
        assert rules_text("doppelkopf", {"preset": "ddv", "schieben": True}) == \
            "Doppelkopf, DDV tournament rules (ddv); Schieben (Trumpfabgabe): yes"
        assert rules_text("rennen", {"preset": "match3"}) == "Rennen, three games (match3)"
    with translation.override("de"):
        assert rules_text("gin", {"preset": "seed", "rounds": 2}) == \
            "Gin Rommé, Clubregeln (seed); Runden einer Partie: 2"
