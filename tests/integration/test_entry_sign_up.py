"""Signing up for a tournament whose registration is open, in Chromium on a phone's width:
two newcomers sign up with logins of their own, the organizer starts the tournament, one
reports the match, the other confirms it and the tournament's standings change."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Match
from tests.integration.browser import confirm, expect_match_settled, log_in, shot
from tests.integration.entry import fill_row
from tournaments.services import tournament_create

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
# The first seat wins 145 : 0 (tests.documents.first_wins), as the Gin sheet writes it.
FIRST_SEAT_WINS = [
    {"dealer": "1", "upcard": "7H", "ended": "knock:0", "deadwood_0": "5", "deadwood_1": "30"},
    {"upcard": "KS", "ended": "gin:1", "deadwood_0": "20", "deadwood_1": "0"},
    {"upcard": "9C", "ended": "gin:0", "deadwood_0": "0", "deadwood_1": "60"},
]


def sign_up(browser, live_server, slug, name):
    """A newcomer opens the tournament on his phone and signs up, making his login."""
    context = browser.new_context(locale="en-GB", base_url=live_server.url, viewport=PHONE,
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"/tournaments/{slug}/")
    page.click("#sign-up-link a")
    username = name.lower()
    page.fill("#id_name", name)
    page.fill("#id_username", username)
    page.fill("#id_password", f"secret-{username}")
    page.fill("#id_password_again", f"secret-{username}")
    page.click("#sign-up-form button[type=submit]")
    expect(page.locator(".messages")).to_have_text(f"You are signed up, {name}.")
    return context, page


def expect_standings(page, slug, rows):
    """The tournament's standings, the first cells of each row: rank, player, played, won,
    drawn, lost, points for, against, difference, points."""
    page.goto(f"/tournaments/{slug}/")
    body = page.locator("#standings tbody")
    expect(body.locator("tr")).to_have_count(len(rows))
    for number, cells in enumerate(rows):
        expect(body.locator("tr").nth(number).locator("td:nth-child(-n+10)")).to_have_text(
            cells)


def test_newcomers_sign_up_report_and_confirm(browser, live_server):
    olga = get_user_model().objects.create_user("olga", password="secret-olga")
    cup = tournament_create(name="Sommerfest", game="gin", format="round_robin",
                            organizer=olga, rules={"preset": "seed", "rounds": 1},
                            open_registration=True)
    organizer = browser.new_context(locale="en-GB", base_url=live_server.url)
    olga_page = organizer.new_page()
    olga_page.set_default_timeout(15_000)
    olga_page.goto(f"/tournaments/{cup.slug}/")
    expect(olga_page.locator("#reporting-note")).to_contain_text(
        "Results: the players enter them; a result counts once the other players of the "
        "match have confirmed it")

    pages, contexts = {}, []
    for name in ("Gisela", "Hans"):
        context, pages[name] = sign_up(browser, live_server, cup.slug, name)
        contexts.append(context)
    shot(pages["Hans"], "signed-up-phone")

    log_in(olga_page, "olga", "secret-olga")
    olga_page.goto(f"/tournaments/{cup.slug}/")
    expect(olga_page.locator("#entries tbody tr")).to_have_count(2)
    expect(olga_page.locator("#entries")).to_contain_text("Gisela")
    expect(olga_page.locator("#entries")).to_contain_text("Hans")
    confirm(olga_page, "#start-tournament")
    expect(olga_page.locator("#tournament-status")).to_have_text("running")
    match = Match.objects.get(round__tournament=cup)
    first, second = (seat.player.name for seat in match.seats.order_by("index"))

    # The first seat reports the match on the phone ...
    reporter = pages[first]
    reporter.goto(match.get_absolute_url())
    expect(reporter.locator("#entry-policy")).to_contain_text(
        f"What you enter counts once {second} confirmed it.")
    for number, values in enumerate(FIRST_SEAT_WINS, start=1):
        fill_row(reporter, number, values)
    expect(reporter.locator("#row-3 .out-line")).to_contain_text(
        f"{first}: 145 to the round account")
    reporter.click("#submit-sheet")
    expect(reporter.locator("#report")).to_contain_text(f"Waiting for: {second}.")
    expect_standings(olga_page, cup.slug, [
        ["1", first, "0", "0", "0", "0", "0", "0", "0", "0"],
        ["1", second, "0", "0", "0", "0", "0", "0", "0", "0"]])

    # ... the other confirms it, and it counts.
    confirmer = pages[second]
    confirmer.goto(match.get_absolute_url())
    confirmer.click("#report-answer details.confirm summary")
    confirmer.click("#confirm-report")
    expect(confirmer.locator(".messages")).to_contain_text("You confirmed the result.")
    expect(confirmer.locator("#match-status")).to_have_text("scored")
    expect_match_settled(confirmer, match.pk)
    expect_standings(olga_page, cup.slug, [
        ["1", first, "1", "1", "0", "0", "145", "0", "145", "2"],
        ["2", second, "1", "0", "0", "1", "0", "145", "-145", "0"]])
    shot(olga_page, "signed-up-standings")
    for context in (*contexts, organizer):
        context.close()
