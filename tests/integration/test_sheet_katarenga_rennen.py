"""The Das Rennen match page in Chromium: the drawn board, the stepper, the move links."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.models import Player
from games.services import match_create, match_log_submit
from tests.integration.browser import shot

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


def squares_with(game, selector):
    return sorted(cell.get_attribute("data-square")
                  for cell in game.locator(f".kr-sq:has({selector})").all())


def test_step_through_the_seed_race(page):
    match = stored("seed-race")
    page.goto(f"/matches/{match.pk}/")
    game = page.locator("#kr-game-1")
    counter, caption = game.locator(".kr-counter"), game.locator(".kr-caption")
    # The end of the game first: Anna's eight pieces on Bert's green squares.
    assert counter.inner_text() == "39 / 39"
    assert caption.inner_text() == "Move 39, Anna (White): g7-h7 ♔"
    assert squares_with(game, ".kr-piece.kr-white") == ["a7", "b5", "c8", "d6", "e6", "f8",
                                                        "g5", "h7"]
    assert game.locator(".kr-from").get_attribute("data-square") == "g7"
    shot(page, "katarenga-rennen-final")

    game.locator("[data-step=first]").click()
    assert (counter.inner_text(), caption.inner_text()) == ("0 / 39", "Start position")
    assert game.locator(".kr-piece").count() == 16
    assert game.locator(".kr-from, .kr-to").count() == 0
    for _ in range(9):
        game.locator("[data-step=next]").click()
    assert counter.inner_text() == "9 / 39"
    assert caption.inner_text() == "Move 9, Anna (White): f4xd6 ♗ displaces"
    # The displacement: White's bishop on d6, Bert's piece waiting there for its reply.
    assert squares_with(game, ".kr-waiting.kr-black") == ["d6"]
    assert game.locator(".kr-to.kr-displaced").get_attribute("data-square") == "d6"
    assert game.locator(".kr-move.kr-current").inner_text() == "f4xd6 ♗ displaces"
    assert page.url.endswith("?game=1&move=9#kr-game-1")
    shot(page, "katarenga-rennen-displacement")
    shot(game.locator(".kr-board-col"), "katarenga-rennen-board")

    # The arrow keys step too; the forced reply takes the waiting piece away.
    game.locator(".kr-board").focus()
    page.keyboard.press("ArrowRight")
    assert caption.inner_text() == "Move 10, Bert (Black): d6-f5 ♘ forced reply"
    assert game.locator(".kr-sq .kr-waiting").count() == 0
    assert (game.locator(".kr-from").get_attribute("data-square"),
            game.locator(".kr-to").get_attribute("data-square")) == ("d6", "f5")

    # A move of the list; the address keeps the position for a reload.
    game.locator(".kr-move[data-n='20']").click()
    assert caption.inner_text() == "Move 20, Bert (Black): b6xb4 ♖ displaces"
    page.reload()
    assert page.locator("#kr-game-1 .kr-counter").inner_text() == "20 / 39"
    assert squares_with(page.locator("#kr-game-1"), ".kr-waiting.kr-white") == ["b4"]


def test_without_javascript_every_position_is_a_link(browser, live_server):
    match = stored("match-two-games")
    context = browser.new_context(locale="en-GB", base_url=live_server.url,
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"/matches/{match.pk}/")
        assert page.locator("#kr-score tbody tr").all_inner_texts()[1].split("\t") == [
            "2 ✎", "Bert", "Anna", "drawn", "repetition", "1", "1", "3", "1"]
        game = page.locator("#kr-game-1")
        assert game.locator(".kr-counter").inner_text() == "33 / 33"
        game.locator(".kr-move[data-n='22']").click()
        page.wait_for_url("**/?game=1&move=22#kr-game-1")
        game = page.locator("#kr-game-1")
        assert game.locator(".kr-caption").inner_text() == \
            "Move 22, Bert (Black): a2xb4 ♘ displaces"
        assert squares_with(game, ".kr-waiting.kr-white") == ["b4"]
        game.locator("[data-step=next]").click()
        page.wait_for_url("**/?game=1&move=23#kr-game-1")
        assert page.locator("#kr-game-1 .kr-caption").inner_text() == \
            "Move 23, Anna (White): b4-a6 ♘ forced reply"
        assert "Recorded from the score sheet" in page.locator("#kr-game-2").inner_text()
        shot(page, "katarenga-rennen-two-games-no-js")
    finally:
        context.close()


def test_won_by_a_displacement(page):
    match = stored("red-yellow")
    page.goto(f"/matches/{match.pk}/")
    game = page.locator("#kr-game-1")
    assert game.locator(".kr-end").inner_text().startswith(
        "Dirk filled every target square with move 36 and won the race.")
    assert squares_with(game, ".kr-waiting.kr-white") == ["f4"]
    shot(page, "katarenga-rennen-red-yellow")


def test_the_board_fits_a_phone(page):
    match = stored("seed-race")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/matches/{match.pk}/")
    box = page.locator("#kr-game-1 .kr-board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # The match score scrolls sideways rather than widening the page.
    assert page.locator(".kr-scroll-x").bounding_box()["width"] <= 390
    shot(page, "katarenga-rennen-phone")
