"""``{% duplicate_comparison match %}``: the duplicate comparison of a match (matchpoints per
deal against the other tables that held the same cards), for the match page. Nothing is shown
for a match outside duplicate mode."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.selectors.duplicate import match_comparison

register = template.Library()


@register.inclusion_tag("tournaments/rounds/_duplicate_match.html")
def duplicate_comparison(match: Any) -> dict[str, Any]:
    return {"deals": match_comparison(match) if match.status == "scored" else []}
