"""The rating task in a real Celery worker process: after the replay, and after a correction."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from games.models import MatchLog, Player
from games.services import match_create, match_log_submit
from league.models import Rating, RatingChange
from tests.documents import as_text, first_wins

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_for(condition, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(f"not done after {seconds} s")


def ratings():
    return {r.player.name: (round(r.rating, 2), r.matches)
            for r in Rating.objects.filter(game="gin").select_related("player")}


def test_the_worker_rates_and_rebuilds(celery_worker_process):
    anna, bert = Player.objects.create(name="Anna"), Player.objects.create(name="Bert")
    match = match_create(game="gin", players=[anna, bert],
                         rules={"preset": "seed", "rounds": 1})
    user = get_user_model().objects.create_user("olga")
    match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")), submitted_by=user)
    # The worker replays the log, then rates the match in a second task.
    wait_for(lambda: ratings() == {"Anna": (1662.31, 1), "Bert": (1337.69, 1)})
    corrected = {**first_wins("Bert", "Anna"), "players": ["Anna", "Bert"]}
    log = match_log_submit(match=match, text=as_text(corrected), submitted_by=user)
    wait_for(lambda: MatchLog.objects.get(pk=log.pk).status == MatchLog.Status.SCORED)
    wait_for(lambda: ratings() == {"Anna": (1337.69, 1), "Bert": (1662.31, 1)})
    assert RatingChange.objects.filter(match=match).count() == 2
