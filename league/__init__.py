"""Project settings, urls and the Celery app; players, leagues, seasons and standings."""

from .celery import app as celery_app

__all__ = ["celery_app"]
