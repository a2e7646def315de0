"""The Nerts sheet: one row per hand, one pair of columns per deck.

For each deck (a player, or a team of two in a partnership game) the cards it got onto the
foundations and the cards left in its Nerts pile, and who called Nerts (or nobody: play got
stuck). The running totals to the target are the engine's: the check answers them.

In a partnership game the sheet seats the teams as the match seats the players: the first
two are a team, then the next two, and so on.

>>> from games.engines import get_engine
>>> ctx = SheetContext("nerts", ("Anna", "Bert"), get_engine("nerts").rules({}), {})
>>> facts = SHEET.read_row({"caller": "1", "found_0": "12", "left_0": "3", "found_1": "17",
...                         "left_1": "0"}, ctx)["facts"]
>>> facts["caller"], facts["foundation"], facts["nerts_left"]
('Bert', {'Anna': 12, 'Bert': 17}, {'Anna': 3, 'Bert': 0})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Row, RowError, Sheet, SheetContext, _, choice, whole_number

NOBODY = "none"


def decks(ctx: SheetContext) -> list[str]:
    """The decks of the match: the players, or the teams of two in a partnership game.

    >>> from games.engines import get_engine
    >>> decks(SheetContext("nerts", ("A", "B", "C", "D", "E", "F"),
    ...                    get_engine("nerts").rules({"partnerships": True}), {}))
    ['A & B', 'C & D', 'E & F']
    """
    if ctx.rules.partnerships:
        players = ctx.players
        return [f"{players[i]} & {players[i + 1]}" for i in range(0, len(players) - 1, 2)]
    return list(ctx.players)


class NertsSheet(Sheet):
    slug = "nerts"

    def fields(self, ctx: SheetContext) -> list[str]:
        names = ["caller"]
        for index in range(len(decks(ctx))):
            names += [f"found_{index}", f"left_{index}"]
        return names

    def envelope(self, ctx: SheetContext) -> dict[str, Any]:
        envelope = super().envelope(ctx)
        if ctx.rules.partnerships:
            players = ctx.players
            envelope["teams"] = [{"name": name, "players": [players[2 * i], players[2 * i + 1]]}
                                 for i, name in enumerate(decks(ctx))]
        return envelope

    def read_row(self, row: Row, ctx: SheetContext) -> dict[str, Any]:
        names = decks(ctx)
        caller = choice(row, "caller", [NOBODY, *(str(i) for i in range(len(names)))])
        foundation, left = {}, {}
        for index, name in enumerate(names):
            foundation[name] = whole_number(row, f"found_{index}", low=0,
                                            high=ctx.rules.deck_size)
            left[name] = whole_number(row, f"left_{index}", low=0, high=ctx.rules.pile_size)
        if caller != NOBODY and left[names[int(caller)]]:
            raise RowError(f"left_{caller}", _("%(name)s called Nerts, so no card is left in "
                                               "the Nerts pile."), name=names[int(caller)])
        return {"facts": {"caller": None if caller == NOBODY else names[int(caller)],
                          "foundation": foundation, "nerts_left": left}}

    def row_of(self, deal: Mapping[str, Any], ctx: SheetContext) -> dict[str, str] | None:
        facts = deal.get("facts")
        if not isinstance(facts, Mapping):
            return None
        names = decks(ctx)
        caller = facts.get("caller")
        row = {"caller": str(names.index(caller)) if caller in names else NOBODY}
        for key, prefix in (("foundation", "found"), ("nerts_left", "left")):
            counts = facts.get(key) or {}
            for index, name in enumerate(names):
                if name in counts:
                    row[f"{prefix}_{index}"] = str(counts[name])
        return row

    def field_of(self, path: str, ctx: SheetContext) -> str | None:
        names = decks(ctx)
        for key, prefix in (("facts.foundation.", "found"), ("facts.nerts_left.", "left")):
            if path.startswith(key) and path[len(key):] in names:
                return f"{prefix}_{names.index(path[len(key):])}"
        if path.startswith("facts.caller"):
            return "caller"
        return None

    def answers(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[int, dict[str, Any]]:
        """Per hand: each deck's points and running total (from the engine's summary)."""
        names = decks(ctx)
        running = {int(item["hand"]): item
                   for item in (result.get("summary") or {}).get("running", [])}
        out: dict[int, dict[str, Any]] = {}
        for hand in result.get("hands", []):
            item = running.get(int(hand["number"])) or {}
            points, totals = item.get("points") or {}, item.get("totals") or {}
            out[int(hand["number"])] = {"points": [points.get(name) for name in names],
                                        "totals": [totals.get(name) for name in names]}
        return out

    def sheet_answer(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[str, Any]:
        summary = result.get("summary") or {}
        totals = summary.get("totals") or {}
        return {"totals": [totals.get(name) for name in decks(ctx)],
                "target": summary.get("target"), "finished": summary.get("finished", False),
                "leader": summary.get("leader"), "settlement": summary.get("settlement")}


SHEET = NertsSheet()
