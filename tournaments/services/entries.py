"""Entries: entering and withdrawing players, the seeded list."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Player
from tournaments.models import Entry, Tournament
from tournaments.services.common import TournamentError, locked


@transaction.atomic
def tournament_enter(*, tournament: Tournament, player: Player, seed: int | None = None) -> Entry:
    tournament = locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError(_("Entries are closed: the tournament has started."))
    if tournament.entries.filter(player=player).exists():
        raise TournamentError(_("%(player)s is already entered.") % {"player": player})
    if seed is not None and tournament.entries.filter(seed=seed).exists():
        raise TournamentError(_("Seed %(seed)s is already taken.") % {"seed": seed})
    return Entry.objects.create(tournament=tournament, player=player, seed=seed)


@transaction.atomic
def tournament_withdraw(*, tournament: Tournament, player: Player) -> None:
    tournament = locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError(_("Entries are closed: the tournament has started."))
    tournament.entries.filter(player=player).delete()


def seeded_players(tournament: Tournament) -> list[Player]:
    """Players by seed: the seeded ones in seed order, then the others in order of entry."""
    entries = list(tournament.entries.select_related("player"))
    seeded = sorted((e for e in entries if e.seed is not None), key=lambda e: e.seed)
    unseeded = sorted((e for e in entries if e.seed is None), key=lambda e: (e.created_at, e.pk))
    return [entry.player for entry in seeded + unseeded]
