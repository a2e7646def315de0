"""No rating is lost on the way: a verdict's rating is due until the rating task has done it.

The verdict handler ``ratings`` (:func:`match_rating_due`) marks the match's rating due in
the announcement's transaction (:class:`league.models.RatingDue`) and queues the rating task
once that is committed. The task (:func:`match_rate_due`) brings the ratings in line
(:func:`league.services.ratings.match_rate`) and clears the mark. A task that never ran or
never finished (a broker away when it was queued, a worker killed, a database away longer
than the task's retries) leaves the mark, and the results sweep queues it again
(:func:`ratings_requeue_waiting`, registered with ``games.services.sweep`` in
``LeagueConfig.ready``). Rating a match again changes nothing, so queuing twice is harmless.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Match
from games.services.queue import task_enqueue
from league.models import RatingDue
from league.services.ratings import RATE_TASK, match_rate, match_rating_enqueue


def match_rating_due(*, match: Match) -> None:
    """After a verdict (the handler ``ratings``): the match's rating is due, and its task is
    queued once the verdict's announcement is committed."""
    # One statement, whether the match was due already (a correction) or not.
    RatingDue.objects.bulk_create([RatingDue(match_id=match.pk, due_at=timezone.now())],
                                  update_conflicts=True, unique_fields=["match"],
                                  update_fields=["due_at"])
    match_rating_enqueue(match=match)


def match_rate_due(*, match_id: int) -> str:
    """The rating task: rate the match and clear its mark. A mark set again while this ran
    (a correction announced meanwhile) stays for the task queued with it."""
    started = timezone.now()
    with transaction.atomic():  # the mark goes with the rating's own commit
        done = match_rate(match_id=match_id)
        RatingDue.objects.filter(match_id=match_id, due_at__lte=started).delete()
    return done


def ratings_waiting(*, before: datetime.datetime) -> list[tuple[int, datetime.datetime]]:
    """The matches whose rating has been due since before ``before``: (match id, since)."""
    return list(RatingDue.objects.filter(due_at__lt=before).order_by("due_at", "match_id")
                .values_list("match_id", "due_at"))


def match_rating_requeue(*, match_id: int) -> bool:
    """Queue the rating of a match again (the sweep, the admin); ``False`` if the broker is
    away. The mark stays until the task has rated the match."""
    now = timezone.now()
    if not task_enqueue(RATE_TASK, match_id):
        return False
    # Due from now on (a task that ran inline has cleared it already).
    RatingDue.objects.filter(match_id=match_id, due_at__lte=now).update(due_at=timezone.now())
    return True


def ratings_requeue_waiting(*, before: datetime.datetime) -> int:
    """Queue the rating of every match due since before ``before`` again; returns how many
    were queued (none while the broker is away)."""
    return sum(match_rating_requeue(match_id=match_id)
               for match_id, _since in ratings_waiting(before=before))
