"""Swiss and table rounds in a real browser: an organizer creates a Swiss, enters players,
starts it, records results on the match pages and pairs the next round; a Doppelkopf
evening with a 5-table shows its tables, and a list of five is recorded on its match page."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Player
from tests.documents import first_wins
from tests.integration.browser import confirm, expect_match_settled, log_in, set_rule, shot
from tests.tournaments.rounds_helpers import doko_sheet, names, round_matches, started
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def record(page, match_id, document):
    page.goto(f"/matches/{match_id}/")
    page.click("#log-entry > summary")  # the log box, folded under the score sheet
    page.fill("#submit-log textarea[name=text]", json.dumps(document))
    page.click("#submit-log button[type=submit]")
    expect(page.locator("#match-status")).to_have_text("scored")
    expect_match_settled(page, match_id)


def test_an_organizer_runs_a_swiss(page):
    get_user_model().objects.create_user("olga", password="secret-olga")
    for name in ("Anna", "Bert", "Cora", "Dieter", "Eva"):
        Player.objects.create(name=name)
    log_in(page, "olga", "secret-olga")

    page.goto("/tournaments/new/")
    page.fill("input[name=name]", "Schweizer Abend")
    page.select_option("select[name=game]", "gin")
    page.select_option("select[name=format]", "swiss")
    set_rule(page, "gin", "rounds", 1)
    page.fill("input[name=rounds_planned]", "3")
    page.click("#tournament-form button[type=submit]")
    page.wait_for_url("**/tournaments/schweizer-abend/")

    for seed, name in enumerate(["Anna", "Bert", "Cora", "Dieter", "Eva"], start=1):
        page.select_option("#enter-player select[name=player]", label=name)
        page.fill("#enter-player input[name=seed]", str(seed))
        page.click("#enter-player button[type=submit]")
    confirm(page, "#start-tournament")
    page.wait_for_selector("#round-1")
    expect(page.locator("#round-1 table tr")).to_have_text(
        [re.compile(".*"), "1 Anna Bert scheduled Enter result",
         "2 Dieter Cora scheduled Enter result", "Eva bye win"], use_inner_text=True)
    expect(page.locator("#next-round button")).to_be_disabled()
    # A disabled button looks disabled: grey, no hand cursor.
    assert page.locator("#next-round button").evaluate(
        "b => [getComputedStyle(b).cursor, getComputedStyle(b).backgroundColor]") == [
        "not-allowed", "rgb(228, 231, 236)"]
    shot(page, "swiss-round-1")

    tournament = Tournament.objects.get(slug="schweizer-abend")
    for match in round_matches(tournament, 1)[:2]:
        record(page, match.pk, first_wins(*names(match)))

    page.goto("/tournaments/schweizer-abend/")
    expect(page.locator("#next-round summary")).to_have_text("Pair round 2")
    confirm(page, "#next-round")
    expect(page.locator(".messages")).to_contain_text("Round 2 is drawn.")
    expect(page.locator("#round-2 table tr")).to_have_text(
        [re.compile(".*"), "1 Anna Dieter scheduled Enter result",
         "2 Bert Eva scheduled Enter result", "Cora bye win"], use_inner_text=True)
    # Cora's bye counts as soon as it is drawn. By FIDE's rule for unplayed games (C.02
    # 13.15) Cora leads on Buchholz: her opponent Dieter counts with his 2 points and her bye
    # with a virtual opponent who loses it (0) -> 2; Dieter's opponent Cora counts her bye as
    # a draw (0 + 1) -> 1. Sonneborn-Berger: Cora 0 x 2 + 2 x 0 = 0, Dieter 2 x 1 = 2.
    expect(page.locator("#standings tr").nth(1)).to_have_text(
        "1 Cora (1 bye) 2 1 0 1 0 145 -145 2 2 2 0", use_inner_text=True)
    expect(page.locator("#standings tr").nth(2)).to_have_text(
        "2 Dieter 1 1 0 0 145 0 145 2 1 1 2", use_inner_text=True)
    shot(page, "swiss-round-2")


def test_a_doppelkopf_evening_with_a_five_table(page):
    organizer = get_user_model().objects.create_user("olga", password="secret-olga")
    tournament = started(organizer, game="doppelkopf", format="table_rounds", count=9,
                         rounds_planned=2, deals_per_round=4, name="Doko-Abend")
    log_in(page, "olga", "secret-olga")
    page.goto(f"/tournaments/{tournament.slug}/")
    expect(page.locator("#round-1 table tr")).to_have_count(3)
    expect(page.locator("#round-1 table tr").nth(2)).to_contain_text(
        "Five at the table: the dealer sits out each deal and scores 0 in it.")
    shot(page, "tables-round-1")

    five = round_matches(tournament, 1)[1]
    players = list(names(five))
    first = players[five.seating.first_dealer]
    # Each deal the dealer sits out; the first two of the others win as RE with 130.
    deals = []
    for deal in range(5):
        out = players[(five.seating.first_dealer + deal) % 5]
        playing = [name for name in players if name != out]
        deals.append((playing[:2], 130))
    record(page, five.pk, doko_sheet(players, first_dealer=first, deals=deals))
    # The head, then five players on the list (place, name, score).
    expect(page.locator("#result")).to_have_text(
        re.compile(r"^\s*Place\s+Player\s+Score(\s+\S+){15}\s*$"), use_inner_text=True)
    shot(page, "tables-five-list")

    page.goto(f"/tournaments/{tournament.slug}/")
    expect(page.locator("#standings")).to_contain_text("R1")
    expect(page.locator("#round-1 table tr").nth(2)).to_contain_text("scored")
