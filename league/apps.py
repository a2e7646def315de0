from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        # Django's place for wiring an app to another: the models are loaded only now.
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_login_failed
        from django.db.models.signals import post_save, pre_save

        from games.services.verdicts import verdict_handler_register
        from games.signals import registration_refused
        from league import checks, tasks  # noqa: F401  (the deploy check; the rating task)
        from league.services.figures import after_verdict_season_figures
        from league.services.tokens import on_user_post_save, on_user_pre_save
        from league.throttle import on_login_failed, on_registration_refused

        # Failed log-ins and refused registrations count towards the throttle; a new
        # password revokes API tokens.
        user_login_failed.connect(on_login_failed, dispatch_uid="stammtisch-login-failed")
        registration_refused.connect(on_registration_refused,
                                     dispatch_uid="stammtisch-registration-refused")
        user = get_user_model()
        pre_save.connect(on_user_pre_save, sender=user, dispatch_uid="stammtisch-password")
        post_save.connect(on_user_post_save, sender=user, dispatch_uid="stammtisch-password")
        from games.services.sweep import follow_up_register
        from league.services.rating_queue import (
            match_rating_due,
            ratings_requeue_waiting,
            ratings_waiting,
        )
        from league.services.statistics import match_statistics_refresh

        # After a verdict (games.services.verdicts lists the order): the season's tables are
        # computed anew (late, so that the season's row is held only until the verdict
        # commits); ratings only mark the rating due and enqueue it for after the commit (the
        # results sweep queues a rating again that is due too long); the statistics follow
        # when the verdict is announced, in a transaction of their own (they are about the
        # players: the competition's rows need not wait for them).
        verdict_handler_register(name="season_figures", order=27,
                                 handler=after_verdict_season_figures)
        verdict_handler_register(name="ratings", order=30, handler=match_rating_due)
        verdict_handler_register(name="statistics", order=40,
                                 handler=match_statistics_refresh, alone=True)
        follow_up_register(name="ratings", waiting=ratings_waiting,
                           requeue=ratings_requeue_waiting)

        # The seasons a user organizes, for the results waiting on him (games.selectors).
        from django.db.models import Q

        from games.selectors.competitions import organizer_filter_register

        def organizers(match: Any) -> Q | None:
            return Q(organized_leagues=match.season.league_id) if match.season_id else None

        organizer_filter_register(
            name="league", matches=lambda user: Q(season__league__organizers=user),
            organizes_any=lambda user: user.organized_leagues.exists(), organizers=organizers)
