"""Entering a result on the match page: the score sheet with the paper sheet's columns, and
the raw log for clubs that record whole games.

The sheet is rows of typed text (:mod:`games.sheets`): this module lays them out as the
page's columns, fills them from what there is (what was just posted, the person's draft,
the current version of the match, or blank rows), marks each row's problems on its field,
and shows beside each row what the check answers (the value, the running totals). The
JavaScript (``static/sheets/entry.js``) keeps the same answers current as the person types
and saves the draft; without it the page still works: submitted rows come back checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext

from games.engines.doppelkopf.tables import SOLO_KINDS
from games.engines.katarenga_rennen.board import LAYOUTS
from games.engines.katarenga_rennen.state import ENDS
from games.models import Match, MatchLog
from games.selectors.errors import problem_text
from games.sheets import Problem, Sheet, SheetContext, locate, sheet_for
from games.sheets.check import check_sheet
from games.sheets.doppelkopf import (
    LEVELS,
    SPECIALS,
    WON,
    game_choices,
    partial_sau,
    specials_of,
)
from games.sheets.labels import choice_label, column_label, translated
from games.sheets.nerts import NOBODY as NERTS_NOBODY
from games.sheets.nerts import decks
from games.sheets.rennen import PICKS
from games.sheets.rennen import WINS as RENNEN_WINS

#: A sheet's fields in the page's form are named ``r<row>-<field>``.
PREFIX = "r"


@dataclass
class Input:
    """One input of a row: its name in the form, its label, what kind, its value."""

    field: str
    name: str
    id: str
    label: str
    kind: str  # select, number, text, check, hidden, radio
    value: str = ""
    choices: list[tuple[str, str]] = field(default_factory=list)
    low: int | None = None
    high: int | None = None
    placeholder: str = ""
    #: A few letters a wide screen shows beside the input (the column's header says the
    #: rest); screen readers and phones get the whole label.
    short: str = ""
    #: Shown only for some games of a Doppelkopf row (``hammelrennen``), or all but them.
    when: str = ""
    unless: str = ""
    problem: str = ""


@dataclass
class Cell:
    key: str
    header: str
    inputs: list[Input]
    problem: bool = False


@dataclass
class EntryRow:
    number: int
    cells: list[Cell]
    answer: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        return str(self.answer.get("status", "blank"))

    @property
    def out(self) -> dict[str, Any]:
        return self.answer.get("_out") or {}


def column_text(ctx: SheetContext, name: str) -> str:
    """A column's label in the reader's language (``deadwood_1`` -> "Deadwood Bert")."""
    return translated(column_label(ctx.game, name, ctx.players, _decks(ctx)), gettext)


_label = column_text


def _choice(ctx: SheetContext, name: str, value: str) -> str:
    return translated(choice_label(ctx.game, name, value, ctx.players, _decks(ctx)), gettext)


def _decks(ctx: SheetContext) -> list[str] | None:
    return decks(ctx) if ctx.game == "nerts" else None


def _select(ctx: SheetContext, name: str, values: Sequence[str], *, blank: str = "–",
            labels: Mapping[str, str] | None = None, short: str = "", **extra: Any) -> Input:
    choices = [("", blank)] + [(value, (labels or {}).get(value) or _choice(ctx, name, value))
                               for value in values]
    return Input(name, "", "", _label(ctx, name), "select", choices=choices, short=short,
                 **extra)


def _number(ctx: SheetContext, name: str, low: int, high: int, *, short: str = "",
            **extra: Any) -> Input:
    return Input(name, "", "", _label(ctx, name), "number", low=low, high=high, short=short,
                 **extra)


def _text(ctx: SheetContext, name: str, *, short: str = "", placeholder: str = "",
          **extra: Any) -> Input:
    return Input(name, "", "", _label(ctx, name), "text", short=short,
                 placeholder=placeholder, **extra)


def _seat_choices(ctx: SheetContext) -> list[str]:
    return [str(seat) for seat in range(len(ctx.players))]


Column = tuple[str, str, list[Input]]


def columns(sheet: Sheet, ctx: SheetContext) -> list[Column]:
    """The sheet's columns as on paper: a key, the header, the inputs in it. An input's
    ``short`` label is what a wide screen shows beside it (the header says the rest); a
    phone shows the whole label."""
    layouts = {"gin": _gin_columns, "doppelkopf": _doppelkopf_columns,
               "nerts": _nerts_columns, "rennen": _rennen_columns,
               "katarenga-rennen": _katarenga_columns}
    layout = layouts.get(ctx.game)
    return layout(ctx) if layout is not None else []


def _gin_columns(ctx: SheetContext) -> list[Column]:
    ended = ["knock:0", "gin:0", "knock:1", "gin:1", "dead"]
    return [
        ("dealer", _label(ctx, "dealer"), [_select(ctx, "dealer", _seat_choices(ctx))]),
        ("upcard", _label(ctx, "upcard"), [_text(ctx, "upcard", placeholder="7H")]),
        ("ended", _label(ctx, "ended"), [_select(ctx, "ended", ended)]),
        ("deadwood", gettext("Deadwood"),
         [_number(ctx, f"deadwood_{seat}", 0, 100, short=ctx.players[seat])
          for seat in range(2)]),
    ]


def _nerts_columns(ctx: SheetContext) -> list[Column]:
    names = decks(ctx)
    cols: list[Column] = [
        ("caller", _label(ctx, "caller"),
         [_select(ctx, "caller", [NERTS_NOBODY, *(str(i) for i in range(len(names)))])])]
    for index, name in enumerate(names):
        cols.append((f"deck_{index}", name, [
            _number(ctx, f"found_{index}", 0, ctx.rules.deck_size,
                    short=gettext("foundations")),
            _number(ctx, f"left_{index}", 0, ctx.rules.pile_size,
                    short=gettext("Nerts pile"))]))
    return cols


def _rennen_columns(ctx: SheetContext) -> list[Column]:
    cols: list[Column] = [
        ("winner", _label(ctx, "winner"), [_select(ctx, "winner", ["0", "1", "none"])]),
        ("win", _label(ctx, "win"), [_select(ctx, "win", list(RENNEN_WINS))]),
        ("karo", gettext("Karo cards given"),
         [_text(ctx, f"karo_{seat}", short=ctx.players[seat], placeholder="AD")
          for seat in range(2)]),
        ("picks", gettext("Market picks"),
         [_text(ctx, f"pick_{n}", short=str(n), placeholder="10H")
          for n in range(1, PICKS + 1)]),
    ]
    if ctx.rules.attach == "explicit":
        cols.append(("attach", gettext("Attaches (card@picks before)"),
                     [_text(ctx, f"attach_{seat}", short=ctx.players[seat],
                            placeholder="10C@2") for seat in range(2)]))
    return cols


def _katarenga_columns(ctx: SheetContext) -> list[Column]:
    return [
        ("mode", _label(ctx, "mode"), [_select(ctx, "mode", ["board", "line"])]),
        ("board", gettext("On the board"), [
            _select(ctx, "board", sorted(LAYOUTS), blank=gettext("as the rules say"),
                    labels={name: name for name in LAYOUTS}, short=_label(ctx, "board")),
            _text(ctx, "moves", short=_label(ctx, "moves"), placeholder="c1-e2 f8-g6 …")]),
        ("line", gettext("One line"), [
            _select(ctx, "winner", ["0", "1", "none"], short=_label(ctx, "winner")),
            _select(ctx, "end", list(ENDS), short=_label(ctx, "end")),
            _number(ctx, "count", 0, 10000, short=_label(ctx, "count"))]),
    ]


#: The letters of the special points, on the paper sheet's legend and the form alike.
SPECIAL_LETTERS = {"doko": "D", "fuchs": "F", "karlchen": "K", "charly": "C", "herz": "H",
                   "fuchslast": "L"}


def _doppelkopf_columns(ctx: SheetContext) -> list[Column]:
    seats = range(len(ctx.players))
    games = game_choices(ctx)
    not_party = "hammelrennen,redeal"
    re_boxes = [Input(f"re_{seat}", "", "", ctx.players[seat], "check", unless=not_party)
                for seat in seats]
    result = [
        _number(ctx, "augen_re", 0, 240, short=gettext("Augen"), unless=not_party),
        _select(ctx, "won", WON, blank=_label(ctx, "won"), unless=not_party),
    ]
    if partial_sau(ctx):
        result.append(_number(ctx, "augen_kontra", 0, 240, short=gettext("Kontra"),
                              when="sau," + ",".join(f"sau-{k}" for k in SOLO_KINDS)))
    if "hammelrennen" in games:
        result += [_number(ctx, f"hammel_{seat}", 0, 240, short=ctx.players[seat],
                           when="hammelrennen") for seat in seats]
    announcements = [
        _select(ctx, "ann_re", ("re", *LEVELS), short=gettext("Re"), unless=not_party),
        _select(ctx, "ann_kontra", ("kontra", *LEVELS), short=gettext("Kontra"),
                unless=not_party),
    ]
    cols: list[Column] = [
        ("dealer", _label(ctx, "dealer"),
         [_select(ctx, "dealer", _seat_choices(ctx), blank=gettext("by the rotation"))]),
        ("game", _label(ctx, "game"), [_select(ctx, "game", games)]),
        ("re", _label(ctx, "re"), re_boxes),
        ("result", gettext("Result"), result),
        ("announcements", gettext("Announcements"), announcements),
    ]
    for party in ("re", "kontra"):
        inputs = []
        for name in specials_of(ctx):
            most = SPECIALS[name][1]
            field_name = f"sp_{name}_{party}"
            if most == 1:
                inputs.append(Input(field_name, "", "", _label(ctx, field_name), "check",
                                    short=SPECIAL_LETTERS[name], unless=not_party))
            else:
                inputs.append(_number(ctx, field_name, 0, most, short=SPECIAL_LETTERS[name],
                                      unless=not_party))
        cols.append((f"sp_{party}", _label(ctx, f"sp_{party}"), inputs))
    return cols


def entry_rows(sheet: Sheet, ctx: SheetContext, rows: Sequence[Mapping[str, str]],
               answer: Mapping[str, Any], extra: Sequence[Problem] = ()) -> list[EntryRow]:
    """The rows laid out in the sheet's columns, with values, problems and answers."""
    layout = columns(sheet, ctx)
    answers = {int(item["row"]): item for item in answer.get("rows", [])}
    extra_by_row: dict[int, list[Problem]] = {}
    for problem in extra:
        if problem.row is not None:
            extra_by_row.setdefault(problem.row, []).append(problem)
    out = []
    for number, row in enumerate(rows, start=1):
        item = dict(answers.get(number, {}))
        problems = [dict(p) for p in item.get("problems", [])]
        for problem in extra_by_row.get(number, []):
            data = problem.to_json(gettext)
            if not any(p["message"] == data["message"] for p in problems):
                problems.append(data)
        messages: dict[str, str] = {}
        texts = []
        fields = {item.field for _key, _header, inputs in layout for item in inputs}
        columns_ = {key for key, _header, _inputs in layout}
        for problem in problems:
            text = problem_text(problem)
            where = str(problem.get("field") or "")
            if where in fields or where in columns_:
                messages.setdefault(where, text)  # shown beside the field itself
            else:
                texts.append(_where(ctx, problem.get("field"), text))
        cells = []
        for key, header, inputs in layout:
            filled = []
            for template in inputs:
                name = f"{PREFIX}{number}-{template.field}"
                value = str(row.get(template.field, ""))
                message = messages.get(template.field, "")
                if not message and key in messages and template is inputs[0]:
                    message = messages[key]  # a whole column: the Re players, specials
                filled.append(Input(**{**template.__dict__, "name": name,
                                       "id": f"id_{name}", "value": value,
                                       "problem": message}))
            cells.append(Cell(key, header, filled,
                              problem=any(i.problem for i in filled) or key in messages))
        item["_out"] = row_out(ctx, item)
        out.append(EntryRow(number, cells, item, texts))
    return out


