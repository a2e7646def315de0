"""The Nerts match page in a real browser: the score sheet and the hand replay's stepper."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.models import Player
from games.services import match_create, match_log_submit
from tests.integration.browser import shot

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
    """What the board shows: each foundation's cards, each deck's slots and piles."""
    root = page.locator(f"#nerts-hand-{hand} .nerts-board")
    foundations = {
        item.get_attribute("data-foundation"): item.locator(".f-cards").inner_text().split()
        for item in root.locator(".foundation:visible").all()}
    decks = [item.inner_text().split() for item in root.locator(".board-deck").all()]
    return foundations, decks


def test_the_replay_steps_through_a_hand(page):
    page.goto(stored("two-players"))
    page.emulate_media(reduced_motion="reduce")
    assert page.locator("#nerts-sheet tfoot").inner_text().split() == [
        "Total", "5", "21", "Settlement", "-16", "+16"]
    stepper = page.locator("#nerts-hand-1 .nerts-stepper")
    assert stepper.is_visible()
    assert stepper.locator(".step-no").inner_text() == "21 / 21"
    assert "Nerts!" in stepper.locator(".step-caption").inner_text()

    stepper.locator("button[data-go=first]").click()
    title = page.locator("#nerts-hand-1 .board-title")
    assert title.inner_text() == "The table as dealt"
    foundations, decks = board(page)
    assert foundations == {}
    assert decks[0][:8] == ["Anna", "Nerts", "pile", "♥A", "13", "Stock", "35", "Waste"]
    shot(page, "nerts-dealt")

    for _ in range(4):
        stepper.locator("button[data-go=next]").click()
    assert title.inner_text() == "The table after action 4"
    assert stepper.locator(".step-caption").inner_text() == (
        "Anna · ♥2 · Nerts pile · foundation 1 · void: Bert was first with ♥2 (action 3)")
    assert page.locator("#nerts-moves-1 tr.current").get_attribute("data-step") == "4"
    foundations, decks = board(page)
    assert foundations == {"1": ["♥A", "Anna", "♥2", "Bert"], "2": ["♦A", "Anna"]}
    assert decks[0][:5] == ["Anna", "Nerts", "pile", "♥2", "11"]  # the void card went back

    # A click on an action shows the table after it: the tie on foundation 3.
    page.locator("#nerts-moves-1 tr[data-step='12']").click()
    foundations, _ = board(page)
    assert foundations["3"] == ["♠A", "Bert", "♠2", "Bert", "♠3", "Anna", "♠3", "Bert"]
    assert page.locator("#nerts-hand-1 .step-no").inner_text() == "12 / 21"
    shot(page, "nerts-hand-step-12")

    stepper.locator("button[data-go=last]").click()
    assert title.inner_text() == "The table at the end of the hand"
    foundations, decks = board(page)
    assert len(foundations["3"]) == 18 and decks[1][:5] == ["Bert", "Nerts", "pile", "–", "0"]
    shot(page, "nerts-match")


def test_teams_and_a_long_hand(page):
    page.goto(stored("teams"))
    head = page.locator("#nerts-sheet thead tr").first.inner_text()
    assert "Nord\nAnna & Bert" in head
    page.locator("#nerts-hand-1 button[data-go=first]").click()
    page.locator("#nerts-moves-1 tr[data-step='8']").click()
    foundations, _ = board(page)
    assert foundations["3"] == ["♠A", "Süd", "·", "Cora", "♠2", "Süd", "·", "Dirk",
                                "♠3", "Süd", "·", "Cora"]
    shot(page, "nerts-teams")

    page.goto(stored("seeded-four-players"))
    stepper = page.locator("#nerts-hand-1 .nerts-stepper")
    stepper.locator("input[type=range]").fill("200")
    assert stepper.locator(".step-no").inner_text() == "200 / 355"
    assert page.locator("#nerts-moves-1 tr.current").get_attribute("data-step") == "200"
    page.keyboard.press("ArrowRight")  # the range has the focus: it steps on its own
    assert stepper.locator(".step-no").inner_text() == "201 / 355"
    shot(page, "nerts-four-players")


def test_without_javascript_the_end_of_the_hand_and_every_action_show(browser, live_server):
    url = stored("jokers")
    context = browser.new_context(locale="en-GB", base_url=live_server.url,
                                  java_script_enabled=False)
    page = context.new_page()
    page.goto(url)
    assert not page.locator("#nerts-hand-1 .nerts-stepper").is_visible()
    assert page.inner_text("#nerts-hand-1 .board-title") == "The table at the end of the hand"
    foundations, decks = board(page)
    assert foundations["1"][:4] == ["♥A", "Anna", "X1=♥2", "Anna"]
    assert decks[1][:5] == ["Bert", "Nerts", "pile", "♠4", "9"]
    assert page.locator("#nerts-moves-1 tr.move").count() == 22
    shot(page, "nerts-no-js")
    context.close()
