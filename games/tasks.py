"""Celery tasks: thin wrappers that take ids, fetch, and call a service."""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from games.services import match_log_replay


# Only a database that is briefly away is worth another try; a log that breaks the rules is a
# verdict, not a failure, and the service records it.
@shared_task(bind=True, acks_late=True, autoretry_for=(OperationalError, InterfaceError),
             retry_backoff=True, retry_backoff_max=60, max_retries=5)
def replay_match_log(self, log_id: int) -> str:  # type: ignore[no-untyped-def]
    return match_log_replay(log_id=log_id).status
