"""Players report their own results, in Chromium, on a phone's width: the organizer invites
two players by link; Anna reports her match, Bert confirms it and the standings change; the
next result Bert disputes changes nothing until the organizer decides."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Invitation, Match, Player
from games.services import match_create
from league.services import league_create, season_create
from tests.integration.browser import expect_match_settled, log_in, shot
from tests.integration.entry import fill_row

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
RULES = {"preset": "seed", "rounds": 1}
PHONE = {"width": 390, "height": 844}
# Anna wins 145 : 0 (tests.documents.first_wins), as the Gin sheet writes it.
ANNA_WINS = [
    {"dealer": "1", "upcard": "7H", "ended": "knock:0", "deadwood_0": "5", "deadwood_1": "30"},
    {"upcard": "KS", "ended": "gin:1", "deadwood_0": "20", "deadwood_1": "0"},
    {"upcard": "9C", "ended": "gin:0", "deadwood_0": "0", "deadwood_1": "60"},
]


def accept(browser, live_server, url, username):
    """A player opens his invitation link on his phone and makes his login."""
    context = browser.new_context(locale="en-GB", base_url=live_server.url, viewport=PHONE,
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(url)
    page.fill("#id_username", username)
    page.fill("#id_password", f"secret-{username}")
    page.fill("#id_password_again", f"secret-{username}")
    page.click("#accept-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("you can now enter and confirm")
    return context, page


def expect_standings(page, season, rows):
    """The season's table as the organizer's page shows it, row by row and cell by cell:
    rank, player, played, won, drawn, lost, points for, against, difference, points."""
    page.goto(season.get_absolute_url())
    body = page.locator("table.standings tbody")
    expect(body.locator("tr")).to_have_count(len(rows))
    for number, cells in enumerate(rows):
        expect(body.locator("tr").nth(number).locator("td, th")).to_have_text(cells)


NOBODY_PLAYED = [["1", "Anna", "0", "0", "0", "0", "0", "0", "0", "0"],
                 ["1", "Bert", "0", "0", "0", "0", "0", "0", "0", "0"]]
ANNA_WON_ONCE = [["1", "Anna", "1", "1", "0", "0", "145", "0", "145", "2"],
                 ["2", "Bert", "1", "0", "0", "1", "0", "145", "-145", "0"]]
ANNA_WON_TWICE = [["1", "Anna", "2", "2", "0", "0", "290", "0", "290", "4"],
                  ["2", "Bert", "2", "0", "0", "2", "0", "290", "-290", "0"]]


def test_invited_players_report_confirm_and_dispute(browser, live_server):
    olga = get_user_model().objects.create_user("olga", password="secret-olga")
    anna, bert = (Player.objects.create(name=name) for name in ("Anna", "Bert"))
    league = league_create(name="Dienstagsrunde", game="gin", organizer=olga, rules=RULES)
    season = season_create(league=league, name="Herbst", members=[anna, bert])
    first = match_create(game="gin", players=[anna, bert], rules=RULES, season=season)
    second = match_create(game="gin", players=[anna, bert], rules=RULES, season=season)

    organizer = browser.new_context(locale="en-GB", base_url=live_server.url)
    olga_page = organizer.new_page()
    olga_page.set_default_timeout(15_000)
    log_in(olga_page, "olga", "secret-olga")
    links = {}
    for player in (anna, bert):
        olga_page.goto(f"/players/{player.pk}/")
        olga_page.click("#invite-player a")
        olga_page.click("#invitation-form button[type=submit]")
        link = olga_page.locator("#link")
        expect(link).to_have_value(re.compile(r"/invitations/[\w-]+/$"))
        links[player.name] = link.input_value()
    assert links["Anna"].endswith(f"/invitations/{Invitation.objects.get(player=anna).token}/")

    anna_context, anna_page = accept(browser, live_server, links["Anna"], "anna")
    bert_context, bert_page = accept(browser, live_server, links["Bert"], "bert")

    # Anna reports the first match on her phone.
    anna_page.goto(first.get_absolute_url())
    expect(anna_page.locator("#entry-policy")).to_contain_text(
        "What you enter counts once Bert confirmed it.")
    for number, values in enumerate(ANNA_WINS, start=1):
        fill_row(anna_page, number, values)
    expect(anna_page.locator("#row-3 .out-line")).to_contain_text(
        "Anna: 145 to the round account")
    shot(anna_page, "report-entered-phone")
    anna_page.click("#submit-sheet")
    expect(anna_page.locator("#report")).to_contain_text("Waiting for: Bert.")
    # A result waiting for confirmation does not count yet.
    expect_standings(olga_page, season, NOBODY_PLAYED)

    # Bert sees what waits on him, and confirms it.
    bert_page.goto("/")
    expect(bert_page.locator("#results-waiting-badge .badge")).to_have_text("1")
    bert_page.click("#results-waiting-badge")
    bert_page.click("#waiting-results a")
    expect(bert_page.locator("#report-result tr").nth(1).locator("td")).to_have_text(
        ["1", "Anna", "145"])
    shot(bert_page, "report-to-confirm-phone")
    bert_page.click("#report-answer details.confirm summary")
    bert_page.click("#confirm-report")
    expect(bert_page.locator(".messages")).to_contain_text("You confirmed the result.")
    expect(bert_page.locator("#match-status")).to_have_text("scored")
    expect_match_settled(bert_page, first.pk)
    expect_standings(olga_page, season, ANNA_WON_ONCE)

    # The second match: Anna reports, Bert disputes. Nothing changes ...
    anna_page.goto(second.get_absolute_url())
    for number, values in enumerate(ANNA_WINS, start=1):
        fill_row(anna_page, number, values)
    anna_page.click("#submit-sheet")
    expect(anna_page.locator("#report")).to_be_visible()
    bert_page.goto(second.get_absolute_url())
    bert_page.click("#report-answer details.dispute summary")
    bert_page.fill("#dispute-reason", "Game 3 was mine: I had gin.")
    bert_page.click("#dispute-report")
    expect(bert_page.locator("#report-answers")).to_have_text(
        "Bert disputes it: Game 3 was mine: I had gin.")
    expect_standings(olga_page, season, ANNA_WON_ONCE)
    assert Match.objects.get(pk=second.pk).status == "scheduled"

    # ... until the organizer decides.
    olga_page.goto("/")
    expect(olga_page.locator("#results-waiting-badge .badge")).to_have_text("1")
    olga_page.goto(second.get_absolute_url())
    expect(olga_page.locator("#report h2")).to_have_text(
        "A disputed result waits for the organizers")
    olga_page.click("#report-decide details.confirm summary >> nth=0")
    olga_page.click("#accept-report")
    expect(olga_page.locator("#match-status")).to_have_text("scored")
    expect_match_settled(olga_page, second.pk)
    expect_standings(olga_page, season, ANNA_WON_TWICE)
    for context in (anna_context, bert_context, organizer):
        context.close()
