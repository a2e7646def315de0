"""Rennen rule options and presets.

Every open point of the seed (seed 000, see ``docs/rules/rennen.md``) is a named option; the
``seed`` preset is exactly the seed document with the defaults of ``shared/RULES-NOTES.md``.

>>> from games.engines.rules import resolve_rules
>>> resolve_rules(RennenRules, PRESETS, {"preset": "seed", "attach": "explicit"}).attach
'explicit'
>>> PRESETS["match3"].games
3
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import option


@dataclass(frozen=True)
class RennenRules:
    """The options of a Rennen match; the defaults are the ``seed`` preset."""

    games: int = option(
        1, "Games in a match (each game runs race after race until a win or a draw); the "
           "match score is the number of games won",
        minimum=1, maximum=99)
    attach: str = option(
        "auto", "Anlegen: 'auto' attaches every card that fits, chaining from the reserve "
                "(attaching never hurts); 'explicit' records each attach as a move",
        choices=("auto", "explicit"))
    kreuz_decides_final_tie: bool = option(
        False, "A tie in tricks after the last card goes straight to the Kreuzvorteil "
               "(a simple win) instead of being decided by extra cards from the stock")
    kreuz_bomb_win: str = option(
        "ultimate", "Equal bombs and a Kreuzvorteil: the Kreuz player wins the race with "
                    "this kind of win",
        choices=("ultimate", "simple"))
    karo_duplicates: str = option(
        "reserve", "A second copy of a Karo card the player owns: 'reserve' keeps it in the "
                   "reserve (Karo strikes do not count), 'strike' sets it aside like a strike",
        choices=("reserve", "strike"))
    tiebreak_without_stock: str = option(
        "draw", "A tie must be broken but the stock holds fewer than two cards: 'draw' ends "
                "the game drawn (no card can be dealt to both), 'reshuffle' first shuffles "
                "the cards already played in this race into the stock",
        choices=("draw", "reshuffle"))


PRESETS: dict[str, RennenRules] = {
    "seed": RennenRules(),
    "match3": RennenRules(games=3),
}
