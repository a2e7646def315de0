"""The Rennen match page in Chromium: the race list, the race stepper, the move stepper."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Player
from games.services import match_create, match_log_submit
from tests.integration.browser import expect_cells, expect_words, shot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def stored(name):
    document = json.loads((ROOT / "docs" / "examples" / "rennen" / f"{name}.json").read_text())
    seats = [Player.objects.create(name=player) for player in document["players"]]
    match = match_create(game="rennen", players=seats, rules=document["rules"])
    match_log_submit(match=match, text=json.dumps(document))  # committed: replayed at once
    match.refresh_from_db()
    assert match.status == "scored", match.current_log.error
    return match


def expect_races(page, hands):
    """Wait until exactly the races ``hands`` show."""
    expect(page.locator("article.rennen-race:visible")).to_have_count(len(hands))
    for hand in hands:
        expect(page.locator(f"article.rennen-race[data-hand='{hand}']")).to_be_visible()


FUTURE = re.compile(r"\brennen-future\b")


def test_the_beispielrunde_race_by_race_and_move_by_move(page):
    match = stored("beispielrunde")
    page.goto(f"/matches/{match.pk}/")
    expect_cells(page.locator("#rennen-match tbody tr").first, [
        "Game 1", "5", "Anna completed the Kreuz row", "1", "0"])
    # One race at a time: the first, then the third through the race list.
    expect_races(page, ["1"])
    stepper = page.locator(".rennen-race-stepper")
    expect(stepper.locator(".rennen-race-label")).to_have_text("1 / 5")
    page.click(".rennen-races a[href='#rennen-race-3']")
    expect_races(page, ["3"])
    expect(stepper.locator(".rennen-race-label")).to_have_text("3 / 5")
    race = page.locator("#rennen-race-3")
    moves = race.locator(".rennen-move-stepper")
    label = moves.locator(".rennen-move-label")
    expect(label).to_have_text("Move 10/10: Anna pick 9H")
    # Back to the deal: every move of the race is greyed out, the market and hands are not.
    moves.locator("[data-move-step=first]").click()
    expect(label).to_have_text("Dealt")
    # What the race's moves show (20 places) and what follows them (4).
    expect(race.locator("[data-move]")).to_have_count(20)
    expect(race.locator("[data-after]")).to_have_count(4)
    expect(race.locator(".rennen-future")).to_have_count(20 + 4)
    expect(race.locator(".rennen-market")).not_to_have_class(FUTURE)
    for _ in range(5):
        moves.locator("[data-move-step=next]").click()
    expect(label).to_have_text("Move 5/10: play AC AS")
    expect_cells(race.locator(".rennen-current").nth(0), [
        "1", "♣A", "♠A", "Anna (Kreuzvorteil)", "1:0"])
    expect(race.locator(".rennen-ready")).not_to_have_class(FUTURE)
    expect(race.locator(".rennen-after")).to_have_class(FUTURE)
    shot(page, "rennen-beispielrunde-move5")
    moves.locator("[data-move-step=last]").click()
    expect(race.locator(".rennen-future")).to_have_count(0)
    stepper.locator("[data-step=next]").click()
    expect_races(page, ["4"])
    stepper.locator("[data-step=all]").click()
    expect_races(page, ["1", "2", "3", "4", "5"])
    shot(page, "rennen-beispielrunde")


def test_three_games_of_a_seeded_match(page):
    match = stored("seeded-match3")
    page.goto(f"/matches/{match.pk}/")
    expect_words(page.locator("#rennen-match tr.total"), ["Games", "won", "1", "2"])
    expect(page.locator(".rennen-game")).to_have_count(3)
    expect_races(page, ["1", "8", "17"])  # the first race of each game
    game2 = page.locator("#rennen-game-2")
    game2.locator("[data-step=next]").click()
    expect_races(page, ["1", "9", "17"])
    final = game2.locator(".rennen-final .rennen-holdings[data-player=Anna] tr.won")
    expect_words(final, ["Kreuz", "♣9", "♣J", "♣Q", "♣K", "♣10", "♣A"])
    shot(page, "rennen-seeded-match3")
