"""The Gin sheet entered in Chromium: row by row with the values as they are typed, a
rejected sheet coming back with its bad row marked (in German, the site's language), the
same error read through the API in English, a draft that survives the browser."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Match, Player
from games.services import match_create
from tests.integration.browser import expect_match_settled, log_in, shot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def friendly(**rules):
    staff = get_user_model().objects.create_user("olga", password="secret-olga", is_staff=True)
    anna, bert = (Player.objects.create(name=name) for name in ("Anna", "Bert"))
    match = match_create(game="gin", players=[anna, bert],
                         rules={"preset": "seed", "rounds": 1, **rules})
    return staff, match


def fill_row(page, number, values):
    for field, value in values.items():
        selector = f"[name='r{number}-{field}']"
        if page.locator(selector).evaluate("e => e.tagName") == "SELECT":
            page.select_option(selector, value)
        else:
            page.fill(selector, value)


# The games of tests.documents.first_wins, as a club writes them: Anna wins 145 : 0.
FIRST_WINS = [
    {"dealer": "1", "upcard": "7h", "ended": "knock:0", "deadwood_0": "5", "deadwood_1": "30"},
    {"upcard": "KS", "ended": "gin:1", "deadwood_0": "20", "deadwood_1": "0"},
    {"upcard": "9C", "ended": "gin:0", "deadwood_0": "0", "deadwood_1": "60"},
]


def test_rows_are_scored_as_they_are_typed_and_the_sheet_counts(page):
    _staff, match = friendly()
    log_in(page, "olga", "secret-olga")
    page.goto(f"/matches/{match.pk}/")
    fill_row(page, 1, FIRST_WINS[0])
    row = page.locator("#row-1")
    # The row's points and running totals appear as soon as it is complete.
    expect(row.locator(".out-seats")).to_have_text("Anna +25 25 Bert 0 0")
    fill_row(page, 2, FIRST_WINS[1])
    expect(page.locator("#row-2 .out-seats")).to_have_text("Anna 0 25 Bert +90 90")
    fill_row(page, 3, FIRST_WINS[2])
    expect(page.locator("#row-3 .out-line")).to_have_text(
        "Round 1 · Anna: 145 to the round account")
    expect(page.locator("#entry-summary")).to_contain_text("Totals: Anna 145, Bert 0")
    shot(page, "gin-sheet-typed")
    page.click("#submit-sheet")
    expect(page.locator("#result")).to_contain_text("Anna")
    expect_match_settled(page, match.pk)
    match.refresh_from_db()
    assert match.status == "scored"
    assert [(s.player.name, s.score) for s in match.seats.order_by("index")] == [
        ("Anna", 145), ("Bert", 0)]


def test_a_rejected_sheet_comes_back_with_its_row_marked_and_the_api_says_it_in_english(
        browser, live_server):
    _staff, match = friendly()
    context = browser.new_context(locale="de-DE", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, "olga", "secret-olga")
    page.goto(f"/matches/{match.pk}/")
    # Game 2: Bert knocked, but with 20 deadwood on a K upcard (limit 10).
    rows = [FIRST_WINS[0], {**FIRST_WINS[1], "ended": "knock:1", "deadwood_1": "20",
                            "deadwood_0": "30"}, FIRST_WINS[2]]
    for number, values in enumerate(rows, start=1):
        fill_row(page, number, values)
    # Without waiting for the check: the sheet is submitted and the worker rejects it.
    page.evaluate("document.getElementById('sheet-entry').submit()")
    error = page.locator("#log-error")
    expect(error).to_contain_text("Log-Fassung 1 wurde abgelehnt.")
    expect(error.locator(".where")).to_have_text("Zeile 2, Totholz Bert:")
    # The reason too is German, the card as a German reader reads it (K♠, not KS).
    expect(error.locator(".reason")).to_have_text(
        "Bert kann nicht mit 20 Augen Totholz geklopft haben; die Grenze ist 10 (erste offene "
        "Karte K♠)")
    # The same sheet again, the bad row and field marked, the other rows as typed.
    expect(page.locator("#row-2")).to_have_class("entry-row status-error")
    field = page.locator("#row-2 .field[data-field='deadwood_1']")
    expect(field).to_have_class(re.compile(r"\binvalid\b"))
    expect(field.locator("input")).to_have_attribute("aria-invalid", "true")
    # The reason stands beside the field it is about, in German too.
    expect(field.locator(".problem")).to_have_text(
        "Bert kann nicht mit 20 Augen Totholz geklopft haben; die Grenze ist 10 (erste offene "
        "Karte K♠)")
    expect(page.locator("#entry-grid .problem")).to_have_count(1)
    expect(page.locator("[name='r1-upcard']")).to_have_value("7h")  # as typed
    expect(page.locator("[name='r3-deadwood_1']")).to_have_value("60")
    shot(page, "gin-sheet-rejected-de")
    log = Match.objects.get(pk=match.pk).current_log
    api = context.request.get(f"/api/logs/{log.pk}/", headers={"Accept-Language": "en"})
    error_json = api.json()["error"]
    assert (error_json["deal"], error_json["field"]) == (2, "deals[1].facts.deadwood.Bert")
    assert error_json["reason"] == ("Bert cannot have knocked with 20 deadwood; the limit is "
                                    "10 (first upcard KS)")
    # With its place (games.errors.error_text): the deal, no JSON path where a deal names it.
    assert error_json["message"] == ("deal 2: Bert cannot have knocked with 20 deadwood; the "
                                     "limit is 10 (first upcard KS)")
    # The same stored error read by a German client is German.
    german = context.request.get(f"/api/logs/{log.pk}/", headers={"Accept-Language": "de"})
    assert german.json()["error"]["reason"] == (
        "Bert kann nicht mit 20 Augen Totholz geklopft haben; die Grenze ist 10 (erste offene "
        "Karte K♠)")
    context.close()


def test_closing_the_browser_loses_nothing(browser, live_server):
    _staff, match = friendly()
    first = browser.new_context(locale="en-GB", base_url=live_server.url)
    page = first.new_page()
    log_in(page, "olga", "secret-olga")
    page.goto(f"/matches/{match.pk}/")
    fill_row(page, 1, FIRST_WINS[0])
    fill_row(page, 2, {"upcard": "KS", "ended": "gin:1"})
    expect(page.locator("#draft-state")).to_have_text("Draft saved")
    first.close()  # the phone's browser is closed: its storage is gone with it
    second = browser.new_context(locale="en-GB", base_url=live_server.url)
    page = second.new_page()
    log_in(page, "olga", "secret-olga")
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator("#draft-restored")).to_contain_text("Your draft from")
    expect(page.locator("[name='r1-deadwood_1']")).to_have_value("30")
    expect(page.locator("[name='r2-ended']")).to_have_value("gin:1")
    expect(page.locator("#row-1 .out-seats")).to_have_text("Anna +25 25 Bert 0 0")
    draft = json.loads(json.dumps(match.drafts.get().data))
    assert draft["rows"][1] == {"upcard": "KS", "ended": "gin:1"}
    second.close()
