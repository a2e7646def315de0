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
