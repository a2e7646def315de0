"""Random play: uniform random playouts (benchmarks) and whole random parties (tests, demo
data, benchmark logs).

:func:`random_playout` plays one game choosing uniformly among the legal moves, as
OpenSpiel's random playout does. Uniform play almost never gets down to the knock limit, so
a partie of such games would be a long row of dead hands; :func:`random_document` therefore
plays with a simple randomised greedy player (take what lowers the deadwood, discard the
card that leaves the least, knock mostly when allowed, now and then a random move or a
failed knock), which gives every kind of ending and ends rounds in a few games.

>>> import random
>>> from .rules import GinRules
>>> state = random_playout(GinRules(), random.Random(3))
>>> state.finished
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..contract import LOG_FORMAT
from .deck import BIT, CARD_TEXT, cards_of
from .melds import best_arrangement, best_defense, discard_deadwoods
from .moves import DISCARD, KNOCK, Move
from .partie import Partie
from .replay import seeded_order
from .rules import GinRules
from .scoring import GinFacts, score_hand
from .state import DRAW_PHASE, KNOCKED, OFFER_DEALER, OFFER_NONDEALER, DealState

NAMES = ("North", "South")


def random_playout(rules: GinRules, rng: random.Random, *,
                   names: Sequence[str] = NAMES) -> DealState:
    """One game from a fresh shuffle to its end, every move chosen uniformly among the legal
    moves; returns the final state (dead, or knocked with the defender's best lay)."""
    order = list(range(52))
    rng.shuffle(order)
    state = DealState.from_order(rules, names, dealer=rng.randrange(2), order=order)
    legal = state.legal_moves
    apply = state.apply
    choice = rng.choice
    while state.phase < KNOCKED:
        apply(choice(legal()))
    if not state.dead:
        state.settle()
    return state


def _greedy_move(state: DealState, rng: random.Random) -> Move:
    """A plausible move for the player to move (see the module docstring)."""
    seat = state.turn
    hand = state.hands[seat]
    legal = state.legal_moves()
    if rng.random() < 0.08:
        # Now and then an arbitrary move; knocks only through the greedy path below, else
        # half of these would be failed knocks.
        plain = [move for move in legal if move.kind != KNOCK]
        return plain[rng.randrange(len(plain))]
    phase = state.phase
    if phase in (OFFER_NONDEALER, OFFER_DEALER, DRAW_PHASE):
        top = state.discard[-1] if state.discard else -1
        if top >= 0 and not state.stock_only:
            now = best_arrangement(hand).deadwood
            options = discard_deadwoods(hand | BIT[top])
            options.pop(top, None)
            if options and min(options.values()) < now:
                return legal[1]  # take
        return legal[0]  # pass or draw
    # Discard phase: discard what leaves the least deadwood; knock when allowed.
    allowed = [move.card for move in legal if move.kind == DISCARD]
    deadwoods = discard_deadwoods(hand)
    least = min(deadwoods[card] for card in allowed)  # type: ignore[index]
    best_cards = [card for card in allowed if deadwoods[card] == least]  # type: ignore[index]
    card = rng.choice(best_cards)
    assert card is not None
    knock_allowed = any(move.kind == KNOCK for move in legal)
    if knock_allowed and least <= state.limit and (least == 0 or rng.random() < 0.8):
        if rng.random() < 0.3:
            melds = best_arrangement(hand & ~BIT[card]).melds
            return Move(KNOCK, card, tuple(tuple(cards_of(meld)) for meld in melds))
        return Move(KNOCK, card)
    if knock_allowed and state.rules.failed_knock == "resume" and rng.random() < 0.005:
        return Move(KNOCK, card)  # a failed knock, as happens at the table
    return Move(DISCARD, card)


def _lay_move(state: DealState, rng: random.Random) -> Move | None:
    roll = rng.random()
    if roll < 0.3:
        return None
    if roll < 0.6:
        return Move("lay")
    defense = best_defense(state.hands[state.turn], state.knock_melds,
                           allow_layoffs=not state.gin)
    melds = tuple(tuple(cards_of(meld)) for meld in defense.melds)
    offs = defense.layoffs if (defense.layoffs or rng.random() < 0.5) else ()
    return Move("lay", None, melds, offs)


def random_deal(rules: GinRules, players: Sequence[str], rng: random.Random, *,
                dealer: int, order: list[int] | None = None) -> tuple[dict[str, Any], GinFacts]:
    """One deal played greedily-random: recorded (hands, upcard, every drawn card named), or,
    when ``order`` comes from the seed, without hands and mostly with unnamed draws."""
    seeded = order is not None
    if order is None:
        order = list(range(52))
        rng.shuffle(order)
    state = DealState.from_order(rules, players, dealer=dealer, order=order)
    deal: dict[str, Any] = {} if seeded else {
        "hands": {players[seat]: [CARD_TEXT[c] for c in cards_of(state.initial_hands[seat])]
                  for seat in (0, 1)},
        "upcard": CARD_TEXT[state.upcard],
    }
    moves: list[str] = []
    while state.phase < KNOCKED:
        move = _greedy_move(state, rng)
        if move.kind == "take" and rng.random() < 0.1:
            move = Move("take")
        elif move.kind == "draw" and seeded and rng.random() < 0.7:
            move = Move("draw")
        state.apply(move)
        moves.append(move.text())
    if not state.dead:
        lay = _lay_move(state, rng)
        if lay is not None:
            state.apply(lay)
            moves.append(lay.text())
    deal["moves"] = moves
    if state.dead:
        facts = GinFacts(state.upcard, True)
    else:
        facts = GinFacts(state.upcard, False, state.knocker, state.gin, state.deadwoods())
    return deal, facts


def random_document(rules: GinRules, rules_spec: dict[str, Any], *, rng: random.Random,
                    players: Sequence[str], seed: str | None = None,
                    max_deals: int = 5000) -> dict[str, Any]:
    """A complete partie of random deals (see the module docstring): recorded deals, or with
    ``seed`` dealt from the seed (label ``deal <n>``)."""
    players = tuple(players)
    partie = Partie(rules, players)
    deals: list[dict[str, Any]] = []
    while not partie.finished:
        if len(deals) >= max_deals:
            raise RuntimeError("random partie did not finish; is round_target reachable?")
        number = len(deals) + 1
        dealer = partie.next_dealer
        lot = dealer is None
        if dealer is None:
            dealer = rng.randrange(2)
        order = seeded_order(seed, number) if seed is not None else None
        deal, facts = random_deal(rules, players, rng, dealer=dealer, order=order)
        if lot or rng.random() < 0.5:
            deal = {"dealer": players[dealer], **deal}
        deals.append(deal)
        score = score_hand(facts, rules)
        partie.add_hand(number, dealer, score.points, score.winner)
    document: dict[str, Any] = {"format": LOG_FORMAT, "game": "gin",
                                "rules": dict(rules_spec), "players": list(players)}
    if seed is not None:
        document["seed"] = seed
    document["deals"] = deals
    return document
