"""The paper sheet of a match: the same columns as the page's form, empty, to print.

A club fills it in at the table and types it in row by row afterwards; so the columns, their
order and their words are taken from the form itself (:func:`games.web.entry.columns`).
The tournament's printable Doppelkopf lists draw the same grid (``print_grid``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games.models import Match
from games.selectors.results import sheet_context
from games.sheets import SheetContext, sheet_for
from games.sheets.doppelkopf import specials_of
from games.sheets.nerts import decks
from games.web.entry import SPECIAL_LETTERS, column_text, columns


@dataclass
class PrintGrid:
    """The grid of a paper sheet: column groups with their sub-columns, the columns the
    engine fills in on the page (here left to the table), and the numbered rows."""

    groups: list[dict[str, Any]]
    outputs: list[str]
    rows: list[dict[str, Any]]
    legend: list[str] = field(default_factory=list)
    game: str = ""

    @property
    def width(self) -> int:
        return 1 + sum(len(group["subs"]) for group in self.groups) + len(self.outputs)


def print_grid(ctx: SheetContext, *, rows: int, dealers: list[str] | None = None,
               spare_from: int | None = None) -> PrintGrid:
    """The grid of ``ctx``'s game with ``rows`` rows (``dealers``: the dealer column where
    the rotation is fixed; rows from ``spare_from`` on are spare, shaded)."""
    sheet = sheet_for(ctx.game)
    if sheet is None:
        raise Http404
    groups = []
    legend: list[str] = []
    for key, header, inputs in columns(sheet, ctx):
        subs = [item.short or item.label for item in inputs]
        if ctx.game == "doppelkopf" and key == "re":
            subs = list(ctx.players)
        elif ctx.game == "doppelkopf" and key.startswith("sp_"):
            subs = [header]
            header = ""
        elif ctx.game == "doppelkopf" and key == "result":
            subs = [item.short or item.label for item in inputs if not item.when]
        elif ctx.game == "doppelkopf" and key == "announcements":
            subs = [_("Re"), _("Kontra")]
        elif ctx.game == "katarenga-rennen" and key == "board":
            subs = [_("Moves")]
        if len(subs) == 1 and not header:
            header = subs[0]
        if key == "dealer" and ctx.game == "doppelkopf" and len(ctx.players) == 5:
            header = _("Dealer (sits out)")
        groups.append({"key": key, "header": header, "subs": subs if len(subs) > 1 else []})
    outputs: list[str]
    if ctx.game == "doppelkopf":
        outputs = [_("Pflichtsolo"), _("Value"), *ctx.players]
        legend = [f"{SPECIAL_LETTERS[name]} = {column_text(ctx, f'sp_{name}')}"
                  for name in specials_of(ctx)]
        legend.append(_("Hammelrennen: each player's Augen in the Result column."))
    elif ctx.game == "nerts":
        outputs = [*decks(ctx)]
    elif ctx.game == "rennen":
        outputs = [_("Games won")]
    else:
        outputs = list(ctx.players)
    grid_rows = [{"number": n, "dealer": (dealers[n - 1] if dealers and n <= len(dealers)
                                          else ""),
                  "spare": spare_from is not None and n >= spare_from}
                 for n in range(1, rows + 1)]
    return PrintGrid(groups, outputs, grid_rows, legend, ctx.game)


def sheet_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The empty paper sheet of a match."""
    match = get_object_or_404(Match.objects.select_related("season__league",
                                                           "round__tournament"), pk=pk)
    if sheet_for(match.game) is None:
        raise Http404
    ctx = sheet_context(match)
    dealers = None
    if match.game == "doppelkopf" and ctx.rules.dealer_after_solo == "moves":
        order = ctx.players[ctx.first_dealer:] + ctx.players[:ctx.first_dealer]
        dealers = [order[(n - 1) % len(order)] for n in range(1, ctx.rows + 1)]
    grid = print_grid(ctx, rows=ctx.rows, dealers=dealers,
                      spare_from=ctx.planned + 1 if ctx.planned else None)
    first = ctx.players[ctx.first_dealer] if match.game == "doppelkopf" else None
    return render(request, "games/print/sheet.html", {
        "match": match, "grid": grid, "players": ctx.players, "first_dealer": first,
        "seats": list(match.seats.select_related("player").order_by("index"))})
