"""Starting a tournament: close the entries, fix the seeds, draw the first stage.

Each format registers how it draws in :data:`DRAWS`.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Player
from tournaments.models import Entry, Stage, Tournament
from tournaments.services.common import TournamentError, locked
from tournaments.services.elimination import draw_double_elimination, draw_single_elimination
from tournaments.services.entries import entries_close, seeded_players
from tournaments.services.round_robin import draw_round_robin
from tournaments.services.stages import draw_groups_playoffs
from tournaments.services.swiss import draw_swiss
from tournaments.services.tables import draw_table_rounds

Draw = Callable[[Stage, list[Player]], None]

DRAWS: dict[str, Draw] = {
    Tournament.Format.ROUND_ROBIN: lambda stage, players: draw_round_robin(
        stage, players, double=False),
    Tournament.Format.DOUBLE_ROUND_ROBIN: lambda stage, players: draw_round_robin(
        stage, players, double=True),
    Tournament.Format.SINGLE_ELIMINATION: draw_single_elimination,
    Tournament.Format.DOUBLE_ELIMINATION: draw_double_elimination,
    Tournament.Format.GROUPS_PLAYOFFS: draw_groups_playoffs,
    Tournament.Format.SWISS: draw_swiss,
    Tournament.Format.TABLE_ROUNDS: draw_table_rounds,
}


def tournament_start(*, tournament: Tournament) -> Tournament:
    """Close the entries and draw every round of the format."""
    with transaction.atomic():
        tournament = locked(tournament)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise TournamentError(_("The tournament has already started."))
        entries_close(tournament=tournament)  # no-shows out, the waiting list moves up
        players = seeded_players(tournament)
        if len(players) < 2:
            raise TournamentError(_("A tournament needs at least two players."))
        # Fix the seeds as drawn, so that pages show what the bracket was built from.
        tournament.entries.update(seed=None)
        for number, player in enumerate(players, start=1):
            Entry.objects.filter(tournament=tournament, player=player).update(seed=number)
        stage = Stage.objects.create(tournament=tournament, number=1, kind=Stage.Kind.MAIN,
                                     format=tournament.format, status=Stage.Status.RUNNING)
        DRAWS[tournament.format](stage, players)
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    return tournament
