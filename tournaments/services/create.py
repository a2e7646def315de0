"""Creating a tournament: its game, format, rules and settings."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.engines import get_engine
from tournaments.models import Tournament
from tournaments.services.common import TournamentError, unique_slug


def tournament_create(*, name: str, game: str, format: str, organizer: Any,
                      rules: dict[str, Any] | None = None, description: str = "",
                      starts_on: Any = None) -> Tournament:
    engine = get_engine(game)
    engine.rules(rules)  # an unknown option is refused before anything is saved
    if engine.max_seats != 2:
        raise TournamentError(_("%(game)s is not a two-player game; its table rounds come "
                                "with the table formats.") % {"game": engine.name})
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name, slug=unique_slug(Tournament, name), game=game, format=format,
            rules=rules or {"preset": "seed"}, description=description, starts_on=starts_on)
        if organizer is not None:
            tournament.organizers.add(organizer)
    return tournament
