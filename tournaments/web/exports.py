"""Export pages: CSV downloads, the printable round sheet and Doppelkopf lists, the event as
JSON, and the page that imports an event. Reading is open; importing needs a login (the
importer becomes the organizer of the imported event)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Min
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from games import bounded_json
from games.models import Match
from games.selectors.results import sheet_context
from games.web.printing import print_grid
from league.models import Season
from league.web.calendars import Event, ical_response
from tournaments.models import Round, Tournament
from tournaments.selectors import event_export, printing
from tournaments.selectors import exports as tables
from tournaments.services.event_import import EventImportError
from tournaments.services.event_import import event_import as import_event

TOURNAMENT_CSV = {
    "standings": tables.tournament_standings_rows,
    "pairings": tables.tournament_pairings_rows,
    "results": tables.tournament_results_rows,
}
SEASON_CSV = {
    "standings": tables.season_standings_rows,
    "results": tables.season_results_rows,
}


#: The columns' names in the reader's language (the selectors write stable keys).
COLUMNS: dict[str, Any] = {
    "rank": pgettext_lazy("CSV column", "place"),
    "player": pgettext_lazy("CSV column", "player"),
    "played": pgettext_lazy("CSV column", "played"),
    "wins": pgettext_lazy("CSV column", "wins"),
    "draws": pgettext_lazy("CSV column", "draws"),
    "losses": pgettext_lazy("CSV column", "losses"),
    "game_points": pgettext_lazy("CSV column", "game points"),
    "game_points_against": pgettext_lazy("CSV column", "game points against"),
    "difference": pgettext_lazy("CSV column", "difference"),
    "points": pgettext_lazy("CSV column", "match points"),
    "head_to_head": pgettext_lazy("CSV column", "head-to-head"),
    "buchholz": pgettext_lazy("CSV column", "Buchholz"),
    "median_buchholz": pgettext_lazy("CSV column", "median-Buchholz"),
    "sonneborn_berger": pgettext_lazy("CSV column", "Sonneborn-Berger"),
    "best_series": pgettext_lazy("CSV column", "best series"),
    "buchholz_plain": pgettext_lazy("CSV column", "plain Buchholz"),
    "median_buchholz_plain": pgettext_lazy("CSV column", "plain median-Buchholz"),
    "sonneborn_berger_plain": pgettext_lazy("CSV column", "plain Sonneborn-Berger"),
    "series": pgettext_lazy("CSV column", "series"),
    "round": pgettext_lazy("CSV column", "round"),
    "round_name": pgettext_lazy("CSV column", "round name"),
    "table": pgettext_lazy("CSV column", "table"),
    "match": pgettext_lazy("CSV column", "match"),
    "bracket": pgettext_lazy("CSV column", "bracket"),
    "group": pgettext_lazy("CSV column", "group"),
    "status": pgettext_lazy("CSV column", "status"),
    "result": pgettext_lazy("CSV column", "result"),
    "played_on": pgettext_lazy("CSV column", "played on"),
    "seat": pgettext_lazy("CSV column", "seat"),
    "score": pgettext_lazy("CSV column", "score"),
    "match_day": pgettext_lazy("CSV column", "match day"),
    "scheduled_on": pgettext_lazy("CSV column", "scheduled on"),
    "division": pgettext_lazy("CSV column", "division"),
}
#: The coded values of a column, in words.
VALUES: dict[str, dict[str, Any]] = {
    "status": dict(Match.Status.choices), "result": dict(Match.Result.choices),
}


def column_name(key: str) -> str:
    if key.startswith("seat_") and key[5:].isdigit():
        return pgettext("CSV column", "seat %(number)s") % {"number": key[5:]}
    return str(COLUMNS.get(key, key))


def localized_rows(rows: list[Any]) -> list[Any]:
    """The header's keys and the coded values (status, result) in the reader's language."""
    header = rows[0]
    coded = {index: VALUES[key] for index, key in enumerate(header) if key in VALUES}
    body = [[str(coded[index].get(value, value)) if index in coded and value else value
             for index, value in enumerate(row)] for row in rows[1:]]
    return [[column_name(key) for key in header], *body]


def delimiter_for(request: HttpRequest) -> str:
    """``?sep=semicolon`` or ``?sep=comma``; otherwise by language: German spreadsheets
    (Excel, LibreOffice in German) split on semicolons, English ones on commas."""
    chosen = request.GET.get("sep", "")
    if chosen in ("semicolon", ";"):
        return ";"
    if chosen in ("comma", ","):
        return ","
    return ";" if get_language() == "de" else ","


def csv_response(request: HttpRequest, rows: list[Any], filename: str) -> HttpResponse:
    """UTF-8 with a byte-order mark, so that a spreadsheet opened by double-click reads
    umlauts right; RFC 4180 otherwise, with the reader's delimiter."""
    text = tables.csv_text(localized_rows(rows), delimiter=delimiter_for(request))
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def csv_keys_response(rows: list[Any], filename: str) -> HttpResponse:
    """The API's CSV, unchanged: the stable keys as header, coded values, commas."""
    response = HttpResponse("\ufeff" + tables.csv_text(rows), content_type="text/csv; "
                            "charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def tournament_csv(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if kind not in TOURNAMENT_CSV:
        raise Http404(kind)
    return csv_response(request, TOURNAMENT_CSV[kind](tournament),
                        f"{tournament.slug}-{kind}.csv")


def season_csv(request: HttpRequest, league: str, season: str, kind: str) -> HttpResponse:
    found = get_object_or_404(Season.objects.select_related("league"), league__slug=league,
                              slug=season)
    if kind not in SEASON_CSV:
        raise Http404(kind)
    return csv_response(request, SEASON_CSV[kind](found), f"{league}-{season}-{kind}.csv")


def tournament_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's rounds as an iCal feed: one all-day event per round, on the day its
    matches are scheduled, else the tournament's start, else the day it was drawn."""
    tournament = get_object_or_404(Tournament, slug=slug)
    events = []
    for rnd in tournament.rounds.annotate(scheduled=Min("matches__scheduled_on"),
                                          drawn=Min("matches__created_at")):
        day = rnd.scheduled or tournament.starts_on or (
            timezone.localdate(rnd.drawn) if rnd.drawn else None)
        if day is None:
            continue
        events.append(Event(uid=f"round-{rnd.pk}@stammtisch", day=day,
                            summary=f"{tournament.name}: {rnd.label}",
                            description=f"{tournament.get_game_display()}, "
                                        f"{tournament.get_format_display()}",
                            url=request.build_absolute_uri(tournament.get_absolute_url())))
    return ical_response(tournament.name, events, f"{tournament.slug}.ics")


def event_download(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    response = HttpResponse(event_export.event_json(tournament=tournament),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.event.json"'
    return response


def _round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def round_sheet(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    _round(tournament, number)
    sheet = printing.round_sheet(tournament=tournament, number=number)
    return render(request, "tournaments/print/round_sheet.html",
                  {"tournament": tournament, "sheet": sheet})


def _doppelkopf(tournament: Tournament) -> None:
    if tournament.game != "doppelkopf":
        raise Http404(_("Doppelkopf lists are printed for Doppelkopf tournaments."))


def _with_grids(lists: list[Any]) -> list[Any]:
    """Each list's grid: the columns of the match page's form, so that the filled-in paper
    list is typed in row by row (``games.web.printing``)."""
    for item in lists:
        ctx = sheet_context(item.match, item.players)
        spare = [row.number for row in item.rows if row.spare]
        item.grid = print_grid(ctx, rows=len(item.rows),
                               dealers=[row.dealer for row in item.rows],
                               spare_from=spare[0] if spare else None)
    return lists


def round_lists(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every table's list of a round, one table per page."""
    tournament = get_object_or_404(Tournament, slug=slug)
    _doppelkopf(tournament)
    _round(tournament, number)
    lists = _with_grids(printing.round_lists(tournament=tournament, number=number))
    return render(request, "tournaments/print/doppelkopf_list.html",
                  {"tournament": tournament, "lists": lists})


def table_list(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    _doppelkopf(tournament)
    rnd = _round(tournament, number)
    lists = [item for item in printing.round_lists(tournament=tournament, number=rnd.number)
             if item.table == table]
    if not lists:
        raise Http404(_("There is no such table in this round."))
    return render(request, "tournaments/print/doppelkopf_list.html",
                  {"tournament": tournament, "lists": _with_grids(lists)})


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Event file (JSON)"))
    slug = forms.SlugField(label=gettext_lazy("Short name"), required=False,
                           help_text=gettext_lazy("Empty: the exported one, or a free one "
                                                  "made from it."))


@login_required
def event_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            document = bounded_json.loads(form.cleaned_data["file"].read())
        except bounded_json.JSONRefused as error:
            problems = [str(error)]  # says itself what is wrong and where
        else:
            try:
                result = import_event(document=document, organizer=request.user,
                                            slug=form.cleaned_data["slug"] or None)
            except EventImportError as error:
                problems = error.problems
            else:
                messages.success(request, _("Event imported: %(logs)s logs are being scored "
                                            "again.") % {"logs": result.logs_submitted})
                return redirect(result.tournament)
    return render(request, "tournaments/exports/import.html",
                  {"form": form, "problems": problems})
