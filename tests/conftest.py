"""Fixtures for the platform tests: users, players, hand-scored Gin documents.

Tasks run inline here (the embedded default), except in the integration tests, which start a
real Redis and a real Celery worker. Django runs ``transaction.on_commit`` callbacks only when
a real commit happens, so tests that submit results use :func:`run_on_commit` to let the
enqueued replay run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games.models import Player
from league.celery import app as celery_app


@pytest.fixture(autouse=True)
def inline_tasks(request: pytest.FixtureRequest) -> Iterator[None]:
    """Run Celery tasks inline unless the test has a real worker."""
    if "celery_worker_process" in request.fixturenames:
        yield
        return
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    """Every test starts with no cached figures: the test database hands out the same ids
    again, and a figure cached for another test's tournament must not be read."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def english_outside_requests() -> Iterator[None]:
    """Service messages in English in the tests; a request still picks its own language
    (German unless the client asks otherwise), so the German pages are tested as served."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks: Any) -> Any:
    """``with run_on_commit(): ...`` runs the on-commit callbacks (the replay) at the end."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def organizer(db: Any) -> Any:
    return get_user_model().objects.create_user("olga", password="secret-olga")


@pytest.fixture
def stranger(db: Any) -> Any:
    return get_user_model().objects.create_user("sven", password="secret-sven")


@pytest.fixture
def anna_user(db: Any) -> Any:
    return get_user_model().objects.create_user("anna", password="secret-anna")


@pytest.fixture
def players(db: Any, anna_user: Any) -> dict[str, Player]:
    names = ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank"]
    made = {name: Player.objects.create(name=name) for name in names}
    made["Anna"].user = anna_user
    made["Anna"].save()
    return made
