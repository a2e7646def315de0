"""The Celery app. Tasks are found in each app's ``tasks.py``; settings use ``CELERY_*``."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

app = Celery("stammtisch")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
