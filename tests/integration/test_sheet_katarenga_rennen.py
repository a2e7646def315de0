"""The Das Rennen match page in Chromium: the drawn board, the stepper, the move links."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Player
from games.services import match_create, match_log_submit
from tests.integration.browser import expect_cells, shot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def stored(name):
    path = ROOT / "docs" / "examples" / "katarenga-rennen" / f"{name}.json"
    document = json.loads(path.read_text())
    seats = [Player.objects.get_or_create(name=player)[0] for player in document["players"]]
    match = match_create(game="katarenga-rennen", players=seats, rules=document["rules"])
    match_log_submit(match=match, text=json.dumps(document))  # committed: replayed at once
    match.refresh_from_db()
    assert match.status == "scored", match.current_log.error
    return match


def expect_squares(game, selector, squares):
    """Wait until exactly ``squares`` of the board hold ``selector``."""
    expect(game.locator(f".kr-sq:has({selector})")).to_have_count(len(squares))
    for square in squares:
        expect(game.locator(f".kr-sq[data-square='{square}']:has({selector})")).to_have_count(1)


def test_step_through_the_seed_race(page):
    match = stored("seed-race")
    page.goto(f"/matches/{match.pk}/")
    game = page.locator("#kr-game-1")
    counter, caption = game.locator(".kr-counter"), game.locator(".kr-caption")
    # The end of the game first: Anna's eight pieces on Bert's green squares.
    expect(counter).to_have_text("39 / 39")
    expect(caption).to_have_text("Move 39, Anna (White): g7-h7 ♔")
    expect_squares(game, ".kr-piece.kr-white", ["a7", "b5", "c8", "d6", "e6", "f8", "g5", "h7"])
    expect(game.locator(".kr-from")).to_have_attribute("data-square", "g7")
    shot(page, "katarenga-rennen-final")

    game.locator("[data-step=first]").click()
    expect(counter).to_have_text("0 / 39")
    expect(caption).to_have_text("Start position")
    expect(game.locator(".kr-piece")).to_have_count(16)
    expect(game.locator(".kr-from, .kr-to")).to_have_count(0)
    for _ in range(9):
        game.locator("[data-step=next]").click()
    expect(counter).to_have_text("9 / 39")
    expect(caption).to_have_text("Move 9, Anna (White): f4xd6 ♗ displaces")
    # The displacement: White's bishop on d6, Bert's piece waiting there for its reply.
    expect_squares(game, ".kr-waiting.kr-black", ["d6"])
    expect(game.locator(".kr-to.kr-displaced")).to_have_attribute("data-square", "d6")
    expect(game.locator(".kr-move.kr-current")).to_have_text("f4xd6 ♗ displaces")
    expect(page).to_have_url(re.compile(r"\?game=1&move=9#kr-game-1$"))
    shot(page, "katarenga-rennen-displacement")
    shot(game.locator(".kr-board-col"), "katarenga-rennen-board")

    # The arrow keys step too; the forced reply takes the waiting piece away.
    game.locator(".kr-board").focus()
    page.keyboard.press("ArrowRight")
    expect(caption).to_have_text("Move 10, Bert (Black): d6-f5 ♘ forced reply")
    expect(game.locator(".kr-sq .kr-waiting")).to_have_count(0)
    expect(game.locator(".kr-from")).to_have_attribute("data-square", "d6")
    expect(game.locator(".kr-to")).to_have_attribute("data-square", "f5")

    # A move of the list; the address keeps the position for a reload.
    game.locator(".kr-move[data-n='20']").click()
    expect(caption).to_have_text("Move 20, Bert (Black): b6xb4 ♖ displaces")
    page.reload()
    expect(page.locator("#kr-game-1 .kr-counter")).to_have_text("20 / 39")
    expect_squares(page.locator("#kr-game-1"), ".kr-waiting.kr-white", ["b4"])


def test_without_javascript_every_position_is_a_link(browser, live_server):
    match = stored("match-two-games")
    context = browser.new_context(locale="en-GB", base_url=live_server.url,
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"/matches/{match.pk}/")
        expect_cells(page.locator("#kr-score tbody tr").nth(1), [
            "2 ✎", "Bert", "Anna", "drawn", "repetition", "1", "1", "3", "1"])
        game = page.locator("#kr-game-1")
        expect(game.locator(".kr-counter")).to_have_text("33 / 33")
        game.locator(".kr-move[data-n='22']").click()
        page.wait_for_url("**/?game=1&move=22#kr-game-1")
        game = page.locator("#kr-game-1")
        expect(game.locator(".kr-caption")).to_have_text(
            "Move 22, Bert (Black): a2xb4 ♘ displaces")
        expect_squares(game, ".kr-waiting.kr-white", ["b4"])
        game.locator("[data-step=next]").click()
        page.wait_for_url("**/?game=1&move=23#kr-game-1")
        expect(page.locator("#kr-game-1 .kr-caption")).to_have_text(
            "Move 23, Anna (White): b4-a6 ♘ forced reply")
        expect(page.locator("#kr-game-2")).to_contain_text("Recorded from the score sheet")
        shot(page, "katarenga-rennen-two-games-no-js")
    finally:
        context.close()


def test_won_by_a_displacement(page):
    match = stored("red-yellow")
    page.goto(f"/matches/{match.pk}/")
    game = page.locator("#kr-game-1")
    expect(game.locator(".kr-end")).to_have_text(re.compile(
        r"^\s*Dirk filled every target square with move 36 and won the race\."),
        use_inner_text=True)
    expect_squares(game, ".kr-waiting.kr-white", ["f4"])
    shot(page, "katarenga-rennen-red-yellow")


def test_the_board_fits_a_phone(page):
    match = stored("seed-race")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/matches/{match.pk}/")
    board = page.locator("#kr-game-1 .kr-board")
    # Drawn (its squares are there) before it is measured.
    expect(board.locator(".kr-sq")).to_have_count(64)
    box = board.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # The match score scrolls sideways rather than widening the page.
    expect(page.locator(".kr-scroll-x")).to_be_visible()
    assert page.locator(".kr-scroll-x").bounding_box()["width"] <= 390
    shot(page, "katarenga-rennen-phone")
