"""Pages of a match: the score sheet, the verdict on its log, the log history, submitting."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games.engines.registry import game_choices
from games.models import Match, MatchLog
from games.selectors import can_submit_result, match_details, match_search
from games.services import LogRefused, MatchNotReady, match_log_submit
from games.web.forms import LogForm
from games.web.lists import list_page, search_text
from games.web.sheet_forms import SHEET_FORMS
from games.web.sheets import sheet_context


def match_list(request: HttpRequest) -> HttpResponse:
    """Every match, the newest first; by game, and by a player's name."""
    query = search_text(request)
    games = game_choices()
    game = request.GET.get("game", "")
    if game not in dict(games):
        game = ""
    page = list_page(request, match_details(match_search(text=query, game=game)))
    return render(request, "games/match_list.html", {
        "matches": page.object_list, "page_obj": page, "query": query, "game": game,
        "games": games, "search_label": _("Find the matches of a player")})


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("season__league", "round__tournament", "current_log"),
        pk=pk)
    log = match.current_log
    may_submit = can_submit_result(request.user, match)
    form = LogForm()
    sheet_entry = SHEET_FORMS.get(match.game)
    wants_sheet = sheet_entry is not None and "sheet" in (request.GET.get("entry"),
                                                          request.POST.get("entry"))
    sheet_form = sheet_entry[0](match) if wants_sheet else None
    if request.method == "POST":
        if not may_submit:
            return HttpResponseForbidden(_("Only the organizers and the match's players may "
                                           "submit its result."))
        if wants_sheet:
            sheet_form = sheet_entry[0](match, request.POST)
            text = sheet_entry[1](match, sheet_form) if sheet_form.is_valid() else None
        else:
            form = LogForm(request.POST, request.FILES)
            text = form.cleaned_data["log_text"] if form.is_valid() else None
        if text is not None:
            try:
                log = match_log_submit(match=match, text=text, submitted_by=request.user,
                                       source=MatchLog.Source.WEB)
            except (MatchNotReady, LogRefused) as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("Log version %(version)s received.")
                                 % {"version": log.version})
                return redirect(match)
    elif log is not None and log.status == MatchLog.Status.REJECTED:
        # Offer the rejected text for correction, so that nothing typed in is lost.
        form = LogForm(initial={"text": log.text})
    seats = list(match.seats.select_related("player").order_by("index"))
    context = {
        "match": match, "seats": seats, "log": log, "form": form, "may_submit": may_submit,
        "history": match.logs.select_related("submitted_by").order_by("-version"),
        "sheet": sheet_context(match, log) if log is not None else None,
        "waiting": any(seat.player is None for seat in seats),
        "sheet_form": sheet_form, "has_sheet_form": sheet_entry is not None,
    }
    return render(request, "games/match_detail.html", context)


def log_text(request: HttpRequest, pk: int) -> HttpResponse:
    """A stored log version exactly as submitted, to download or correct."""
    log = get_object_or_404(MatchLog, pk=pk)
    response = HttpResponse(log.text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (f'inline; filename="match-{log.match_id}-'
                                       f'v{log.version}.json"')
    return response
