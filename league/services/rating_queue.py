"""No rating is lost on the way: a verdict's rating is due until the rating task has done it.

The verdict handler ``ratings`` (:func:`match_rating_due`) marks the match's rating due in
the announcement's transaction (:class:`league.models.RatingDue`) and queues the rating task
once that is committed. The task (:func:`match_rate_due`) brings the ratings in line
(:func:`league.services.ratings.match_rate`) and clears the mark. A task that never ran or
never finished (a broker away when it was queued, a worker killed, a database away longer
than the task's retries) leaves the mark, and the results sweep queues it again
(:func:`ratings_requeue_waiting`, registered with ``games.services.sweep`` in
``LeagueConfig.ready``). Rating a match again changes nothing, so queuing twice is harmless.

**One rater per game, and nobody waits for it.** The ratings of a game are written by one
transaction at a time (its lock, :mod:`league.services.ratings`). A rating task that finds
the lock taken does not wait for it: it leaves its match due to the holder, and every holder,
once its own rating is committed and the lock released, rates what became due of the game
meanwhile, in chunks, each under the lock again (:func:`game_ratings_catch_up`). Nothing is
left behind: a task that gave up did so while the holder held the lock, after its mark was
committed, so the holder's look after releasing it finds the mark (or its next holder's
look does, if the holder finds the lock taken again). The worker that gave up scores the
next log meanwhile instead of waiting, and a burst of verdicts is rated in a few
transactions instead of one each.
"""

from __future__ import annotations

import datetime
import logging

from django.db import transaction
from django.utils import timezone

from games.models import Match
from games.services.queue import task_enqueue
from league.models import RatingDue
from league.services.ratings import (
    LEFT,
    RATE_TASK,
    match_rate,
    match_rate_in_game,
    match_rating_enqueue,
)

logger = logging.getLogger(__name__)

#: The due matches of a game one holder of its lock rates in one transaction.
CATCH_UP_CHUNK = 50


def match_rating_due(*, match: Match) -> None:
    """After a verdict (the handler ``ratings``): the match's rating is due, and its task is
    queued once the verdict's announcement is committed."""
    # One statement, whether the match was due already (a correction) or not.
    RatingDue.objects.bulk_create([RatingDue(match_id=match.pk, due_at=timezone.now())],
                                  update_conflicts=True, unique_fields=["match"],
                                  update_fields=["due_at"])
    match_rating_enqueue(match=match)


def match_rate_due(*, match_id: int) -> str:
    """The rating task: rate the match and clear its mark, then rate whatever else of the
    game became due meanwhile (see the module). A mark set again while this ran (a
    correction announced meanwhile) is not cleared with the match's rating: the catch-up
    that follows, or the task queued with it, rates the match again. Returns what was done
    to the match, :data:`~league.services.ratings.LEFT` if that is left to the game's rater."""
    started = timezone.now()
    with transaction.atomic():  # the mark goes with the rating's own commit
        done, game = match_rate_in_game(match_id=match_id, wait=False)
        if done != LEFT:
            RatingDue.objects.filter(match_id=match_id, due_at__lte=started).delete()
    if done != LEFT and game is not None:
        try:
            game_ratings_catch_up(game=game)
        except Exception:  # the marks stay: their own tasks or the results sweep rate them
            logger.exception("catching up with the ratings of %s failed", game)
    return done


def _due_in_game(game: str) -> list[tuple[int, datetime.datetime]]:
    return list(RatingDue.objects.filter(match__game=game).order_by("due_at", "match_id")
                .values_list("match_id", "due_at")[:CATCH_UP_CHUNK])


def game_ratings_catch_up(*, game: str) -> int:
    """Rate the game's due matches while its lock is free, a chunk per transaction; returns
    how many were rated. Stops when none is due, or when another transaction holds the lock
    (it looks again after its commit)."""
    rated = 0
    while due := _due_in_game(game):
        with transaction.atomic():
            for match_id, due_at in due:
                if match_rate(match_id=match_id, wait=False) == LEFT:
                    return rated  # only the first can find the lock taken
                RatingDue.objects.filter(match_id=match_id, due_at__lte=due_at).delete()
                rated += 1
    return rated


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
