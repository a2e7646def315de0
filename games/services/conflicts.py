"""Two writers that wait for each other: PostgreSQL breaks the deadlock by failing one of
them, and the failed one simply runs again.

The results flow takes its row locks in one order (the match, then its log: see
:mod:`games.services.results`), so a deadlock between a submission and a replay cannot
arise; other writers (a bracket moving players on, an organizer's forfeit) may still meet,
and what failed that way is retried here instead of reaching the user as an error.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.db import OperationalError, transaction

logger = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

#: PostgreSQL's codes for "deadlock detected" and "could not serialize access".
CONFLICT_CODES = frozenset({"40P01", "40001"})
ATTEMPTS = 5


def is_conflict(error: BaseException) -> bool:
    """Whether ``error`` is a deadlock or serialization failure (worth running again)."""
    cause = error.__cause__
    return getattr(cause, "sqlstate", None) in CONFLICT_CODES or (
        # SQLite: a writer that waited longer than the timeout for the database's lock.
        "database is locked" in str(error))


def retry_on_conflict(function: Callable[P, R]) -> Callable[P, R]:
    """Run ``function`` (which opens its own transaction) again when it lost a deadlock.

    Inside an outer transaction nothing can be retried (the outer one is already lost), so
    the error goes up as it is.
    """

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return function(*args, **kwargs)
            except OperationalError as error:
                if (attempt == ATTEMPTS or not is_conflict(error)
                        or transaction.get_connection().in_atomic_block):
                    raise
                logger.info("%s lost a deadlock (attempt %s), running it again",
                            function.__name__, attempt)
                time.sleep(0.05 * attempt)
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper
