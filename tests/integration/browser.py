"""Helpers of the browser tests: logging in through the page, keeping screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def shot(target: Any, name: str) -> None:
    """Keep a screenshot in var/screenshots/: the whole page, or just one element."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if hasattr(target, "set_viewport_size"):  # a page
        target.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    else:  # an element
        target.screenshot(path=str(SHOTS / f"{name}.png"))


def log_in(page: Any, username: str, password: str) -> None:
    page.goto("/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("form.stacked button[type=submit]")
    page.wait_for_url("**/")
