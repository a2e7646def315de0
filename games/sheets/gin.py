"""The Gin sheet: one row per game, as on the paper sheet.

Columns: the dealer (needed for the first game and where a round starts level; elsewhere
checked when given), the first upcard, how the game ended (a knock, gin, a dead hand) and
both players' deadwood after lay-offs.

>>> from games.engines import get_engine
>>> ctx = SheetContext("gin", ("Anna", "Bert"), get_engine("gin").rules({}), {})
>>> deal = SHEET.read_row({"dealer": "1", "upcard": "7h", "ended": "knock:0",
...                        "deadwood_0": "5", "deadwood_1": "30"}, ctx)
>>> deal["dealer"], deal["facts"]
('Bert', {'upcard': '7H', 'knocker': 'Anna', 'gin': False, 'deadwood': {'Anna': 5, 'Bert': 30}})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines import InvalidLogError
from games.engines.cards import parse_card

from .base import Row, RowError, Sheet, SheetContext, _, choice, seat, value, whole_number

ENDINGS = ("knock:0", "gin:0", "knock:1", "gin:1", "dead")


class GinSheet(Sheet):
    slug = "gin"

    def fields(self, ctx: SheetContext) -> list[str]:
        return ["dealer", "upcard", "ended", "deadwood_0", "deadwood_1"]

    def read_row(self, row: Row, ctx: SheetContext) -> dict[str, Any]:
        dealer = seat(row, "dealer", ctx, required=False)
        upcard = value(row, "upcard")
        if not upcard:
            raise RowError("upcard", _("Which card was the first upcard?"), missing=True)
        try:
            card = str(parse_card(upcard))
        except InvalidLogError:
            raise RowError("upcard", _("%(value)s is not a card (write rank then suit: AS, "
                                       "10H, QC)."), value=upcard) from None
        ended = choice(row, "ended", ENDINGS)
        facts: dict[str, Any] = {"upcard": card}
        if ended == "dead":
            facts["dead"] = True
        else:
            kind, knocker = ended.split(":")
            deadwood = {}
            for index, name in enumerate(ctx.players):
                deadwood[name] = whole_number(row, f"deadwood_{index}", low=0, high=100)
            facts.update({"knocker": ctx.players[int(knocker)], "gin": kind == "gin",
                          "deadwood": deadwood})
        deal: dict[str, Any] = {}
        if dealer is not None:
            deal["dealer"] = ctx.players[dealer]
        deal["facts"] = facts
        return deal

    def row_of(self, deal: Mapping[str, Any], ctx: SheetContext) -> dict[str, str] | None:
        facts = deal.get("facts")
        if not isinstance(facts, Mapping):
            return None
        row = {"upcard": str(facts.get("upcard", ""))}
        if deal.get("dealer") in ctx.players:
            row["dealer"] = str(ctx.players.index(deal["dealer"]))
        if facts.get("dead"):
            row["ended"] = "dead"
            return row
        # A score-sheet deal names the players; a replayed deal's facts give seats.
        knocker = facts.get("knocker")
        if isinstance(knocker, int) and not isinstance(knocker, bool) and 0 <= knocker < 2:
            knocker = ctx.players[knocker]
        if knocker in ctx.players:
            kind = "gin" if facts.get("gin") else "knock"
            row["ended"] = f"{kind}:{ctx.players.index(knocker)}"
        deadwood = facts.get("deadwood")
        if isinstance(deadwood, list) and len(deadwood) == 2:
            deadwood = dict(zip(ctx.players, deadwood, strict=True))
        if isinstance(deadwood, Mapping):
            for index, name in enumerate(ctx.players):
                if name in deadwood:
                    row[f"deadwood_{index}"] = str(deadwood[name])
        return row

    def field_of(self, path: str, ctx: SheetContext) -> str | None:
        if path == "dealer":
            return "dealer"
        if path.startswith("facts.deadwood."):
            name = path[len("facts.deadwood."):]
            if name in ctx.players:
                return f"deadwood_{ctx.players.index(name)}"
        fields = {"facts.upcard": "upcard", "facts.knocker": "ended", "facts.gin": "ended",
                  "facts.dead": "ended", "facts.deadwood": "deadwood_0"}
        return fields.get(path)

    def answers(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[int, dict[str, Any]]:
        """Per game: its points, the dealer, and the round's running game points; the game
        that ends a round also gives the round's totals and the credit."""
        hands = {int(hand["number"]): hand for hand in result.get("hands", [])}
        out: dict[int, dict[str, Any]] = {}
        for rnd in (result.get("summary") or {}).get("rounds", []):
            running = [0, 0]
            numbers = rnd.get("hands", [])
            for number in numbers:
                hand = hands.get(number)
                if hand is None:
                    continue
                points = list(hand.get("points", []))
                running = [a + b for a, b in zip(running, points, strict=False)]
                dealer = (hand.get("detail") or {}).get("dealer")
                answer: dict[str, Any] = {
                    "points": points, "totals": list(running), "round": rnd.get("number"),
                    "dealer": ctx.players[dealer] if isinstance(dealer, int) else None}
                if rnd.get("complete") and number == numbers[-1]:
                    credit = rnd.get("credit") or {}
                    answer["round_totals"] = [t.get("total") for t in rnd.get("totals") or []]
                    answer["credit"] = {
                        "player": ctx.players[credit["seat"]]
                        if isinstance(credit.get("seat"), int) else None,
                        "points": credit.get("points", 0)}
                out[number] = answer
        return out

    def sheet_answer(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[str, Any]:
        partie = (result.get("summary") or {}).get("partie") or {}
        return {"totals": partie.get("accounts"), "complete": partie.get("complete", False),
                "rounds": partie.get("rounds")}


SHEET = GinSheet()
