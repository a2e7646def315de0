"""Pages of tournaments: the list, creating one, entries, the start, standings and bracket."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from league.forms import EntryForm, TournamentForm
from league.models import Player
from tournaments import selectors, services
from tournaments.models import Tournament


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/tournament_list.html",
                  {"tournaments": Tournament.objects.all()})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.tournament_create(
                name=data["name"], game=data["game"], format=data["format"],
                rules=data["rules"], description=data["description"],
                starts_on=data["starts_on"], organizer=request.user)
        except services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Tournament created. Now enter the players."))
            return redirect(tournament)
    return render(request, "tournaments/tournament_form.html", {"form": form})


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    is_organizer = tournament.is_organizer(request.user)
    entry_form = EntryForm()
    entry_form.fields["player"].queryset = Player.objects.exclude(
        entries__tournament=tournament)
    if request.method == "POST":
        if not is_organizer:
            return HttpResponseForbidden(_("Only the tournament's organizers may change it."))
        action = request.POST.get("action")
        try:
            if action == "enter":
                entry_form = EntryForm(request.POST)
                if entry_form.is_valid():
                    services.tournament_enter(tournament=tournament,
                                              player=entry_form.cleaned_data["player"],
                                              seed=entry_form.cleaned_data["seed"])
                    return redirect(tournament)
            elif action == "withdraw":
                player = get_object_or_404(Player, pk=request.POST.get("player"))
                services.tournament_withdraw(tournament=tournament, player=player)
                return redirect(tournament)
            elif action == "start":
                services.tournament_start(tournament=tournament)
                messages.success(request, _("The tournament has started; the rounds are "
                                            "drawn."))
                return redirect(tournament)
        except services.TournamentError as error:
            messages.error(request, str(error))
            return redirect(tournament)
    matches = list(selectors.tournament_matches(tournament=tournament))
    rounds = [{"round": rnd, "matches": [m for m in matches if m.round_id == rnd.pk]}
              for rnd in tournament.rounds.all()]
    context = {
        "tournament": tournament, "is_organizer": is_organizer, "entry_form": entry_form,
        "entries": tournament.entries.select_related("player"),
        "rounds": rounds,
        "standings": (None if tournament.is_elimination
                      else selectors.tournament_standings(tournament=tournament)),
        "bracket": (selectors.tournament_bracket(tournament=tournament)
                    if tournament.is_elimination and tournament.rounds.exists() else None),
    }
    return render(request, "tournaments/tournament_detail.html", context)
