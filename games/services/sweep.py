"""The results sweep: whatever of the results flow waits too long is queued again.

Run every ``RESULTS_SWEEP_EVERY`` seconds by Celery beat (``games.tasks.results_sweep``);
``manage.py results_stuck --requeue`` and the admin do the same by hand. It is the safety
net under every failure of the flow: a broker that was away when a log was submitted, a
worker killed while it held tasks, a database away longer than the task's retries, a handler
that failed after a verdict. Queuing something twice is harmless (a decided log and an
announced verdict are left alone), so the sweep needs no lock of its own.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from games.models import MatchLog
from games.selectors import results_waiting
from games.services.queue import task_enqueue
from games.services.results import REPLAY_TASK, match_log_requeue
from games.services.verdicts import match_verdict_requeue

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SweepReport:
    logs: int
    announcements: int
    failed: int = 0


def stuck_after() -> datetime.timedelta:
    return datetime.timedelta(seconds=float(settings.RESULTS_STUCK_AFTER))


def results_requeue_waiting(*, older_than: datetime.timedelta | None = None,
                            failed_too: bool = False) -> SweepReport:
    """Queue again every log that waits longer than ``older_than`` (default:
    ``RESULTS_STUCK_AFTER``) and every verdict not announced by then; with ``failed_too``
    also the logs that failed on our side (after the cause was fixed)."""
    waiting = results_waiting(older_than=stuck_after() if older_than is None else older_than)
    logs = sum(_requeue_log(log) for log in waiting.logs)
    announcements = sum(match_verdict_requeue(match=match) for match in waiting.announcements)
    failed = sum(match_log_requeue(log=log) for log in waiting.failed) if failed_too else 0
    if logs or announcements or failed:
        logger.warning("results sweep: queued %s logs, %s announcements and %s logs that "
                       "had failed again", logs, announcements, failed)
    return SweepReport(logs=logs, announcements=announcements, failed=failed)


def _requeue_log(log: MatchLog) -> bool:
    if not task_enqueue(REPLAY_TASK, log.pk):
        return False
    MatchLog.objects.filter(pk=log.pk, status__in=[MatchLog.Status.PENDING,
                                                   MatchLog.Status.SCORING]
                            ).update(queued_at=timezone.now())
    return True
