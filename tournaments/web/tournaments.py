"""Pages of tournaments: the list, creating one, entries, the start, standings and bracket."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.web.lists import list_page, search_text
from league.web.confirm import unconfirmed
from league.web.rule_forms import rules_text
from tournaments import selectors, services
from tournaments.models import Tournament
from tournaments.web import fragments
from tournaments.web.forms import TournamentForm
from tournaments.web.panels import format_panel
from tournaments.web.registration import registration_context, start_consequence


def tournament_list(request: HttpRequest) -> HttpResponse:
    query = search_text(request)
    page = list_page(request, selectors.tournament_search(text=query))
    return render(request, "tournaments/tournament_list.html", {
        "tournaments": page.object_list, "page_obj": page, "query": query,
        "search_label": _("Find a tournament by name")})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.tournament_create(
                name=data["name"], game=data["game"], format=data["format"],
                rules=data["rules"], description=data["description"],
                starts_on=data["starts_on"], organizer=request.user, **form.settings())
        except services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Tournament created. Now enter the players."))
            return redirect(tournament)
    return render(request, "tournaments/tournament_form.html", {"form": form})


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    is_organizer = tournament.is_organizer(request.user)
    # One round at a time (the one being played unless another is asked for): a page of
    # a fixed size however many rounds the tournament has.
    round_choices = list(tournament.rounds.order_by("number"))
    shown = selectors.round_shown(tournament=tournament, rounds=round_choices,
                                  asked=request.GET.get("round"))
    panel = format_panel(request, tournament, shown=shown)
    # A Swiss or table event's panel shows its rounds itself (with the tables' seating);
    # the plain list of the round's matches is for the other formats only.
    rounds = [{"round": shown, "matches": list(selectors.tournament_matches(
        tournament=tournament).filter(round=shown))}] if shown is not None and not (
        panel and panel.get("own_rounds")) else []
    # The bracket and the standings are drawn once per change of the figures (fragments).
    context = {
        "tournament": tournament, "is_organizer": is_organizer, "rounds": rounds,
        "round_choices": round_choices, "round_shown": shown,
        "rules_text": rules_text(tournament.game, tournament.rules),
        "standings_html": (None if tournament.is_elimination else fragments.standings_html(
            tournament=tournament, has_rounds=bool(round_choices))),
        "bracket_html": (fragments.bracket_html(tournament=tournament)
                         if tournament.is_elimination and round_choices else None),
        **registration_context(request, tournament),
        "panel": panel,
    }
    return render(request, "tournaments/tournament_detail.html", context)


@require_POST
def tournament_start(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_organizer(request.user):
        return HttpResponseForbidden(_("Only the tournament's organizers may change it."))
    asked = unconfirmed(request, title=_("Start the tournament"),
                        consequence=start_consequence(tournament),
                        yes=_("Yes, start"), back=tournament.get_absolute_url())
    if asked is not None:
        return asked
    try:
        services.tournament_start(tournament=tournament)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The tournament has started; the rounds are drawn."))
    return redirect(tournament)
