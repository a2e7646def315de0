from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        # Django's place for wiring an app to another: the models are loaded only now.
        from games.services.verdicts import verdict_handler_register
        from league import tasks  # noqa: F401  (the rating task, enqueued by its name)
        from league.services.figures import after_verdict_season_figures
        from league.services.ratings import match_rating_enqueue

        # The season's tables are computed anew (late, so that the season's row is held only
        # until the verdict commits).
        verdict_handler_register(name="season_figures", order=27,
                                 handler=after_verdict_season_figures)
        # Last after a verdict (games.services.verdicts lists the order): ratings only enqueue
        # work for after the commit.
        verdict_handler_register(name="ratings", order=30, handler=match_rating_enqueue)
