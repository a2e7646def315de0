"""The Doppelkopf list: one row per deal, with the columns of the paper list.

Columns: the dealer (filled in by the rotation; on the first row it sets who deals first),
the game (normal, Hochzeit, each solo, and what the rules allow: Schieben, Hammelrennen,
Schwarze Sau, a new deal), the Re players, the result as clubs write it (the Augen of Re,
or the winning party with how far the others stayed below: keine 90 / 60 / 30 / schwarz),
both parties' announcements and the special points of each party. A Hammelrennen row gives
every player's Augen instead. The deal's value, every player's running total, the
Pflichtsolo and "gegen die Alten" are the engine's: the check answers them.

A row becomes the engine's score-sheet ``facts`` (``docs/logs/doppelkopf.md``), without
trick counts: a club does not count tricks, and the engine needs none.

>>> from games.engines import get_engine
>>> ctx = SheetContext("doppelkopf", ("Anna", "Bert", "Carl", "Dora"),
...                    get_engine("doppelkopf").rules({}), {})
>>> deal = SHEET.read_row({"game": "normal", "re_0": "1", "re_2": "1", "won": "re-90",
...                        "ann_re": "re", "sp_fuchs_kontra": "1"}, ctx)
>>> deal["facts"]["result"], deal["facts"]["specials"]
({'winner': 're', 'loser_under': 90}, [{'kind': 'fuchs-gefangen', 'party': 'kontra'}])
>>> SHEET.row_of(deal, ctx) == {"game": "normal", "re_0": "1", "re_2": "1", "won": "re-90",
...                             "ann_re": "re", "sp_fuchs_kontra": "1"}
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.doppelkopf.tables import SOLO_KINDS

from .base import Row, RowError, Sheet, SheetContext, _, choice, seat, value, whole_number

PARTIES = ("re", "kontra")
LEVELS = ("keine 90", "keine 60", "keine 30", "schwarz")
#: How the written result names the losers' band, and what the engine calls it.
UNDER = {"": None, "90": 90, "60": 60, "30": 30, "schwarz": "schwarz"}
WON = tuple(f"{party}{'-' + band if band else ''}" for party in PARTIES for band in UNDER)
#: Special points per party: the field's name, the engine's kind, how often at most in a
#: deal (Karlchen, the heart trick and the Fuchs in the last trick once: a checkbox).
SPECIALS = {"doko": ("doppelkopf", 6), "fuchs": ("fuchs-gefangen", 2),
            "karlchen": ("charly-letzter-stich", 1), "charly": ("charly-gefangen", 2),
            "herz": ("herz-stich", 1), "fuchslast": ("fuchs-letzter-stich", 1)}
_RULE_OF_SPECIAL = {"doppelkopf": "sp_doppelkopf", "fuchs-gefangen": "sp_fuchs_gefangen",
                    "charly-gefangen": "sp_charly_gefangen",
                    "charly-letzter-stich": "sp_charly_last", "herz-stich": "sp_herz_trick",
                    "fuchs-letzter-stich": "sp_fuchs_last"}


def game_choices(ctx: SheetContext) -> list[str]:
    """The games a row may name under the match's rules, in the order of the menu.

    >>> from games.engines import get_engine
    >>> ddv = SheetContext("doppelkopf", ("A", "B", "C", "D"),
    ...                    get_engine("doppelkopf").rules({"preset": "ddv"}), {})
    >>> game_choices(ddv)[:3], "hammelrennen" in game_choices(ddv)
    (['normal', 'hochzeit', 'solo-damen'], False)
    """
    rules = ctx.rules
    games = ["normal", "hochzeit"]
    if rules.schieben:
        games.append("schieben")
    games += [f"solo-{kind}" for kind in SOLO_KINDS]
    games.append("stilles-solo")
    if rules.hammelrennen != "never":
        games.append("hammelrennen")
    if rules.schwarze_sau != "never":
        games += ["sau", *(f"sau-{kind}" for kind in SOLO_KINDS)]
    if rules.schieben:
        games.append("redeal")  # nobody took the pushed trumps
    return games


def specials_of(ctx: SheetContext) -> dict[str, str]:
    """The special points the rules count, by field name (``fuchs`` -> its engine kind).

    >>> from games.engines import get_engine
    >>> ddv = SheetContext("doppelkopf", ("A", "B", "C", "D"),
    ...                    get_engine("doppelkopf").rules({"preset": "ddv"}), {})
    >>> sorted(specials_of(ddv))
    ['doko', 'fuchs', 'karlchen']
    """
    rules = ctx.rules
    return {name: kind for name, (kind, _most) in SPECIALS.items()
            if getattr(rules, _RULE_OF_SPECIAL[kind]) not in (False, "off")}


def partial_sau(ctx: SheetContext) -> bool:
    """A Schwarze Sau counts only the solo's tricks: both parties' Augen are written."""
    return bool(ctx.rules.schwarze_sau != "never"
                and ctx.rules.schwarze_sau_tricks == "solo-only")


class DoppelkopfSheet(Sheet):
    slug = "doppelkopf"

    def fields(self, ctx: SheetContext) -> list[str]:
        seats = range(len(ctx.players))
        names = ["dealer", "game", *(f"re_{s}" for s in seats), "augen_re", "augen_kontra",
                 "won", "ann_re", "ann_kontra"]
        for party in PARTIES:
            names += [f"sp_{name}_{party}" for name in specials_of(ctx)]
        return names + [f"hammel_{s}" for s in seats]

    # -- reading a row ------------------------------------------------------------------

    def read_row(self, row: Row, ctx: SheetContext) -> dict[str, Any]:
        dealer = seat(row, "dealer", ctx, required=False)
        game = choice(row, "game", game_choices(ctx))
        deal: dict[str, Any] = {}
        if dealer is not None:
            deal["dealer"] = ctx.players[dealer]
        if game == "redeal":
            deal["facts"] = {"contract": "redeal"}
            return deal
        if game == "hammelrennen":
            deal["special"] = "hammelrennen"
            deal["facts"] = {"contract": "hammelrennen", "augen": self._hammel(row, ctx)}
            return deal
        contract, solo = _contract(game)
        re = [name for index, name in enumerate(ctx.players) if value(row, f"re_{index}")]
        if not re:
            raise RowError("re", _("Who played Re? Tick the Re players."), missing=True)
        facts: dict[str, Any] = {"contract": contract}
        if solo is not None or contract == "schwarze-sau":
            facts["solo"] = solo
        facts["re"] = re
        facts.update(self._result(row, ctx, contract))
        facts["announcements"] = {
            "re": choice(row, "ann_re", ("re", *LEVELS), required=False) or None,
            "kontra": choice(row, "ann_kontra", ("kontra", *LEVELS), required=False) or None}
        facts["specials"] = self._specials(row, ctx)
        if contract == "schwarze-sau":
            deal["special"] = "schwarze-sau"
        deal["facts"] = facts
        return deal

    def _hammel(self, row: Row, ctx: SheetContext) -> dict[str, int]:
        augen: dict[str, int] = {}
        for index, name in enumerate(ctx.players):
            number = whole_number(row, f"hammel_{index}", low=0, high=240,
                                  required=len(ctx.players) == 4)
            if number is not None:
                augen[name] = number
        if len(augen) < 4:
            field = next(f"hammel_{i}" for i in range(len(ctx.players))
                         if not value(row, f"hammel_{i}"))
            raise RowError(field, _("A Hammelrennen gives the Augen of the four players."),
                           missing=True)
        return augen

    def _result(self, row: Row, ctx: SheetContext, contract: str) -> dict[str, Any]:
        augen = whole_number(row, "augen_re", low=0, high=240, required=False)
        won = choice(row, "won", WON, required=False)
        if contract == "schwarze-sau" and partial_sau(ctx):
            kontra = whole_number(row, "augen_kontra", low=0, high=240,
                                  required=augen is not None)
            if augen is None:
                raise RowError("augen_re", _("Write the Augen of the solo and of the others "
                                             "in the counted tricks."), missing=True)
            return {"augen": {"re": augen, "kontra": kontra}}
        if augen is not None and won:
            raise RowError("won", _("Write the Augen of Re or who won, not both."))
        if augen is not None:
            return {"augen": {"re": augen, "kontra": 240 - augen}}
        if not won:
            raise RowError("augen_re", _("Write the Augen of Re, or who won."), missing=True)
        party, _dash, band = won.partition("-")
        return {"result": {"winner": party, "loser_under": UNDER[band]}}

    def _specials(self, row: Row, ctx: SheetContext) -> list[dict[str, str]]:
        specials: list[dict[str, str]] = []
        for name, kind in specials_of(ctx).items():
            most = SPECIALS[name][1]
            for party in PARTIES:
                count = whole_number(row, f"sp_{name}_{party}", low=0, high=most,
                                     required=False) or 0
                specials += [{"kind": kind, "party": party}] * count
        return specials

    # -- a deal back into a row ---------------------------------------------------------

    def row_of(self, deal: Mapping[str, Any], ctx: SheetContext) -> dict[str, str] | None:
        facts = deal.get("facts")
        if not isinstance(facts, Mapping):
            return None
        row: dict[str, str] = {}
        if deal.get("dealer") in ctx.players:
            row["dealer"] = str(ctx.players.index(deal["dealer"]))
        contract = facts.get("contract")
        if contract in ("redeal", "hammelrennen"):
            row["game"] = str(contract)
            if contract == "hammelrennen":
                for name, augen in (facts.get("augen") or {}).items():
                    if name in ctx.players:
                        row[f"hammel_{ctx.players.index(name)}"] = str(augen)
            return row
        solo = facts.get("solo")
        if contract == "solo":
            row["game"] = f"solo-{solo}"
        elif contract == "schwarze-sau":
            row["game"] = f"sau-{solo}" if solo else "sau"
        else:
            row["game"] = str(contract)
        for name in facts.get("re") or []:
            if name in ctx.players:
                row[f"re_{ctx.players.index(name)}"] = "1"
        augen, result = facts.get("augen"), facts.get("result")
        if isinstance(result, Mapping):
            band = next((text for text, under in UNDER.items()
                         if under == result.get("loser_under")), "")
            row["won"] = f"{result.get('winner')}{'-' + band if band else ''}"
        elif isinstance(augen, Mapping):
            row["augen_re"] = str(augen.get("re", ""))
            if contract == "schwarze-sau" and partial_sau(ctx):
                row["augen_kontra"] = str(augen.get("kontra", ""))
        announced = facts.get("announcements") or {}
        for party in PARTIES:
            if announced.get(party):
                row[f"ann_{party}"] = str(announced[party])
        kinds = {kind: name for name, kind in specials_of(ctx).items()}
        counts: dict[str, int] = {}
        for special in facts.get("specials") or []:
            name = kinds.get(special.get("kind"))
            party = special.get("party")
            if name is None or party not in PARTIES:
                continue
            key = f"sp_{name}_{party}"
            counts[key] = counts.get(key, 0) + 1
        row.update({key: str(count) for key, count in counts.items()})
        return row

    def field_of(self, path: str, ctx: SheetContext) -> str | None:
        if path in ("dealer", "special", "facts.contract", "facts.solo"):
            return "dealer" if path == "dealer" else "game"
        if path.startswith("facts.augen."):
            name = path[len("facts.augen."):]
            if name in ctx.players:
                return f"hammel_{ctx.players.index(name)}"
            if name == "kontra" and partial_sau(ctx):
                return "augen_kontra"
            return "augen_re"
        # Compared by whole names: "facts.result" is not "facts.re".
        head = ".".join(path.replace("[", ".").split(".")[:2])
        fields = {"facts.re": "re", "facts.augen": "augen_re", "facts.tricks": "augen_re",
                  "facts.result": "won", "facts.announcements": "ann_re",
                  "facts.specials": "specials"}
        if path.startswith("facts.announcements.kontra"):
            return "ann_kontra"
        return fields.get(head)

    # -- the check's answers ------------------------------------------------------------

    def answers(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[int, dict[str, Any]]:
        """Per deal: the dealer, the game as the list names it, the value, every player's
        points and running total, the Pflichtsolo, and "gegen die Alten"."""
        hands = {int(hand["number"]): hand for hand in result.get("hands", [])}
        out: dict[int, dict[str, Any]] = {}
        for entry in (result.get("summary") or {}).get("list", []):
            number = int(entry["deal"])
            value_json = ((hands.get(number) or {}).get("detail") or {}).get("value") or {}
            out[number] = {
                "dealer": entry.get("dealer"), "sits_out": entry.get("sits_out"),
                "label": entry.get("label"), "value": entry.get("value"),
                "winner": entry.get("winner"), "points": entry.get("points"),
                "totals": entry.get("totals"), "pflichtsolo": entry.get("pflichtsolo"),
                "forced": entry.get("forced"),
                "gegen_die_alten": any(sp.get("kind") == "gegen-die-alten"
                                       for sp in value_json.get("specials") or []),
            }
        return out

    def sheet_answer(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[str, Any]:
        """The totals, the Punktetopf, the Pflichtsoli still owed, the next dealer."""
        summary = result.get("summary") or {}
        totals = summary.get("totals") or {}
        owed = summary.get("pflichtsoli") or {}
        return {
            "totals": [totals.get(name) for name in ctx.players],
            "pot": summary.get("pot"),
            "pflichtsoli": [{"player": name, "owed": (owed.get(name) or {}).get("owed"),
                             "played": (owed.get(name) or {}).get("played")}
                            for name in ctx.players],
            "next_dealer": summary.get("next_dealer"),
            "finished": summary.get("finished", False),
        }


def _contract(game: str) -> tuple[str, str | None]:
    """The engine's contract and solo kind of a menu entry.

    >>> _contract("solo-damen"), _contract("sau"), _contract("sau-pik"), _contract("normal")
    (('solo', 'damen'), ('schwarze-sau', None), ('schwarze-sau', 'pik'), ('normal', None))
    """
    if game.startswith("solo-"):
        return "solo", game[5:]
    if game == "sau":
        return "schwarze-sau", None
    if game.startswith("sau-"):
        return "schwarze-sau", game[4:]
    return game, None


SHEET = DoppelkopfSheet()
