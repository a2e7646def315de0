"""Pointing the Celery app at another broker in a test (a real Redis, or a closed port)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def use_broker(app: Any, **conf: Any) -> None:
    """Point the app at another broker. Celery and kombu keep connection and producer pools
    for the old one (kombu globally); they are reset so the next task uses the new one."""
    import kombu.pools

    app.conf.update(**conf)
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.amqp._producer_pool = None
    kombu.pools.reset()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def broker_away() -> Iterator[None]:
    """Tasks go to a Redis address where nothing listens: every hand-over is refused, as
    when the broker is down."""
    from league.celery import app

    previous = {"broker_url": app.conf.broker_url,
                "task_always_eager": app.conf.task_always_eager}
    use_broker(app, broker_url=f"redis://127.0.0.1:{free_port()}/0", task_always_eager=False)
    try:
        yield
    finally:
        use_broker(app, **previous)
