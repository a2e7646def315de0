"""What every game's score sheet shares: rows as typed, problems, the sheet's document.

A sheet is a list of **rows** as a person types them from the paper sheet: each row a dict
of the row's fields to text (``{"dealer": "0", "game": "normal", "augen_re": "151"}``); a
field left empty is ``""`` or missing. The same rows are what the page's form posts, what a
draft keeps and what the row-check API takes, so nothing a person typed is turned into
something else before it is checked.

A game's :class:`Sheet` reads one row into a deal of the match document (the engine's
score-sheet ``facts``, never scored here), and reads a deal back into a row. Its problems
name the row (from 1, as on paper) and the field; their text is an English template with
``%(name)s`` values, marked with :func:`_` so that the pages show it in the reader's
language.

>>> problem = Problem(row=3, field="augen_re", template=_("%(value)s is not a number"),
...                   params={"value": "x1"})
>>> problem.text()
'x1 is not a number'
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines import LOG_FORMAT

Row = Mapping[str, str]


def _(text: str) -> str:
    """Mark a template for the translation catalogue; the pages translate it when shown."""
    return text


@dataclass(frozen=True)
class Problem:
    """Something wrong with a row (or, with ``row`` ``None``, with the sheet as a whole).

    ``missing`` marks a field that is simply not filled in yet: a page shows it once the
    person has left the row, not while he types it.
    """

    row: int | None
    field: str | None
    template: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    missing: bool = False
    #: An engine's error (``EngineError.to_json()``) this problem came from: the page
    #: renders it in the reader's language; ``template`` is then its English text.
    engine: Mapping[str, Any] | None = None

    def text(self, translate: Callable[[str], str] = _) -> str:
        """The reason in the reader's language (``translate`` is ``gettext`` on a page)."""
        if self.engine is not None:
            return self.template
        try:
            return translate(self.template) % dict(self.params)
        except (KeyError, ValueError, TypeError):
            return self.template % dict(self.params)

    def to_json(self, translate: Callable[[str], str] = _) -> dict[str, Any]:
        return {"row": self.row, "field": self.field, "message": self.text(translate),
                "missing": self.missing, "engine": dict(self.engine) if self.engine else None}


class RowError(Exception):
    """Raised by a row reader for the first thing wrong in a row."""

    def __init__(self, field: str | None, template: str, *, missing: bool = False,
                 **params: Any) -> None:
        super().__init__(template % params if params else template)
        self.problem_field = field
        self.template = template
        self.params = params
        self.missing = missing

    def problem(self, row: int) -> Problem:
        return Problem(row, self.problem_field, self.template, self.params, self.missing)


@dataclass(frozen=True)
class SheetContext:
    """What a sheet needs to know of its match: the players in seat order, the rules (the
    engine's rules object and the competition's spec), and where the table starts."""

    game: str
    players: tuple[str, ...]
    rules: Any
    rules_spec: Mapping[str, Any]
    first_dealer: int = 0
    #: Rows a blank sheet offers (a Doppelkopf list: the planned deals and some spare).
    rows: int = 12
    #: The number of deals the competition expects, when it says (a table round's series).
    planned: int | None = None


@dataclass
class Built:
    """The match document of a sheet, which row each deal came from, and the problems."""

    document: dict[str, Any]
    deal_rows: list[int]
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems


def blank(row: Row) -> bool:
    return not any(str(value).strip() for value in row.values())


def value(row: Row, name: str) -> str:
    return str(row.get(name, "") or "").strip()


def whole_number(row: Row, name: str, *, low: int, high: int,
                 required: bool = True) -> int | None:
    """A whole number typed into ``name``; ``None`` when left empty and not required."""
    text = value(row, name)
    if not text:
        if required:
            raise RowError(name, _("Fill this in."), missing=True)
        return None
    try:
        number = int(text)
    except ValueError:
        raise RowError(name, _("%(value)s is not a whole number."), value=text) from None
    if not low <= number <= high:
        raise RowError(name, _("%(value)s is not between %(low)s and %(high)s."),
                       value=number, low=low, high=high)
    return number


def choice(row: Row, name: str, choices: Sequence[str], *, required: bool = True) -> str:
    text = value(row, name)
    if not text:
        if required:
            raise RowError(name, _("Choose one."), missing=True)
        return ""
    if text not in choices:
        raise RowError(name, _("%(value)s is not one of the choices."), value=text)
    return text


def seat(row: Row, name: str, ctx: SheetContext, *, required: bool = True) -> int | None:
    """A seat chosen by its number (``"0"`` is the first player)."""
    text = choice(row, name, [str(index) for index in range(len(ctx.players))],
                  required=required)
    return int(text) if text else None


