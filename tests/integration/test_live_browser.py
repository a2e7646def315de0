"""Live pages in a real browser: a verdict entered on one page shows on a second page (the
tournament's standings and rounds, the home page, the match page, the projector view, the
widget) within 5 seconds, without a reload; the projector rotates its parts. And the
confirmations: nothing happens until the consequence has been read and confirmed."""

from __future__ import annotations

import json
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Match, Player
from tests.documents import first_wins
from tests.integration.browser import confirm, expect_match_settled, log_in, shot
from tournaments.models import Entry, Tournament
from tournaments.services import tournament_create, tournament_enter, tournament_start

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
NAMES = ["Anna", "Bert", "Cora", "Dieter"]
#: A standings row as the browser reads it: place, name, P W D L GP GA +/- Pts.
ROW = "1\t{}\t1\t1\t0\t0\t145\t0\t145\t2"


def round_robin(organizer, *, start=True):
    tournament = tournament_create(name="Freitagsrunde", game="gin", organizer=organizer,
                                   format=Tournament.Format.ROUND_ROBIN,
                                   rules={"preset": "seed", "rounds": 1})
    for seed, name in enumerate(NAMES, start=1):
        tournament_enter(tournament=tournament, player=Player.objects.create(name=name),
                         seed=seed)
    return tournament_start(tournament=tournament) if start else tournament


def enter_result(page, match, winner):
    seated = [seat.player.name for seat in match.seats.order_by("index")]
    document = first_wins(winner, next(name for name in seated if name != winner))
    document["players"] = seated
    page.goto(f"/matches/{match.pk}/")
    page.click("#enter-result")  # Gin: the score sheet, game by game
    expect(page.locator("#sheet-entry")).to_be_visible()
    page.goto(f"/matches/{match.pk}/")  # or the log, pasted
    page.click("#log-entry > summary")  # the log box, folded under the score sheet
    page.fill("#submit-log textarea[name=text]", json.dumps(document))
    page.click("#submit-log button[type=submit]")
    expect(page.locator("#match-status")).to_have_text("scored")
    expect_match_settled(page, match.pk)


def viewer(browser, live_server, path):
    context = browser.new_context(locale="en-GB", base_url=live_server.url)
    page = context.new_page()
    page.goto(path)
    return context, page


def test_a_second_page_sees_the_verdict_within_5_seconds(page, browser, live_server):
    organizer = get_user_model().objects.create_user("olga", password="secret-olga")
    tournament = round_robin(organizer)
    match = Match.objects.filter(round__tournament=tournament).order_by("round__number",
                                                                        "position").first()
    first, second = (seat.player.name for seat in match.seats.order_by("index"))
    watchers = [viewer(browser, live_server, path) for path in (
        f"/tournaments/{tournament.slug}/", "/", f"/matches/{match.pk}/",
        f"/tournaments/{tournament.slug}/widget/")]
    standings, home, match_page, widget = (watched for _, watched in watchers)
    expect(standings.locator("#standings")).to_contain_text(f"1\t{first}\t0\t0",
                                                            use_inner_text=True)
    expect(match_page.locator("#match-status")).to_have_text("scheduled")
    log_in(page, "olga", "secret-olga")
    enter_result(page, match, first)
    entered = time.monotonic()
    # Within 5 seconds, no reload: the standings, the round's row, the latest results, the
    # match's own page and the embedded widget.
    expect(standings.locator("#standings tbody tr").first).to_contain_text(
        ROW.format(first), timeout=5000, use_inner_text=True)
    expect(standings.locator(f"#tournament-live a[href='/matches/{match.pk}/']")
           .locator("xpath=ancestor::tr")).to_contain_text("145 : 0", timeout=5000,
                                                          use_inner_text=True)
    expect(home.locator("table")).to_contain_text(f"{first} – {second}\t145 : 0",
                                                  timeout=5000, use_inner_text=True)
    expect(match_page.locator("#match-status")).to_have_text("scored", timeout=5000)
    expect(match_page.locator("#result")).to_contain_text(f"1\t{first}\t145", timeout=5000,
                                                          use_inner_text=True)
    expect(widget.locator("#widget-standings tbody tr").first).to_contain_text(
        ROW.format(first), timeout=5000, use_inner_text=True)
    seen = time.monotonic() - entered
    print(f"\nverdict seen on four other pages {seen:.2f} s after it was entered")
    assert standings.evaluate("performance.getEntriesByType('navigation').length") == 1
    shot(standings, "live-standings")
    for context, _ in watchers:
        context.close()


