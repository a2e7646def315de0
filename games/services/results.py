"""The results flow: a log or score sheet submitted, replayed, scored or rejected.

:func:`match_log_submit` stores the text exactly as submitted and, once the transaction
commits, queues the replay task; the worker calls :func:`match_log_replay`, which scores or
rejects the log. The verdict commits on its own; what follows it (brackets, the end of a
tournament, ratings) is announced by its own task (:mod:`games.services.verdicts`), so a
failure there never takes the verdict back or leaves the log undecided.

Nothing is stuck for good and nothing counts twice:

- a broker that is away when a log is submitted costs nothing but time: the log is stored
  and ``pending``, and the results sweep (:mod:`games.services.sweep`) queues it again;
- submitting the same text again queues a log that is still waiting;
- a log already decided is left alone, so a task that runs twice (a worker died, the sweep
  queued it again) changes nothing the second time;
- every writer locks the match first and then its log, so a submission and a replay never
  wait for each other in a circle; a deadlock with anything else is retried;
- the locks are ``FOR NO KEY UPDATE``: the writers of a match still come one at a time, but a
  row that refers to the match or the log (a rating's step, a statistic) is written and
  committed meanwhile; ``FOR UPDATE`` would hold its commit, whose check of the reference
  waits for a share of the row's key.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import (
    Case,
    Count,
    Exists,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext

from games.engines import EngineError, MatchResult, get_engine
from games.models import HandOutcome, Match, MatchLog, Seat, log_digest
from games.replay import replay_text
from games.services.checks import check_competition
from games.services.conflicts import retry_on_conflict
from games.services.queue import task_enqueue
from games.services.verdicts import match_verdict_due

logger = logging.getLogger(__name__)

#: The verdict on a log that could not be scored because of an error of the service (a bug,
#: never the log's fault). It is listed by ``manage.py results_stuck`` and queued again by
#: ``--requeue`` or the admin's action once the cause is fixed.
INTERNAL_ERROR = {
    "kind": "internal_error",
    "message": "The log could not be scored because of an error on our side. It is kept as "
               "submitted, the error is logged, and an organizer can have it scored again.",
    "reason": "internal error", "deal": None, "move": None, "field": None, "notation": None,
}

#: Database errors that pass: the task runs again later (see games.tasks).
TRANSIENT_ERRORS = (OperationalError, InterfaceError)

WAITING = (MatchLog.Status.PENDING, MatchLog.Status.SCORING)
DECIDED = (MatchLog.Status.SCORED, MatchLog.Status.REJECTED)


class MatchNotReady(Exception):
    """A user error: the match cannot take a result yet (a bracket seat is still open)."""


class LogRefused(Exception):
    """A user error: the text cannot be stored as a log (it is refused before it is)."""


MIB = 1024 * 1024


def size_in_words(size: int) -> str:
    """A limit as people read it, in the reader's language: ``2 MiB (2,097,152 bytes)``
    (German: ``2 MiB (2.097.152 Bytes)``). Every place that names a size limit says it so:
    the messages, the pages, ``docs/log-format.md`` and ``docs/api-limits.md``."""
    mib = f"{size / MIB:.2f}".rstrip("0").rstrip(".")
    return gettext("%(mib)s MiB (%(bytes)s bytes)") % {
        "mib": number_format(Decimal(mib)), "bytes": number_format(size, force_grouping=True)}


class LogTooLarge(LogRefused):
    """The submitted text is longer than a log may be."""

    def __init__(self, size: int, limit: int) -> None:
        self.size, self.limit = size, limit
        super().__init__(gettext("The log has %(size)s bytes; a log may have at most "
                                 "%(limit)s.") % {
            "size": number_format(size, force_grouping=True), "limit": size_in_words(limit)})


class LogHasNul(LogRefused):
    """The text holds a NUL character, which no log has and the database cannot store."""

    def __init__(self, line: int, column: int) -> None:
        self.line, self.column = line, column
        super().__init__(gettext("The log holds a NUL character (line %(line)s, column "
                                 "%(column)s); a log is text.")
                         % {"line": line, "column": column})


def log_max_bytes() -> int:
    return int(settings.LOG_MAX_BYTES)


def log_check_size(text: str) -> None:
    """Refuse a text longer than ``settings.LOG_MAX_BYTES`` (UTF-8 bytes), or one that holds
    a NUL character (:class:`LogRefused`, before anything is stored)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > log_max_bytes():
        raise LogTooLarge(size, log_max_bytes())
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise LogHasNul(line, nul - (text.rfind("\n", 0, nul) + 1) + 1)


