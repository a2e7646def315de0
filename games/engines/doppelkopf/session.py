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
  deal is the declared solo of a player who still owes one; with ``vorfuehren_order =
  "front-seat"`` of the owing player nearest the dealer's left) and the list is complete.
  The DDV's list of 24 games is 20 deals in the pot and the four Pflichtsoli outside it.
- Five at the table (a tournament's 5-table): the dealer sits out the deal he deals and
  scores 0 in it; the other four play it as a deal of four, the player after the dealer
  leading. The deal rotates round all five seats, so everybody sits out in turn. When the
  Punktetopf is empty and the dealer is the only player who still owes a Pflichtsolo, the
  deal passes to the next seat (he cannot play a solo while sitting out).

>>> from games.engines.doppelkopf.rules import SEED
>>> session = Session(SEED, ["A", "B", "C", "D", "E"])
>>> table = session.table(1)
>>> table.players, table.sits_out, table.context.forehand
(('B', 'C', 'D', 'E'), 0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.contract import (
    HandResult,
    MatchResult,
    SeatResult,
    ranks_for,
    read_envelope,
)
from games.engines.errors import (
    EngineError,
    IllegalMoveError,
    InvalidFactsError,
    InvalidLogError,
    shown,
)
from games.engines.messages import message
from games.engines.rules import resolve_rules, rules_to_json

from .deal import DealContext, DealOutcome, deal_label, replay_deal
from .facts import facts_to_json
from .rules import PRESETS, DoppelkopfRules

#: Players a list is kept for: four, or five with the dealer sitting out each deal.
SEATS = (4, 5)


@dataclass(frozen=True)
class TableDeal:
    """Who plays one deal: the four players (in seat order), the seat that sits out (``None``
    at a table of four) and the context of the deal among the four (its seats are indices
    into ``players``, not into the list's seats)."""

    players: tuple[str, ...]
    seats: tuple[int, ...]  # the list's seat of each of the four players
    sits_out: int | None
    context: DealContext

    def to_list(self, points: Sequence[int], size: int) -> list[int]:
        """Points of the four as points of every seat of the list (0 for the one out)."""
        out = [0] * size
        for index, seat in enumerate(self.seats):
            out[seat] = points[index]
        return out


class Session:
    def __init__(self, rules: DoppelkopfRules, players: Sequence[str]) -> None:
        if len(players) not in SEATS:
            raise InvalidLogError("dk_list_seats", {"count": len(players)}, field="players")
        self.rules = rules
        self.players = tuple(players)
        self.size = len(self.players)
        self.dealer = 0
        self.solo_streak = 0
        self.owes = [rules.pflichtsolo_count] * self.size
        self.pflicht_deals: list[list[int]] = [[] for _ in range(self.size)]
        self.pot_used = 0
        self.totals = [0] * self.size
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
        """The deal's context at a table of four (see :meth:`table` for five)."""
        return self.table(number).context

    def pass_owing_dealer(self) -> None:
        """At five, in the vorführen phase, a dealer who alone still owes a Pflichtsolo would
        sit out the deal that must be his solo: the deal passes to the next seat."""
        if self.size == 5 and self.forced and {
                s for s in range(5) if self.owes[s] > 0} == {self.dealer}:
            self.dealer = (self.dealer + 1) % 5
            self.last_reason = message("dk_dealer_owing_passes",
                                       player=self.players[(self.dealer - 1) % 5])

    def table(self, number: int) -> TableDeal:
        """Who plays deal ``number`` and where it stands in the list."""
        if self.size == 4:
            seats: tuple[int, ...] = (0, 1, 2, 3)
            sits_out, dealer = None, self.dealer
        else:
            sits_out = self.dealer
            seats = tuple(s for s in range(5) if s != sits_out)
            # Among the four, the deal's "dealer" is the player before the one who sits out,
            # so that the player after him is forehand.
            dealer = seats.index((sits_out - 1) % 5)
        context = DealContext(number=number, dealer=dealer,
                              owes=frozenset(i for i, s in enumerate(seats) if self.owes[s] > 0),
                              forced=self.forced)
        return TableDeal(tuple(self.players[s] for s in seats), seats, sits_out, context)

    def play(self, deal: Mapping[str, Any], number: int, *, seed: str | int | None,
             where: str) -> tuple[DealOutcome, TableDeal]:
        """Replay one deal at the list's current position (not yet recorded)."""
        table = self.table(number)
        if table.sits_out is not None:
            _check_sitter(deal, self.players[table.sits_out], number, where)
        outcome = replay_deal(self.rules, table.players, deal, table.context, seed=seed,
                              where=where)
        if table.sits_out is not None:
            out = self.players[table.sits_out]
            outcome.detail["dealer"] = out
            outcome.detail["sits_out"] = out
            outcome.detail["points"] = {name: outcome.detail["points"].get(name, 0)
                                        for name in self.players}
        return outcome, table

    def check_dealer(self, deal: Mapping[str, Any], where: str, *, first: bool) -> None:
        named = deal.get("dealer")
        if named is None:
            return
        if named not in self.players:
            raise InvalidLogError("dk_dealer_not_at_table", {"value": shown(named)},
                                  field=f"{where}.dealer")
        seat = self.players.index(named)
        if first or self.resync:
            self.dealer, self.resync = seat, False
        elif seat != self.dealer:
            raise InvalidLogError("dk_dealer_rotation", {
                "expected": self.players[self.dealer], "reason": self.last_reason,
                "value": named}, field=f"{where}.dealer")

    last_reason: dict[str, Any] = message("dk_dealer_first")

    def record(self, outcome: DealOutcome, number: int, table: TableDeal | None = None) -> None:
        rules = self.rules
        table = table or self.table(number)
        points = table.to_list(outcome.score.points, self.size)
        for seat in range(self.size):
            self.totals[seat] += points[seat]
        soloist = None if outcome.soloist is None else table.seats[outcome.soloist]
        if outcome.pflichtsolo and soloist is not None:
            self.owes[soloist] -= 1
            self.pflicht_deals[soloist].append(number)
        facts = outcome.facts
        row = {
            "deal": number, "dealer": self.players[self.dealer],
            "sits_out": None if table.sits_out is None else self.players[table.sits_out],
            "label": deal_label(facts), "contract": facts.contract,
            "re": [table.players[s] for s in facts.re],
            "winner": _winner_text(outcome, table.players),
            "value": outcome.score.value.get("total", 0),
            "points": points, "totals": list(self.totals),
            "pflichtsolo": self.players[soloist] if outcome.pflichtsolo and soloist is not None
            else None,
            "forced": outcome.forced, "source": outcome.source,
        }
        self.rows.append(row)
        if facts.contract == "redeal":
            self.last_reason = message("dk_dealer_redeal")
            return
        if rules.pot_deals and not outcome.forced and not (
                outcome.pflichtsolo and not rules.pot_counts_pflichtsoli):
            self.pot_used += 1
        solo = outcome.declared_solo
        if solo and rules.dealer_after_solo == "stays":
            self.solo_streak += 1
            if self.solo_streak < rules.solo_streak_limit:
                self.last_reason = message("dk_dealer_stays_solo")
                return
            self.solo_streak = 0
            self.last_reason = message("dk_dealer_solo_streak",
                                       count=rules.solo_streak_limit)
        elif (solo and rules.dealer_after_solo == "stays-after-pflichtsolo"
              and outcome.pflichtsolo and not outcome.forced):
            self.last_reason = message("dk_dealer_stays_pflicht")
            return
        else:
            self.solo_streak = 0 if not solo else self.solo_streak
            self.last_reason = message("dk_dealer_clockwise")
        self.dealer = (self.dealer + 1) % self.size

    def summary(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "list": self.rows,
            "totals": {self.players[s]: self.totals[s] for s in range(self.size)},
            "next_dealer": self.players[self.dealer],
            "solo_streak": self.solo_streak,
            "pflichtsoli": {self.players[s]: {"owed": self.owes[s],
                                              "played": self.pflicht_deals[s]}
                            for s in range(self.size)},
            "pot": {"deals": rules.pot_deals, "played": self.pot_used,
                    "remaining": max(rules.pot_deals - self.pot_used, 0),
                    "vorfuehren": self.forced},
            "finished": self.finished,
            "counting": rules.counting,
        }


def _check_sitter(deal: Mapping[str, Any], out: str, number: int, where: str) -> None:
    """A deal at five must not name the player who sits out among the players of the deal."""
    facts = deal.get("facts")
    named: list[Any] = []
    field = where
    if isinstance(facts, Mapping):
        if isinstance(facts.get("re"), list):
            named, field = list(facts["re"]), f"{where}.facts.re"
        if isinstance(facts.get("augen"), Mapping) and out in facts["augen"]:
            named, field = [out], f"{where}.facts.augen"
    hands = deal.get("hands")
    if isinstance(hands, Mapping) and out in hands:
        named, field = [out], f"{where}.hands"
    if out in named:
        raise InvalidFactsError("dk_sitter_plays", {"player": out, "number": number},
                                field=field)


def _winner_text(outcome: DealOutcome, players: Sequence[str]) -> Any:
    winner = outcome.score.value.get("winner")
    if outcome.facts.contract == "hammelrennen":
        return [players[s] for s in winner or []]
    return winner


def replay_document(document: Mapping[str, Any], *, strict: bool, slug: str,
                    min_seats: int, max_seats: int) -> MatchResult:
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
                raise InvalidLogError("dk_list_complete", field=where)
            session.pass_owing_dealer()
            session.check_dealer(deal, where, first=index == 0)
            outcome, table = session.play(deal, number, seed=env.seed, where=where)
        except EngineError as error:
            error.located(deal=number, field=where)
            if strict:
                raise
            errors.append(error)
            session.resync = True
            continue
        session.record(outcome, number, table)
        hands.append(HandResult(number=number, source=outcome.source,
                                points=tuple(table.to_list(outcome.score.points,
                                                           session.size)),
                                facts=facts_to_json(outcome.facts, table.players),
                                detail=outcome.detail))
    scores = session.totals
    ranks = ranks_for(scores)
    seats = tuple(SeatResult(players[s], scores[s], ranks[s]) for s in range(session.size))
    return MatchResult(game=slug, players=tuple(players), rules=rules_to_json(rules),
                       seats=seats, hands=tuple(hands), summary=session.summary(),
                       errors=tuple(errors))


__all__ = ["IllegalMoveError", "Session", "replay_document"]
