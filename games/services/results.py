"""The results flow: a log or score sheet submitted, replayed, scored or rejected.
:func:`match_log_submit` stores the text exactly as submitted and, once the transaction
commits, enqueues the replay task; the worker calls :func:`match_log_replay`,
which scores or rejects the log and announces the verdict (:mod:`games.services.verdicts`:
brackets, the end of a tournament and ratings follow). Replaying a log twice
changes nothing the second time (the log's status says it is done), so a task that runs again
after a worker died never counts a result twice.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import signature
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from games.engines import EngineError, MatchResult, get_engine
from games.models import HandOutcome, Match, MatchLog, log_digest
from games.replay import replay_text
from games.services.checks import check_competition
from games.services.verdicts import match_after_verdict

logger = logging.getLogger(__name__)

INTERNAL_ERROR = {
    "kind": "internal_error",
    "message": "The log could not be scored because of an error on our side. It is kept and "
               "will be scored again; the organizers have been told.",
    "reason": "internal error", "deal": None, "move": None, "field": None, "notation": None,
}


class MatchNotReady(Exception):
    """A user error: the match cannot take a result yet (a bracket seat is still open)."""


def match_log_submit(*, match: Match, text: str, submitted_by: Any = None,
                     source: str = MatchLog.Source.WEB) -> MatchLog:
    """Store a log or score sheet for ``match`` as submitted and have it scored.

    Submitting the very same text again returns the version already stored (no second
    version, no second count). Anything else becomes the match's newest version and
    supersedes the one before.
    """
    with transaction.atomic():
        match = (Match.objects.select_for_update(of=("self",)).select_related("season")
                 .get(pk=match.pk))
        refusal = _refusal(match)
        if refusal:
            raise MatchNotReady(refusal)
        existing = match.logs.filter(sha256=log_digest(text)).first()
        if existing is not None:
            return existing
        latest = match.logs.aggregate(latest=Max("version"))["latest"] or 0
        previous = match.current_log
        log = MatchLog.objects.create(match=match, version=latest + 1, text=text,
                                      source=source, submitted_by=submitted_by,
                                      supersedes=previous)
        match.current_log = log
        match.status = Match.Status.SUBMITTED
        match.save(update_fields=["current_log", "status", "updated_at"])
        transaction.on_commit(lambda: _enqueue_replay(log.pk))
    return log


def _refusal(match: Match) -> str | None:
    """Why this match cannot take a result now, in words for the submitter (or ``None``)."""
    seats = list(match.seats.all())
    if any(seat.player_id is None for seat in seats):
        return gettext("This match is still waiting for its players.")
    if len(seats) < get_engine(match.game).min_seats:
        return gettext("This match is a bye: there is no result to submit.")
    if match.season is not None and match.season.status == "closed":
        return gettext("The season is closed: it takes no more results.")
    return None


#: The replay task, enqueued by its name: the task module imports this service, never the
#: other way round (a test checks that the name resolves to the task).
REPLAY_TASK = "games.tasks.replay_match_log"


def _enqueue_replay(log_id: int) -> None:
    signature(REPLAY_TASK, args=(log_id,)).delay()


def match_log_replay(*, log_id: int) -> MatchLog:
    """Replay, check and score one submitted log (the work of the Celery task)."""
    with transaction.atomic():
        log = MatchLog.objects.select_for_update().select_related("match").get(pk=log_id)
        if log.status in (MatchLog.Status.SCORED, MatchLog.Status.REJECTED):
            return log  # already done: a repeated task must not count the result twice
        log.status = MatchLog.Status.SCORING
        log.save(update_fields=["status"])
        if log.is_current:
            Match.objects.filter(pk=log.match_id).update(status=Match.Status.SCORING)

    match = log.match
    seats = list(match.seats.select_related("player").order_by("index"))
    try:
        result = replay_text(log.text, game=match.game, rules=match.rules,
                             players=[seat.seated_player.name for seat in seats])
        check_competition(match, result)
    except EngineError as error:
        return _reject(log, error.to_json())
    except Exception:
        logger.exception("replaying match log %s failed", log_id)
        return _reject(log, INTERNAL_ERROR)
    return _score(log, result)


def _reject(log: MatchLog, error: dict[str, Any]) -> MatchLog:
    with transaction.atomic():
        log = MatchLog.objects.select_for_update().get(pk=log.pk)
        log.status = MatchLog.Status.REJECTED
        log.error = error
        log.outcome = None
        log.processed_at = timezone.now()
        log.save(update_fields=["status", "error", "outcome", "processed_at"])
        if log.is_current:
            match = log.match
            match.status = Match.Status.REJECTED
            _no_longer_a_forfeit(match)
            match.save(update_fields=["status", "result", "forfeit_reason", "updated_at"])
            match.seats.update(score=None, rank=None)
            match_after_verdict(match)
    return log


def _score(log: MatchLog, result: MatchResult) -> MatchLog:
    outcome = result.to_json()
    hands = outcome.pop("hands")
    with transaction.atomic():
        log = MatchLog.objects.select_for_update().get(pk=log.pk)
        log.status = MatchLog.Status.SCORED
        log.error = None
        log.outcome = outcome
        log.processed_at = timezone.now()
        log.save(update_fields=["status", "error", "outcome", "processed_at"])
        HandOutcome.objects.filter(log=log).delete()
        HandOutcome.objects.bulk_create(
            HandOutcome(log=log, number=hand["number"], source=hand["source"],
                        points=hand["points"], facts=hand["facts"], detail=hand["detail"])
            for hand in hands)
        if log.is_current:
            match = log.match
            for seat, seat_result in zip(match.seats.order_by("index"), result.seats,
                                         strict=True):
                seat.score, seat.rank = seat_result.score, seat_result.rank
                seat.save(update_fields=["score", "rank"])
            match.status = Match.Status.SCORED
            _no_longer_a_forfeit(match)
            match.save(update_fields=["status", "result", "forfeit_reason", "updated_at"])
            match_after_verdict(match)
    return log


def _no_longer_a_forfeit(match: Match) -> None:
    """A verdict on a log is about a played match: it replaces a forfeit the match had."""
    match.result = Match.Result.PLAYED
    match.forfeit_reason = Match.ForfeitReason.NONE


def match_log_requeue(*, log: MatchLog) -> MatchLog:
    """Score a log again after an internal error (admin action); a verdict stays a verdict."""
    if log.status == MatchLog.Status.REJECTED and (log.error or {}).get("kind") == "internal_error":
        with transaction.atomic():
            MatchLog.objects.filter(pk=log.pk).update(status=MatchLog.Status.PENDING, error=None)
            transaction.on_commit(lambda: _enqueue_replay(log.pk))
    return log
