"""Registration and printing in a real browser: a capped Swiss with check-in, a player who
checks himself in, the start dropping the no-show, the round sheet printed on one A4 page,
a Doppelkopf list of a table of five on one page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Player
from tests.integration.browser import confirm, expect_words, log_in, shot
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_enter

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def pdf_pages(page):
    """How many pages the browser prints the current page on (A4, as the print CSS says)."""
    pdf = page.pdf(prefer_css_page_size=True)
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_check_in_start_and_the_printed_round_sheet(page):
    User = get_user_model()
    olga = User.objects.create_user("olga", password="secret-olga")
    anna = User.objects.create_user("anna", password="secret-anna")
    names = ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank", "Gerd"]
    players = {name: Player.objects.create(name=name) for name in names}
    players["Anna"].user = anna
    players["Anna"].save()
    tournament = tournament_create(name="Sommerfest", game="gin", format="swiss",
                                   organizer=olga, rules={"preset": "seed", "rounds": 1})
    Tournament.objects.filter(pk=tournament.pk).update(entry_cap=6, check_in=True,
                                                       rounds_planned=3)
    for name in names:
        tournament_enter(tournament=tournament, player=players[name])

    log_in(page, "anna", "secret-anna")
    page.goto("/tournaments/sommerfest/")
    page.click("#check-in-self button[type=submit]")
    expect(page.locator("#check-in-self")).to_contain_text("You are checked in.")
    page.click("header.top form.inline button[type=submit]")  # log out

    log_in(page, "olga", "secret-olga")
    page.goto("/tournaments/sommerfest/")
    expect_words(page.locator("#registration-summary"), [
        "Places:", "6", "of", "6", "·", "Waiting", "list:", "1", "·", "Checked", "in:", "1",
        "·", "Seeded", "by", "hand"])
    # Everybody but Frank comes; Gerd waits and checks in, and takes Frank's place.
    for name in ("Bert", "Cora", "Dieter", "Eva", "Gerd"):
        page.click(f"tr:has(td:text-is('{name}')) button:text-is('check in')")
    shot(page, "registration-checked-in")
    confirm(page, "#start-tournament")
    page.wait_for_selector("#exports")
    statuses = dict(Tournament.objects.get(slug="sommerfest").entries
                    .values_list("player__name", "status"))
    assert statuses["Frank"] == "no_show" and statuses["Gerd"] == "checked_in"

    page.click("#print-links a:text-is('round sheet')")
    page.wait_for_selector("#round-sheet")
    expect(page.locator("#pairings tbody tr")).to_have_count(3)
    for row in page.locator("#pairings tbody tr").all():
        expect(row).to_contain_text("____ : ____")
    expect(page.locator("#player-index li")).to_have_count(6)
    shot(page, "round-sheet")
    assert pdf_pages(page) == 1


def test_a_doppelkopf_list_of_five_prints_on_one_page(page):
    from tests.tournaments.events import doppelkopf_tables

    olga = get_user_model().objects.create_user("olga", password="secret-olga")
    doppelkopf_tables(olga)
    page.goto("/tournaments/doko-abend/print/rounds/1/tables/2/")
    expect(page.locator(".list-grid tbody tr")).to_have_count(32 + 2)  # deals, spare, total, sign
    shot(page, "doppelkopf-list")
    assert pdf_pages(page) == 1
    page.goto("/tournaments/doko-abend/print/rounds/1/lists/")
    assert pdf_pages(page) == 2
