"""The statistics with a real Redis and a real ``celery worker`` process: the worker scores a
partie, the verdict's announcement (its own task) stores the figures, and a correction the
worker scores replaces them."""

from __future__ import annotations

import copy
import json

import pytest

from games.models import MatchLog, Player
from games.services import match_log_submit
from league.models import GameRecord, PlayerGameStatistics
from tests.integration.test_worker import wait_for_verdict
from tests.league.statistics.helpers import figures, new_match
from tests.league.statistics.test_gin import PARTIE, sheet

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_worker_keeps_the_statistics_through_a_correction(celery_worker_process):
    match = new_match(PARTIE)
    log = wait_for_verdict(match_log_submit(match=match, text=json.dumps(PARTIE)))
    assert log.status == MatchLog.Status.SCORED
    anna = figures("Anna", "gin")
    assert (anna["knocks", "deadwood_knocking", None], anna["knocks", "knocks", None]) == (
        4.0, 3)
    assert GameRecord.objects.get(match=match).value == 526

    corrected = copy.deepcopy(PARTIE)
    corrected["deals"][1] = sheet("8H", "Anna", 2, 20)  # Anna had 2, not 4, in game 2
    log = wait_for_verdict(match_log_submit(match=match, text=json.dumps(corrected)))
    assert log.status == MatchLog.Status.SCORED
    assert figures("Anna", "gin")["knocks", "deadwood_knocking", None] == round(10 / 3, 4)
    stored = PlayerGameStatistics.objects.get(player=Player.objects.get(name="Anna"))
    assert (stored.matches, stored.totals["points"]) == (1, 654)
