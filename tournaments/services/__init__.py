"""Writes on tournaments, one module per concern; import from here.

The pairing itself is done by :mod:`tournaments.pairing` on
plain values; these modules bridge it to the models.
"""

from tournaments.services.common import TournamentError
from tournaments.services.create import tournament_create
from tournaments.services.elimination import bracket_advance
from tournaments.services.entries import seeded_players, tournament_enter, tournament_withdraw
from tournaments.services.results import tournament_check_finished
from tournaments.services.start import tournament_start

__all__ = [
    "TournamentError", "bracket_advance", "seeded_players", "tournament_check_finished",
    "tournament_create", "tournament_enter", "tournament_start", "tournament_withdraw",
]
