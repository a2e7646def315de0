"""Entries: entering and withdrawing players, the cap and the waiting list, check-in, seeds,
closing the registration at the start, and the seeded list the draws use.

The reads (who is in, the waiting list, the seed order) are in
:mod:`tournaments.selectors.registration`. Every write locks the tournament row first, so that two
entries for the last place, or an entry and the start, cannot both succeed.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Player
from tournaments.models import Entry, Tournament
from tournaments.selectors.registration import (
    IN_STATUSES,
    LATE_ENTRY_FORMATS,
    ROUND_BY_ROUND,
    late_entry_limit,
    late_entry_round,
    seed_order,
    waiting_list,
)
from tournaments.services.common import TournamentError, locked


def _closed() -> TournamentError:
    return TournamentError(_("Entries are closed: the tournament has started."))


def _entry_of(tournament: Tournament, player: Player) -> Entry:
    entry = tournament.entries.filter(player=player).select_related("player").first()
    if entry is None:
        raise TournamentError(_("%(player)s is not entered.") % {"player": player})
    return entry


def _check_seed(tournament: Tournament, seed: int | None, entry: Entry | None = None) -> None:
    if seed is None:
        return
    taken = tournament.entries.filter(seed=seed)
    if entry is not None:
        taken = taken.exclude(pk=entry.pk)
    if taken.exists():
        raise TournamentError(_("Seed %(seed)s is already taken.") % {"seed": seed})


def _is_full(tournament: Tournament) -> bool:
    cap = tournament.entry_cap
    return cap is not None and tournament.entries.filter(status__in=IN_STATUSES).count() >= cap


def _let_in(tournament: Tournament, entry: Entry, *, late_round: int | None) -> None:
    """Make ``entry`` an entry that is in (from new, re-entered or the waiting list)."""
    entry.status = Entry.Status.CHECKED_IN if entry.checked_in_at else Entry.Status.ENTERED
    entry.joined_round = late_round
    if late_round is not None and tournament.check_in:
        # A late entry is made at the desk, with the player there: he is checked in.
        entry.status = Entry.Status.CHECKED_IN
        entry.checked_in_at = entry.checked_in_at or timezone.now()


def _move_up(tournament: Tournament, *, checked_in_only: bool = False) -> list[Entry]:
    """Fill free places from the waiting list, in its order. While a Swiss runs, the players
    who move up are late entries of the next round; once late entries are closed (or in
    other formats once started) nobody moves up."""
    late_round = None
    if tournament.status != Tournament.Status.REGISTRATION:
        late_round = late_entry_round(tournament)
        if late_round is None:
            return []
    moved = []
    for entry in waiting_list(tournament):
        if _is_full(tournament):
            break
        if checked_in_only and entry.checked_in_at is None:
            continue
        _let_in(tournament, entry, late_round=late_round)
        entry.save(update_fields=["status", "joined_round", "checked_in_at"])
        moved.append(entry)
    return moved


@transaction.atomic
def tournament_enter(*, tournament: Tournament, player: Player, seed: int | None = None) -> Entry:
    """Enter ``player``: he is in while there is a place under the entry cap, otherwise he
    goes on the waiting list. In a running Swiss he is a late entry until half the rounds
    (:func:`tournaments.selectors.registration.late_entry_limit`) and joins the next round.

    A player who withdrew before the start may enter again; he goes to the back of the
    queue (his order of entry is now).
    """
    tournament = locked(tournament)
    late_round = None
    if tournament.status == Tournament.Status.RUNNING and \
            tournament.format in LATE_ENTRY_FORMATS:
        late_round = late_entry_round(tournament)
        if late_round is None:
            limit = late_entry_limit(tournament)
            if limit is None:
                raise TournamentError(_("Late entries need the number of rounds to be set."))
            raise TournamentError(
                _("Late entries are closed: a late entry joins by round %(limit)s of "
                  "%(rounds)s at the latest.")
                % {"limit": limit, "rounds": tournament.rounds_planned})
    elif tournament.status != Tournament.Status.REGISTRATION:
        raise _closed()
    entry = tournament.entries.filter(player=player).first()
    if entry is not None and not (entry.status == Entry.Status.WITHDRAWN
                                  and tournament.status == Tournament.Status.REGISTRATION):
        raise TournamentError(_("%(player)s is already entered.") % {"player": player})
    _check_seed(tournament, seed, entry)
    if entry is None:
        entry = Entry(tournament=tournament, player=player)
    entry.seed = seed
    entry.checked_in_at = None
    # Whoever waits already goes first (a cap raised since the last entry).
    _move_up(tournament)
    if _is_full(tournament):
        entry.status = Entry.Status.WAITING
        entry.joined_round = None
    else:
        _let_in(tournament, entry, late_round=late_round)
    if entry.pk is None:
        entry.save()
    else:
        entry.created_at = timezone.now()
        entry.save()
        # auto_now_add only sets the time on the first save; a re-entry is a new entry.
        Entry.objects.filter(pk=entry.pk).update(created_at=entry.created_at)
    return entry


@transaction.atomic
def tournament_withdraw(*, tournament: Tournament, player: Player) -> Entry:
    """Withdraw ``player``; the first on the waiting list takes his place.

    Before the start anyone may withdraw (his seed is freed). Once a Swiss or table rounds
    run, a withdrawn player is not paired any more (his matches so far stay); other formats
    draw every round at the start, so there a player can only be disqualified.
    """
    tournament = locked(tournament)
    entry = _entry_of(tournament, player)
    running = tournament.status == Tournament.Status.RUNNING
    if tournament.status != Tournament.Status.REGISTRATION and not (
            running and tournament.format in ROUND_BY_ROUND):
        raise _closed()
    if entry.status not in (*IN_STATUSES, Entry.Status.WAITING):
        raise TournamentError(_("%(player)s is not in the tournament any more (%(status)s).")
                              % {"player": player, "status": entry.get_status_display()})
    entry.status = Entry.Status.WITHDRAWN
    if not running:
        entry.seed = None
        entry.checked_in_at = None
    entry.save(update_fields=["status", "seed", "checked_in_at"])
    _move_up(tournament)
    return entry


def _check_in_open(tournament: Tournament) -> None:
    if not tournament.check_in:
        raise TournamentError(_("This tournament has no check-in."))
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError(_("Check-in is closed: the tournament has started."))


@transaction.atomic
def entry_check_in(*, tournament: Tournament, player: Player) -> Entry:
    """Check ``player`` in (again: nothing changes). A player on the waiting list may check
    in too: he stays on the list, and at the start he may take a no-show's place."""
    tournament = locked(tournament)
    _check_in_open(tournament)
    entry = _entry_of(tournament, player)
    if entry.status not in (*IN_STATUSES, Entry.Status.WAITING):
        raise TournamentError(_("%(player)s is not in the tournament any more (%(status)s).")
                              % {"player": player, "status": entry.get_status_display()})
    if entry.checked_in_at is None:
        entry.checked_in_at = timezone.now()
    if entry.status == Entry.Status.ENTERED:
        entry.status = Entry.Status.CHECKED_IN
    entry.save(update_fields=["status", "checked_in_at"])
    return entry


