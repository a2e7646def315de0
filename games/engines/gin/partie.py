"""Games -> rounds -> partie: the round accounts of seed section 4.

A round ends when a player reaches ``round_target`` game points. Then both get their game
points and ``game_bonus`` per game won; the round winner gets ``round_bonus``, or in a shutout
(the loser won no game) ``shutout_round_bonus`` and his game points doubled. The difference
of the two totals goes to the player with the higher total, on his round account. After
``rounds`` rounds the higher account wins the partie.

Worked example (the brief's): 110:40 game points, games won 3:2, Anna reached 100:
Anna 110 + 3*25 + 100 = 285, Bert 40 + 2*25 = 90, Anna is credited 195.

>>> rules = GinRules()
>>> totals, shutout, credit = close_round([110, 40], [3, 2], winner=0, rules=rules)
>>> totals[0]
{'game_points': 110, 'game_bonus': 75, 'round_bonus': 100, 'total': 285}
>>> totals[1]["total"], shutout, credit
(90, False, {'seat': 0, 'points': 195})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..messages import message
from .rules import GinRules


def close_round(game_points: Sequence[int], games_won: Sequence[int], *, winner: int,
                rules: GinRules) -> tuple[list[dict[str, int]], bool, dict[str, Any]]:
    """Totals of both players, whether it was a shutout, and the credit.

    Shutout (seed: "alle Punkte (mit Ausnahme der Satz-Punkte) verdoppelt"): 100 -> 0 game
    points, 4 games won to 0: 100 * 2 + 4 * 25 + 200 = 500.

    >>> totals, shutout, credit = close_round([100, 0], [4, 0], winner=0, rules=GinRules())
    >>> totals[0]["total"], shutout, credit
    (500, True, {'seat': 0, 'points': 500})
    """
    loser = 1 - winner
    shutout = games_won[loser] == 0
    totals = []
    for seat in (0, 1):
        points = game_points[seat]
        bonus = 0
        if seat == winner:
            if shutout:
                bonus = rules.shutout_round_bonus
                if rules.shutout_doubles_game_points:
                    points *= 2
            else:
                bonus = rules.round_bonus
        game_bonus = games_won[seat] * rules.game_bonus
        totals.append({"game_points": points, "game_bonus": game_bonus, "round_bonus": bonus,
                       "total": points + game_bonus + bonus})
    difference = totals[0]["total"] - totals[1]["total"]
    if difference > 0:
        credit: dict[str, Any] = {"seat": 0, "points": difference}
    elif difference < 0:
        credit = {"seat": 1, "points": -difference}
    else:
        credit = {"seat": None, "points": 0}
    return totals, shutout, credit


@dataclass
class Round:
    number: int
    first_dealer: int
    hands: list[int] = field(default_factory=list)
    game_points: list[int] = field(default_factory=lambda: [0, 0])
    games_won: list[int] = field(default_factory=lambda: [0, 0])
    complete: bool = False
    winner: int | None = None
    shutout: bool = False
    totals: list[dict[str, int]] | None = None
    credit: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "first_dealer": self.first_dealer,
                "hands": list(self.hands), "game_points": list(self.game_points),
                "games_won": list(self.games_won), "complete": self.complete,
                "winner": self.winner, "shutout": self.shutout, "totals": self.totals,
                "credit": self.credit}


class Partie:
    """Keeps the dealer rotation, the rounds and the accounts while deals come in."""

    def __init__(self, rules: GinRules, players: Sequence[str]) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.accounts = [0, 0]
        self.rounds: list[Round] = []
        self.next_dealer: int | None = None  # None: the dealer is drawn by lot
        self.dealer_reason: dict[str, Any] = message("gin_lot_first")
        self.certain = True  # False after a deal was left out (lenient replay)
        self.last_hand = 0

    @property
    def finished(self) -> bool:
        return sum(1 for r in self.rounds if r.complete) >= self.rules.rounds

    @property
    def complete_rounds(self) -> int:
        return sum(1 for r in self.rounds if r.complete)

    def lot_reason(self) -> dict[str, Any]:
        """Why the dealer is drawn by lot (a message)."""
        if not self.rounds:
            return message("gin_lot_first")
        return message("gin_lot_level", round=len(self.rounds) + 1, first=self.accounts[0],
                       second=self.accounts[1])

    def add_hand(self, number: int, dealer: int, points: Sequence[int],
                 winner: int | None) -> None:
        """Count a scored game; close the round when someone reaches the target."""
        if not self.rounds or self.rounds[-1].complete:
            self.rounds.append(Round(len(self.rounds) + 1, dealer))
        current = self.rounds[-1]
        current.hands.append(number)
        self.last_hand = number
        for seat in (0, 1):
            current.game_points[seat] += points[seat]
        if winner is None:
            # A dead hand: nobody wins, the dealer deals again.
            self.next_dealer = dealer
            self.dealer_reason = message("gin_dealer_again", player=self.players[dealer],
                                         number=number)
        else:
            current.games_won[winner] += 1
            self.next_dealer = 1 - dealer
            self.dealer_reason = message("gin_dealer_changes", player=self.players[dealer],
                                         number=number)
        self.certain = True
        target = self.rules.round_target
        if winner is not None and current.game_points[winner] >= target:
            current.complete = True
            current.winner = winner
            current.totals, current.shutout, current.credit = close_round(
                current.game_points, current.games_won, winner=winner, rules=self.rules)
            if current.credit["seat"] is not None:
                self.accounts[current.credit["seat"]] += current.credit["points"]
            # The leader deals first in the next round; a tie is decided by lot.
            if self.accounts[0] > self.accounts[1]:
                self.next_dealer = 0
            elif self.accounts[1] > self.accounts[0]:
                self.next_dealer = 1
            else:
                self.next_dealer = None
            if self.next_dealer is not None:
                self.dealer_reason = message("gin_leader_deals",
                                             player=self.players[self.next_dealer],
                                             round=len(self.rounds) + 1)

    def hand_left_out(self, dealer: int | None) -> None:
        """A deal was faulty and left out (lenient replay): the rotation is a guess now, so
        the next deal's stated dealer is accepted as it is."""
        self.certain = False
        if dealer is not None:
            self.next_dealer = 1 - dealer

    def standing(self) -> dict[str, Any]:
        """``3 of 5 rounds played; round 4 stands at 45:80`` (a message) for the
        unfinished-partie error."""
        if self.rounds and not self.rounds[-1].complete:
            current = self.rounds[-1]
            return message("gin_standing_during", rounds=self.complete_rounds,
                           total=self.rules.rounds, round=current.number,
                           first=current.game_points[0], second=current.game_points[1])
        return message("gin_standing_between", rounds=self.complete_rounds,
                       total=self.rules.rounds, round=len(self.rounds) + 1)

    def summary(self) -> dict[str, Any]:
        return {"rounds": [r.to_json() for r in self.rounds],
                "partie": {"rounds": self.rules.rounds, "accounts": list(self.accounts),
                           "complete": self.finished}}
