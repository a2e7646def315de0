"""Registration pages: entries, the waiting list, check-in, seeds, withdrawals, late entries.

:func:`registration_context` gives the tournament page what its registration panel
(``templates/tournaments/_registration.html``) shows; :func:`entries_page` shows the same
panel on a page of its own, in every status (late entries and withdrawals while a Swiss or
table rounds run). The other views take the panel's forms and go back where they came from.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.models import Player
from league.models import Rating
from league.web.confirm import unconfirmed
from tournaments.models import Entry, Tournament
from tournaments.selectors.registration import IN_STATUSES, may_check_in, registration_of
from tournaments.services import TournamentError
from tournaments.services import entries as services
from tournaments.web.forms import INT_MAX, EntryForm


class SeedForm(forms.Form):
    seed = forms.IntegerField(label=gettext_lazy("Seed"), min_value=1, max_value=INT_MAX,
                              required=False)


def registration_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    registration = registration_of(tournament)
    entry_form = EntryForm()
    entry_form.fields["player"].queryset = Player.objects.exclude(
        entries__tournament=tournament, entries__status__in=[
            *IN_STATUSES, Entry.Status.WAITING, Entry.Status.NO_SHOW,
            Entry.Status.DISQUALIFIED])
    if tournament.seeding == Tournament.Seeding.RATING:
        del entry_form.fields["seed"]
    user = request.user
    own = None
    if getattr(user, "is_authenticated", False):
        own = next((e for e in registration.entries_in + registration.waiting
                    if e.player.user_id == user.pk), None)
    ratings: dict[int, float] = {}
    if tournament.seeding == Tournament.Seeding.RATING:
        ratings = dict(Rating.objects.filter(
            game=tournament.game,
            player__in=[e.player_id for e in registration.entries_in + registration.waiting])
            .values_list("player_id", "rating"))
    rows = [{"entry": entry, "position": position, "rating": ratings.get(entry.player_id)}
            for position, entry in enumerate(registration.seeded, start=1)]
    waiting = [{"entry": entry, "position": position, "rating": ratings.get(entry.player_id)}
               for position, entry in enumerate(registration.waiting, start=1)]
    return {
        "entries": tournament.entries.select_related("player"),
        "entry_form": entry_form,
        "registration": registration,
        "registration_rows": rows,
        "registration_waiting": waiting,
        "own_entry": own,
        "start_consequence": start_consequence(tournament),
        "check_in_open": tournament.check_in
        and tournament.status == Tournament.Status.REGISTRATION,
        "withdrawals_open": tournament.status == Tournament.Status.REGISTRATION or (
            tournament.status == Tournament.Status.RUNNING
            and tournament.format in (Tournament.Format.SWISS, Tournament.Format.TABLE_ROUNDS)),
    }


def start_consequence(tournament: Tournament) -> str:
    """What starting does, in words: the consequence the confirmation shows."""
    if tournament.format in (Tournament.Format.SWISS, Tournament.Format.TABLE_ROUNDS):
        return _("Start: the entries are closed and round 1 is drawn; the later rounds are "
                 "drawn one by one.")
    if tournament.is_elimination:
        return _("Start: the entries are closed and the bracket is drawn.")
    if tournament.format == Tournament.Format.GROUPS_PLAYOFFS:
        return _("Start: the entries are closed and the groups and their rounds are drawn.")
    return _("Start: the entries are closed and every round is drawn.")


def entries_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the entries page; POST: enter a player (organizers)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if request.method == "POST":
        return _entry_add(request, tournament)
    context = {"tournament": tournament, "is_organizer": tournament.is_organizer(request.user),
               "on_entries_page": True, **registration_context(request, tournament)}
    return render(request, "tournaments/registration/entries.html", context)


def _back(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return redirect(target)
    return redirect(tournament)


def _organizer_only(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    if tournament.is_organizer(request.user):
        return None
    return HttpResponseForbidden(_("Only the tournament's organizers may change it."))


def _entry_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if (refused := _organizer_only(request, tournament)) is not None:
        return refused
    form = EntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values()
                                         for e in errors))
        return _back(request, tournament)
    player = form.cleaned_data["player"]
    try:
        entry = services.tournament_enter(tournament=tournament, player=player,
                                          seed=form.cleaned_data.get("seed"))
    except TournamentError as error:
        messages.error(request, str(error))
        return _back(request, tournament)
    if entry.status == Entry.Status.WAITING:
        place = tournament.entries.filter(status=Entry.Status.WAITING,
                                          created_at__lte=entry.created_at).count()
        messages.warning(request, _("The tournament is full: %(player)s is on the waiting "
                                    "list (place %(place)s).")
                         % {"player": player, "place": place})
    elif entry.joined_round:
        messages.success(request, _("%(player)s is a late entry and joins in round "
                                    "%(round)s.") % {"player": player,
                                                     "round": entry.joined_round})
    else:
        messages.success(request, _("%(player)s is entered.") % {"player": player})
    return _back(request, tournament)


def _moved_up(request: HttpRequest, tournament: Tournament, before: set[int]) -> None:
    for entry in tournament.entries.filter(status__in=IN_STATUSES, pk__in=before) \
            .select_related("player"):
        messages.info(request, _("%(player)s moves up from the waiting list.")
                      % {"player": entry.player})


def withdraw_consequence(tournament: Tournament, name: str) -> str:
    if tournament.status == Tournament.Status.REGISTRATION:
        return _("Withdraw: %(player)s leaves the entries; the first on the waiting list "
                 "moves up.") % {"player": name}
    return _("Withdraw: %(player)s is not paired from the next round on; the results "
             "played stay.") % {"player": name}


@require_POST
def entry_withdraw(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if (refused := _organizer_only(request, tournament)) is not None:
        return refused
    who = get_object_or_404(Player, pk=player)
    asked = unconfirmed(request, title=_("Withdraw %(player)s") % {"player": who.name},
                        consequence=withdraw_consequence(tournament, who.name),
                        yes=_("Yes, withdraw"), back=tournament.get_absolute_url(),
                        danger=True)
    if asked is not None:
        return asked
    waiting = set(tournament.entries.filter(status=Entry.Status.WAITING)
                  .values_list("pk", flat=True))
    try:
        services.tournament_withdraw(tournament=tournament, player=who)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(player)s has withdrawn.") % {"player": who})
        _moved_up(request, tournament, waiting)
    return _back(request, tournament)


def _check_in_change(request: HttpRequest, slug: str, player: int, *, undo: bool) \
        -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    who = get_object_or_404(Player, pk=player)
    entry = tournament.entries.filter(player=who).select_related("player").first()
    if entry is None or not may_check_in(tournament=tournament, entry=entry,
                                         user=request.user):
        return HttpResponseForbidden(_("Only the tournament's organizers and the player "
                                       "himself may check him in."))
    try:
        if undo:
            services.entry_check_in_undo(tournament=tournament, player=who)
        else:
            services.entry_check_in(tournament=tournament, player=who)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        text = _("%(player)s is no longer checked in.") if undo else \
            _("%(player)s is checked in.")
        messages.success(request, text % {"player": who})
    return _back(request, tournament)


@require_POST
def entry_check_in(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    return _check_in_change(request, slug, player, undo=False)


@require_POST
def entry_check_in_undo(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    return _check_in_change(request, slug, player, undo=True)


@require_POST
def entry_seed(request: HttpRequest, slug: str, player: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if (refused := _organizer_only(request, tournament)) is not None:
        return refused
    form = SeedForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values()
                                         for e in errors))
        return _back(request, tournament)
    try:
        services.entry_seed_set(tournament=tournament,
                                player=get_object_or_404(Player, pk=player),
                                seed=form.cleaned_data["seed"])
    except TournamentError as error:
        messages.error(request, str(error))
    return _back(request, tournament)
