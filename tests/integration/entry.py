"""Helpers of the browser tests that type a score sheet into the match page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def fill_row(page: Any, number: int, values: dict[str, str]) -> None:
    """Type one row as a person does: choose, tick, type (the fields of games.sheets)."""
    row = page.locator(f"#row-{number}")
    expect(row).to_be_attached()
    # The game first: it shows the fields the row needs (a Hammelrennen has others).
    for field in sorted(values, key=lambda name: name != "game"):
        target = row.locator(f"[name='r{number}-{field}']")
        kind = target.evaluate("e => e.type || e.tagName")
        if kind == "checkbox":
            target.check()
        elif kind.startswith("select"):
            target.select_option(values[field])
        else:
            target.fill(values[field])