def _signed(number: Any) -> str:
    if not isinstance(number, int):
        return ""
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def _plain(number: Any) -> str:
    if not isinstance(number, int):
        return "" if number is None else str(number)
    return f"−{-number}" if number < 0 else str(number)


def row_out(ctx: SheetContext, answer: Mapping[str, Any]) -> dict[str, Any]:
    """What a scored row shows beside its inputs (the script writes the same): a line of
    facts (the dealer, the game, the value...) and each seat's points and running total."""
    if answer.get("status") != "scored":
        return {}
    names = _decks(ctx) or list(ctx.players)
    points, totals = answer.get("points") or [], answer.get("totals") or []
    seats = [{"name": name,
              "points": _signed(points[i]) if i < len(points) else "",
              "total": _plain(totals[i]) if i < len(totals) else ""}
             for i, name in enumerate(names)]
    line: list[str] = []
    if ctx.game == "doppelkopf":
        if answer.get("dealer"):
            line.append(f"{gettext('dealer')} {answer['dealer']}")
        if answer.get("label"):
            line.append(str(answer["label"]))
        if answer.get("pflichtsolo"):
            line.append(gettext("vorgeführt") if answer.get("forced")
                        else gettext("Pflichtsolo"))
        line.append(f"{gettext('Value')} {answer.get('value', 0)}")
        if answer.get("gegen_die_alten"):
            line.append(gettext("gegen die Alten"))
    elif ctx.game == "gin":
        line.append(gettext("Round %(n)s") % {"n": answer.get("round")})
        credit = answer.get("credit")
        if credit and credit.get("player"):
            line.append(gettext("%(name)s: %(points)s to the round account")
                        % {"name": credit["player"], "points": credit["points"]})
    elif ctx.game == "rennen":
        line.append(gettext("Game %(n)s") % {"n": answer.get("game")} + ", "
                    + gettext("race %(n)s") % {"n": answer.get("race")})
        end = answer.get("end") or {}
        if end.get("text"):
            line.append(str(end["text"]))
    elif ctx.game == "katarenga-rennen" and answer.get("moves"):
        line.append(f"{gettext('Moves')} {answer['moves']}")
    return {"line": line, "seats": seats}


