"""What a browser sends for the forms of the pages, built from the forms themselves: the
rules forms (every game's fieldset, as the new-tournament page has them), the tie-breaker
selects."""

from __future__ import annotations

from typing import Any

from games.engines.registry import game_slugs
from league.web.rule_forms import GameRulesForm


def rules_data(game: str, rules: dict[str, Any] | None = None, *, prefix: str | None = None,
               every_game: bool = True) -> dict[str, Any]:
    """The fields of the rules form(s) as posted, showing ``rules`` for ``game`` and each
    other game's seed preset. ``prefix`` names the form of a single game (league pages)."""
    data: dict[str, Any] = {}
    for slug in (game_slugs() if every_game and prefix is None else [game]):
        form = GameRulesForm(game=slug, rules=rules if slug == game else None,
                             prefix=f"{prefix}-{slug}" if prefix else None)
        for name, field in form.fields.items():
            value = form.get_initial_for_field(field, name)
            key = form.add_prefix(name)
            if isinstance(value, bool):
                if value:
                    data[key] = "on"
            else:
                data[key] = str(value)
    return data


def tiebreak_data(keys: list[str]) -> dict[str, str]:
    return {f"tiebreak_{number}": key for number, key in enumerate(keys, start=1)}
