"""The Celery app. Tasks are found in each app's ``tasks.py``; settings use ``CELERY_*``.

Workers and beat refuse to start on the development key with DEBUG off, like the web
server (league.checks)."""

import os
import sys
from typing import Any

from celery import Celery
from celery.signals import beat_init, task_postrun, task_prerun, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

app = Celery("stammtisch")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _refuse_insecure_start(**kwargs: object) -> None:
    # Imported here, not at the top: this module is loaded with the league package, before
    # Django's settings are ready; the worker calls this once they are.
    from django.core.exceptions import ImproperlyConfigured

    from league.checks import refuse_insecure_start

    try:
        refuse_insecure_start()
    except ImproperlyConfigured as error:
        # Celery logs and swallows an Exception raised by a signal handler; SystemExit ends
        # the process.
        sys.stderr.write(f"{error}\n")
        raise SystemExit(1) from None


worker_init.connect(_refuse_insecure_start)
beat_init.connect(_refuse_insecure_start)


def _close_old_connections(task: Any = None, **kwargs: object) -> None:
    """Around every task a worker runs, Django's rule for a request: a connection older than
    CONN_MAX_AGE, or one an error left unusable, is closed; any other is kept for the next
    task (and checked before its first use, CONN_HEALTH_CHECKS). See CELERY_DB_REUSE_MAX.
    A task run inline (eager) is part of its caller's request and transaction: left alone,
    as Celery's own fixup leaves it."""
    if task is None or getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


task_prerun.connect(_close_old_connections)
task_postrun.connect(_close_old_connections)
