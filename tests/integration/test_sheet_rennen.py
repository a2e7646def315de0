"""The Rennen match page in Chromium: the race list, the race stepper, the move stepper."""

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
    document = json.loads((ROOT / "docs" / "examples" / "rennen" / f"{name}.json").read_text())
    seats = [Player.objects.create(name=player) for player in document["players"]]
    match = match_create(game="rennen", players=seats, rules=document["rules"])
    match_log_submit(match=match, text=json.dumps(document))  # committed: replayed at once
    match.refresh_from_db()
    assert match.status == "scored", match.current_log.error
    return match


def visible_races(page):
    return [race.get_attribute("data-hand")
            for race in page.locator("article.rennen-race").all() if race.is_visible()]


def test_the_beispielrunde_race_by_race_and_move_by_move(page):
    match = stored("beispielrunde")
    page.goto(f"/matches/{match.pk}/")
    assert page.locator("#rennen-match tbody tr").all_inner_texts()[0].split("\t") == [
        "Game 1", "5", "Anna completed the Kreuz row", "1", "0"]
    # One race at a time: the first, then the third through the race list.
    assert visible_races(page) == ["1"]
    stepper = page.locator(".rennen-race-stepper")
    assert stepper.locator(".rennen-race-label").inner_text() == "1 / 5"
    page.click(".rennen-races a[href='#rennen-race-3']")
    assert visible_races(page) == ["3"]
    assert stepper.locator(".rennen-race-label").inner_text() == "3 / 5"
    race = page.locator("#rennen-race-3")
    moves = race.locator(".rennen-move-stepper")
    label = moves.locator(".rennen-move-label")
    assert label.inner_text() == "Move 10/10: Anna pick 9H"
    # Back to the deal: every move of the race is greyed out, the market and hands are not.
    moves.locator("[data-move-step=first]").click()
    assert label.inner_text() == "Dealt"
    assert race.locator(".rennen-future").count() == race.locator("[data-move]").count() + \
        race.locator("[data-after]").count()
    assert "rennen-future" not in race.locator(".rennen-market").get_attribute("class")
    for _ in range(5):
        moves.locator("[data-move-step=next]").click()
    assert label.inner_text() == "Move 5/10: play AC AS"
    current = race.locator(".rennen-current")
    assert current.nth(0).inner_text().split("\t") == ["1", "♣A", "♠A", "Anna (Kreuzvorteil)",
                                                        "1:0"]
    assert "rennen-future" not in race.locator(".rennen-ready").get_attribute("class")
    assert "rennen-future" in race.locator(".rennen-after").get_attribute("class")
    shot(page, "rennen-beispielrunde-move5")
    moves.locator("[data-move-step=last]").click()
    assert race.locator(".rennen-future").count() == 0
    stepper.locator("[data-step=next]").click()
    assert visible_races(page) == ["4"]
    stepper.locator("[data-step=all]").click()
    assert visible_races(page) == ["1", "2", "3", "4", "5"]
    shot(page, "rennen-beispielrunde")


def test_three_games_of_a_seeded_match(page):
    match = stored("seeded-match3")
    page.goto(f"/matches/{match.pk}/")
    assert page.locator("#rennen-match tr.total").inner_text().split() == [
        "Games", "won", "1", "2"]
    assert page.locator(".rennen-game").count() == 3
    assert visible_races(page) == ["1", "8", "17"]  # the first race of each game
    game2 = page.locator("#rennen-game-2")
    game2.locator("[data-step=next]").click()
    assert visible_races(page) == ["1", "9", "17"]
    final = game2.locator(".rennen-final .rennen-holdings[data-player=Anna] tr.won")
    assert final.inner_text().split() == ["Kreuz", "♣9", "♣J", "♣Q", "♣K", "♣10", "♣A"]
    shot(page, "rennen-seeded-match3")
