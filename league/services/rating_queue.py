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
once its own rating is committed and the lock released, rates what became due meanwhile, in
chunks, each under the lock again (:func:`ratings_catch_up`). Nothing is left behind: a task
that gave up did so while the holder held the lock, after its mark was committed, so the
holder's look after releasing it finds the mark (or its next holder's look does, if the
holder finds the lock taken again).

**A burst is rated together.** While tasks wait in the broker (a club's evening being
scored), a rating task leaves its match due (:data:`GATHERED`) for a task after it, unless a
mark has waited :data:`GATHER_SECONDS` already. The task that finds the queue empty (or the
marks old enough) rates the due matches, a chunk per transaction and each chunk of a game in
one rewrite of its history (:func:`league.services.ratings.matches_rate`): the statements of
one rating for a burst, not for every match of it. Nothing is left behind here either: a
task that left its match did so after its mark was committed while another task waited in
the queue; every task ends with a rating follow-up or is one (the replay, the announcement,
the rating), and each of those rates what is due unless, again, a task waits after it. A
task that fails before its follow-up (or a queue that held only the sweep) leaves the marks
to the results sweep, which rates what waited longer than :data:`GATHER_SECONDS`
(:func:`ratings_requeue_waiting`).
"""

from __future__ import annotations

import datetime
import logging
import operator
from collections import defaultdict
from collections.abc import Iterable
from functools import reduce

from django.db import transaction
from django.db.models import Q, Subquery
from django.utils import timezone

from games.models import Match
from games.services.queue import task_enqueue, tasks_waiting
from league.models import RatingDue
from league.services.ratings import LEFT, RATE_TASK, match_rating_enqueue, matches_rate

logger = logging.getLogger(__name__)

#: The due matches one holder of a game's lock rates in one transaction.
CATCH_UP_CHUNK = 50

#: How long a burst's ratings gather at most while tasks wait in the broker (see the
#: module): well inside the five seconds a rating may take after the last verdict.
GATHER_SECONDS = 2
GATHER_SECONDS_DELTA = datetime.timedelta(seconds=GATHER_SECONDS)

#: What :func:`match_rate_due` returns when it left its match to a task after it.
GATHERED = "gathered"


def match_rating_due(*, match: Match) -> None:
    """After a verdict (the handler ``ratings``): the match's rating is due, and its task is
    queued once the verdict's announcement is committed."""
    # One statement, whether the match was due already (a correction) or not.
    RatingDue.objects.bulk_create([RatingDue(match_id=match.pk, due_at=timezone.now())],
                                  update_conflicts=True, unique_fields=["match"],
                                  update_fields=["due_at"])
    match_rating_enqueue(match=match)


def match_rate_due(*, match_id: int) -> str:
    """The rating task: rate the match, with what else of its game is due, and clear their
    marks; then rate whatever else became due meanwhile (see the module). A mark set again
    while this ran (a correction announced meanwhile) is not cleared with the match's
    rating: the catch-up that follows, or the task queued with it, rates the match again.
    Returns what was done to the match: :data:`~league.services.ratings.LEFT` if that is
    left to the game's rater, :data:`GATHERED` if to a task after this one."""
    if tasks_waiting() and not _due_since(timezone.now() - GATHER_SECONDS_DELTA):
        return GATHERED
    started = timezone.now()
    with transaction.atomic():  # the marks go with the rating's own commit
        others = _due_in_game_of(match_id)
        done, game = matches_rate(match_ids=[match_id, *others], wait=False)
        rated = game is not None and done.get(match_id) != LEFT
        if rated:
            _marks_clear({**others, match_id: started})
    if rated:
        try:
            ratings_catch_up()
        except Exception:  # the marks stay: their own tasks or the results sweep rate them
            logger.exception("catching up with the ratings failed")
    return done.get(match_id, "unchanged")


def _due_since(before: datetime.datetime) -> bool:
    return RatingDue.objects.filter(due_at__lt=before).exists()


def _due_in_game_of(match_id: int) -> dict[int, datetime.datetime]:
    """The other matches of the match's game whose rating is due (a chunk, the oldest
    marks first), with when they became due; the match's game read in the same query."""
    game = Match.objects.filter(pk=match_id).values("game")
    return dict(RatingDue.objects.filter(match__game=Subquery(game))
                .exclude(match_id=match_id).order_by("due_at", "match_id")
                .values_list("match_id", "due_at")[:CATCH_UP_CHUNK - 1])


def _marks_clear(due: dict[int, datetime.datetime]) -> None:
    """Clear the marks of rated matches, each unless it was set again after ``due``'s time
    (one statement)."""
    if due:
        RatingDue.objects.filter(reduce(operator.or_, (
            Q(match_id=match_id, due_at__lte=due_at) for match_id, due_at in due.items())
        )).delete()


def _due_chunk(*, games: Iterable[str] | None, since: datetime.datetime | None,
               skip: set[str]) -> dict[str, dict[int, datetime.datetime]]:
    """The oldest due marks (a chunk), by game: of ``games`` if given, due ``since`` then if
    given, not of the games ``skip``."""
    marks = RatingDue.objects.exclude(match__game__in=skip)
    if games is not None:
        marks = marks.filter(match__game__in=list(games))
    if since is not None:
        marks = marks.filter(due_at__gte=since)
    chunk: dict[str, dict[int, datetime.datetime]] = defaultdict(dict)
    for match_id, due_at, game in (marks.order_by("due_at", "match_id")
                                   .values_list("match_id", "due_at", "match__game")
                                   [:CATCH_UP_CHUNK]):
        chunk[game][match_id] = due_at
    return chunk


def ratings_catch_up(*, games: Iterable[str] | None = None,
                     since: datetime.datetime | None = None) -> int:
    """Rate the due matches (of ``games``, due ``since`` then, if given) while their game's
    lock is free, a chunk per transaction and the chunk's matches of one game together;
    returns how many were rated. A game whose lock another transaction holds is left to it
    (it looks again after its commit)."""
    rated, taken = 0, set[str]()
    while chunk := _due_chunk(games=games, since=since, skip=taken):
        for game, due in chunk.items():
            with transaction.atomic():
                done, _game = matches_rate(match_ids=list(due), wait=False)
                if LEFT in done.values():
                    taken.add(game)
                    continue
                _marks_clear(due)
            rated += len(due)
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
    were queued (none while the broker is away). Before that, rate what a burst's gathering
    left due since then for longer than :data:`GATHER_SECONDS`: the task it was left to
    never came (see the module)."""
    gathered_before = timezone.now() - GATHER_SECONDS_DELTA
    if before < gathered_before and RatingDue.objects.filter(
            due_at__gte=before, due_at__lt=gathered_before).exists():
        ratings_catch_up(since=before)
    return sum(match_rating_requeue(match_id=match_id)
               for match_id, _since in ratings_waiting(before=before))
