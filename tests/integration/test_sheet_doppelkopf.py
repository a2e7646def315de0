"""The Doppelkopf match page in a real browser: the list, a deal opened from it, the trick
stepper; screenshots under var/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Player
from games.services import match_create, match_log_submit
from tests.integration.browser import expect_words, shot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "doppelkopf" / "liste-hausregeln.json"


def test_the_list_and_a_deal_trick_by_trick(page):
    seats = [Player.objects.create(name=name) for name in ("Anna", "Bert", "Carl", "Dora")]
    match = match_create(game="doppelkopf", players=seats, rules={"preset": "seed"})
    match_log_submit(match=match, text=EXAMPLE.read_text(encoding="utf-8"))
    match.refresh_from_db()
    assert match.status == "scored"

    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/matches/{match.pk}/")
    listing = page.locator("#dk-list")
    expect(listing.locator("tr.dk-row")).to_have_count(14)
    expect_words(listing.locator("tfoot tr"), ["Totals", "3", "16", "−19", "3"])
    expect_words(listing.locator("tr.dk-row[data-deal='4'] td.dk-game"),
                 ["Damensolo", "Pflichtsolo"])
    # The deals are closed until opened; the script offers to open them all.
    expect(page.locator("#deal-1 .dk-tricks")).to_be_hidden()
    expect(page.locator(".dk-open-all")).to_be_visible()
    shot(page, "doppelkopf-list")

    # A link in the list opens the deal.
    page.click("#dk-list tr.dk-row[data-deal='1'] a")
    deal = page.locator("#deal-1")
    expect(deal).to_have_attribute("open", re.compile(".*"))  # waits for the script to open it
    tricks = deal.locator("table.dk-tricks tr.dk-trick")
    expect(tricks).to_have_count(10)
    for number in range(10):
        expect(tricks.nth(number)).to_be_visible()

    # The stepper: back to the first trick, then forward; later tricks are hidden.
    stepper = deal.locator(".dk-stepper")
    expect(stepper.locator("output")).to_have_text("Trick 10 of 10")
    stepper.locator("button").first.click()
    expect(stepper.locator("output")).to_have_text("Trick 1 of 10")
    expect(tricks.nth(0)).to_be_visible()
    expect(tricks.nth(1)).to_be_hidden()
    expect(tricks.nth(0)).to_contain_text("Anna: re")
    stepper.locator("button", has_text="▶").click()
    expect(stepper.locator("output")).to_have_text("Trick 2 of 10")
    expect(tricks.nth(1)).to_be_visible()
    expect(tricks.nth(2)).to_be_hidden()
    expect(tricks.nth(1)).to_contain_text("Carl: kontra")
    expect(tricks.nth(1)).to_have_class(re.compile(r"\bdk-current\b"))
    deal.scroll_into_view_if_needed()
    shot(deal, "doppelkopf-deal-1-trick-2")
    stepper.locator("button", has_text="◀").click()
    expect(stepper.locator("output")).to_have_text("Trick 1 of 10")
    stepper.locator("button").last.click()
    for number in range(10):
        expect(tricks.nth(number)).to_be_visible()

    # A Schieben and a Schwarze Sau, opened all at once.
    page.click(".dk-open-all")
    expect(page.locator("details.dk-deal[open]")).to_have_count(14)
    expect(page.locator("#deal-3")).to_contain_text("Anna pushed the trumps to Carl")
    shot(page.locator("#deal-3"), "doppelkopf-deal-3-schieben")
    shot(page.locator("#deal-13"), "doppelkopf-deal-13-schwarze-sau")
    shot(page, "doppelkopf-all-open")
