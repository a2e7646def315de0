"""Forfeits, double forfeits and disqualification: results an organizer records without a
log.

- :func:`match_forfeit`: one player did not play; the other wins (ranked 1, no game
  points). :func:`match_double_forfeit`: neither played; nobody wins, nobody goes on.
- Both replace whatever the match had (a log stays in its history) and count like any
  verdict: the bracket moves on, the standings follow, the tournament may end.
  :func:`match_forfeit_cancel` takes an organizer's forfeit back.
- :func:`entry_disqualify`: the player's matches without a result are forfeited to his
  opponents at once, and so is every match he would still be seated in (in double
  elimination, the losers' bracket match his forfeit sends him to). Results already played
  stay. :func:`entry_reinstate` undoes a disqualification and the forfeits it made.
- Forfeits are for two-player matches (a table of four or more has no single winner).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Match, Player
from games.services import match_after_verdict
from tournaments.models import Entry, Tournament
from tournaments.services.common import TournamentError, locked
from tournaments.services.elimination import stages_reflow
from tournaments.services.verdicts import write_cleared, write_forfeit


def _tournament_match(tournament: Tournament, match: Match) -> Match:
    match = Match.objects.select_for_update(no_key=True).get(pk=match.pk)
    if match.round is None or match.round.tournament_id != tournament.pk:
        raise TournamentError(_("Match #%(match)s is not a match of this tournament.")
                              % {"match": match.pk})
    if tournament.status == Tournament.Status.REGISTRATION:
        raise TournamentError(_("The tournament has not started."))
    seats = list(match.seats.order_by("index"))
    if len(seats) != 2:
        raise TournamentError(_("Forfeits are for matches of two players."))
    if any(seat.player_id is None for seat in seats):
        raise TournamentError(_("This match is still waiting for its players."))
    return match


def match_forfeit(*, tournament: Tournament, match: Match, winner: Player) -> Match:
    """``winner`` wins ``match`` by forfeit (his opponent did not play)."""
    with transaction.atomic():
        tournament = locked(tournament)
        match = _tournament_match(tournament, match)
        seats = list(match.seats.order_by("index"))
        index = next((seat.index for seat in seats if seat.player_id == winner.pk), None)
        if index is None:
            raise TournamentError(_("%(player)s does not play in match #%(match)s.")
                                  % {"player": winner.name, "match": match.pk})
        write_forfeit(match, winner_index=index, reason=Match.ForfeitReason.ORGANIZER)
        match_after_verdict(match)
    return match


def match_double_forfeit(*, tournament: Tournament, match: Match) -> Match:
    """Neither player of ``match`` played: nobody wins it."""
    with transaction.atomic():
        tournament = locked(tournament)
        match = _tournament_match(tournament, match)
        write_forfeit(match, winner_index=None, reason=Match.ForfeitReason.ORGANIZER)
        match_after_verdict(match)
    return match


def match_forfeit_cancel(*, tournament: Tournament, match: Match) -> Match:
    """Take back an organizer's forfeit or double forfeit: the match is to be played."""
    with transaction.atomic():
        tournament = locked(tournament)
        match = _tournament_match(tournament, match)
        if match.result == Match.Result.PLAYED or \
                match.forfeit_reason != Match.ForfeitReason.ORGANIZER:
            raise TournamentError(_("Match #%(match)s has no forfeit recorded by an "
                                    "organizer.") % {"match": match.pk})
        write_cleared(match)
        match_after_verdict(match)
    return match


def _entry(tournament: Tournament, player: Player) -> Entry:
    entry = tournament.entries.filter(player=player).first()
    if entry is None:
        raise TournamentError(_("%(player)s is not entered.") % {"player": player.name})
    return entry


def entry_disqualify(*, tournament: Tournament, player: Player) -> Entry:
    """Disqualify ``player``: every match of his without a result is forfeited, now or as
    soon as his opponent is known."""
    with transaction.atomic():
        tournament = locked(tournament)
        if tournament.status == Tournament.Status.REGISTRATION:
            raise TournamentError(_("The tournament has not started; take the entry back "
                                    "instead."))
        entry = _entry(tournament, player)
        if entry.status == Entry.Status.DISQUALIFIED:
            raise TournamentError(_("%(player)s is already disqualified.")
                                  % {"player": player.name})
        if entry.status not in (Entry.Status.ENTERED, Entry.Status.CHECKED_IN):
            raise TournamentError(_("%(player)s does not play in this tournament.")
                                  % {"player": player.name})
        entry.status = Entry.Status.DISQUALIFIED
        entry.save(update_fields=["status"])
        stages_reflow(tournament=tournament)
    return entry


def entry_reinstate(*, tournament: Tournament, player: Player) -> Entry:
    """Undo a disqualification: the forfeits it made are taken back (the matches are to be
    played); what was played after them stays until those matches have results."""
    with transaction.atomic():
        tournament = locked(tournament)
        entry = _entry(tournament, player)
        if entry.status != Entry.Status.DISQUALIFIED:
            raise TournamentError(_("%(player)s is not disqualified.")
                                  % {"player": player.name})
        entry.status = (Entry.Status.CHECKED_IN if entry.checked_in_at
                        else Entry.Status.ENTERED)
        entry.save(update_fields=["status"])
        stages_reflow(tournament=tournament)
    return entry
