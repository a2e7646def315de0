"""The Doppelkopf replay in a real browser: a whole deal stepped through move by move (four
hands, the trick on the table, the words said, the tally), a link to one move
(#deal-1-move-6) that opens the deal there, the arrow keys."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Player
from games.services import match_create, match_log_submit
from tests.integration.browser import shot


def expect_counts(replay, counts):
    """Wait until the four hands hold these many cards."""
    for seat, count in enumerate(counts):
        expect(cards(replay, seat)).to_have_count(count)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "doppelkopf" / "liste-hausregeln.json"


@pytest.fixture
def match_url():
    seats = [Player.objects.create(name=name) for name in ("Anna", "Bert", "Carl", "Dora")]
    match = match_create(game="doppelkopf", players=seats, rules={"preset": "seed"})
    log = match_log_submit(match=match, text=EXAMPLE.read_text(encoding="utf-8"))
    log.refresh_from_db()
    assert log.status == "scored", log.error
    return f"/matches/{match.pk}/"


def cards(replay, seat):
    return replay.locator(f".dk-replay-seat[data-seat='{seat}'] .dk-replay-hand .pc")


def test_a_whole_deal_move_by_move(page, match_url):
    page.set_viewport_size({"width": 1200, "height": 900})
    # The link of a moment: deal 1, move 6, Carl says Kontra after the first trick.
    page.goto(match_url + "#deal-1-move-6")
    deal = page.locator("#deal-1")
    expect(deal).to_have_attribute("open", re.compile(".*"))
    replay = deal.locator(".dk-replay")
    counter, caption = replay.locator(".replay-counter"), replay.locator(".replay-caption")
    expect(counter).to_have_text("6 / 42")
    expect(caption).to_have_text("Carl says KONTRA")
    expect(replay.locator(".dk-replay-seat[data-seat='2'] .dk-replay-said")).to_have_text(
        "KONTRA")
    expect(replay.locator(".dk-replay-seat[data-seat='0'] .dk-replay-said")).to_have_text("RE")
    # Trick 1 is over: Anna took it with the Fuchs, 36 Augen for Re.
    expect(replay.locator(".dk-tally-re")).to_have_text("36")
    expect_counts(replay, [9, 9, 9, 9])
    # The finished trick stays on the table while Carl speaks.
    expect(replay.locator(".dk-replay-trick")).to_contain_text("Anna takes it: 36 Augen")
    shot(deal, "doppelkopf-replay-move-6")

    # The arrow keys: on to the first card of trick 2, and back.
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text("7 / 42")
    expect(caption).to_have_text("Anna plays ♣10")  # she took trick 1 and leads
    expect(replay.locator(".dk-replay-trick .pc")).to_have_text(["♣10"])
    expect(page).to_have_url(re.compile(r"#deal-1-move-7$"))
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text("6 / 42")

    # The whole deal from the first card: 42 moves, 40 cards and two words.
    replay.locator("button[data-go=first]").click()
    expect(counter).to_have_text("0 / 42")
    expect(caption).to_have_text("The hands at the first card")
    expect_counts(replay, [10, 10, 10, 10])
    expect(cards(replay, 0)).to_have_text([
        "♣Q", "♥Q", "♥Q", "♠J", "♥J", "♦A", "♦10", "♦K", "♣10", "♥K"])
    replay.locator(".replay-board").focus()
    for step in range(1, 43):
        page.keyboard.press("ArrowRight")
        expect(counter).to_have_text(f"{step} / 42")
        if step == 5:
            expect(caption).to_have_text("Anna plays ♦A; Anna takes trick 1 (36 Augen)")
            expect(replay.locator(".dk-replay-trick")).to_contain_text("Anna takes it: 36 Augen")
    expect_counts(replay, [0, 0, 0, 0])
    # The tally at the end is the deal's: Re 164 : 76 Kontra, six tricks to four.
    for name, value in [("dk-tally-re", "164"), ("dk-tally-kontra", "76"),
                        ("dk-tricks-re", "6"), ("dk-tricks-kontra", "4")]:
        expect(replay.locator(f".{name}")).to_have_text(value)
    expect(replay.locator("button[data-go=next]")).to_be_disabled()
    shot(deal, "doppelkopf-replay-end")


def test_a_schwarze_sau_and_a_schieben_replay_too(page, match_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(match_url + "#deal-3-move-1")
    replay = page.locator("#deal-3 .dk-replay")
    expect(replay.locator(".replay-counter")).to_have_text("1 / 40")
    # After the Schieben Carl holds the Karo cards Anna pushed (AD 10D KD).
    for card in ("♦A", "♦10", "♦K"):
        expect(cards(replay, 2).filter(has_text=re.compile(f"^{card}$"))).not_to_have_count(0)
    wide = page.evaluate("""Array.from(document.querySelectorAll('#deal-3 .dk-replay *'))
        .filter(e => e.getBoundingClientRect().right > 390).map(e => e.className)""")
    assert wide == []
    shot(page.locator("#deal-3 .dk-replay"), "doppelkopf-replay-phone")
    page.goto(match_url + "#deal-13-move-41")
    replay = page.locator("#deal-13 .dk-replay")
    expect(replay.locator(".replay-counter")).to_have_text("41 / 41")
