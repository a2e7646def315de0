"""A Doppelkopf table round of 24 deals (DDV rules: the Punktetopf of 20 and the four
Pflichtsoli; Lustsoli, stille Soli, a Hochzeit, announcements and Absagen, special points),
printed as the tournament's list, filled in as a club would and typed into the match page in
Chromium: it scores exactly as the same deals played move by move; a mistyped deal is marked
on its row while the others keep what was typed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.engines import get_engine
from games.models import Match
from tests.integration.browser import expect_match_settled, log_in, shot
from tests.integration.entry import fill_row
from tests.tournaments.events import doppelkopf_tables

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
LIST = json.loads((ROOT / "tests/data/doppelkopf/tischrunde-ddv-24.json").read_text())


# The list as the club filled it in (a fixed text, one deal a line): the Augen of Re on the
# odd deals, the winning party with keine 90 / 60 / 30 on the even ones where it can be.
WRITTEN = json.loads(
    (ROOT / "tests/data/sheets/doppelkopf-tischrunde-ddv-24-liste.json").read_text())


def the_list_as_written():
    return [dict(row) for row in WRITTEN["rows"]]


def test_a_table_round_of_24_deals_typed_in_from_the_printed_list(page):
    olga = get_user_model().objects.create_user("olga", password="secret-olga")
    tournament = doppelkopf_tables(olga, rules={"preset": "ddv"}, deals_per_round=None)
    match = Match.objects.get(round__tournament=tournament, table=1)
    log_in(page, "olga", "secret-olga")

    # The printed list has the columns of the form.
    page.goto(f"/tournaments/{tournament.slug}/print/rounds/1/tables/1/")
    columns = ["Dealer", "Game", "Re players", "Result", "Announcements", "Special points Re",
               "Special points Kontra"]
    expect(page.locator(".sheet-grid thead tr:first-child th:nth-child(-n+8)")).to_have_text(
        ["No.", *columns])
    shot(page, "doppelkopf-printed-list")
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator("#entry-grid thead th:nth-child(n+2):nth-child(-n+8)")).to_have_text(
        columns)

    rows = the_list_as_written()
    # Deal 10 mistyped: only Anna ticked as Re (Dieter forgotten).
    mistyped = {key: value for key, value in rows[9].items() if key != "re_3"}
    for number, values in enumerate(rows, start=1):
        fill_row(page, number, mistyped if number == 10 else values)
    row10 = page.locator("#row-10")
    expect(row10).to_have_class("entry-row status-error")
    expect(row10.locator("td[data-col='re'] .problem")).to_have_text(
        "the RE party of a Normalspiel has 2 player(s), not 1")
    # The other rows are scored as they are typed; deal 10 is left out until it is right.
    expect(page.locator("#row-24 .out-line")).to_contain_text("Karo-Solo")
    expect(page.locator("#entry-summary")).to_contain_text(
        "Punktetopf: 19 of 20 deals played, 1 left")
    shot(page, "doppelkopf-list-typed")

    # Submitted as it is: the worker rejects it, and the sheet comes back with deal 10
    # marked and every other row as it was typed.
    page.click("#submit-sheet")
    expect(page.locator("#log-error .where")).to_have_text("Row 10, Re players:")
    expect(page.locator("#row-10")).to_have_class("entry-row status-error")
    for number in (9, 11, 24):
        for field, value in rows[number - 1].items():
            control = page.locator(f"[name='r{number}-{field}']")
            if field.startswith("re_"):  # the Re players are ticked
                expect(control).to_be_checked()
            else:
                expect(control).to_have_value(value)
    shot(page, "doppelkopf-list-rejected")

    # Corrected: Dieter was Re too.
    page.locator("[name='r10-re_3']").check()
    expect(page.locator("#row-10")).to_have_class("entry-row status-scored")
    expect(page.locator("tr.entry-row.status-scored")).to_have_count(24)
    page.click("#submit-sheet")
    expect(page.locator("#match-status")).to_have_text("scored")
    expect_match_settled(page, match.pk)

    # The same result as the 24 deals played move by move.
    played = get_engine("doppelkopf").replay(LIST["log"])
    match.refresh_from_db()
    assert [s.score for s in match.seats.order_by("index")] == [
        seat.score for seat in played.seats] == LIST["expect"]["scores"]
    hands = list(match.current_log.hands.order_by("number"))
    assert [hand.points for hand in hands] == LIST["expect"]["points"]
    assert sum(1 for hand in hands if "result" in hand.facts) == sum(
        1 for row in rows if "won" in row)
    expect(page.locator("#dk-list tfoot td")).to_have_text(["Totals", "−25", "27", "−43", "41"])
    shot(page, "doppelkopf-list-scored")

