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
        from league.services.statistics import match_statistics_refresh

        # After a verdict (games.services.verdicts lists the order): ratings only enqueue work
        # for after the commit; the statistics follow the verdict in its own transaction.
        verdict_handler_register(name="ratings", order=30, handler=match_rating_enqueue)
        verdict_handler_register(name="statistics", order=40,
                                 handler=match_statistics_refresh)
