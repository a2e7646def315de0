"""Helpers of the browser tests: logging in through the page, keeping screenshots."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def shot(target: Any, name: str) -> None:
    """Keep a screenshot in var/screenshots/: the whole page, or just one element."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if hasattr(target, "set_viewport_size"):  # a page
        target.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    else:  # an element
        target.screenshot(path=str(SHOTS / f"{name}.png"))


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
