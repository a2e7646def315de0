"""Celery tasks of the league side: thin wrappers that take ids, fetch, and call a service."""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from league.services.rating_queue import match_rate_due


# As with the replay: only a database that is briefly away is worth another try.
@shared_task(bind=True, acks_late=True, autoretry_for=(OperationalError, InterfaceError),
             retry_backoff=True, retry_backoff_max=60, max_retries=5)
def rate_match(self, match_id: int) -> str:  # type: ignore[no-untyped-def]
    """Rate a match after its verdict, or rebuild its game's ratings (see
    league.services.ratings), and clear the mark that its rating is due."""
    return match_rate_due(match_id=match_id)
