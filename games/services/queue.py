"""Handing work to the Celery workers, by the task's registered name.

A broker that is away must not undo or fail what was already committed: the submission is
stored, its status says that it waits, and the results sweep (:mod:`games.services.sweep`)
queues it again once the broker is back. So a failed hand-over is logged, not raised. Where
tasks run inline (the embedded default), a task that fails is treated as a worker treats it:
logged, while what was committed stays (a failed announcement stays due, for instance).
"""

from __future__ import annotations

import logging

from celery import signature
from kombu.exceptions import OperationalError as BrokerError

logger = logging.getLogger(__name__)


def task_enqueue(name: str, *args: int) -> bool:
    """Queue the task ``name`` with ``args``; ``False`` when the broker cannot be reached."""
    try:
        signature(name, args=args).delay()
    except (BrokerError, ConnectionError, TimeoutError) as error:
        logger.warning("could not queue %s%r, the results sweep will: %s", name, args, error)
        return False
    except Exception:  # an inline task that failed; a worker would log it the same way
        logger.exception("task %s%r failed", name, args)
        return False
    return True
