"""Handing work to the Celery workers, by the task's registered name.

A broker that is away must not undo or fail what was already committed: the submission is
stored, its status says that it waits, and the results sweep (:mod:`games.services.sweep`)
queues it again once the broker is back. So a failed hand-over is logged, not raised. Where
tasks run inline (the embedded default), a task that fails is treated as a worker treats it:
logged, while what was committed stays (a failed announcement stays due, for instance).

What follows a verdict (its announcement, the rating) is a *follow-up*: inside
:func:`follow_ups_here` (the replay task) it runs in the same worker as soon as the verdict
commits, instead of a round trip through the broker and a second worker waiting for locks
the first still holds. Only a follow-up that fails there is queued as a task of its own, to be
retried like any other; what it leaves due (an announcement, a rating) stays marked until
done, so the results sweep still finds whatever a killed worker left.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from celery import current_app, signature
from kombu.exceptions import ChannelError
from kombu.exceptions import OperationalError as BrokerError

logger = logging.getLogger(__name__)


#: Whether follow-ups run where they arise (see the module).
_follow_ups_here: ContextVar[bool] = ContextVar("follow_ups_here", default=False)


@contextmanager
def follow_ups_here() -> Iterator[None]:
    """Run the follow-ups queued inside this block in this process, at once."""
    token = _follow_ups_here.set(True)
    try:
        yield
    finally:
        _follow_ups_here.reset(token)


def task_enqueue(name: str, *args: int, follow_up: bool = False) -> bool:
    """Queue the task ``name`` with ``args``; ``False`` when the broker cannot be reached.

    A ``follow_up`` inside :func:`follow_ups_here` runs here and now; queued only if it fails.
    """
    if follow_up and _follow_ups_here.get():
        try:
            current_app.tasks[name](*args)
        except Exception:
            logger.exception("follow-up %s%r failed here", name, args)
            if current_app.conf.task_always_eager:
                return False  # no worker to retry it: it stays due for the results sweep
        else:
            return True
    try:
        signature(name, args=args).delay()
    except (BrokerError, ConnectionError, TimeoutError) as error:
        logger.warning("could not queue %s%r, the results sweep will: %s", name, args, error)
        return False
    except Exception:  # an inline task that failed; a worker would log it the same way
        logger.exception("task %s%r failed", name, args)
        return False
    return True


def tasks_waiting() -> bool:
    """Whether tasks wait in the broker's queue for a worker now: a later task will run
    soon (the rating's gathering, :mod:`league.services.rating_queue`, leaves work to it).
    ``False`` where tasks run inline, and when the broker cannot be asked."""
    if current_app.conf.task_always_eager:
        return False
    queue = current_app.conf.task_default_queue
    try:
        # A connection of the pool the workers publish with: no new one per question.
        with current_app.pool.acquire(block=True, timeout=2) as connection:
            # One try: a broker that is away is not waited for (the default retries for
            # seconds, and the answer would be "nothing" all the same).
            connection.ensure_connection(max_retries=1, interval_start=0, interval_step=0)
            declared = connection.default_channel.queue_declare(queue=queue, passive=True)
    except ChannelError:
        return False  # no such queue yet: nothing was ever queued
    except Exception as error:  # the broker away: nothing can be said to wait
        logger.warning("could not ask the broker what waits: %s", error)
        return False
    return bool(declared.message_count)
