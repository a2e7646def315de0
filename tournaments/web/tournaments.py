"""Pages of tournaments: the list, creating one, entries, the start, standings and bracket."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.web.confirm import unconfirmed
from league.web.rule_forms import rules_text
from tournaments import selectors, services
from tournaments.models import Tournament
from tournaments.selectors.bracket import tournament_bracket
from tournaments.selectors.duplicate import duplicate_comparison
from tournaments.web import standings as standings_labels
from tournaments.web.forms import TournamentForm
from tournaments.web.panels import format_panel
from tournaments.web.registration import registration_context, start_consequence


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
    matches = list(selectors.tournament_matches(tournament=tournament))
    rounds = [{"round": rnd, "matches": [m for m in matches if m.round_id == rnd.pk]}
              for rnd in tournament.rounds.all()]
    standings = (None if tournament.is_elimination
                 else selectors.tournament_standings(tournament=tournament))
    context = {
        "tournament": tournament, "is_organizer": is_organizer, "rounds": rounds,
        "rules_text": rules_text(tournament.game, tournament.rules),
        "standings": standings,
        "standings_legend": (standings_labels.legend(standings,
                                                     tables=standings.is_table_event)
                             if standings else []),
        "standings_columns": standings_labels.extra_columns(standings) if standings else [],
        "duplicate": (duplicate_comparison(tournament=tournament)
                      if tournament.duplicate and tournament.rounds.exists() else None),
        "bracket": (tournament_bracket(tournament=tournament)
                    if tournament.is_elimination and tournament.rounds.exists() else None),
        **registration_context(request, tournament),
        "panel": format_panel(request, tournament),
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
