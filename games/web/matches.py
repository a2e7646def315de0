"""Pages of a match: the score sheet, the verdict on its log, the log history, entering the
result (the score sheet with the paper's columns, or a raw log) and the reported result
that waits for the other players.

What a person enters goes through :func:`games.services.reports.match_result_enter`: it
counts at once (organizers; players where the competition lets them), or waits for the
other players' confirmation. Whatever was typed comes back on the page when something is
wrong with it: the sheet with the bad row and field marked, the log in its text box.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games.engines.registry import game_choices
from games.models import Match, MatchLog, Reporting, ResultReport
from games.replay import parse_document
from games.selectors import COUNTED_AT_MOST, match_rows_drawn, match_search
from games.selectors.errors import error_reason, error_where
from games.selectors.results import (
    ORGANIZER,
    PLAYER,
    draft_of,
    entry_role,
    open_report,
    others_to_confirm,
    player_of,
    reporting_of,
    sheet_context,
)
from games.services import LogRefused, MatchNotReady
from games.services.reports import ReportInvalid, ResultRefused, match_result_enter
from games.sheets import Problem, SheetContext, locate, sheet_for
from games.web.entry import column_text, rows_from_post, sheet_entry, stored_problems
from games.web.forms import LogForm
from games.web.lists import list_page, search_text
from games.web.sheets import sheet_context as presented_sheet


def match_list(request: HttpRequest) -> HttpResponse:
    """Every match, the newest first; by game, and by a player's name."""
    query = search_text(request)
    games = game_choices()
    game = request.GET.get("game", "")
    if game not in dict(games):
        game = ""
    page = list_page(request, match_rows_drawn(match_search(text=query, game=game)),
                     counted_at_most=COUNTED_AT_MOST)
    return render(request, "games/match_list.html", {
        "matches": page.object_list, "page_obj": page, "query": query, "game": game,
        "games": games, "search_label": _("Find the matches of a player")})


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("season__league", "round__tournament", "current_log"),
        pk=pk)
    if request.method == "POST":
        return _enter(request, match)
    return _page(request, match)


def _page(request: HttpRequest, match: Match, *, rows: list[dict[str, str]] | None = None,
          problems: list[Problem] | None = None, log_form: LogForm | None = None
          ) -> HttpResponse:
    """The match page; after a failed entry, ``rows`` or ``log_form`` hold what was typed
    (answered 200, as every form page of the site answers a form with problems)."""
    log = match.current_log
    seats = list(match.seats.select_related("player").order_by("index"))
    players = [seat.player.name if seat.player else "?" for seat in seats]
    role = entry_role(request.user, match)
    policy = reporting_of(match)
    may_enter = role == ORGANIZER or (role == PLAYER and policy != Reporting.ORGANIZERS)
    waiting = any(seat.player is None for seat in seats)
    report = open_report(match)
    context: dict[str, Any] = {
        "match": match, "seats": seats, "log": log, "role": role, "policy": policy,
        "may_enter": may_enter and not waiting, "waiting": waiting,
        "history": match.logs.select_related("submitted_by").order_by("-version"),
        "reports": match.reports.select_related("player", "decided_by")
        .order_by("-created_at", "-pk"),
        "sheet": presented_sheet(match, log) if log is not None else None,
        "report": _report_context(request, match, report, role) if report else None,
        "error": _error_context(match, log, players) if log is not None else None,
    }
    if context["may_enter"]:
        context.update(_entry_context(request, match, players, rows=rows, problems=problems,
                                      log_form=log_form, report=report))
    return render(request, "games/match_detail.html", context)


def _entry_context(request: HttpRequest, match: Match, players: list[str], *,
                   rows: list[dict[str, str]] | None, problems: list[Problem] | None,
                   log_form: LogForm | None, report: ResultReport | None) -> dict[str, Any]:
    """The entry forms filled with what there is, newest first: what was just posted, the
    person's draft, his own entry that waits, the match's current version, blank rows."""
    sheet = sheet_for(match.game)
    ctx = sheet_context(match, players)
    draft = draft_of(request.user, match)
    draft_data = draft.data if draft is not None else {}
    source = "posted" if rows is not None or log_form is not None else "blank"
    log_text = ""
    extra: list[Problem] = list(problems or [])
    if rows is None and log_form is None:
        if draft_data.get("entry") == "sheet":
            rows, source = list(draft_data.get("rows") or []), "draft"
        elif draft_data.get("entry") == "log":
            log_text, source = str(draft_data.get("text", "")), "draft"
        elif report is not None and report.reported_by_id == request.user.pk:
            rows, log_text, source = (*_rows_of_text(sheet, ctx, report.text), "report")
        elif match.current_log is not None:
            log = match.current_log
            rows, log_text, source = (*_rows_of_text(sheet, ctx, log.text), "version")
            if rows is not None and sheet is not None:
                extra += stored_problems(sheet, ctx, log, rows)
    entry = sheet_entry(match, ctx, rows=rows, source=source, extra=extra) \
        if sheet is not None else None
    if log_form is None:
        log_form = LogForm(initial={"text": log_text}) if log_text else LogForm()
    return {
        "entry": entry, "log_form": log_form,
        "log_open": bool(log_text) or entry is None or (log_form.is_bound and
                                                         log_form.errors != {}),
        "entry_source": source, "draft": draft,
        "confirming": [p.name for p in _confirmers(match, request.user)],
    }