def sheet_summary(ctx: SheetContext, summary: Mapping[str, Any]) -> list[str]:
    """The lines beside the sheet (the script writes the same): totals, the pot, the
    Pflichtsoli still owed, the next dealer."""
    lines = []
    names = _decks(ctx) or list(ctx.players)
    totals = summary.get("totals")
    if isinstance(totals, list) and any(t is not None for t in totals):
        lines.append(gettext("Totals") + ": " + ", ".join(
            f"{name} {_plain(total)}" for name, total in zip(names, totals, strict=False)))
    pot = summary.get("pot")
    if isinstance(pot, Mapping) and pot.get("deals"):
        lines.append(gettext("Punktetopf") + ": " + gettext(
            "%(played)s of %(deals)s deals played, %(left)s left") % {
            "played": pot.get("played"), "deals": pot.get("deals"),
            "left": pot.get("remaining")})
        if pot.get("vorfuehren"):
            lines.append(gettext("The pot is used up: open Pflichtsoli are vorgeführt."))
    owing = [item["player"] for item in summary.get("pflichtsoli") or []
             if item.get("owed")]
    if owing:
        lines.append(gettext("owes a Pflichtsolo") + ": " + ", ".join(owing))
    if summary.get("finished") and ctx.game == "doppelkopf":
        lines.append(gettext("The list is complete."))
    elif summary.get("next_dealer"):
        lines.append(gettext("Next dealer") + ": " + str(summary["next_dealer"]))
    return lines


