"""One rater per game, and nobody waits for it (``league.services.rating_queue``): a rating
task that finds the game's lock taken leaves its match to the holder, and the holder rates
what became due once its own commit released the lock."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from games.models import Match
from games.services import match_create, match_log_replay, match_log_submit
from games.services.verdicts import match_verdict_announce
from league.models import RatedMatch, Rating, RatingDue
from league.services import ratings as ratings_service
from league.services.rating_queue import game_ratings_catch_up, match_rate_due
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
    assert game_ratings_catch_up(game="gin") == 4
    assert game_ratings_catch_up(game="gin") == 0
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
            held.append(str(game_ratings_catch_up(game="gin")))
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