def _rows_of_text(sheet: Any, ctx: SheetContext, text: str) -> tuple[Any, str]:
    """A stored text on the sheet when the sheet can show it all; else in the text box."""
    if sheet is not None:
        try:
            document = parse_document(text)
        except Exception:  # not JSON: it belongs in the text box as it is
            return None, text
        rows = sheet.rows_of(document, ctx)
        if rows is not None:
            return rows, ""
    return None, text


def _confirmers(match: Match, user: Any) -> list[Any]:
    """Who confirms this person's entry (the other players), when it needs confirming."""
    if entry_role(user, match) != PLAYER or reporting_of(match) != Reporting.CONFIRMED:
        return []
    me = player_of(user)
    return [seat.player for seat in match.seats.all()
            if seat.player is not None and seat.player != me]


def _report_context(request: HttpRequest, match: Match, report: ResultReport,
                    role: str | None) -> dict[str, Any]:
    me = player_of(request.user)
    answered = {answer.player_id for answer in report.answers.all()}
    waiting_for = others_to_confirm(report)
    return {
        "object": report, "answers": list(report.answers.all()),
        "waiting_for": [player.name for player in waiting_for],
        "seats": report.outcome.get("seats", []),
        "may_answer": (report.status == ResultReport.Status.WAITING and me is not None
                       and me.pk != report.player_id and me.pk not in answered
                       and any(seat.player_id == me.pk for seat in match.seats.all())),
        "may_decide": role == ORGANIZER,
        "may_withdraw": report.reported_by_id == request.user.pk,
    }


def _error_context(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any] | None:
    """The rejected version's error: on the sheet's row and column when it was entered on
    the sheet, else at its deal and move."""
    if log.status != MatchLog.Status.REJECTED or not log.error:
        return None
    error = log.error
    where: dict[str, Any] = {"text": error_where(error)}
    sheet = sheet_for(match.game)
    if sheet is not None:
        ctx = sheet_context(match, players)
        try:
            rows = sheet.rows_of(parse_document(log.text), ctx)
        except Exception:  # not JSON: no sheet to point into
            rows = None
        if rows is not None:
            built = sheet.build(rows, ctx)
            row, field_name = locate(sheet, error, built.deal_rows, ctx)
            if row is not None:
                where = {"row": row,
                         "column": column_text(ctx, field_name) if field_name else None}
    return {"reason": error_reason(error), "where": where, "notation": error.get("notation"),
            "version": log.version}


def _enter(request: HttpRequest, match: Match) -> HttpResponse:
    role = entry_role(request.user, match)
    if role is None:
        return HttpResponseForbidden(_("Only the organizers and the match's players may "
                                       "enter its result."))
    entry = request.POST.get("entry")
    sheet = sheet_for(match.game)
    if entry == "sheet" and sheet is not None:
        ctx = sheet_context(match)
        rows = rows_from_post(sheet, ctx, request.POST)
        built = sheet.build(rows, ctx)
        if built.problems:
            return _page(request, match, rows=rows, problems=built.problems)
        text = json.dumps(built.document, ensure_ascii=False, indent=1)
        return _submit(request, match, text, rows=rows, ctx=ctx, deal_rows=built.deal_rows)
    form = LogForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, match, log_form=form)
    return _submit(request, match, form.cleaned_data["log_text"], form=form)


def _submit(request: HttpRequest, match: Match, text: str, *,
            rows: list[dict[str, str]] | None = None, ctx: SheetContext | None = None,
            deal_rows: list[int] | None = None, form: LogForm | None = None) -> HttpResponse:
    try:
        entered = match_result_enter(match=match, text=text, user=request.user,
                                     source=MatchLog.Source.WEB)
    except (MatchNotReady, LogRefused, ResultRefused) as error:
        messages.error(request, str(error))
        return _page(request, match, rows=rows, log_form=form)
    except ReportInvalid as invalid:
        # Not stored: nobody is asked to confirm what cannot be scored. The typed rows
        # come back with the error on its row and field.
        if rows is not None and ctx is not None and deal_rows is not None:
            sheet = sheet_for(match.game)
            assert sheet is not None
            row, field_name = locate(sheet, invalid.error, deal_rows, ctx)
            problem = Problem(row, field_name, error_reason(invalid.error),
                              engine=invalid.error)
            return _page(request, match, rows=rows, problems=[problem])
        if form is not None:
            form.add_error(None, _where_text(invalid.error))
        return _page(request, match, log_form=form)
    if isinstance(entered, ResultReport):
        names = ", ".join(p.name for p in others_to_confirm(entered))
        messages.success(request, _("Your result is entered. It counts once %(names)s "
                                    "confirmed it.") % {"names": names})
    else:
        messages.success(request, _("Log version %(version)s received.")
                         % {"version": entered.version})
    return redirect(match)


def _where_text(error: dict[str, Any]) -> str:
    where = error_where(error)
    return f"{where}: {error_reason(error)}" if where else error_reason(error)


def report_text(request: HttpRequest, pk: int) -> HttpResponse:
    """An entered result exactly as entered, for the other players to read."""
    report = get_object_or_404(ResultReport, pk=pk)
    response = HttpResponse(report.text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (f'inline; filename="match-{report.match_id}-'
                                       f'entry-{report.pk}.json"')
    return response


def log_text(request: HttpRequest, pk: int) -> HttpResponse:
    """A stored log version exactly as submitted, to download or correct."""
    log = get_object_or_404(MatchLog, pk=pk)
    response = HttpResponse(log.text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (f'inline; filename="match-{log.match_id}-'
                                       f'v{log.version}.json"')
    return response
