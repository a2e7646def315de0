"""What follows a verdict on a match: the apps above games react to it, in a defined order.

A verdict is a match scored, rejected, forfeited or cleared. ``games`` knows nothing of
tournaments or leagues; they register their handlers here in their ``AppConfig.ready`` and
:func:`match_after_verdict` runs them in this order:

====  ======================  =====================================================
10    ``bracket``             tournaments: players move on in the bracket (a
                              correction re-flows it)
20    ``tournament_end``      tournaments: the stage and the tournament are finished,
                              or running again
25    ``tournament_figures``  tournaments: the standings, bracket and tables the pages
                              show are computed anew (the figures' version goes up)
27    ``season_figures``      league: the same for the season's tables
30    ``ratings``             league: the match is rated once the verdict is committed
40    ``statistics``          league: the players' statistics, head-to-head
                              encounters, records and winning streaks follow the
                              verdict
====  ======================  =====================================================

The bracket comes before the end of the tournament because the end is read from the
bracket; the figures follow what the bracket and the end wrote, and come late so that the
competition's row is held only briefly before the commit; the ratings only enqueue work for
after the commit; the statistics come last and read nothing the others write (the match's
seats and current log are final by then).

A log's verdict (the replay) is announced on its own: :func:`match_verdict_due` marks the
match in the verdict's transaction and queues the task ``games.tasks.announce_verdict``,
which runs :func:`match_verdict_announce` in a transaction of its own. A handler that fails
there leaves the verdict standing and the announcement due: the task retries it, and the
results sweep queues it again. Every handler reads the state it reacts to (who won, which
matches have a verdict), so running it again changes nothing. An organizer's decisions
(forfeits, an import) announce theirs at once, in their own transaction, so that the
organizer sees whatever goes wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from games.models import Match
from games.services.conflicts import retry_on_conflict
from games.services.queue import task_enqueue

#: A handler takes the match (keyword ``match``) and reacts to its verdict.
VerdictHandler = Callable[..., None]

#: The announcement task, enqueued by its name (the task module imports this one).
ANNOUNCE_TASK = "games.tasks.announce_verdict"


@dataclass(frozen=True)
class _Registered:
    order: int
    name: str
    handler: VerdictHandler


_registered: dict[str, _Registered] = {}


def verdict_handler_register(*, name: str, order: int, handler: VerdictHandler) -> None:
    """Run ``handler(match=...)`` after every verdict, at ``order`` (lower runs first).

    Registering a name again replaces the handler (``ready()`` may run more than once).
    """
    clash = next((item for item in _registered.values()
                  if item.order == order and item.name != name), None)
    if clash is not None:
        raise ValueError(f"verdict handlers {clash.name!r} and {name!r} both want order "
                         f"{order}; the order must be defined")
    _registered[name] = _Registered(order, name, handler)


def verdict_handlers() -> list[tuple[int, str]]:
    """The registered handlers as ``(order, name)``, in the order they run."""
    return [(item.order, item.name) for item in _in_order()]


def _in_order() -> list[_Registered]:
    return sorted(_registered.values(), key=lambda item: item.order)


def match_after_verdict(match: Match) -> None:
    """Announce a verdict on ``match`` now: every registered handler runs, in order, inside
    the caller's transaction (an organizer's forfeit, an import), so that a failing handler
    takes the decision back with it."""
    for item in _in_order():
        item.handler(match=match)


def match_verdict_due(*, match: Match) -> None:
    """Inside a verdict's transaction: the announcement is due, and queued once the verdict
    is committed (a broker that is away leaves it to the results sweep)."""
    Match.objects.filter(pk=match.pk).update(announcement_due_at=timezone.now())
    match_id = match.pk
    transaction.on_commit(lambda: task_enqueue(ANNOUNCE_TASK, match_id, follow_up=True))


@retry_on_conflict
def match_verdict_announce(*, match_id: int) -> bool:
    """Run the handlers for a due announcement, and clear it in the same transaction.
    Returns whether anything was due (an announcement already made is not made again)."""
    with transaction.atomic():
        match = (Match.objects.select_for_update(of=("self",)).filter(pk=match_id)
                 .select_related("round__tournament", "season").first())
        if match is None or match.announcement_due_at is None:
            return False
        match_after_verdict(match)
        Match.objects.filter(pk=match_id).update(announcement_due_at=None)
    return True


def match_verdict_requeue(*, match: Match) -> bool:
    """Queue a due announcement again (admin, the sweep); ``False`` if none is due or the
    broker is away."""
    if match.announcement_due_at is None or not task_enqueue(ANNOUNCE_TASK, match.pk):
        return False
    Match.objects.filter(pk=match.pk, announcement_due_at__isnull=False).update(
        announcement_due_at=timezone.now())
    return True
