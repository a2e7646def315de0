"""Random legal sessions: for property tests, the benchmark and demo data.

Every choice is drawn from ``legal_declarations()`` / ``legal_moves()`` with a
``random.Random`` passed in, so a seed gives the same document every time. Deals are dealt
from a seed written into the document; some deals are declared Hammelrennen or Schwarze Sau
(when the rules have them).

>>> import random
>>> from games.engines.doppelkopf import ENGINE
>>> doc = random_document(ENGINE, rng=random.Random(5), players=["A", "B", "C", "D"])
>>> result = ENGINE.replay(doc)
>>> sum(seat.score for seat in result.seats) == 0 or doc["rules"].get("counting") == "plus"
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.contract import LOG_FORMAT, Engine
from games.engines.rules import resolve_rules

from .deal import dealt_hands
from .moves import Announcement, CardPlay, Declaration
from .negotiation import Contract, Negotiation
from .play import DealPlay
from .rules import PRESETS, DoppelkopfRules
from .session import Session

_WEIGHTS = {"gesund": 30.0, "vorbehalt": 4.0, "solo-vorbehalt": 1.5, "bid": 0.6,
            "halten": 1.0, "passen": 1.5, "hochzeit": 1.0, "schieben": 1.0, "nimmt": 1.0,
            "nimmt nicht": 1.0, "solo": 1.0, "normal": 1.0, "gibt": 1.0}


def _pick_declaration(rng: random.Random, neg: Negotiation) -> Declaration:
    legal = neg.legal_declarations()
    if neg.phase == "first":
        # Say them in seat order, as most tables do.
        nxt = next(s for s in neg.order if s not in neg.first)
        legal = [d for d in legal if d.player == neg.players[nxt]]
    weights = [_WEIGHTS.get(d.word, 1.0) for d in legal]
    return rng.choices(legal, weights)[0]


def random_deal(rng: random.Random, rules: DoppelkopfRules, players: Sequence[str],
                session: Session, number: int, seed: str) -> dict[str, Any]:
    """One random legal deal (a dict for the log) at the session's current position.

    ``players`` are the list's players; at five, the dealer sits out and the others play.
    """
    table = session.table(number)
    ctx, players = table.context, table.players
    hands = dealt_hands({}, players=players, number=number, seed=seed, forehand=ctx.forehand,
                        where="")
    deal: dict[str, Any] = {}
    special = None
    if not ctx.forced:
        roll = rng.random()
        if roll < 0.06 and rules.hammelrennen == "declared":
            special = "hammelrennen"
        elif roll < 0.12 and rules.schwarze_sau == "declared":
            special = "schwarze-sau"
    declarations: list[str] = []
    if special:
        deal["special"] = special
        contract = Contract(special)
    else:
        neg = Negotiation(rules, tuple(players), ctx.forehand, [list(h) for h in hands],
                          owes=ctx.owes, forced=ctx.forced)
        while not neg.finished:
            declaration = _pick_declaration(rng, neg)
            neg.declare(declaration)
            declarations.append(declaration.text())
        contract = neg.contract()
        hands = neg.hands
    deal["declarations"] = declarations
    moves: list[str] = []
    if contract.kind != "redeal":
        leader = ctx.forehand
        if contract.kind == "solo" and contract.soloist is not None and (
                rules.solo_lead == "soloist" or (rules.solo_lead == "soloist-pflicht"
                                                 and contract.soloist in ctx.owes)):
            leader = contract.soloist
        play = DealPlay(rules, players, hands, contract, leader=leader)
        while not play.finished:
            legal = play.legal_moves()
            announcements = [m for m in legal if isinstance(m, Announcement)]
            cards = [m for m in legal if isinstance(m, CardPlay)]
            if cards and (not announcements or rng.random() > 0.04):
                move: Any = rng.choice(cards)
            else:
                move = rng.choice(announcements or legal)
            play.apply(move)
            moves.append(move.text())
    deal["moves"] = moves
    return deal


def random_document(engine: Engine, *, rng: random.Random, players: Sequence[str],
                    rules: Mapping[str, Any] | None = None, deals: int | None = None,
                    seed: str | None = None, first_dealer: int = 0) -> dict[str, Any]:
    """A random legal list of ``deals`` deals (3 to 8 when not given; ``deals=0``: until the
    list is complete), 4 or 5 players, dealt from ``seed`` (drawn when not given), the player
    in seat ``first_dealer`` dealing first (named on deal 1 when not seat 0)."""
    spec = dict(rules or {"preset": "seed"})
    resolved = resolve_rules(DoppelkopfRules, PRESETS, spec)
    seed = seed if seed is not None else f"random-{rng.getrandbits(48):012x}"
    session = Session(resolved, players)
    session.dealer = first_dealer
    count = deals if deals is not None else rng.randint(3, 8)
    if count == 0 and resolved.pot_deals == 0:
        raise ValueError("a list without a Punktetopf is never complete: give deals")
    document: dict[str, Any] = {"format": LOG_FORMAT, "game": engine.slug, "rules": spec,
                                "players": list(players), "seed": seed, "deals": []}
    index = 0
    while count == 0 or index < count:
        if session.finished:
            break
        number = index + 1
        session.pass_owing_dealer()
        deal = random_deal(rng, resolved, players, session, number, seed)
        if index == 0 and first_dealer:
            deal = {"dealer": players[first_dealer], **deal}
        outcome, table = session.play(deal, number, seed=seed, where=f"deals[{index}]")
        session.record(outcome, number, table)
        document["deals"].append(deal)
        index += 1
    return document