@retry_on_conflict
def match_log_submit(*, match: Match, text: str, submitted_by: Any = None,
                     source: str = MatchLog.Source.WEB,
                     on_stored: Callable[[MatchLog, bool], object] | None = None) -> MatchLog:
    """Store a log or score sheet for ``match`` as submitted and have it scored.

    Submitting the very same text again returns the version already stored (no second
    version, no second count) and queues it again if it still waits for its verdict.
    Anything else becomes the match's newest version and supersedes the one before.

    ``on_stored(log, new)`` runs inside the transaction, under the match's lock, once the
    match has its log for the text (``new``: stored just now, not the one already there), so
    that what the caller writes with the log commits with it. After a lost deadlock the
    transaction runs again, and so does ``on_stored``: it writes in the transaction only.
    """
    log_check_size(text)
    digest = log_digest(text)
    with transaction.atomic():
        # Lock order of the results flow: the match, then its logs (as in the replay).
        match = _with_seating(Match.objects.select_for_update(of=("self",), no_key=True)
                              .select_related("season")).get(pk=match.pk)
        refusal = _refusal(match)
        if refusal:
            raise MatchNotReady(refusal)
        # The latest version and a log of the same text (rare) in one statement.
        logs = match.logs.order_by().aggregate(latest=Max("version"),
                                               same=Max("pk", filter=Q(sha256=digest)))
        if logs["same"] is not None:
            existing = match.logs.get(pk=logs["same"])
            if existing.status in WAITING or _failed_on_our_side(existing):
                _requeue(existing)
            if on_stored is not None:
                on_stored(existing, False)
            return existing
        log = MatchLog.objects.create(match=match, version=(logs["latest"] or 0) + 1,
                                      text=text, source=source, submitted_by=submitted_by,
                                      supersedes_id=match.current_log_id,
                                      queued_at=timezone.now())
        match.current_log = log
        match.status = Match.Status.SUBMITTED
        match.save(update_fields=["current_log", "status", "updated_at"])
        if on_stored is not None:
            on_stored(log, True)
        log_id = log.pk
        transaction.on_commit(lambda: task_enqueue(REPLAY_TASK, log_id))
    return log


