"""One rater per game, and nobody waits for it (``league.services.rating_queue``): a rating
task that finds the game's lock taken leaves its match to the holder, and the holder rates
what became due once its own commit released the lock. A burst is rated together: while
tasks wait in the broker a rating is left to a task after it, which rates what gathered in
the statements of one rating."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Match
from games.services import match_create, match_log_replay, match_log_submit
from games.services.verdicts import match_verdict_announce
from league.models import RatedMatch, Rating, RatingDue
from league.services import rating_queue
from league.services import ratings as ratings_service
from league.services.rating_queue import (
    GATHERED,
    match_rate_due,
    ratings_catch_up,
    ratings_requeue_waiting,
)
from tests.brokers import broker_away
from tests.documents import as_text, first_wins

pytestmark = pytest.mark.django_db(transaction=True)


def scored_with_rating_due(players, pairs) -> list[Match]:
    """Matches scored and announced while the broker was away: each one's rating is due and
    its task never reached a worker."""
    matches = []
    for winner, loser in pairs:
        match = match_create(game="gin", players=[players[winner], players[loser]],
                             rules={"preset": "seed", "rounds": 1})
        with broker_away():
            log = match_log_submit(match=match, text=as_text(first_wins(winner, loser)))
            match_log_replay(log_id=log.pk)
            assert match_verdict_announce(match_id=match.pk) is True
        matches.append(match)
    return matches


def ratings_now() -> dict[str, tuple[float, float, int]]:
    return {rating.player.name: (round(rating.rating, 6), round(rating.deviation, 6),
                                 rating.matches)
            for rating in Rating.objects.filter(game="gin").select_related("player")}


PAIRS = [("Anna", "Bert"), ("Cora", "Anna"), ("Bert", "Cora"), ("Anna", "Dieter")]


def test_the_next_task_of_the_game_rates_what_its_lost_tasks_left_due(players):
    matches = scored_with_rating_due(players, PAIRS)
    assert RatingDue.objects.count() == 4
    # Only the last match's task runs: it rates its own match, then the three left due.
    assert match_rate_due(match_id=matches[-1].pk) == "rated"
    assert not RatingDue.objects.exists()
    assert set(RatedMatch.objects.values_list("match_id", flat=True)) == {
        match.pk for match in matches}
    caught_up = ratings_now()
    # The same ratings as a rebuild of the game in the order of play.
    ratings_service.game_ratings_recompute(game="gin")
    assert ratings_now() == caught_up
    assert caught_up["Anna"][2] == 3
    # The tasks that were lost come at last: their matches are rated as they are.
    assert [match_rate_due(match_id=match.pk) for match in matches[:-1]] == [
        "unchanged"] * 3


def test_the_catch_up_rates_a_chunk_per_transaction(players, monkeypatch):
    monkeypatch.setattr("league.services.rating_queue.CATCH_UP_CHUNK", 3)
    scored_with_rating_due(players, PAIRS)
    assert ratings_catch_up(games=["gin"]) == 4
    assert ratings_catch_up(games=["gin"]) == 0
    assert RatedMatch.objects.count() == 4


def test_a_task_that_finds_the_game_s_lock_taken_leaves_its_match_to_the_holder(players):
    if connection.vendor != "postgresql":
        pytest.skip("the game's lock is a PostgreSQL advisory lock; SQLite writes one at a "
                    "time")
    first, second = scored_with_rating_due(players, PAIRS[:2])
    holding, release = threading.Event(), threading.Event()
    held: list[str] = []

    def holder() -> None:
        # Another worker rates the first match and holds the game's lock until released;
        # after its commit it looks for what became due meanwhile, as every rating task does.
        try:
            with transaction.atomic():
                held.append(ratings_service.match_rate(match_id=first.pk, wait=False))
                RatingDue.objects.filter(match_id=first.pk).delete()
                holding.set()
                release.wait(10)
            held.append(str(ratings_catch_up(games=["gin"])))
        finally:
            holding.set()
            connection.close()

    thread = threading.Thread(target=holder)
    thread.start()
    assert holding.wait(10)
    # The second match's task does not wait for the holder: its match stays due.
    assert match_rate_due(match_id=second.pk) == ratings_service.LEFT
    assert RatingDue.objects.filter(match=second).exists()
    assert not RatedMatch.objects.filter(match=second).exists()
    release.set()
    thread.join(30)
    assert held == ["rated", "1"]
    assert not RatingDue.objects.exists()
    assert set(RatedMatch.objects.values_list("match_id", flat=True)) == {first.pk, second.pk}
    assert ratings_now()["Anna"][2] == 2


def test_while_tasks_wait_in_the_broker_a_burst_is_rated_together(players, monkeypatch):
    matches = scored_with_rating_due(players, PAIRS)
    RatingDue.objects.update(due_at=timezone.now())  # due just now, however slow the setup
    monkeypatch.setattr(rating_queue, "tasks_waiting", lambda: True)
    # More logs wait to be scored: each rating is left to a task after it.
    assert [match_rate_due(match_id=match.pk) for match in matches[:-1]] == [GATHERED] * 3
    assert RatingDue.objects.count() == 4
    assert not RatedMatch.objects.exists()
    monkeypatch.setattr(rating_queue, "tasks_waiting", lambda: False)
    # The queue is empty: the last task rates the four in one rewrite of the history.
    with CaptureQueriesContext(connection) as burst:
        assert match_rate_due(match_id=matches[-1].pk) == "rated"
    assert not RatingDue.objects.exists()
    together = ratings_now()
    ratings_service.game_ratings_recompute(game="gin")
    assert ratings_now() == together
    assert together["Anna"][2] == 3
    # What one match alone costs (its players rated before: an update, not a creation).
    alone = scored_with_rating_due(players, [("Bert", "Anna")])
    with CaptureQueriesContext(connection) as one:
        assert match_rate_due(match_id=alone[0].pk) == "rated"
    assert len(burst) == len(one)


def test_a_burst_s_ratings_gather_no_longer_than_the_gathering_allows(players, monkeypatch):
    first, second = scored_with_rating_due(players, PAIRS[:2])
    monkeypatch.setattr(rating_queue, "tasks_waiting", lambda: True)
    RatingDue.objects.filter(match=second).update(due_at=timezone.now())
    RatingDue.objects.filter(match=first).update(
        due_at=timezone.now() - datetime.timedelta(seconds=rating_queue.GATHER_SECONDS + 1))
    # Tasks still wait, but a mark has waited long enough: this task rates them both.
    assert match_rate_due(match_id=second.pk) == "rated"
    assert not RatingDue.objects.exists()
    assert set(RatedMatch.objects.values_list("match_id", flat=True)) == {first.pk, second.pk}


def test_the_sweep_rates_what_a_gathering_left_to_a_task_that_never_came(players):
    matches = scored_with_rating_due(players, PAIRS[:2])
    left = timezone.now() - datetime.timedelta(seconds=rating_queue.GATHER_SECONDS + 1)
    RatingDue.objects.update(due_at=left)
    # Due for seconds, not since before the sweep's limit (minutes): rated, not queued.
    assert ratings_requeue_waiting(before=timezone.now() - datetime.timedelta(minutes=6)) == 0
    assert not RatingDue.objects.exists()
    assert set(RatedMatch.objects.values_list("match_id", flat=True)) == {
        match.pk for match in matches}
