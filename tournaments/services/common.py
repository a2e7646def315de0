"""What the tournament services share: the user error, the row lock, and the rounds of the
round-by-round formats (Swiss, table rounds)."""

from __future__ import annotations

import hashlib

from tournaments.models import Round, Stage, Tournament
from tournaments.services.figures import tournament_figures_changed


class TournamentError(Exception):
    """A user error: shown to the organizer as it is."""


def locked(tournament: Tournament) -> Tournament:
    """The tournament as it is now, locked until the transaction ends (a start and an entry
    at the same moment must not both succeed).

    Every service that locks the tournament changes what its pages show (entries, rounds,
    forfeits, disqualifications), so its figures' version goes up with the lock (see
    :mod:`tournaments.services.figures`)."""
    tournament_figures_changed(tournament_id=tournament.pk)
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def round_seed(tournament: Tournament, number: int, purpose: str) -> int:
    """A stable number for the draw of one round: the same tournament and round give the same
    draw (a table seating can be drawn again and checked)."""
    base = tournament.deal_seed or tournament.slug
    digest = hashlib.sha256(f"{base}:{purpose}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def new_round(tournament: Tournament, stage: Stage, number: int) -> Round:
    return Round.objects.create(tournament=tournament, stage=stage, number=number)
