"""The Celery app. Tasks are found in each app's ``tasks.py``; settings use ``CELERY_*``.

Workers and beat refuse to start on the development key with DEBUG off, like the web
server (league.checks)."""

import os
import sys

from celery import Celery
from celery.signals import beat_init, worker_init

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
