"""Export pages: CSV downloads, the printable round sheet and Doppelkopf lists, the event as
JSON, and the page that imports an event. Reading is open; importing needs a login (the
importer becomes the organizer of the imported event)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import bounded_json
from league.models import Season
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


def csv_response(rows: list[Any], filename: str) -> HttpResponse:
    """UTF-8 with a byte-order mark, so that a spreadsheet opened by double-click reads
    umlauts right; RFC 4180 otherwise."""
    response = HttpResponse("\ufeff" + tables.csv_text(rows), content_type="text/csv; "
                            "charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def tournament_csv(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if kind not in TOURNAMENT_CSV:
        raise Http404(kind)
    return csv_response(TOURNAMENT_CSV[kind](tournament), f"{tournament.slug}-{kind}.csv")


def season_csv(request: HttpRequest, league: str, season: str, kind: str) -> HttpResponse:
    found = get_object_or_404(Season.objects.select_related("league"), league__slug=league,
                              slug=season)
    if kind not in SEASON_CSV:
        raise Http404(kind)
    return csv_response(SEASON_CSV[kind](found), f"{league}-{season}-{kind}.csv")


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


def round_lists(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every table's list of a round, one table per page."""
    tournament = get_object_or_404(Tournament, slug=slug)
    _doppelkopf(tournament)
    _round(tournament, number)
    lists = printing.round_lists(tournament=tournament, number=number)
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
                  {"tournament": tournament, "lists": lists})


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
            problems = [_("The file is not JSON: %(error)s") % {"error": error}]
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
