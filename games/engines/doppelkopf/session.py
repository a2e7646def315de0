"""The session list (die Liste): dealer rotation, Pflichtsoli, the Punktetopf, totals.

:class:`Session` takes the deals one after the other; :func:`replay_document` replays a
whole match document with it.

- Dealer: the first dealer is the first player, or ``deals[0].dealer``. After a normal game
  (and a Hochzeit, Schieben, stilles Solo, Hammelrennen, Schwarze Sau) the deal passes
  clockwise; after a declared solo it stays (``dealer_after_solo``), except after the
  ``solo_streak_limit``-th solo in a row; after "nobody takes the trumps" the same dealer
  deals again. A deal may name its ``dealer``; it must match.
- Pflichtsolo: each player owes ``pflichtsolo_count``; his first declared solos pay them.
- Punktetopf: ``pot_deals`` deals; then the open Pflichtsoli are vorgeführt (each following
  deal is the declared solo of a player who still owes one) and the list is complete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.contract import HandResult, MatchResult, SeatResult, ranks_for
from games.engines.errors import EngineError, IllegalMoveError, InvalidLogError
from games.engines.rules import resolve_rules, rules_to_json

from .deal import DealContext, DealOutcome, deal_label, replay_deal
from .facts import facts_to_json
from .rules import PRESETS, DoppelkopfRules


class Session:
    def __init__(self, rules: DoppelkopfRules, players: Sequence[str]) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.dealer = 0
        self.solo_streak = 0
        self.owes = [rules.pflichtsolo_count] * 4
        self.pflicht_deals: list[list[int]] = [[], [], [], []]
        self.pot_used = 0
        self.totals = [0, 0, 0, 0]
        self.rows: list[dict[str, Any]] = []
        self.deals_seen = 0
        self.resync = False

    @property
    def forced(self) -> bool:
        return (self.rules.pot_deals > 0 and self.pot_used >= self.rules.pot_deals
                and any(self.owes))

    @property
    def finished(self) -> bool:
        return (self.rules.pot_deals > 0 and self.pot_used >= self.rules.pot_deals
                and not any(self.owes))

    def context(self, number: int) -> DealContext:
        return DealContext(number=number, dealer=self.dealer,
                           owes=frozenset(s for s in range(4) if self.owes[s] > 0),
                           forced=self.forced)

    def check_dealer(self, deal: Mapping[str, Any], where: str, *, first: bool) -> None:
        named = deal.get("dealer")
        if named is None:
            return
        if named not in self.players:
            raise InvalidLogError(f"the dealer {named!r} does not sit at this table",
                                  field=f"{where}.dealer")
        seat = self.players.index(named)
        if first or self.resync:
            self.dealer, self.resync = seat, False
        elif seat != self.dealer:
            raise InvalidLogError(f"{self.players[self.dealer]} deals this deal by the "
                                  f"rotation ({self.last_reason}), not {named}",
                                  field=f"{where}.dealer")

    last_reason = "the first dealer"

    def record(self, outcome: DealOutcome, number: int) -> None:
        rules = self.rules
        points = outcome.score.points
        for seat in range(4):
            self.totals[seat] += points[seat]
        soloist = outcome.soloist
        if outcome.pflichtsolo and soloist is not None:
            self.owes[soloist] -= 1
            self.pflicht_deals[soloist].append(number)
        facts = outcome.facts
        row = {
            "deal": number, "dealer": self.players[self.dealer],
            "label": deal_label(facts), "contract": facts.contract,
            "re": [self.players[s] for s in facts.re],
            "winner": _winner_text(outcome, self.players),
            "value": outcome.score.value.get("total", 0),
            "points": list(points), "totals": list(self.totals),
            "pflichtsolo": self.players[soloist] if outcome.pflichtsolo and soloist is not None
            else None,
            "forced": outcome.forced, "source": outcome.source,
        }
        self.rows.append(row)
        if facts.contract == "redeal":
            self.last_reason = "nobody took the trumps: the same dealer deals again"
            return
        if rules.pot_deals and not outcome.forced and not (
                outcome.pflichtsolo and not rules.pot_counts_pflichtsoli):
            self.pot_used += 1
        solo = outcome.declared_solo
        if solo and rules.dealer_after_solo == "stays":
            self.solo_streak += 1
            if self.solo_streak < rules.solo_streak_limit:
                self.last_reason = "after a solo the dealer stays"
                return
            self.solo_streak = 0
            self.last_reason = (f"after solo number {rules.solo_streak_limit} in a row the "
                                "deal passes clockwise")
        elif (solo and rules.dealer_after_solo == "stays-after-pflichtsolo"
              and outcome.pflichtsolo and not outcome.forced):
            self.last_reason = "after a Pflichtsolo the same dealer deals again"
            return
        else:
            self.solo_streak = 0 if not solo else self.solo_streak
            self.last_reason = "the deal passes clockwise"
        self.dealer = (self.dealer + 1) % 4

    def summary(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "list": self.rows,
            "totals": {self.players[s]: self.totals[s] for s in range(4)},
            "next_dealer": self.players[self.dealer],
            "solo_streak": self.solo_streak,
            "pflichtsoli": {self.players[s]: {"owed": self.owes[s],
                                              "played": self.pflicht_deals[s]}
                            for s in range(4)},
            "pot": {"deals": rules.pot_deals, "played": self.pot_used,
                    "remaining": max(rules.pot_deals - self.pot_used, 0),
                    "vorfuehren": self.forced},
            "finished": self.finished,
            "counting": rules.counting,
        }


def _winner_text(outcome: DealOutcome, players: Sequence[str]) -> Any:
    winner = outcome.score.value.get("winner")
    if outcome.facts.contract == "hammelrennen":
        return [players[s] for s in winner or []]
    return winner


def replay_document(document: Mapping[str, Any], *, strict: bool, slug: str,
                    min_seats: int, max_seats: int) -> MatchResult:
    from games.engines.contract import read_envelope

    env = read_envelope(document, game=slug, min_seats=min_seats, max_seats=max_seats)
    rules = resolve_rules(DoppelkopfRules, PRESETS, env.rules_spec)
    players = env.players
    session = Session(rules, players)
    hands: list[HandResult] = []
    errors: list[EngineError] = []
    for index, deal in enumerate(env.deals):
        number = index + 1
        where = f"deals[{index}]"
        try:
            if session.finished:
                raise InvalidLogError("the list is complete: the Punktetopf is empty and every "
                                      "Pflichtsolo has been played", field=where)
            session.check_dealer(deal, where, first=index == 0)
            ctx = session.context(number)
            outcome = replay_deal(rules, players, deal, ctx, seed=env.seed, where=where)
        except EngineError as error:
            error.located(deal=number, field=where)
            if strict:
                raise
            errors.append(error)
            session.resync = True
            continue
        session.record(outcome, number)
        hands.append(HandResult(number=number, source=outcome.source,
                                points=outcome.score.points,
                                facts=facts_to_json(outcome.facts, players),
                                detail=outcome.detail))
    scores = session.totals
    ranks = ranks_for(scores)
    seats = tuple(SeatResult(players[s], scores[s], ranks[s]) for s in range(4))
    return MatchResult(game=slug, players=tuple(players), rules=rules_to_json(rules),
                       seats=seats, hands=tuple(hands), summary=session.summary(),
                       errors=tuple(errors))


__all__ = ["IllegalMoveError", "Session", "replay_document"]
