"""The Doppelkopf match page in a real browser: the list, a deal opened from it, the trick
stepper; screenshots under var/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Player
from games.services import match_create, match_log_submit
from tests.integration.browser import shot

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
    assert listing.locator("tr.dk-row").count() == 14
    assert listing.locator("tfoot tr").inner_text().split() == ["Totals", "3", "16", "−19", "3"]
    assert listing.locator("tr.dk-row[data-deal='4'] td.dk-game").inner_text().split() == [
        "Damensolo", "Pflichtsolo"]
    # The deals are closed until opened; the script offers to open them all.
    assert not page.locator("#deal-1 .dk-tricks").is_visible()
    assert page.locator(".dk-open-all").is_visible()
    shot(page, "doppelkopf-list")

    # A link in the list opens the deal.
    page.click("#dk-list tr.dk-row[data-deal='1'] a")
    deal = page.locator("#deal-1")
    expect(deal).to_have_attribute("open", re.compile(".*"))  # waits for the script to open it
    tricks = deal.locator("table.dk-tricks tr.dk-trick")
    assert tricks.count() == 10
    assert all(tricks.nth(i).is_visible() for i in range(10))

    # The stepper: back to the first trick, then forward; later tricks are hidden.
    stepper = deal.locator(".dk-stepper")
    assert stepper.locator("output").inner_text() == "Trick 10 of 10"
    stepper.locator("button").first.click()
    assert stepper.locator("output").inner_text() == "Trick 1 of 10"
    assert tricks.nth(0).is_visible() and not tricks.nth(1).is_visible()
    assert "Anna: re" in tricks.nth(0).inner_text()
    stepper.locator("button", has_text="▶").click()
    assert stepper.locator("output").inner_text() == "Trick 2 of 10"
    assert tricks.nth(1).is_visible() and not tricks.nth(2).is_visible()
    assert "Carl: kontra" in tricks.nth(1).inner_text()
    assert "dk-current" in (tricks.nth(1).get_attribute("class") or "")
    deal.scroll_into_view_if_needed()
    shot(deal, "doppelkopf-deal-1-trick-2")
    stepper.locator("button", has_text="◀").click()
    assert stepper.locator("output").inner_text() == "Trick 1 of 10"
    stepper.locator("button").last.click()
    assert all(tricks.nth(i).is_visible() for i in range(10))

    # A Schieben and a Schwarze Sau, opened all at once.
    page.click(".dk-open-all")
    assert page.locator("details.dk-deal[open]").count() == 14
    assert "Anna pushed the trumps to Carl" in page.locator("#deal-3").inner_text()
    shot(page.locator("#deal-3"), "doppelkopf-deal-3-schieben")
    shot(page.locator("#deal-13"), "doppelkopf-deal-13-schwarze-sau")
    shot(page, "doppelkopf-all-open")
