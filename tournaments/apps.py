from typing import Any

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

        # The tournaments a user organizes, for the results waiting on him (games.selectors).
        from django.db.models import Q

        from games.selectors.competitions import organizer_filter_register

        def organizers(match: Any) -> Q | None:
            return Q(organized_tournaments=match.round.tournament_id) if match.round_id else None

        organizer_filter_register(
            name="tournaments", matches=lambda user: Q(round__tournament__organizers=user),
            organizes_any=lambda user: user.organized_tournaments.exists(), organizers=organizers)
