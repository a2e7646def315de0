"""The garbage collector of a web worker: it runs between requests, not inside them.

Django's model instances live in reference cycles (a prefetched match holds its seats, each
seat holds its match), so what a page read is freed by Python's cycle collector, not when the
request ends. Left to its own schedule, the collector ran in the middle of requests, after
the garbage of many requests had piled up: a collection of 135,841 objects paused the API's
round robin matches for 282 ms, about once in 20 requests, and every other request of that
process with it (the p95 of the API's lists under one reader was 7 times their p50).

Here a gunicorn worker collects when a request arrives and no other request of the process
is in flight: the young generations, which hold what the last requests left (0.1 to 2 ms on
the main pages), and every ``FULL_EVERY``-th time the whole heap (10 to 15 ms in a worker;
``gc.freeze()`` in the master keeps what lives as long as the process out of it). Not after
a request: until gunicorn's handler returns, its response (and through the view, every
object the page read) is still referenced, and a collection then would only move it all to
the oldest generation, to be freed in one of the long pauses this avoids (for the same
reason games/api/schema.py keeps the API's schema classes from holding the last view). The
automatic collector stays on as a safety net for a process that is never idle, with a
threshold a normal request does not reach (the largest main page leaves about 17,500
objects). deploy/gunicorn.conf.py calls these from its hooks.
"""

from __future__ import annotations

import gc
import threading

# Objects allocated (net) before the automatic collector runs a young collection; the
# heaviest main pages stay well under it, so it only runs for a process that is never idle.
AUTOMATIC_THRESHOLD = 100_000
# Every this many collections, the whole heap instead of the young generations. Rarely needed:
# only what outlives a request (a cache, a connection) reaches the oldest generation, since
# a collection runs only when no other request's objects are alive.
FULL_EVERY = 100


class _Requests:
    """How many requests this process is serving, and how often it has collected."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.in_flight = 0
        self.collections = 0


_requests = _Requests()


def worker_prepare() -> None:
    """In a freshly forked worker: the automatic collector only as a safety net."""
    gc.set_threshold(AUTOMATIC_THRESHOLD, 20, FULL_EVERY)


def request_started() -> int | None:
    """A request arrives: collect first if no other request is in flight (what the earlier
    requests left is garbage now). Returns the generation collected (1 young, 2 whole), or
    ``None`` if another request is running (its objects are alive; a collection would only
    age them)."""
    with _requests.lock:
        _requests.in_flight += 1
        if _requests.in_flight > 1:
            return None
        _requests.collections += 1
        generation = 2 if _requests.collections % FULL_EVERY == 0 else 1
    gc.collect(generation)
    return generation


def request_finished() -> None:
    with _requests.lock:
        _requests.in_flight = max(_requests.in_flight - 1, 0)
