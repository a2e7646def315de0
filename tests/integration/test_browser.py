"""An organizer's evening in a real browser: tournament, entries, start, results, bracket."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Player
from tests.documents import first_wins
from tests.integration.browser import confirm, expect_match_settled, log_in, set_rule, shot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_an_organizer_runs_a_knockout(page):
    get_user_model().objects.create_user("olga", password="secret-olga")
    for name in ("Anna", "Bert", "Cora"):
        Player.objects.create(name=name)
    log_in(page, "olga", "secret-olga")

    page.goto("/tournaments/new/")
    page.fill("input[name=name]", "Krone Cup")
    page.select_option("select[name=game]", "gin")
    page.select_option("select[name=format]", "single_elimination")
    set_rule(page, "gin", "rounds", 1)
    page.click("form.stacked button[type=submit]")
    page.wait_for_url("**/tournaments/krone-cup/")

    for seed, name in enumerate(["Anna", "Bert", "Cora"], start=1):
        page.select_option("#enter-player select[name=player]", label=name)
        page.fill("#enter-player input[name=seed]", str(seed))
        page.click("#enter-player button[type=submit]")
    confirm(page, "#start-tournament")
    page.wait_for_selector("#bracket .bracket-round h3")
    bracket = page.locator("#bracket")
    expect(bracket.locator(".bracket-round h3")).to_have_text(["Semi-finals", "Final"])
    expect(bracket).to_contain_text("bye")
    shot(page, "bracket-started")

    page.click("#bracket .bracket-match[data-match]:has-text('Cora')")
    # The log box is folded under the score sheet: open it.
    page.click("#log-entry > summary")
    page.wait_for_selector("#submit-log")
    broken = {"format": "stammtisch-log/1", "game": "gin", "players": ["Bert", "Cora"],
              "seed": 7, "deals": [{"dealer": "Bert", "moves": ["pass", "pass", "discard QH"]}]}
    page.fill("#submit-log textarea[name=text]", json.dumps(broken))
    page.click("#submit-log button[type=submit]")
    error = page.locator("#log-error")
    expect(error).to_contain_text("Deal 1, move 3: Cora must draw before discarding")
    # The rejected log waits in the form for the correction.
    expect(page.locator("#submit-log textarea[name=text]")).to_have_value(json.dumps(broken))
    shot(page, "match-rejected")

    page.fill("#submit-log textarea[name=text]", json.dumps(first_wins("Bert", "Cora")))
    page.click("#submit-log button[type=submit]")
    expect(page.locator("#match-status")).to_have_text("scored")
    expect(page.locator("#result")).to_have_text(
        re.compile(r"Place\s+Player\s+Score\s+1\s+Bert\s+145\s+2\s+Cora\s+0"),
        use_inner_text=True)
    expect(page.locator("#log-history tbody tr")).to_have_count(2)
    expect_match_settled(page, int(re.search(r"/matches/(\d+)/", page.url).group(1)))
    shot(page, "match-scored")

    page.goto("/tournaments/krone-cup/")
    final = page.locator("#bracket .bracket-round").nth(1)
    expect(final.locator(".slot")).to_have_text(["1 Anna", "2 Bert"], use_inner_text=True)


def test_the_pages_speak_german_by_default(browser, live_server):
    context = browser.new_context(locale="de-DE", base_url=live_server.url)
    page = context.new_page()
    page.goto("/")
    expect(page.locator("h1")).to_have_text("Was gespielt wird")
    page.select_option("select[name=language]", "en")
    with page.expect_navigation():
        page.click("form.language button[type=submit]")
    expect(page.locator("h1")).to_have_text("What is being played")
    context.close()
