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
                              verdict (*in a transaction of its own*, see below)
====  ======================  =====================================================

The bracket comes before the end of the tournament because the end is read from the
bracket; the figures follow what the bracket and the end wrote, and come late so that the
competition's row is held only briefly before the commit; the ratings only enqueue work for
after the commit; the statistics come last and read nothing the others write (the match's
seats and current log are final by then).

A log's verdict (the replay) is announced on its own: :func:`match_verdict_due` marks the
match in the verdict's transaction and queues the task ``games.tasks.announce_verdict``,
which runs :func:`match_verdict_announce`. The handlers about the competition run in one
transaction; a handler registered ``alone`` (the statistics) runs after it commits, in a
transaction of its own, which also clears the mark. The competition's handlers hold the
tournament's row (the bracket locks it) until their commit: every verdict of a tournament
waits for that row, and the statistics (the longest of the handlers, about the players,
not the competition) would hold it as long again. A handler run alone gets the match's key
and game only and reads the rest itself (in its own transaction, after the match's row is
locked again). A handler that fails leaves the verdict standing and the announcement due:
the task retries it, and the results sweep queues it again. Every handler reads the state
it reacts to (who won, which matches have a verdict), so running it again changes nothing.
An organizer's decisions (forfeits, an import) announce theirs at once, every handler
inside the organizer's own transaction, so that the organizer sees whatever goes wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

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
    #: Announced in a transaction of its own, after the others (see the module).
    alone: bool = False


_registered: dict[str, _Registered] = {}


def verdict_handler_register(*, name: str, order: int, handler: VerdictHandler,
                             alone: bool = False) -> None:
    """Run ``handler(match=...)`` after every verdict, at ``order`` (lower runs first);
    ``alone``: when a log's verdict is announced, in a transaction of its own after the
    others, which must then all come before it.

    Registering a name again replaces the handler (``ready()`` may run more than once).
    """
    others = [item for item in _registered.values() if item.name != name]
    clash = next((item for item in others if item.order == order), None)
    if clash is not None:
        raise ValueError(f"verdict handlers {clash.name!r} and {name!r} both want order "
                         f"{order}; the order must be defined")
    registered = _Registered(order, name, handler, alone)
    # The announcement runs the handlers alone after the others: their order must say so.
    for item in others:
        if item.alone == alone:
            continue
        on_its_own, together = (item, registered) if item.alone else (registered, item)
        if on_its_own.order < together.order:
            raise ValueError(f"verdict handler {on_its_own.name!r} runs in a transaction of "
                             f"its own, after the others: its order must come after "
                             f"that of {together.name!r} ({together.order})")
    _registered[name] = registered


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


def match_verdict_due(*, match: Match, update_fields: list[str]) -> None:
    """Inside a verdict's transaction: save the verdict's ``update_fields`` of ``match`` and
    mark its announcement due, in one statement; the announcement is queued once the verdict
    is committed (a broker that is away leaves it to the results sweep)."""
    match.announcement_due_at = timezone.now()
    match.save(update_fields=[*update_fields, "announcement_due_at"])
    match_id = match.pk
    transaction.on_commit(lambda: task_enqueue(ANNOUNCE_TASK, match_id, follow_up=True))


@retry_on_conflict
def match_verdict_announce(*, match_id: int) -> bool:
    """Run the handlers for a due announcement, and clear it with the last of them.
    Returns whether anything was due (an announcement already made is not made again)."""
    handlers = _in_order()
    together = [item for item in handlers if not item.alone]
    alone = [item for item in handlers if item.alone]
    due = _announce_part(match_id, together, due=None, last=not alone)
    if due is None:
        return False
    if alone:
        _announce_part(match_id, alone, due=due, last=True, lean=True)
    return True


def _announce_part(match_id: int, handlers: list[_Registered], *,
                   due: datetime | None, last: bool, lean: bool = False) -> datetime | None:
    """Run ``handlers`` in one transaction, the match's row locked, if the announcement is
    (still) due: any due one at first, the one due at ``due`` after that; ``last`` clears it.
    ``lean``: the handlers (those run alone) read what they need of the match themselves
    and get its key and game only, not its competition. Returns when the announcement was
    due, ``None`` when nothing was."""
    with transaction.atomic():
        # By its key alone: first() would order by the match's default ordering, joining
        # the round for it, to find one row.
        found = (Match.objects.select_for_update(of=("self",), no_key=True)
                 .filter(pk=match_id).order_by())
        found = (found.only("id", "game", "announcement_due_at") if lean else
                 found.select_related("round__tournament", "round__stage__tournament",
                                      "season"))
        match = found.first()
        if match is None or match.announcement_due_at is None:
            return None
        if due is not None and match.announcement_due_at != due:
            # A newer verdict came between the parts: its own announcement makes this one.
            return None
        for item in handlers:
            item.handler(match=match)
        if last:
            Match.objects.filter(pk=match_id).update(announcement_due_at=None)
        return match.announcement_due_at


def match_verdict_requeue(*, match: Match) -> bool:
    """Queue a due announcement again (admin, the sweep); ``False`` if none is due or the
    broker is away."""
    if match.announcement_due_at is None or not task_enqueue(ANNOUNCE_TASK, match.pk):
        return False
    Match.objects.filter(pk=match.pk, announcement_due_at__isnull=False).update(
        announcement_due_at=timezone.now())
    return True