def _where(ctx: SheetContext, field_name: Any, text: str) -> str:
    """``Augen of Re: …`` – the column a problem belongs to, then the reason."""
    if not field_name:
        return text
    return gettext("%(column)s: %(reason)s") % {"column": _label(ctx, str(field_name)),
                                               "reason": text}


def rows_from_post(sheet: Sheet, ctx: SheetContext, data: QueryDict) -> list[dict[str, str]]:
    """The typed rows of a posted sheet (``r<row>-<field>``), nothing dropped but blanks
    at the end."""
    try:
        count = min(int(data.get("rows", "0")), 200)
    except ValueError:
        count = 0
    rows = []
    for number in range(1, count + 1):
        row = {}
        for name in sheet.fields(ctx):
            value = data.get(f"{PREFIX}{number}-{name}", "")
            if value.strip():
                row[name] = value.strip()
        rows.append(row)
    return rows


def padded(rows: list[dict[str, str]], ctx: SheetContext) -> list[dict[str, str]]:
    """At least the planned rows, and one blank row after the last filled one."""
    rows = list(rows)
    want = max(ctx.rows, len(rows) + (1 if rows and rows[-1] else 0))
    if ctx.game == "katarenga-rennen":
        want = max(ctx.rules.games, len(rows))
    while len(rows) < want:
        rows.append({})
    return rows


