"""Nerts rule options: the seed's rules as defaults, its variants and the gaps as options.

Every option names its source in ``docs/rules/nerts.md``. The ``seed`` preset is exactly the
seed document (pagat.com's Racing Demon page, German translation).

>>> rules = PRESETS["seed"]
>>> rules.pile_size, rules.penalty, rules.draw, rules.target
(13, 2, 3, 100)
>>> from games.engines.rules import resolve_rules
>>> resolve_rules(NertsRules, PRESETS, {"pile_size": 12, "caller_bonus": 25}).pile_size
12
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import option

WORK_PILES = 4  # "Neben diesen Stapel legt jeder Spieler 4 Karten offen nebeneinander"


@dataclass(frozen=True)
class NertsRules:
    """The rules of one Nerts match (see ``docs/rules/nerts.md`` for every source)."""

    target: int = option(
        100, "The match ends after the hand in which a player (or team) reaches this total "
        "with a single leader; 0 plays just the hands in the log", minimum=0, maximum=10_000)
    pile_size: int = option(13, "Cards in the Nerts pile (all face down but the top one)",
                            choices=(11, 12, 13))
    penalty: int = option(2, "Points lost per card left in the Nerts pile (not by the caller)",
                          minimum=0, maximum=10)
    caller_bonus: int = option(0, "Bonus for calling Nerts (the variant gives 25)",
                               minimum=0, maximum=100)
    draw: int = option(3, "Cards turned from the stock onto the waste at a time",
                       choices=(1, 3))
    draw_order: str = option(
        "kept", "kept: the packet is turned as a block, its bottom card becomes the waste top; "
        "reversed: the stock's top card becomes the waste top", choices=("kept", "reversed"))
    jokers: bool = option(False, "Two jokers per deck; a joker on a foundation is announced "
                                 "as the card it stands for")
    partnerships: bool = option(False, "Teams of two sharing a deck (six players); the log "
                                       "lists the teams")
    slide_under: bool = option(True, "With an empty work pile, a card may slide under the "
                                     "base of a pile it fits under")
    ties_stand: bool = option(True, "A foundation play marked as a tie keeps both cards of "
                                    "the same value; false: the later card is always void")
    in_flight: bool = option(True, "After a Nerts call each player may still put down the "
                                   "one card in the air")
    blocked: str = option(
        "pass", "When the table may reset (all blocked) or end a stuck hand: pass: every deck "
        "has turned through its whole stock since the last card was played; agreed: whenever "
        "the log says so", choices=("pass", "agreed"))
    settle: str = option(
        "match", "match: the leader of the match totals wins the difference from each; hand: "
        "every hand is settled on its own and the settlements add up", choices=("match", "hand"))

    @property
    def deck_size(self) -> int:
        return 54 if self.jokers else 52


PRESETS: dict[str, NertsRules] = {"seed": NertsRules()}
