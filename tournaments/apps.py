from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Django's place for wiring an app to another: the models are loaded only now.
        from games.services.verdicts import verdict_handler_register
        from tournaments.services.figures import after_verdict_tournament_figures
        from tournaments.services.results import after_verdict_bracket, after_verdict_end

        # After a verdict (games.services.verdicts lists the order): first the bracket, then
        # the end of the tournament, which is read from the bracket.
        verdict_handler_register(name="bracket", order=10, handler=after_verdict_bracket)
        verdict_handler_register(name="tournament_end", order=20, handler=after_verdict_end)
        # Then the standings, bracket and tables the pages show are computed anew.
        verdict_handler_register(name="tournament_figures", order=25,
                                 handler=after_verdict_tournament_figures)