def test_the_projector_updates_live_and_rotates(page, browser, live_server):
    organizer = get_user_model().objects.create_user("olga", password="secret-olga")
    tournament = round_robin(organizer)
    match = Match.objects.filter(round__tournament=tournament).order_by("round__number",
                                                                        "position").first()
    first = match.seats.order_by("index").first().player.name
    context = browser.new_context(locale="de-DE", base_url=live_server.url,
                                  viewport={"width": 1920, "height": 1080})
    projector = context.new_page()
    projector.goto(f"/tournaments/{tournament.slug}/projector/?rotate=2")
    expect(projector.locator("h1")).to_have_text("Freitagsrunde")
    expect(projector.locator(".qr img")).to_have_attribute(
        "src", f"/tournaments/{tournament.slug}/qr.svg")
    # One part at a time: the round, then the standings.
    expect(projector.locator("#slide-round")).to_be_visible()
    expect(projector.locator("#slide-standings")).to_be_hidden()
    expect(projector.locator("#slide-standings")).to_be_visible(timeout=4000)
    expect(projector.locator("#slide-round")).to_be_hidden()
    log_in(page, "olga", "secret-olga")
    enter_result(page, match, first)
    expect(projector.locator("#current-round")).to_contain_text("145 : 0", timeout=5000)
    expect(projector.locator("#slide-standings")).to_be_visible(timeout=4000)
    expect(projector.locator("#standings tbody tr").first).to_contain_text(
        ROW.format(first), use_inner_text=True)
    # The rotation goes on after the update.
    expect(projector.locator("#slide-round")).to_be_visible(timeout=4000)
    shot(projector, "projector")
    svg = page.request.get(f"/tournaments/{tournament.slug}/qr.svg")
    assert svg.headers["content-type"] == "image/svg+xml"
    assert f"http://localhost:{live_server.url.rsplit(':', 1)[1]}" in svg.text() or \
        live_server.url in svg.text()
    context.close()


def test_confirmations_block_the_action_until_confirmed(page):
    organizer = get_user_model().objects.create_user("olga", password="secret-olga")
    tournament = round_robin(organizer, start=False)
    log_in(page, "olga", "secret-olga")
    page.goto(f"/tournaments/{tournament.slug}/")
    start = page.locator("#confirm-start")
    start.locator("summary").click()
    expect(start.locator(".consequence")).to_have_text(
        "Start: the entries are closed and every round is drawn.")
    # Opening the box does nothing by itself.
    tournament.refresh_from_db()
    assert tournament.status == "registration" and not tournament.rounds.exists()
    page.reload()
    tournament.refresh_from_db()
    assert tournament.status == "registration"
    confirm(page, "#start-tournament")
    expect(page.locator("#tournament-status")).to_have_text("running")
    tournament.refresh_from_db()
    assert tournament.status == "running" and tournament.rounds.count() == 3

    # Disqualification: no player is chosen for you; the box names the consequence.
    page.goto(f"/tournaments/{tournament.slug}/forfeits/")
    expect(page.locator("#disqualify-player")).to_have_value("")
    page.select_option("#disqualify-player", label="Bert")
    page.locator("#confirm-disqualify summary").click()
    expect(page.locator("#confirm-disqualify .consequence")).to_contain_text(
        "every match of the chosen player without a result is forfeited")
    assert Entry.objects.get(player__name="Bert").status == "entered"
    page.locator("#confirm-disqualify button[name=confirm]").click()
    expect(page.locator(".messages")).to_contain_text("Bert is disqualified")
    assert Entry.objects.get(player__name="Bert").status == "disqualified"

    # A forfeit from the match page.
    match = Match.objects.filter(round__tournament=tournament, seats__player__name="Cora") \
        .exclude(seats__player__name="Bert").order_by("round__number").first()
    page.goto(f"/matches/{match.pk}/")
    page.locator("#match-forfeits summary").first.click()
    confirm(page, "#match-forfeits", "Cora wins by forfeit")
    match.refresh_from_db()
    assert (match.status, match.result) == ("scored", "forfeit")
    expect(page.locator("#match-status")).to_have_text("forfeit")
    expect(page.locator("#result")).to_have_text(
        "Cora wins by forfeit: the match was not played, so there is no score.")
