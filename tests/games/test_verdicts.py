"""What follows a verdict: the handlers tournaments and league register, in their defined
order, and the tasks the services enqueue by name."""

from __future__ import annotations

import dataclasses
from typing import Any
from unittest import mock

import pytest

from games.services import results as results_service
from games.services import verdicts
from games.tasks import replay_match_log
from league.celery import app as celery_app
from league.services import ratings as ratings_service
from league.tasks import rate_match
from tests.documents import as_text, first_wins
from tests.tournaments.elimination_helpers import at, make
from tournaments.models import Tournament
from tournaments.services import results as tournament_results


def test_the_registered_handlers_and_their_order():
    assert verdicts.verdict_handlers() == [(10, "bracket"), (20, "tournament_end"),
                                           (25, "tournament_figures"),
                                           (27, "season_figures"), (30, "ratings"),
                                           (40, "statistics")]


def test_two_handlers_cannot_share_an_order():
    with pytest.raises(ValueError, match="'bracket' and 'elsewhere' both want order 10"):
        verdicts.verdict_handler_register(name="elsewhere", order=10, handler=print)
    assert verdicts.verdict_handlers()[0] == (10, "bracket")


def test_a_handler_alone_comes_after_the_others():
    """The announcement runs the handlers registered alone after the others have committed:
    the order must say so, both ways."""
    with pytest.raises(ValueError, match="verdict handler 'statistics' runs in a transaction "
                                         "of its own, after the others: its order must come "
                                         "after that of 'later' \\(45\\)"):
        verdicts.verdict_handler_register(name="later", order=45, handler=print)
    with pytest.raises(ValueError, match="verdict handler 'early' runs in a transaction of "
                                         "its own, after the others: its order must come "
                                         "after that of 'ratings' \\(30\\)"):
        verdicts.verdict_handler_register(name="early", order=29, handler=print, alone=True)
    assert [name for _, name in verdicts.verdict_handlers()] == [
        "bracket", "tournament_end", "tournament_figures", "season_figures", "ratings",
        "statistics"]
    assert [item.name for item in verdicts._registered.values() if item.alone] == [
        "statistics"]


def test_the_task_names_resolve_to_the_tasks():
    """The services enqueue by name: the names are the registered tasks of the Celery app."""
    assert celery_app.tasks[results_service.REPLAY_TASK].name == replay_match_log.name
    assert celery_app.tasks[ratings_service.RATE_TASK].name == rate_match.name
    assert (replay_match_log.name, rate_match.name) == ("games.tasks.replay_match_log",
                                                        "league.tasks.rate_match")


@pytest.mark.django_db
def test_a_scored_bracket_match_runs_the_handlers_in_order(run_on_commit: Any,
                                                          organizer: Any):
    """The handlers run in order with the match itself, inside the verdict's transaction."""
    tournament = make(organizer, Tournament.Format.SINGLE_ELIMINATION, ["Anna", "Bert"])
    match = at(tournament, "W1.1")
    calls: list[tuple[str, int]] = []

    def recording(name: str, real: Any) -> Any:
        def handler(*, match: Any) -> None:
            calls.append((name, match.pk))
            real(match=match)
        return handler

    with mock.patch.dict(verdicts._registered, {
            name: dataclasses.replace(item, handler=recording(name, item.handler))
            for name, item in verdicts._registered.items()}), run_on_commit():
        results_service.match_log_submit(match=match,
                                         text=as_text(first_wins("Anna", "Bert")))
    assert calls == [("bracket", match.pk), ("tournament_end", match.pk),
                     ("tournament_figures", match.pk), ("season_figures", match.pk),
                     ("ratings", match.pk), ("statistics", match.pk)]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament_results.stage_is_done(tournament.stages.get())