def _with_seating(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches with what :func:`_refusal` asks of their seats, read in the same statement
    (as subqueries: PostgreSQL locks no row of a query that groups)."""
    seats = Seat.objects.filter(match=OuterRef("pk")).order_by()
    return matches.annotate(
        seat_open=Exists(seats.filter(player__isnull=True)),
        seat_count=Coalesce(Subquery(seats.values("match").annotate(n=Count("pk"))
                                     .values("n")), 0))


def _refusal(match: Match) -> str | None:
    """Why this match cannot take a result now, in words for the submitter (or ``None``).
    A match read :func:`_with_seating` has its seats counted already; another is asked."""
    if not hasattr(match, "seat_count"):
        match = _with_seating(Match.objects.select_related("season")).get(pk=match.pk)
    # Annotations, which the model's type does not know.
    seat_open: bool = match.seat_open  # type: ignore[attr-defined]
    seat_count: int = match.seat_count  # type: ignore[attr-defined]
    if seat_open:
        return gettext("This match is still waiting for its players.")
    if seat_count < get_engine(match.game).min_seats:
        return gettext("This match is a bye: there is no result to submit.")
    if match.season is not None and match.season.status == "closed":
        return gettext("The season is closed: it takes no more results.")
    return None


#: The replay task, enqueued by its name: the task module imports this service, never the
#: other way round (a test checks that the name resolves to the task).
REPLAY_TASK = "games.tasks.replay_match_log"


def match_log_replay(*, log_id: int) -> MatchLog:
    """Replay, check and score one submitted log (the work of the Celery task).

    A database that is away raises (the task retries); anything the log gets wrong is a
    verdict; an error of the service itself is recorded as :data:`INTERNAL_ERROR`.
    """
    log = _replay_start(log_id)
    if log.status in DECIDED:
        return log  # already done: a repeated task must not count the result twice
    match = log.match
    seats = list(match.seats.select_related("player").order_by("index"))
    try:
        result = replay_text(log.text, game=match.game, rules=match.rules,
                             players=[seat.seated_player.name for seat in seats])
        check_competition(match, result)
    except EngineError as error:
        return _verdict(log_id, match.pk, rejected=error.to_json())
    except TRANSIENT_ERRORS:
        raise
    except Exception:
        logger.exception("replaying match log %s failed", log_id)
        return _verdict(log_id, match.pk, rejected=INTERNAL_ERROR)
    return _verdict(log_id, match.pk, result=result)


def _lock_match(match_id: int) -> None:
    """The first lock of every writer of the results flow (then the log)."""
    list(Match.objects.select_for_update(of=("self",), no_key=True).filter(pk=match_id)
         .order_by().values_list("pk", flat=True))


@retry_on_conflict
def _replay_start(log_id: int) -> MatchLog:
    """Mark the log ``scoring`` in a short transaction of its own (locks: match, then log)."""
    with transaction.atomic():
        # The log's match, found and locked in one statement (a log never changes match).
        match_id = (Match.objects.select_for_update(of=("self",), no_key=True).order_by()
                    .filter(pk=Subquery(MatchLog.objects.filter(pk=log_id).order_by()
                                       .values("match_id")))
                    .values_list("pk", flat=True).first())
        if match_id is None:
            raise MatchLog.DoesNotExist(f"match log {log_id} does not exist")
        # With the match, what the competition's checks read (services/checks.py).
        log = (MatchLog.objects.select_for_update(of=("self",), no_key=True)
               .select_related("match__round__tournament", "match__seating").get(pk=log_id))
        if log.status in DECIDED:
            return log
        log.status = MatchLog.Status.SCORING
        log.queued_at = timezone.now()
        log.save(update_fields=["status", "queued_at"])
        if log.is_current:
            Match.objects.filter(pk=match_id).update(status=Match.Status.SCORING)
    return log


@retry_on_conflict
def _verdict(log_id: int, match_id: int, *, result: MatchResult | None = None,
             rejected: dict[str, Any] | None = None) -> MatchLog:
    """Store the verdict in one transaction, unless another run of the task stored one
    first; the announcement of it follows on its own (``match_verdict_due``)."""
    outcome = result.to_json() if result is not None else None
    hands = outcome.pop("hands") if outcome is not None else []
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",), no_key=True).get(pk=match_id)
        # The text was read to replay it; the verdict need not read it again.
        log = MatchLog.objects.select_for_update(no_key=True).defer("text").get(pk=log_id)
        if log.status in DECIDED:
            return log
        scored_before = log.processed_at is not None  # a log that failed on our side
        log.status = MatchLog.Status.REJECTED if rejected else MatchLog.Status.SCORED
        log.error, log.outcome = rejected, outcome
        log.processed_at = timezone.now()
        log.save(update_fields=["status", "error", "outcome", "processed_at"])
        if scored_before:
            HandOutcome.objects.filter(log=log).delete()
        HandOutcome.objects.bulk_create(
            HandOutcome(log=log, number=hand["number"], source=hand["source"],
                        points=hand["points"], facts=hand["facts"], detail=hand["detail"])
            for hand in hands)
        if match.current_log_id == log.pk:
            if result is not None:
                # The seats by their index, in one statement (no read of them first).
                match.seats.update(
                    score=Case(*(When(index=index, then=Value(seat.score))
                                 for index, seat in enumerate(result.seats)),
                               output_field=IntegerField()),
                    rank=Case(*(When(index=index, then=Value(seat.rank))
                                for index, seat in enumerate(result.seats)),
                              output_field=IntegerField()))
                match.status = Match.Status.SCORED
            else:
                match.seats.update(score=None, rank=None)
                match.status = Match.Status.REJECTED
            _no_longer_a_forfeit(match)
            match_verdict_due(match=match,
                              update_fields=["status", "result", "forfeit_reason", "updated_at"])
    return log


def _no_longer_a_forfeit(match: Match) -> None:
    """A verdict on a log is about a played match: it replaces a forfeit the match had."""
    match.result = Match.Result.PLAYED
    match.forfeit_reason = Match.ForfeitReason.NONE


def _failed_on_our_side(log: MatchLog) -> bool:
    return (log.status == MatchLog.Status.REJECTED
            and (log.error or {}).get("kind") == INTERNAL_ERROR["kind"])


def _requeue(log: MatchLog) -> None:
    """Queue the replay of ``log`` again once the caller's transaction commits."""
    MatchLog.objects.filter(pk=log.pk).update(queued_at=timezone.now())
    log_id = log.pk
    transaction.on_commit(lambda: task_enqueue(REPLAY_TASK, log_id))


def match_log_requeue(*, log: MatchLog) -> bool:
    """Have a log scored that still waits, or that failed on our side (admin action, the
    results sweep, ``manage.py results_stuck --requeue``); a verdict stays a verdict.
    Returns whether anything was queued."""
    with transaction.atomic():
        _lock_match(log.match_id)
        log = MatchLog.objects.select_for_update(no_key=True).get(pk=log.pk)
        if _failed_on_our_side(log):
            MatchLog.objects.filter(pk=log.pk).update(status=MatchLog.Status.PENDING,
                                                      error=None)
        elif log.status not in WAITING:
            return False
        _requeue(log)
    return True
