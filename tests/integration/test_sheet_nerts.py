"""The Nerts match page in a real browser: the score sheet and the hand replay's stepper."""

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
EXAMPLES = ROOT / "docs" / "examples" / "nerts"


def stored(name):
    """The example as a scored match (the replay runs inline when the submission commits)."""
    document = json.loads((EXAMPLES / f"{name}.json").read_text())
    players = [Player.objects.get_or_create(name=player)[0] for player in document["players"]]
    match = match_create(game="nerts", players=players, rules=document["rules"])
    log = match_log_submit(match=match, text=json.dumps(document))
    log.refresh_from_db()
    assert log.status == "scored", log.error
    return f"/matches/{match.pk}/"


def board(page, hand=1):
    return page.locator(f"#nerts-hand-{hand} .nerts-board")


def expect_foundations(page, foundations, *, only=True, hand=1):
    """Wait until the board's foundations hold these cards (owners after each card); with
    ``only``, until no other foundation shows."""
    root = board(page, hand)
    if only:
        expect(root.locator(".foundation:visible")).to_have_count(len(foundations))
    for number, cards in foundations.items():
        expect_words(root.locator(f".foundation[data-foundation='{number}']:visible .f-cards"),
                     cards)


def expect_deck(page, index, words, hand=1):
    """Wait until the ``index``-th deck on the board starts with ``words``."""
    expect_words(board(page, hand).locator(".board-deck").nth(index), words, first=True)


def test_the_replay_steps_through_a_hand(page):
    page.goto(stored("two-players"))
    page.emulate_media(reduced_motion="reduce")
    expect_words(page.locator("#nerts-sheet tfoot"),
                 ["Total", "5", "21", "Settlement", "-16", "+16"])
    stepper = page.locator("#nerts-hand-1 .nerts-stepper")
    expect(stepper).to_be_visible()
    expect(stepper.locator(".step-no")).to_have_text("21 / 21")
    expect(stepper.locator(".step-caption")).to_contain_text("Nerts!")

    stepper.locator("button[data-go=first]").click()
    title = page.locator("#nerts-hand-1 .board-title")
    expect(title).to_have_text("The table as dealt")
    expect_foundations(page, {})
    expect_deck(page, 0, ["Anna", "Nerts", "pile", "♥A", "13", "Stock", "35", "Waste"])
    shot(page, "nerts-dealt")

    for _ in range(4):
        stepper.locator("button[data-go=next]").click()
    expect(title).to_have_text("The table after action 4")
    expect(stepper.locator(".step-caption")).to_have_text(
        "Anna · ♥2 · Nerts pile · foundation 1 · void: Bert was first with ♥2 (action 3)")
    expect(page.locator("#nerts-moves-1 tr.current")).to_have_attribute("data-step", "4")
    expect_foundations(page, {"1": ["♥A", "Anna", "♥2", "Bert"], "2": ["♦A", "Anna"]})
    expect_deck(page, 0, ["Anna", "Nerts", "pile", "♥2", "11"])  # the void card went back

    # A click on an action shows the table after it: the tie on foundation 3.
    page.locator("#nerts-moves-1 tr[data-step='12']").click()
    expect_foundations(page, {"3": ["♠A", "Bert", "♠2", "Bert", "♠3", "Anna", "♠3", "Bert"]},
                       only=False)
    expect(page.locator("#nerts-hand-1 .step-no")).to_have_text("12 / 21")
    shot(page, "nerts-hand-step-12")

    stepper.locator("button[data-go=last]").click()
    expect(title).to_have_text("The table at the end of the hand")
    # Foundation 3 holds 18 words (nine cards, each with its owner).
    expect(board(page).locator(".foundation[data-foundation='3']:visible .f-cards")
           ).to_have_text(re.compile(r"^\s*(\S+\s+){17}\S+\s*$"), use_inner_text=True)
    expect_deck(page, 1, ["Bert", "Nerts", "pile", "–", "0"])
    shot(page, "nerts-match")


def test_teams_and_a_long_hand(page):
    page.goto(stored("teams"))
    expect(page.locator("#nerts-sheet thead tr").first).to_contain_text("Nord\nAnna & Bert",
                                                                        use_inner_text=True)
    page.locator("#nerts-hand-1 button[data-go=first]").click()
    page.locator("#nerts-moves-1 tr[data-step='8']").click()
    expect_foundations(page, {"3": ["♠A", "Süd", "·", "Cora", "♠2", "Süd", "·", "Dirk",
                                    "♠3", "Süd", "·", "Cora"]}, only=False)
    shot(page, "nerts-teams")

    page.goto(stored("seeded-four-players"))
    stepper = page.locator("#nerts-hand-1 .nerts-stepper")
    stepper.locator("input[type=range]").fill("200")
    expect(stepper.locator(".step-no")).to_have_text("200 / 355")
    expect(page.locator("#nerts-moves-1 tr.current")).to_have_attribute("data-step", "200")
    page.keyboard.press("ArrowRight")  # the range has the focus: it steps on its own
    expect(stepper.locator(".step-no")).to_have_text("201 / 355")
    shot(page, "nerts-four-players")


def test_without_javascript_the_end_of_the_hand_and_every_action_show(browser, live_server):
    url = stored("jokers")
    context = browser.new_context(locale="en-GB", base_url=live_server.url,
                                  java_script_enabled=False)
    page = context.new_page()
    page.goto(url)
    expect(page.locator("#nerts-hand-1 .nerts-stepper")).to_be_hidden()
    expect(page.locator("#nerts-hand-1 .board-title")).to_have_text(
        "The table at the end of the hand")
    expect_words(board(page).locator(".foundation[data-foundation='1']:visible .f-cards"),
                 ["♥A", "Anna", "X1=♥2", "Anna"], first=True)
    expect_deck(page, 1, ["Bert", "Nerts", "pile", "♠4", "9"])
    expect(page.locator("#nerts-moves-1 tr.move")).to_have_count(22)
    shot(page, "nerts-no-js")
    context.close()
