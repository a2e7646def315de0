"""Every game's sheet, and the board, on a phone at the table (390 px wide, touch): nothing
runs off the side of the page, every input has a label, numbers bring up the number pad and
every target is large enough for a finger."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Player
from games.services import match_create
from tests.integration.browser import log_in, shot

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

GAMES = {
    "gin": (["Anna", "Bert"], {"preset": "seed", "rounds": 1}),
    "doppelkopf": (["Anna", "Bert", "Cora", "Dieter", "Eva"], {"preset": "seed"}),
    "nerts": (["Anna", "Bert", "Cora"], {"preset": "seed"}),
    "rennen": (["Anna", "Bert"], {"preset": "seed", "attach": "explicit"}),
    "katarenga-rennen": (["Anna", "Bert"], {"preset": "seed"}),
}

# What every visible input of the sheet must be: labelled, large, numbers as numbers.
AUDIT = """() => Array.from(document.querySelectorAll(
    '#sheet-entry input, #sheet-entry select, #sheet-entry button'
  )).filter(e => e.offsetParent !== null && e.type !== 'hidden').map(e => {
  const box = e.getBoundingClientRect();
  const labels = e.labels ? Array.from(e.labels).map(l => l.textContent.trim()).join(' ') : '';
  return {name: e.name || e.textContent.trim(), type: e.type, label: labels,
          inputmode: e.getAttribute('inputmode'), height: box.height, width: box.width};
})"""


def choose(page, select, value):
    """Choose ``value`` and wait for what the sheet then asks the server: the check of the
    rows and the draft's save. Nothing of the test may still be running on the server when
    the test's database is emptied (a draft's save met that emptying in a deadlock)."""
    with page.expect_response(lambda response: response.url.endswith("/check/")):
        page.select_option(select, value)
    expect(page.locator("#draft-state")).to_have_text("Entwurf gespeichert")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_sheet_on_a_phone(browser, live_server, game):
    get_user_model().objects.create_user("olga", password="secret-olga", is_staff=True)
    names, rules = GAMES[game]
    match = match_create(game=game, players=[Player.objects.create(name=n) for n in names],
                         rules=rules)
    context = browser.new_context(locale="de-DE", base_url=live_server.url, is_mobile=True,
                                  has_touch=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, "olga", "secret-olga")
    page.goto(f"/matches/{match.pk}/")
    if game == "katarenga-rennen":
        choose(page, "[name='r1-mode']", "board")
        expect(page.locator("#row-1 .kr-entry-board")).to_be_visible()
    if game == "doppelkopf":
        choose(page, "[name='r1-game']", "hammelrennen")
        expect(page.locator("[name='r1-hammel_0']")).to_be_visible()
    expect(page.locator("#row-1")).to_be_visible()
    # Nothing wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    controls = page.evaluate(AUDIT)
    assert len(controls) > 5
    for control in controls:
        if control["type"] in ("submit", "button"):
            assert control["height"] >= 40, control
            continue
        assert control["label"], control  # every input is labelled, in German
        if control["type"] == "checkbox":
            assert control["height"] >= 24 and control["width"] >= 24, control
        else:
            assert control["height"] >= 44, control
        if control["type"] == "number":
            assert control["inputmode"] == "numeric", control
    if game == "katarenga-rennen":
        squares = page.locator("#row-1 .kr-entry-board button.kr-sq")
        expect(squares).to_have_count(64)
        box = squares.first.bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40
    shot(page, f"phone-sheet-{game}")
    context.close()
