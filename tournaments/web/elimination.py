"""Pages of forfeits, disqualification and the playoffs draw (organizers only).

The forfeits page lists every two-player match of the tournament with its players, with a
button per possible verdict; the forms post to the views below, which call the services and
come back with a message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Match, Player
from league.web.confirm import unconfirmed
from tournaments import services
from tournaments.models import Entry, Tournament
from tournaments.selectors.bracket import tournament_notices
from tournaments.selectors.standings import tournament_matches
from tournaments.services import forfeits
from tournaments.services.stages import playoffs_draw


def _organizer_tournament(request: HttpRequest, slug: str) -> Tournament | HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_organizer(request.user):
        return HttpResponseForbidden(_("Only the tournament's organizers may change it."))
    return tournament


def forfeits_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _organizer_tournament(request, slug)
    if isinstance(tournament, HttpResponse):
        return tournament
    rounds: dict[int, dict[str, Any]] = {}
    for match in tournament_matches(tournament=tournament):
        seats = list(match.seats.all())
        if len(seats) != 2 or any(seat.player is None for seat in seats):
            continue
        item = rounds.setdefault(match.round.number, {"round": match.round, "matches": []})
        item["matches"].append({
            "match": match, "seats": seats,
            "organizer_forfeit": (match.result != Match.Result.PLAYED
                                  and match.forfeit_reason == Match.ForfeitReason.ORGANIZER),
        })
    entries = tournament.entries.select_related("player")
    return render(request, "tournaments/elimination/forfeits.html", {
        "tournament": tournament,
        "rounds": [rounds[number] for number in sorted(rounds)],
        "in_play": [entry for entry in entries
                    if entry.status in (Entry.Status.ENTERED, Entry.Status.CHECKED_IN)],
        "disqualified": [entry for entry in entries
                         if entry.status == Entry.Status.DISQUALIFIED],
        "notices": tournament_notices(tournament=tournament),
        # From the entries page: the player to disqualify is chosen already (not confirmed).
        "chosen": int(request.GET["player"]) if request.GET.get("player", "").isdigit()
        else None,
    })


def _act(request: HttpRequest, slug: str, action: Callable[[Tournament], str]) -> HttpResponse:
    tournament = _organizer_tournament(request, slug)
    if isinstance(tournament, HttpResponse):
        return tournament
    try:
        done = action(tournament)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    target = request.POST.get("next", "")
    if not target.startswith("/") or target.startswith("//"):
        target = reverse("tournament-forfeits", args=[tournament.slug])
    return redirect(target)


def _match(tournament: Tournament, match_id: int) -> Match:
    return get_object_or_404(Match, pk=match_id, round__tournament=tournament)


def _player(request: HttpRequest) -> Player:
    return get_object_or_404(Player, pk=request.POST.get("player") or 0)


def _ask(request: HttpRequest, slug: str, **page: Any) -> HttpResponse | None:
    """The confirmation page, unless the post is confirmed (or refused anyway)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_organizer(request.user):
        return None  # _act refuses it
    back = request.POST.get("next", "")
    if not back.startswith("/") or back.startswith("//"):
        back = reverse("tournament-forfeits", args=[tournament.slug])
    return unconfirmed(request, back=back, **page)


@require_POST
def match_forfeit(request: HttpRequest, slug: str, match: int) -> HttpResponse:
    winner = _player(request)
    asked = _ask(request, slug, danger=True,
                 title=_("Forfeit of match %(match)s") % {"match": match},
                 consequence=_("Forfeit: %(player)s wins match %(match)s without game points; "
                               "a result it had is set aside (its log stays in the history).")
                 % {"player": winner.name, "match": match},
                 yes=_("Yes, %(player)s wins by forfeit") % {"player": winner.name})
    if asked is not None:
        return asked

    def action(tournament: Tournament) -> str:
        winner = _player(request)
        forfeits.match_forfeit(tournament=tournament, match=_match(tournament, match),
                               winner=winner)
        return _("%(player)s wins match #%(match)s by forfeit.") % {"player": winner.name,
                                                                    "match": match}
    return _act(request, slug, action)


@require_POST
def match_double_forfeit(request: HttpRequest, slug: str, match: int) -> HttpResponse:
    asked = _ask(request, slug, danger=True,
                 title=_("Double forfeit of match %(match)s") % {"match": match},
                 consequence=_("Double forfeit: nobody wins match %(match)s and nobody goes on "
                               "from it.") % {"match": match},
                 yes=_("Yes, double forfeit"))
    if asked is not None:
        return asked

    def action(tournament: Tournament) -> str:
        forfeits.match_double_forfeit(tournament=tournament, match=_match(tournament, match))
        return _("Match #%(match)s is a double forfeit.") % {"match": match}
    return _act(request, slug, action)


@require_POST
def match_forfeit_cancel(request: HttpRequest, slug: str, match: int) -> HttpResponse:
    def action(tournament: Tournament) -> str:
        forfeits.match_forfeit_cancel(tournament=tournament, match=_match(tournament, match))
        return _("The forfeit of match #%(match)s is taken back; the match is to be played.") \
            % {"match": match}
    return _act(request, slug, action)


@require_POST
def entry_disqualify(request: HttpRequest, slug: str) -> HttpResponse:
    if not request.POST.get("player"):
        messages.error(request, _("Choose the player to disqualify."))
        return redirect("tournament-forfeits", slug)
    player = _player(request)
    asked = _ask(request, slug, danger=True,
                 title=_("Disqualify %(player)s") % {"player": player.name},
                 consequence=_("Disqualify: every match of %(player)s without a result is "
                               "forfeited to the opponent, also the ones he would reach later; "
                               "results already played stay.") % {"player": player.name},
                 yes=_("Yes, disqualify %(player)s") % {"player": player.name})
    if asked is not None:
        return asked

    def action(tournament: Tournament) -> str:
        player = _player(request)
        forfeits.entry_disqualify(tournament=tournament, player=player)
        return _("%(player)s is disqualified; his matches without a result are forfeited.") \
            % {"player": player.name}
    return _act(request, slug, action)


@require_POST
def entry_reinstate(request: HttpRequest, slug: str) -> HttpResponse:
    def action(tournament: Tournament) -> str:
        player = _player(request)
        forfeits.entry_reinstate(tournament=tournament, player=player)
        return _("%(player)s plays again; the forfeits of his disqualification are taken "
                 "back.") % {"player": player.name}
    return _act(request, slug, action)


@require_POST
def playoffs_draw_view(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _organizer_tournament(request, slug)
    if isinstance(tournament, HttpResponse):
        return tournament
    redraw = bool(request.POST.get("redraw"))
    asked = unconfirmed(
        request, back=tournament.get_absolute_url(), danger=redraw,
        title=_("Draw the playoffs again") if redraw else _("Draw the playoffs"),
        consequence=_("Draw again: the playoff bracket is drawn anew from the group tables as "
                      "they are now.") if redraw else
        _("Draw: the qualifiers go into the playoff bracket as the group tables stand now."),
        yes=_("Yes, draw"))
    if asked is not None:
        return asked
    try:
        playoffs_draw(tournament=tournament, redraw=bool(request.POST.get("redraw")))
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The playoffs are drawn."))
    return redirect(tournament)
