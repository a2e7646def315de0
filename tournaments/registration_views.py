"""Registration on the tournament page: entries, seeds, withdrawals.

:func:`registration_context` gives the tournament page what its registration panel
(``templates/tournaments/_registration.html``) shows; the views below take its forms.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.models import Player
from tournaments import services
from tournaments.forms import EntryForm
from tournaments.models import Tournament


def registration_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    entry_form = EntryForm()
    entry_form.fields["player"].queryset = Player.objects.exclude(
        entries__tournament=tournament)
    return {"entries": tournament.entries.select_related("player"), "entry_form": entry_form}


def _organizer_only(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    if tournament.is_organizer(request.user):
        return None
    return HttpResponseForbidden(_("Only the tournament's organizers may change it."))


@require_POST
def entry_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if (refused := _organizer_only(request, tournament)) is not None:
        return refused
    form = EntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values()
                                         for e in errors))
        return redirect(tournament)
    try:
        services.tournament_enter(tournament=tournament, player=form.cleaned_data["player"],
                                  seed=form.cleaned_data["seed"])
    except services.TournamentError as error:
        messages.error(request, str(error))
    return redirect(tournament)


@require_POST
def entry_withdraw(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if (refused := _organizer_only(request, tournament)) is not None:
        return refused
    try:
        services.tournament_withdraw(tournament=tournament,
                                     player=get_object_or_404(Player, pk=player))
    except services.TournamentError as error:
        messages.error(request, str(error))
    return redirect(tournament)
