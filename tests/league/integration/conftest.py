"""The real Redis and Celery worker of ``tests/integration`` for the rating task."""

from tests.integration.conftest import celery_worker_process, redis_url  # noqa: F401