def stored_problems(sheet: Sheet, ctx: SheetContext, log: MatchLog,
                    rows: Sequence[Mapping[str, str]]) -> list[Problem]:
    """The rejected version's error, on the row and field of the sheet it came from."""
    if log.status != MatchLog.Status.REJECTED or not log.error:
        return []
    built = sheet.build(rows, ctx)
    row, field_name = locate(sheet, log.error, built.deal_rows, ctx)
    if row is None:
        return []
    return [Problem(row, field_name, str(log.error.get("reason", "")), engine=log.error)]


@dataclass
class SheetEntry:
    """What the page needs for the sheet: its rows, the answers, where they came from."""

    game: str
    rows: list[EntryRow]
    headers: list[tuple[str, str]]
    answer: dict[str, Any]
    source: str  # posted, draft, version, report, blank
    config: dict[str, Any]  # for the script (json_script)
    general: list[str]
    summary: list[str]


def sheet_entry(match: Match, ctx: SheetContext, *, rows: list[dict[str, str]] | None,
                source: str, extra: Sequence[Problem] = ()) -> SheetEntry | None:
    """The sheet of ``match`` filled with ``rows`` (blank when ``None``), checked."""
    sheet = sheet_for(match.game)
    if sheet is None:
        return None
    typed = padded(rows or [], ctx)
    answer = check_sheet(sheet, typed, ctx, gettext) if any(typed) else {"rows": []}
    general = [problem_text(problem) for problem in answer.get("problems", [])]
    general += [p.to_json(gettext)["message"] for p in extra if p.row is None]
    entry_rows_ = entry_rows(sheet, ctx, typed, answer, extra)
    layout = columns(sheet, ctx)
    config = {
        "game": match.game, "match": match.pk, "players": list(ctx.players),
        "decks": _decks(ctx) or list(ctx.players),
        "prefix": PREFIX, "fields": sheet.fields(ctx),
        "labels": {name: _label(ctx, name) for name in sheet.fields(ctx)},
        "words": _words(),
        "rotation": ctx.players[ctx.first_dealer] if ctx.game == "doppelkopf" else None,
    }
    return SheetEntry(match.game, entry_rows_, [(key, header) for key, header, _i in layout],
                      answer, source, config, general,
                      sheet_summary(ctx, answer.get("sheet") or {}))


def _words() -> dict[str, str]:
    """The script's words, in the page's language."""
    return {
        "value": gettext("Value"), "rotation": gettext("%(name)s (rotation)"),
        "saved": gettext("Draft saved"), "saving": gettext("Saving the draft…"),
        "offline": gettext("Not saved on the server (no connection): kept in this "
                           "browser until it can be."),
        "pflicht": gettext("Pflichtsolo"), "forced": gettext("vorgeführt"),
        "alten": gettext("gegen die Alten"), "dealer": gettext("dealer"),
        "sits_out": gettext("sits out"), "pot": gettext("Punktetopf"),
        "owes": gettext("owes a Pflichtsolo"), "next_dealer": gettext("Next dealer"),
        "finished": gettext("The list is complete."), "totals": gettext("Totals"),
        "round": gettext("Round %(n)s"), "credit": gettext("%(name)s: %(points)s to the "
                                                            "round account"),
        "target": gettext("Target"), "game": gettext("Game %(n)s"),
        "race": gettext("race %(n)s"), "playing": gettext("being played"),
        "to_move": gettext("%(name)s to move"), "over": gettext("Game over"),
        "undo": gettext("Undo the last move"), "pass": gettext("Pass"),
        "resign": gettext("Resign"), "moves": gettext("Moves"),
        "advantages": gettext("Advantages"), "kreuz": gettext("Kreuz"),
        "pik": gettext("Pik"), "herz": gettext("Herz"), "none": gettext("none"),
        "pot_left": gettext("%(played)s of %(deals)s deals played, %(left)s left"),
        "vorfuehren": gettext("The pot is used up: open Pflichtsoli are vorgeführt."),
        "leader": gettext("Leader"), "settlement": gettext("Settlement"),
        "games_won": gettext("Games won"), "white": gettext("White"),
        "black": gettext("Black"), "pending": gettext("%(name)s must move the displaced "
                                                      "piece on %(square)s"),
    }
