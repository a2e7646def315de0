"""The Gin replay in a real browser: a whole game stepped through move by move with the
buttons and the arrow keys, both hands drawn as cards, a link to one move (#deal-1-move-3)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Player
from games.services import match_create, match_log_submit
from tests.integration.browser import expect_words, shot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "gin" / "recorded-round.json"


@pytest.fixture
def match_url():
    document = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    players = [Player.objects.get_or_create(name=name)[0] for name in document["players"]]
    match = match_create(game="gin", players=players, rules=document["rules"])
    log = match_log_submit(match=match, text=json.dumps(document))
    log.refresh_from_db()
    assert log.status == "scored", log.error
    return f"/matches/{match.pk}/"


def hand(game, seat):
    return game.locator(f".gin-seat[data-seat='{seat}'] .gin-hand .pc")


def test_a_whole_game_move_by_move(page, match_url):
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(match_url + "#deal-1-move-3")
    game = page.locator("#deal-1")
    counter = game.locator(".replay-counter")
    caption = game.locator(".replay-caption")
    # The shared link opens game 1 at its third move: Bert draws the seven of hearts.
    expect(counter).to_have_text("3 / 29")
    expect(caption).to_have_text("Bert draws ♥7 from the stock")
    expect(game.locator("li#deal-1-move-3")).to_have_class(re.compile("current"))
    expect(hand(game, 1)).to_have_count(11)
    expect(hand(game, 0)).to_have_count(10)
    expect(game.locator(".gin-seat[data-seat='1'] .pc.moved")).to_have_text("♥7")
    expect(game.locator(".gin-stock")).to_have_text("30")
    shot(game, "gin-replay-move-3")

    # The arrow keys step on and back (the board has the focus after the link).
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text("4 / 29")
    expect(caption).to_have_text("Bert discards ♥J")
    expect(game.locator(".gin-pile .pc").last).to_have_text("♥J")
    expect(hand(game, 1)).to_have_count(10)
    expect(page).to_have_url(re.compile(r"#deal-1-move-4$"))
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text("3 / 29")

    # From the deal to the end, every move in turn.
    game.locator("button[data-go=first]").click()
    expect(counter).to_have_text("0 / 29")
    expect(caption).to_have_text("As dealt")
    expect(hand(game, 0)).to_have_text(["♣Q", "♥2", "♥4", "♥6", "♥10", "♠3", "♠4", "♠8",
                                        "♠9", "♠10"])
    expect(game.locator(".gin-pile")).to_have_text("♦J")
    captions = {1: "Bert passes the upcard ♦J", 28: "Bert knocks, ♣5 face down: 9 deadwood",
                29: "Anna lays the cards down: 14 deadwood after lay-offs"}
    both_hands = game.locator(".gin-seat .gin-hand .pc")
    for step in range(1, 30):
        game.locator("button[data-go=next]").click()
        expect(counter).to_have_text(f"{step} / 29")
        if step in captions:
            expect(caption).to_have_text(captions[step])
        if step < 28:  # until the knock each hand holds 10 cards, 11 while drawing
            expect(both_hands.nth(19)).to_be_attached()  # 20 cards or more
            expect(both_hands.nth(21)).not_to_be_attached()  # 21 at most
    expect(game.locator("button[data-go=next]")).to_be_disabled()
    # The end: both hands as melds and deadwood, the knocked card face down.
    bert = game.locator(".gin-seat[data-seat='1'] .pc-group")
    expect(bert).to_have_count(3)
    for group, words in enumerate([["♣6", "♠6", "♥6"], ["♣7", "♠7", "♥7"],
                                   ["♣A", "♣2", "♠5", "♦A"]]):
        expect_words(bert.nth(group), words)
    expect(game.locator(".gin-down .pc.back")).to_have_count(1)
    shot(game, "gin-replay-end")


def test_readable_on_a_phone(page, match_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(match_url + "#deal-3-move-5")
    game = page.locator("#deal-3")
    expect(game.locator(".replay-counter")).to_have_text("5 / 15")
    # Nothing of the replay (nor the score sheet, which scrolls in its own box) is wider
    # than the phone.
    wide = page.evaluate("""Array.from(document.querySelectorAll('#score-sheet *'))
        .filter(e => e.getBoundingClientRect().right > 390 && !e.closest('.replay-scroll'))
        .map(e => e.tagName + '.' + e.className)""")
    assert wide == []
    box = game.locator(".gin-seat[data-seat='0'] .gin-hand").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(game, "gin-replay-phone")
