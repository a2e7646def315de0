"""Celery tasks: thin wrappers that take ids, fetch, and call a service.

Each task can run twice without counting anything twice (the services check what is already
done), is acknowledged late (a worker that dies mid-task leaves it to another: the broker's
``visibility_timeout`` is longer than the task's time limit) and retries only a database
that is briefly away; whatever still waits after that is queued again by the results sweep.
"""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from games.services import match_log_replay
from games.services.queue import follow_ups_here
from games.services.sweep import results_requeue_waiting
from games.services.verdicts import match_verdict_announce

TRANSIENT = (OperationalError, InterfaceError)


# A log that breaks the rules is a verdict, not a failure, and the service records it.
@shared_task(bind=True, acks_late=True, autoretry_for=TRANSIENT, retry_backoff=True,
             retry_backoff_max=60, max_retries=5)
def replay_match_log(self, log_id: int) -> str:  # type: ignore[no-untyped-def]
    # The verdict's announcement and rating follow here, right after it commits: no second
    # trip through the broker (games.services.queue).
    with follow_ups_here():
        return match_log_replay(log_id=log_id).status


@shared_task(bind=True, acks_late=True, autoretry_for=TRANSIENT, retry_backoff=True,
             retry_backoff_max=60, max_retries=5)
def announce_verdict(self, match_id: int) -> bool:  # type: ignore[no-untyped-def]
    """What follows a log's verdict: bracket, end of the tournament, ratings."""
    with follow_ups_here():
        return match_verdict_announce(match_id=match_id)


@shared_task(ignore_result=True)
def results_sweep() -> dict[str, int]:
    """Queue again what waits too long (Celery beat runs it every RESULTS_SWEEP_EVERY s)."""
    report = results_requeue_waiting()
    return {"logs": report.logs, "announcements": report.announcements, **report.follow_ups}
