"""Random legal simultaneous play: whole match documents for tests, benchmarks and demos.

Every action is made through the checking :func:`~.play.apply`, so a random document is
legal by construction. The players mostly make *progress* moves (a card to a foundation, a
card from the Nerts pile or the waste to a work pile, a whole work pile onto another), turn
their stock when they have none, and the table resets when every deck has been through its
stock; a reset after which nobody plays ends the hand. Progress moves raise a bounded
measure of the table, so every hand ends. Now and then a second player plays the same value
onto the same foundation a moment later: a void card (or a tie), as at a real table.

>>> import random
>>> doc = random_document(rng=random.Random(1), players=["Anna", "Bert", "Cora"],
...                       rules={"target": 15})
>>> doc["game"], doc["players"], len(doc["deals"]) >= 1
('nerts', ['Anna', 'Bert', 'Cora'], True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..contract import LOG_FORMAT
from ..rules import resolve_rules
from .moves import Action, Call, End, Move, Over, Play, Reset, Turn
from .play import apply, card_moves
from .replay import Table, read_table, start_hand
from .rules import PRESETS, NertsRules
from .scoring import facts_of_hand, match_over, score_hand
from .state import Hand

MAX_HANDS = 40  # a match of random play whose scores drift below zero stops here, unfinished


def _progress(hand: Hand, name: str) -> list[Play]:
    found = []
    for move, place, index in card_moves(hand, name):
        if move.to == "F" or place in ("nerts", "waste") or index == 0:
            found.append(move)
    return found


class _Player:
    """Writes the actions of one random hand, applying each as it goes."""

    def __init__(self, hand: Hand, rng: random.Random) -> None:
        self.hand = hand
        self.rng = rng
        self.actions: list[dict[str, Any]] = []
        self.seq = 0
        self.t = 0.0

    def do(self, player: str | None, move: Move, *, tie: bool = False,
           same_time: bool = False) -> None:
        self.seq += 1
        if not same_time:
            self.t = round(self.t + self.rng.uniform(0.2, 2.5), 1)
        action = Action(self.seq, player, move, self.t, tie)
        apply(self.hand, action)
        self.actions.append(action.to_json())

    def play_hand(self) -> list[dict[str, Any]]:
        hand, rng = self.hand, self.rng
        players = list(hand.deck_of)
        while hand.ended is None:
            rng.shuffle(players)
            if not any(self._step(player) for player in players):
                self._table_step()
        if hand.caller is not None and hand.rules.in_flight:
            for player in players:
                progress = _progress(hand, hand.deck_of[player])
                if progress and rng.random() < 0.3:
                    self.do(player, rng.choice(progress))
        return self.actions

    def _step(self, player: str) -> bool:
        """Let ``player`` act; ``False`` when the player waits for the table."""
        hand, rng = self.hand, self.rng
        deck = hand.decks[hand.deck_of[player]]
        if not deck.nerts and rng.random() < 0.25:
            self.do(player, Call())
            return True
        progress = _progress(hand, deck.name)
        if progress and rng.random() < 0.95:
            onto_foundation = [move for move in progress if move.to == "F"]
            move = rng.choice(onto_foundation if onto_foundation and rng.random() < 0.7
                              else progress)
            self.do(player, move)
            if move.to == "F":
                self._maybe_conflict(player, move)
            return True
        if deck.passed:
            return False
        self.do(player, Turn() if deck.stock else Over())
        return True

    def _maybe_conflict(self, player: str, move: Play) -> None:
        """Another player reaches for the same foundation with the same value."""
        hand, rng = self.hand, self.rng
        if rng.random() > 0.5 or hand.ended is not None:
            return
        foundation = hand.foundations[(move.pile or len(hand.foundations)) - 1]
        top = foundation.top
        if top.rank == 1:
            return
        for other, name in hand.deck_of.items():
            if name == hand.deck_of[player]:
                continue
            deck = hand.decks[name]
            tops = [pile[-1] for pile in (deck.nerts, deck.waste, *deck.work) if pile]
            for card in tops:
                if card.joker or (card.rank, card.suit) != (top.rank, top.suit):
                    continue
                tie = hand.rules.ties_stand and rng.random() < 0.25
                self.do(other, Play(card, "F", foundation.number), tie=tie, same_time=tie)
                return

    def _table_step(self) -> None:
        hand = self.hand
        for player, name in hand.deck_of.items():
            if not hand.decks[name].nerts:
                self.do(player, Call())
                return
        stuck = hand.resets and (hand.last_card_move or 0) < (hand.last_reset_move or 0)
        self.do(None, End() if stuck else Reset())


def play_random_hand(hand: Hand, rng: random.Random) -> list[dict[str, Any]]:
    """Play ``hand`` to its end with random legal actions; return the actions as logged."""
    return _Player(hand, rng).play_hand()


def random_document(*, rng: random.Random, players: Sequence[str],
                    rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A complete match document of random legal play, dealt from a seed.

    With ``partnerships`` the neighbours form teams (``Anna+Bert``). The match runs to the
    target (or ``MAX_HANDS``; with target 0, one to three hands).
    """
    spec = dict(rules) if rules else {"preset": "seed"}
    resolved: NertsRules = resolve_rules(NertsRules, PRESETS, spec)
    document: dict[str, Any] = {"format": LOG_FORMAT, "game": "nerts", "rules": spec,
                                "players": list(players)}
    if resolved.partnerships:
        document["teams"] = [{"name": f"{players[i]}+{players[i + 1]}",
                              "players": [players[i], players[i + 1]]}
                             for i in range(0, len(players), 2)]
    seed = f"random-{rng.getrandbits(40):010x}"
    document["seed"] = seed
    table: Table = read_table(document, list(players), resolved)
    totals = dict.fromkeys(table.deck_names, 0)
    deals: list[dict[str, Any]] = []
    hands = rng.randint(1, 3) if resolved.target == 0 else MAX_HANDS
    for number in range(1, hands + 1):
        hand = start_hand(resolved, table, {}, number=number, seed=seed)
        deals.append({"moves": play_random_hand(hand, rng)})
        for name, points in score_hand(facts_of_hand(hand), resolved).items():
            totals[name] += points
        if match_over(totals, resolved):
            break
    document["deals"] = deals
    return document
