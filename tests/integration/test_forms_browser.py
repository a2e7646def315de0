"""The new-tournament form in a real browser: no JSON anywhere; a tournament of each format,
with only that format's fields on the page, the rules chosen from the game's options (a
preset fills them in, a changed option is marked), the tie-breakers picked in order and the
qualification as numbers."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Player
from tests.integration.browser import log_in, set_rule, shot
from tournaments.models import Tournament
from tournaments.web.forms import FORMAT_FIELDS

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

#: format -> (game, the fields a person fills in, the settings the tournament then has)
FORMATS = {
    "round_robin": ("gin", {"tiebreak_1": "wins", "tiebreak_2": "points"},
                    {"tiebreaks": ["wins", "points"]}),
    "double_round_robin": ("rennen", {}, {"tiebreaks": []}),
    "single_elimination": ("katarenga-rennen", {}, {}),
    "double_elimination": ("gin", {"grand_final_reset": "0"}, {"grand_final_reset": False}),
    "swiss": ("gin", {"rounds_planned": "4", "duplicate": True},
              {"rounds_planned": 4, "duplicate": True}),
    "table_rounds": ("doppelkopf", {"rounds_planned": "3", "deals_per_round": "24"},
                     {"rounds_planned": 3, "deals_per_round": 24, "table_size": 4}),
    "groups_playoffs": ("gin", {"groups": "2", "qualify_top": "2", "qualify_best": "2",
                                "qualify_place": "3", "playoff_format": "double_elimination"},
                        {"groups": 2, "playoff_format": "double_elimination",
                         "qualification": [{"top": 2}, {"best": 2, "place": 3}]}),
}
#: A field of each setting the formats use (the qualification has three).
FIELD_OF = {"qualification": "qualify_top", "tiebreaks": "tiebreak_1"}


def fill(page, name, value):
    field = page.locator(f"#tournament-form [name='{name}']")
    if isinstance(value, bool):
        field.set_checked(value)
    elif field.evaluate("element => element.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_the_form_creates_a_tournament_of_each_format(page, fmt):
    get_user_model().objects.create_user("olga", password="secret-olga")
    log_in(page, "olga", "secret-olga")
    game, fields, settings = FORMATS[fmt]
    page.goto("/tournaments/new/")
    expect(page.locator("textarea[name=rules], input[name=rules]")).to_have_count(0)  # no JSON
    page.fill("#id_name", f"Pokal {fmt}")
    page.select_option("#id_game", game)
    page.select_option("#id_format", fmt)
    # Only the chosen game's rules and the chosen format's fields are on the page.
    expect(page.locator(f"fieldset#rules-{game}")).to_be_visible()
    for other in {"gin", "doppelkopf"} - {game}:
        expect(page.locator(f"fieldset#rules-{other}")).to_be_hidden()
    for setting, formats in FORMAT_FIELDS.items():
        field = page.locator(f"#tournament-form [name='{FIELD_OF.get(setting, setting)}']")
        if fmt in formats:
            expect(field).to_be_visible()
        else:
            expect(field).to_be_hidden()
    for name, value in fields.items():
        fill(page, name, value)
    option = {"gin": ("rounds", 3), "doppelkopf": ("solo_streak_limit", 2),
              "rennen": ("games", 3), "katarenga-rennen": ("move_limit", 120)}[game]
    set_rule(page, game, *option)
    row = page.locator(f"fieldset#rules-{game} [data-option='{option[0]}']")
    expect(row).to_have_class("field option differs")
    expect(row.locator(".differs-note")).to_be_visible()
    shot(page, f"new-tournament-{fmt}")
    page.click("#tournament-form button[type=submit]")
    page.wait_for_url("**/tournaments/pokal-*/")
    tournament = Tournament.objects.get(name=f"Pokal {fmt}")
    assert (tournament.game, tournament.format) == (game, fmt)
    assert tournament.rules == {"preset": "seed", option[0]: option[1]}
    for name, value in settings.items():
        assert getattr(tournament, name) == value, name


def test_a_preset_fills_in_its_values_and_the_page_reads_the_rules_as_text(page):
    get_user_model().objects.create_user("olga", password="secret-olga")
    for name in ("Anna", "Bert", "Cora", "Dieter"):
        Player.objects.create(name=name)
    log_in(page, "olga", "secret-olga")
    page.goto("/tournaments/new/")
    page.fill("#id_name", "Doko-Turnier")
    page.select_option("#id_game", "doppelkopf")
    page.select_option("#id_format", "table_rounds")
    page.fill("#id_rounds_planned", "2")
    page.select_option("#id_rules-doppelkopf-preset", "ddv")
    fieldset = page.locator("fieldset#rules-doppelkopf")
    fieldset.locator("details.options summary").click()
    # The ddv preset's values, filled in at once; nothing differs from it yet.
    expect(fieldset.locator("[name='rules-doppelkopf-pot_deals']")).to_have_value("20")
    expect(fieldset.locator("[name='rules-doppelkopf-schieben']")).not_to_be_checked()
    expect(fieldset.locator(".field.option.differs")).to_have_count(0)
    set_rule(page, "doppelkopf", "pot_deals", 24)
    expect(fieldset.locator(".field.option.differs")).to_have_count(1)
    page.click("#tournament-form button[type=submit]")
    page.wait_for_url("**/tournaments/doko-turnier/")
    assert Tournament.objects.get().rules == {"preset": "ddv", "pot_deals": 24}
    expect(page.locator("#tournament-rules")).to_contain_text(
        "Doppelkopf, DDV tournament rules (ddv); Deals in the Punktetopf: 24")
    page.click("#tournament-rules a")
    expect(page.locator("h1")).to_have_text("Rules of Doppelkopf")
    expect(page.locator("#option-pot_deals")).to_contain_text("Deals in the Punktetopf")
