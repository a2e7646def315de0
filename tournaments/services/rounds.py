"""Round-by-round formats (Swiss, table rounds): the next round is drawn by an organizer once
the last one has every verdict. What both share: who plays the next round, whether the last
round is complete, and the one service pages and the API call, :func:`round_next`."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Player
from tournaments.models import Entry, Round, Stage, Tournament
from tournaments.selectors.rounds import waiting_matches
from tournaments.selectors.standings import PLAYING
from tournaments.services.common import TournamentError, locked
from tournaments.services.swiss import swiss_pair_round
from tournaments.services.tables import tables_seat_round


def playing_entries(tournament: Tournament, number: int) -> list[Entry]:
    """The entries who play round ``number``: entered or checked in, and (a late entry)
    joining in that round or earlier. Withdrawn, disqualified, waiting and no-show entries
    are not paired any more."""
    entries = tournament.entries.filter(status__in=PLAYING).select_related("player")
    return [entry for entry in entries
            if entry.joined_round is None or entry.joined_round <= number]


def seed_key(entry: Entry) -> tuple[int, int, float, int]:
    """Seed order: seeded entries by seed, then the others (late entries) in order of entry."""
    return (entry.seed is None, entry.seed or 0, entry.created_at.timestamp(), entry.pk)


def main_stage(tournament: Tournament) -> Stage:
    stage = tournament.stages.order_by("number").first()
    if stage is None:
        raise TournamentError(_("The tournament has not started."))
    return stage


def check_last_round_complete(tournament: Tournament) -> int:
    """The number of the next round, or a user error while the last round still waits for
    results (every match of it needs its verdict: scored or forfeited)."""
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        return 1
    waiting = waiting_matches(last)
    if waiting:
        raise TournamentError(
            _("%(round)s is not complete: %(count)s match(es) still wait for a result.")
            % {"round": last.label, "count": waiting})
    return last.number + 1


def check_rounds_left(tournament: Tournament, number: int) -> None:
    planned = tournament.rounds_planned
    if planned is not None and number > planned:
        raise TournamentError(_("All %(count)s rounds have been drawn.") % {"count": planned})


def round_next(*, tournament: Tournament) -> Round:
    """Draw the next round of a Swiss or of table rounds (organizers, page and API).

    The last round must be complete and rounds must be left; the players are the entries
    still in (see :func:`playing_entries`).
    """
    draws: dict[str, Callable[[Tournament, Stage, int, list[Entry]], Round]] = {
        Tournament.Format.SWISS: swiss_pair_round,
        Tournament.Format.TABLE_ROUNDS: tables_seat_round}
    with transaction.atomic():
        tournament = locked(tournament)
        draw = draws.get(tournament.format)
        if draw is None:
            raise TournamentError(_("%(format)s tournaments draw all their rounds at the "
                                    "start.") % {"format": tournament.get_format_display()})
        if tournament.status == Tournament.Status.REGISTRATION:
            raise TournamentError(_("The tournament has not started."))
        number = check_last_round_complete(tournament)
        check_rounds_left(tournament, number)
        entries = sorted(playing_entries(tournament, number), key=seed_key)
        rnd = draw(tournament, main_stage(tournament), number, entries)
        if tournament.status == Tournament.Status.FINISHED:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
    return rnd


def players_of(entries: list[Entry]) -> list[Player]:
    return [entry.player for entry in entries]
