"""Pages of Swiss and table rounds: drawing the next round (organizers)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.web.confirm import unconfirmed
from tournaments.models import Tournament
from tournaments.services import TournamentError
from tournaments.services.rounds import round_next


@require_POST
def tournament_round_next(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_organizer(request.user):
        return HttpResponseForbidden(_("Only the tournament's organizers may change it."))
    number = tournament.rounds.count() + 1
    asked = unconfirmed(request, title=_("Draw round %(number)s") % {"number": number},
                        consequence=_("Draw: round %(number)s is paired from the standings as "
                                      "they are now; it cannot be drawn again.")
                        % {"number": number},
                        yes=_("Yes, draw round %(number)s") % {"number": number},
                        back=tournament.get_absolute_url())
    if asked is not None:
        return asked
    try:
        rnd = round_next(tournament=tournament)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(round)s is drawn.") % {"round": rnd.label})
    return redirect(f"{tournament.get_absolute_url()}#round-{tournament.rounds.count()}")
