"""The statistics pages in a real browser on a phone's width: the figures, the charts drawn
on the server, the head-to-head picker, a square of the form chart leading to its match."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models import Player
from tests.integration.browser import shot
from tests.league.statistics.helpers import example, play
from tests.league.statistics.test_gin import PARTIE

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

OVERFLOW = """Array.from(document.querySelectorAll('main *'))
    .filter(e => e.getBoundingClientRect().right > 391 && !e.closest('.stats-scroll'))
    .map(e => e.tagName + '.' + e.className)"""


def test_a_players_statistics_on_a_phone(page):
    play(example("doppelkopf/liste-hausregeln.json"))
    play(example("doppelkopf/liste-zettel.json"))
    anna = Player.objects.get(name="Anna")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/players/{anna.pk}/statistics/doppelkopf/")
    expect(page.locator("h1")).to_have_text("Anna in Doppelkopf")
    expect(page.locator("#statistics-basis")).to_contain_text("14 of the 20 deals")
    row = page.locator("#section-parties tr[data-row=kontra] td")
    expect(row.nth(0)).to_have_text("9")
    expect(row.nth(1)).to_have_text("8")
    # Both charts are drawn and fit the phone; nothing else sticks out of the page.
    expect(page.locator("#rates-chart svg text", has_text="Kontra")).to_have_count(1)
    for chart in ("#form-chart svg", "#rates-chart svg"):
        expect(page.locator(chart)).to_be_visible()
        box = page.locator(chart).bounding_box()
        assert box["width"] > 300 and box["x"] + box["width"] <= 390
    assert page.evaluate(OVERFLOW) == []
    shot(page, "statistics-doppelkopf-phone")
    shot(page.locator(".stats-charts"), "statistics-doppelkopf-charts-phone")
    # A square of the form chart is a link to its match.
    page.locator("#form-chart svg a").first.click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))


def test_the_head_to_head_picker(page):
    play(PARTIE)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/statistics/gin/")
    page.select_option("#id_player", label="Bert")
    page.select_option("#id_opponent", label="Anna")
    page.click("#head-to-head-picker button[type=submit]")
    expect(page.locator("h1")).to_have_text("Head-to-head in Gin Rommé")
    expect(page.locator("#head-to-head tr[data-player=Bert] td").first).to_have_text("0")
    expect(page.locator("#head-to-head tr[data-player=Anna] td").last).to_have_text("652")
    assert page.evaluate(OVERFLOW) == []
    shot(page, "statistics-head-to-head-phone")
    # The same player twice: the form says why, at the field.
    page.select_option("#id_opponent", label="Bert")
    page.click("#head-to-head-picker button[type=submit]")
    expect(page.locator("#opponent-error")).to_have_text("Choose two different players.")
