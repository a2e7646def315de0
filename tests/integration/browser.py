"""Helpers of the browser tests: logging in through the page, keeping screenshots."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from games.models import Match
from league.selectors.live import match_changed
from tests.integration.stack import wait_until

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def shot(target: Any, name: str) -> None:
    """Keep a screenshot in var/screenshots/: the whole page, or just one element.

    The pictures are for the docs, not evidence: what a test proves it asserts with
    ``expect``. On a machine kept busy, Chromium may not paint a frame of a live page in
    time; the picture is then taken once more after the page has loaded, with more time."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = hasattr(target, "set_viewport_size")
    options = {"path": str(SHOTS / f"{name}.png"), **({"full_page": True} if page else {})}
    try:
        target.screenshot(**options)
    except PlaywrightTimeoutError:
        (target if page else target.page).wait_for_load_state("load")
        target.screenshot(**options, timeout=60_000)


def expect_words(locator: Any, words: list[str], *, first: bool = False) -> None:
    """Wait until the element's text, split at white space, is ``words`` (what
    ``locator.inner_text().split() == words`` says, read at once); with ``first``, until its
    first words are these."""
    end = r"(\s|$)" if first else r"\s*$"
    pattern = r"^\s*" + r"\s+".join(re.escape(word) for word in words) + end
    expect(locator).to_have_text(re.compile(pattern), use_inner_text=True)


def expect_cells(row: Any, cells: list[str]) -> None:
    """Wait until the table row's cells read ``cells``, one text per cell."""
    expect(row.locator(":scope > th, :scope > td")).to_have_text(cells, use_inner_text=True)


def log_in(page: Any, username: str, password: str) -> None:
    page.goto("/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("form.stacked button[type=submit]")
    page.wait_for_url("**/")


def confirm(page: Any, scope: str, label: str | None = None) -> str:
    """Click an action that asks first (``templates/_confirm.html``): open its box, read the
    consequence, click the real button. Returns the consequence as the page showed it."""
    details = page.locator(f"{scope} details.confirm")
    if label is not None:
        details = details.filter(has=page.locator(f"summary:text-is('{label}')"))
    details.locator("summary").click()
    consequence = details.locator(".consequence")
    consequence.wait_for(state="visible")
    text = consequence.inner_text()
    details.locator("button[name=confirm]").click()
    return text


def set_rule(page: Any, game: str, option: str, value: Any, *, prefix: str = "rules") -> None:
    """Set one option of a rules form as a person does: open the options, then type, pick
    or tick."""
    fieldset = page.locator(f"fieldset#{prefix}-{game}")
    details = fieldset.locator("details.options")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    field = fieldset.locator(f"[name='{prefix}-{game}-{option}']")
    if isinstance(value, bool):
        field.set_checked(value)
    elif field.evaluate("element => element.tagName") == "SELECT":
        field.select_option(str(value))
    else:
        field.fill(str(value))


def expect_match_settled(page: Any, match_id: int) -> None:
    """Wait until the match's verdict is announced and the open match page shows it.

    A live page loads itself anew when its match changes (static/live.js); an action taken
    while it does so (a screenshot, a navigation) races with that reload. The page marks
    ``data-live-current`` once a poll finds nothing newer than what it shows."""
    wait_until(lambda: Match.objects.filter(pk=match_id, announcement_due_at__isnull=True)
               .exists(), 30, f"match {match_id}'s verdict announced")
    latest = match_changed(pk=match_id) or 0
    page.wait_for_function("(latest) => Number(document.body.dataset.liveCurrent || 0) >= latest",
                           arg=latest)
