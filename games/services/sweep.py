"""The results sweep: whatever of the results flow waits too long is queued again.

Run every ``RESULTS_SWEEP_EVERY`` seconds by Celery beat (``games.tasks.results_sweep``);
``manage.py results_stuck --requeue`` and the admin do the same by hand. It is the safety
net under every failure of the flow: a broker that was away when a log was submitted, a
worker killed while it held tasks, a database away longer than the task's retries, a handler
that failed after a verdict. Queuing something twice is harmless (a decided log and an
announced verdict are left alone), so the sweep needs no lock of its own.

Work that the apps above ``games`` queue after a verdict is theirs to track (``games`` knows
nothing of ratings): an app registers it here (:func:`follow_up_register`, in its
``AppConfig.ready``) with what waits and how to queue one again, and the sweep, the command
and the admin cover it like the rest. League registers ``ratings``.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

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
    #: Per registered follow-up (e.g. ``ratings``): how many matches were queued again.
    follow_ups: dict[str, int] = field(default_factory=dict)


def stuck_after() -> datetime.timedelta:
    return datetime.timedelta(seconds=float(settings.RESULTS_STUCK_AFTER))


@dataclass(frozen=True)
class FollowUp:
    """Work queued after a verdict by an app above games. ``waiting(before=...)`` lists the
    matches whose work has waited since before a moment, as ``(match id, since)``;
    ``requeue(before=...)`` queues them again and says how many it could."""

    name: str
    waiting: Callable[..., list[tuple[int, datetime.datetime]]]
    requeue: Callable[..., int]


_follow_ups: dict[str, FollowUp] = {}


def follow_up_register(*, name: str, waiting: Callable[..., list[tuple[int, datetime.datetime]]],
                       requeue: Callable[..., int]) -> None:
    """Have the sweep cover the follow-up ``name`` (registering again replaces it)."""
    _follow_ups[name] = FollowUp(name, waiting, requeue)


def follow_ups_waiting(*, older_than: datetime.timedelta
                       ) -> dict[str, list[tuple[int, datetime.datetime]]]:
    """Per registered follow-up, the matches whose work has waited longer than
    ``older_than`` (only those with any)."""
    before = timezone.now() - older_than
    found = {name: item.waiting(before=before) for name, item in sorted(_follow_ups.items())}
    return {name: matches for name, matches in found.items() if matches}


def results_requeue_waiting(*, older_than: datetime.timedelta | None = None,
                            failed_too: bool = False) -> SweepReport:
    """Queue again every log that waits longer than ``older_than`` (default:
    ``RESULTS_STUCK_AFTER``) and every verdict not announced by then; with ``failed_too``
    also the logs that failed on our side (after the cause was fixed)."""
    older_than = stuck_after() if older_than is None else older_than
    waiting = results_waiting(older_than=older_than)
    logs = sum(_requeue_log(log) for log in waiting.logs)
    announcements = sum(match_verdict_requeue(match=match) for match in waiting.announcements)
    failed = sum(match_log_requeue(log=log) for log in waiting.failed) if failed_too else 0
    # After the announcements: an announcement queued now marks its follow-ups itself.
    before = timezone.now() - older_than
    follow_ups = {name: item.requeue(before=before)
                  for name, item in sorted(_follow_ups.items())}
    if logs or announcements or failed or any(follow_ups.values()):
        logger.warning("results sweep: queued %s logs, %s announcements, %s logs that had "
                       "failed, and follow-ups %s again", logs, announcements, failed,
                       follow_ups)
    return SweepReport(logs=logs, announcements=announcements, failed=failed,
                       follow_ups=follow_ups)


def _requeue_log(log: MatchLog) -> bool:
    if not task_enqueue(REPLAY_TASK, log.pk):
        return False
    MatchLog.objects.filter(pk=log.pk, status__in=[MatchLog.Status.PENDING,
                                                   MatchLog.Status.SCORING]
                            ).update(queued_at=timezone.now())
    return True
