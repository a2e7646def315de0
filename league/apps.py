from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        # Django's place for wiring an app to another: the models are loaded only now.
        from games.services.verdicts import verdict_handler_register
        from league import tasks  # noqa: F401  (the rating task, enqueued by its name)
        from league.services.ratings import match_rating_enqueue

        # Last after a verdict (games.services.verdicts lists the order): ratings only enqueue
        # work for after the commit.
        verdict_handler_register(name="ratings", order=30, handler=match_rating_enqueue)

        # The seasons a user organizes, for the results waiting on him (games.selectors).
        from django.db.models import Q

        from games.selectors.competitions import organizer_filter_register

        def organizers(match: Any) -> Q | None:
            return Q(organized_leagues=match.season.league_id) if match.season_id else None

        organizer_filter_register(
            name="league", matches=lambda user: Q(season__league__organizers=user),
            organizes_any=lambda user: user.organized_leagues.exists(), organizers=organizers)