@transaction.atomic
def entry_check_in_undo(*, tournament: Tournament, player: Player) -> Entry:
    """Take a check-in back (checked in by mistake, or gone again)."""
    tournament = locked(tournament)
    _check_in_open(tournament)
    entry = _entry_of(tournament, player)
    if entry.status == Entry.Status.CHECKED_IN:
        entry.status = Entry.Status.ENTERED
    entry.checked_in_at = None
    entry.save(update_fields=["status", "checked_in_at"])
    return entry


@transaction.atomic
def entry_seed_set(*, tournament: Tournament, player: Player, seed: int | None) -> Entry:
    """Seed ``player`` by hand (``None``: unseeded, after the seeded players in order of
    entry). With seeding by rating the hand seeds are not used."""
    tournament = locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError(_("Seeds are fixed: the tournament has started."))
    entry = _entry_of(tournament, player)
    if entry.status not in (*IN_STATUSES, Entry.Status.WAITING):
        raise TournamentError(_("%(player)s is not in the tournament any more (%(status)s).")
                              % {"player": player, "status": entry.get_status_display()})
    _check_seed(tournament, seed, entry)
    entry.seed = seed
    entry.save(update_fields=["seed"])
    return entry


@transaction.atomic
def entries_close(*, tournament: Tournament) -> list[Entry]:
    """Close the registration before the draw; returns the no-shows.

    With check-in, every entry that is in but not checked in becomes a *no-show*, and the
    players on the waiting list who checked in take the free places, in waiting-list order
    (who waits without having checked in stays on the list). Without check-in, free places
    (a cap raised after the last entry) are filled from the waiting list. Running it twice
    changes nothing the second time.
    """
    tournament = locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        return []
    no_shows: list[Entry] = []
    if tournament.check_in:
        no_shows = list(tournament.entries.filter(status=Entry.Status.ENTERED)
                        .select_related("player"))
        tournament.entries.filter(pk__in=[e.pk for e in no_shows]).update(
            status=Entry.Status.NO_SHOW, seed=None)
        for entry in no_shows:
            entry.status, entry.seed = Entry.Status.NO_SHOW, None
    _move_up(tournament, checked_in_only=tournament.check_in)
    return no_shows


def seeded_players(tournament: Tournament) -> list[Player]:
    """The players in the draw, in seed order (see
    :func:`tournaments.selectors.registration.seed_order`): entered or checked in; not
    waiting, no-show, withdrawn or disqualified. The start closes the registration
    (:func:`entries_close`) before it asks.
    """
    return [entry.player for entry in seed_order(tournament)]
