"""Gin rule options: the seed's rules as defaults, every open choice a named option.

>>> GinRules().rounds, GinRules().failed_knock
(5, 'resume')
>>> PRESETS["seed"] == GinRules()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import option


@dataclass(frozen=True)
class GinRules:
    """The rules of one partie (defaults: seed 002 and RULES-NOTES, Gin section)."""

    rounds: int = option(
        5, "Rounds in a partie; whoever leads the round accounts after the last one wins "
           "(seed 1: 'vereinbarte Anzahl von Runden (z. B. 5)')", minimum=1, maximum=99)
    round_target: int = option(
        100, "Game points that end a round (seed 3/4: 'sobald ein Spieler 100 Punkte')",
        minimum=1, maximum=10_000)
    gin_bonus: int = option(25, "Bonus for gin, on top of the opponent's deadwood (seed 4)",
                            minimum=0, maximum=1000)
    undercut_bonus: int = option(
        25, "Bonus for the defender who undercuts the knocker, on top of the difference "
            "(seed 4)", minimum=0, maximum=1000)
    game_bonus: int = option(
        25, "Satz-Punkte: credited per game won when a round ends (seed 4); never doubled",
        minimum=0, maximum=1000)
    round_bonus: int = option(100, "Bonus for the round winner (seed 4)",
                              minimum=0, maximum=10_000)
    shutout_round_bonus: int = option(
        200, "Round bonus instead of round_bonus when the loser won no game (seed 4)",
        minimum=0, maximum=10_000)
    shutout_doubles_game_points: bool = option(
        True, "In a shutout the winner's game points count double (seed 4)")
    spade_doubles: bool = option(
        True, "A spade as first upcard doubles every point of that game, bonuses included; "
              "the doubled points count towards the round target (seed 4, RULES-NOTES)")
    undercut_on_equal: bool = option(
        True, "Equal deadwood is an undercut (seed 4: 'gleich viel oder mehr'); when false "
              "the knocker wins that game with 0 points")
    dead_hand_stock: int = option(
        2, "The game is dead when this many stock cards remain and the player who drew "
           "down to it discards without knocking (seed 3, RULES-NOTES)",
        minimum=0, maximum=20)
    may_discard_taken_card: bool = option(
        False, "May a player discard (or knock with) the card he just took from the discard "
               "pile in the same turn (RULES-NOTES: forbidden by default)")
    failed_knock: str = option(
        "resume", "A knock above the limit: 'resume' = the seed's failed knock (cards back, "
                  "the face-down card turned up, the opponent continues); 'reject' = an "
                  "illegal move", choices=("resume", "reject"))
    knock_on_upcard_turn: bool = option(
        True, "May the player who takes the first upcard knock in that same turn (the seed "
              "sets no exception: a knock follows any taking of a card)")


PRESETS: dict[str, GinRules] = {"seed": GinRules()}
