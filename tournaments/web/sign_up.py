"""Signing up for a tournament whose registration is open (``services.sign_up``): a person
enters himself, with the login he has or one he makes on the way."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.selectors.results import player_of
from games.services.accounts import AccountError
from games.web.invitations import AccountForm
from tournaments.models import Entry, Tournament
from tournaments.services.common import TournamentError
from tournaments.services.sign_up import sign_up_open, tournament_sign_up


class NameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Your name, as it should appear in standings"),
                           max_length=80)


class SignUpForm(NameForm, AccountForm):
    pass


def sign_up(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    player = player_of(request.user)
    entered = player is not None and tournament.entries.filter(player=player).exists()
    form: forms.Form | None = None
    if sign_up_open(tournament) and not entered:
        if not request.user.is_authenticated:
            form = SignUpForm(request.POST or None)
        elif player is None:
            form = NameForm(request.POST or None)
    if request.method == "POST" and sign_up_open(tournament) and not entered:
        valid = form is None or form.is_valid()
        if valid:
            data = form.cleaned_data if form is not None else {}
            try:
                entry = tournament_sign_up(
                    tournament=tournament, user=request.user, name=data.get("name", ""),
                    username=data.get("username", ""), password=data.get("password", ""),
                    email=data.get("email", ""))
            except AccountError as error:
                if form is not None and error.field in form.fields:
                    form.add_error(error.field, str(error))
                else:
                    messages.error(request, str(error))
            except TournamentError as error:
                messages.error(request, str(error))
            else:
                if not request.user.is_authenticated and entry.player.user is not None:
                    login(request, entry.player.user,
                          backend="django.contrib.auth.backends.ModelBackend")
                if entry.status == Entry.Status.WAITING:
                    messages.warning(request, _("The tournament is full: you are on the "
                                                "waiting list."))
                else:
                    messages.success(request, _("You are signed up, %(player)s.")
                                     % {"player": entry.player})
                return redirect(tournament)
    return render(request, "tournaments/sign_up.html", {
        "tournament": tournament, "form": form, "player": player, "entered": entered,
        "open": sign_up_open(tournament)})