class Sheet(abc.ABC):
    """One game's score sheet (see the module docstring)."""

    slug: str

    @abc.abstractmethod
    def fields(self, ctx: SheetContext) -> list[str]:
        """The names of a row's fields, in the order of the columns."""

    @abc.abstractmethod
    def read_row(self, row: Row, ctx: SheetContext) -> dict[str, Any]:
        """The deal of the match document a filled-in row stands for (raises
        :class:`RowError`)."""

    @abc.abstractmethod
    def row_of(self, deal: Mapping[str, Any], ctx: SheetContext) -> dict[str, str] | None:
        """The row a deal of a document stands for, or ``None`` when the sheet cannot show
        it (a deal played move by move)."""

    @abc.abstractmethod
    def field_of(self, path: str, ctx: SheetContext) -> str | None:
        """The row field an engine error's path inside the deal points at
        (``facts.augen.re`` -> ``augen_re``), or ``None`` for the row as a whole."""

    def envelope(self, ctx: SheetContext) -> dict[str, Any]:
        return {"format": LOG_FORMAT, "game": ctx.game, "rules": dict(ctx.rules_spec),
                "players": list(ctx.players)}

    def check_row(self, row: Row, number: int, deal: Mapping[str, Any],
                  ctx: SheetContext) -> list[Problem]:
        """Problems the engine cannot see because the deal no longer holds what was typed
        (none in most games)."""
        return []

    def build(self, rows: Sequence[Row], ctx: SheetContext) -> Built:
        """The match document of the filled-in rows (blank rows are skipped), the row of
        each deal and every problem of the rows. The rows themselves go into the document
        (``sheet``), so that a correction opens the sheet exactly as it was typed."""
        deals: list[dict[str, Any]] = []
        deal_rows: list[int] = []
        problems: list[Problem] = []
        kept: list[dict[str, str]] = []
        for number, row in enumerate(rows, start=1):
            clean = {name: value(row, name) for name in self.fields(ctx) if value(row, name)}
            kept.append(clean)
            if blank(clean):
                continue
            try:
                deal = self.read_row(clean, ctx)
            except RowError as error:
                problems.append(error.problem(number))
                continue
            problems.extend(self.check_row(clean, number, deal, ctx))
            deals.append(deal)
            deal_rows.append(number)
        while kept and not kept[-1]:
            kept.pop()
        document = {**self.envelope(ctx), "entered_as": "score sheet",
                    "sheet": {"game": ctx.game, "rows": kept}, "deals": deals}
        if not deals and not problems:
            problems.append(Problem(None, None, _("The sheet is empty: fill in at least one "
                                                  "row.")))
        return Built(document, deal_rows, problems)

    def rows_of(self, document: Mapping[str, Any],
                ctx: SheetContext) -> list[dict[str, str]] | None:
        """The rows of a stored document: the rows as typed when the sheet wrote it, else
        its deals read back. ``None`` when the sheet cannot show the document as it is (a
        deal played move by move, facts the sheet has no column for, another envelope):
        a correction on the sheet must not drop anything of it without a word."""
        deals = document.get("deals")
        if not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals):
            return None
        sheet = document.get("sheet")
        candidates: list[list[dict[str, str]]] = []
        if isinstance(sheet, Mapping) and isinstance(sheet.get("rows"), list):
            candidates.append([{str(k): str(v) for k, v in row.items()}
                               for row in sheet["rows"] if isinstance(row, Mapping)])
        read_back = [self.row_of(deal, ctx) for deal in deals]
        if all(row is not None for row in read_back):
            candidates.append([row for row in read_back if row is not None])
        expected = {key: item for key, item in document.items()
                    if key not in ("sheet", "entered_as", "deals")}
        for rows in candidates:
            built = self.build(rows, ctx)
            same = {key: item for key, item in built.document.items()
                    if key not in ("sheet", "entered_as", "deals")}
            if built.document["deals"] == deals and same == expected:
                return rows
        return None

    # -- the check: one answer per row --------------------------------------------------

    def answers(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[int, dict[str, Any]]:
        """What the page shows beside each scored row, by deal number: the points per seat
        and the running totals (per game more: the deal's value, the dealer, the round)."""
        running = [0] * len(ctx.players)
        out: dict[int, dict[str, Any]] = {}
        for hand in result.get("hands", []):
            points = list(hand.get("points", []))
            running = [total + point for total, point in zip(running, points, strict=False)]
            out[int(hand["number"])] = {"points": points, "totals": list(running)}
        return out

    def sheet_answer(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[str, Any]:
        """What the page shows beside the sheet: the totals, the state of the match."""
        return {"totals": [seat.get("score") for seat in result.get("seats", [])]}

    def live(self, row: Row, number: int, ctx: SheetContext) -> dict[str, Any] | None:
        """The state of a row played on the page (a game on the board, row ``number``):
        the check answers it, and an unfinished game is no error. ``None`` for a row that
        is simply typed in."""
        return None


def locate(sheet: Sheet, error: Mapping[str, Any], deal_rows: Sequence[int],
           ctx: SheetContext) -> tuple[int | None, str | None]:
    """The sheet's row and field an engine error (``EngineError.to_json()``) points at.

    The deal (from 1) gives the row; the error's path below ``deals[i].`` gives the field.

    >>> from games.sheets.gin import SHEET
    >>> ctx = SheetContext("gin", ("Anna", "Bert"), None, {})
    >>> locate(SHEET, {"deal": 2, "field": "deals[1].facts.deadwood.Bert"}, [1, 3], ctx)
    (3, 'deadwood_1')
    """
    deal = error.get("deal")
    path = str(error.get("field") or "")
    index: int | None = None
    if isinstance(deal, int) and 1 <= deal <= len(deal_rows):
        index = deal - 1
    elif path.startswith("deals["):
        try:
            index = int(path[6:path.index("]")])
        except ValueError:
            index = None
        if index is not None and not 0 <= index < len(deal_rows):
            index = None
    if index is None:
        return None, None
    inner = path.split("]", 1)[1].lstrip(".") if path.startswith("deals[") else ""
    return deal_rows[index], sheet.field_of(inner, ctx) if inner else None
