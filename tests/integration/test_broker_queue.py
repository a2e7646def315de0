"""What waits in a real Redis broker: the question the ratings' gathering asks
(``games.services.queue.tasks_waiting``, ``league.services.rating_queue``)."""

from __future__ import annotations

import pytest
from celery import signature

from games.services.queue import tasks_waiting
from league.celery import app
from tests.brokers import broker_away, use_broker

pytestmark = [pytest.mark.integration]


@pytest.fixture
def own_broker(redis_url):
    """A Redis database of its own, so that no worker of the session takes what is queued."""
    previous = {"broker_url": app.conf.broker_url,
                "task_always_eager": app.conf.task_always_eager}
    use_broker(app, broker_url=redis_url.rsplit("/", 1)[0] + "/9", task_always_eager=False)
    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(app.conf.task_default_queue)
    yield
    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(app.conf.task_default_queue)
    use_broker(app, **previous)


def test_a_queued_task_is_seen_waiting_until_it_is_taken(own_broker):
    assert tasks_waiting() is False
    signature("league.tasks.rate_match", args=(1,)).delay()
    assert tasks_waiting() is True
    with app.connection_for_write() as connection:
        assert connection.default_channel.queue_purge(app.conf.task_default_queue) == 1
    assert tasks_waiting() is False


def test_nothing_waits_where_tasks_run_inline_or_the_broker_is_away():
    assert app.conf.task_always_eager is True  # the tests' default: tasks run inline
    assert tasks_waiting() is False
    with broker_away():
        assert tasks_waiting() is False
