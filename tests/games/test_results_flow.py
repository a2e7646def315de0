"""The results flow under faults: nothing stuck for good, nothing counted twice.

The broker is really away in these tests (tasks go to a port where nothing listens); the
"worker that died" is the first half of a replay that never got to its verdict.
"""

from __future__ import annotations

import dataclasses
import datetime
import re

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Match, MatchLog
from games.services import match_create, match_log_replay, match_log_submit
from games.services import results as results_service
from games.services.results import INTERNAL_ERROR, _replay_start, _verdict
from games.services.sweep import results_requeue_waiting
from games.services.verdicts import _registered as registered_handlers
from games.services.verdicts import match_verdict_announce, verdict_handler_register
from games.tasks import replay_match_log
from league.models import PlayerMatchStatistics, Rating, RatingChange, RatingDue
from league.services.rating_queue import match_rate_due
from tests.brokers import broker_away
from tests.documents import as_text, first_wins

pytestmark = pytest.mark.django_db
NOW = datetime.timedelta(0)


@pytest.fixture
def match(players):
    return match_create(game="gin", players=[players["Anna"], players["Bert"]],
                        rules={"preset": "seed", "rounds": 1})


@pytest.fixture
def api(organizer):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    organizer.is_superuser = True
    organizer.save()
    client.force_authenticate(organizer)
    return client


def sweep(run_on_commit):
    with run_on_commit():
        return results_requeue_waiting(older_than=NOW)


class TestBrokerAway:
    def test_a_submission_is_accepted_while_the_broker_is_down_and_scored_after(
            self, api, match, run_on_commit):
        text = as_text(first_wins("Anna", "Bert"))
        with broker_away(), run_on_commit():
            response = api.post(f"/api/matches/{match.pk}/logs/", text,
                                content_type="application/json")
        assert response.status_code == 202, response.content
        assert response.json()["status"] == "pending"
        log = MatchLog.objects.get(pk=response.json()["id"])
        assert (log.status, log.text) == ("pending", text)
        # The broker is back: the sweep queues what waits, and it is scored.
        report = sweep(run_on_commit)
        assert (report.logs, report.announcements) == (1, 0)
        log.refresh_from_db()
        match.refresh_from_db()
        assert (log.status, match.status) == ("scored", "scored")
        assert [(s.score, s.rank) for s in match.seats.order_by("index")] == [(145, 1), (0, 2)]

    def test_the_same_text_again_requeues_a_log_that_waits(self, match, run_on_commit):
        text = as_text(first_wins("Anna", "Bert"))
        with broker_away(), run_on_commit():
            first = match_log_submit(match=match, text=text)
        first.refresh_from_db()
        assert first.status == "pending"
        with run_on_commit():
            again = match_log_submit(match=match, text=text)
        again.refresh_from_db()
        assert (again.pk, again.version, again.status) == (first.pk, 1, "scored")
        assert match.logs.count() == 1

    def test_the_same_text_again_leaves_a_verdict_alone(self, match, run_on_commit):
        text = as_text(first_wins("Anna", "Bert"))
        with run_on_commit():
            first = match_log_submit(match=match, text=text)
        processed = MatchLog.objects.get(pk=first.pk).processed_at
        with run_on_commit():
            match_log_submit(match=match, text=text)
        assert MatchLog.objects.get(pk=first.pk).processed_at == processed


class TestWorkerDied:
    def test_a_log_left_scoring_is_scored_once_by_the_sweep(self, match, run_on_commit):
        with broker_away(), run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        _replay_start(log.pk)  # a worker took it, then died before the verdict
        assert MatchLog.objects.get(pk=log.pk).status == "scoring"
        # Queued or started just now: the sweep leaves it to the worker that may still run.
        assert results_requeue_waiting().logs == 0
        assert sweep(run_on_commit).logs == 1
        log.refresh_from_db()
        assert log.status == "scored"
        assert RatingChange.objects.filter(match=match).count() == 2

    def test_a_task_run_twice_counts_once(self, match, run_on_commit):
        with broker_away(), run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        # Two workers hold the same log (redelivered after a worker seemed lost): both
        # start, the first to decide wins, the second finds the verdict and stops.
        _replay_start(log.pk)
        with run_on_commit():
            match_log_replay(log_id=log.pk)
        first = MatchLog.objects.get(pk=log.pk)
        with run_on_commit():
            second = _verdict(log.pk, match.pk, rejected=INTERNAL_ERROR)
            match_log_replay(log_id=log.pk)
        assert (second.status, second.processed_at) == ("scored", first.processed_at)
        assert log.hands.count() == 3
        assert RatingChange.objects.filter(match=match).count() == 2


class TestAfterTheVerdict:
    def test_a_failing_handler_leaves_the_verdict_and_the_announcement_due(
            self, match, run_on_commit):
        calls = []

        def flaky(*, match):
            calls.append(match.pk)
            if len(calls) == 1:
                raise RuntimeError("the bracket step failed")

        verdict_handler_register(name="flaky", order=35, handler=flaky)
        try:
            with run_on_commit():
                log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
            log.refresh_from_db()
            match.refresh_from_db()
            # The verdict stands; what follows it waits, and the log is not left undecided.
            assert (log.status, match.status) == ("scored", "scored")
            assert match.announcement_due_at is not None
            assert calls == [match.pk]
            report = sweep(run_on_commit)
            assert (report.logs, report.announcements) == (0, 1)
            match.refresh_from_db()
            assert match.announcement_due_at is None
            assert calls == [match.pk, match.pk]
            # Announced once: asking again does nothing.
            assert match_verdict_announce(match_id=match.pk) is False
            assert RatingChange.objects.filter(match=match).count() == 2
        finally:
            registered_handlers.pop("flaky")


    def test_the_statistics_fail_on_their_own_after_the_competition_s_handlers_committed(
            self, match, run_on_commit, monkeypatch):
        """The statistics run in a transaction of their own (games.services.verdicts): their
        failure keeps what the handlers before them did, and the announcement due."""
        calls = []
        statistics = registered_handlers["statistics"]

        def failing_once(*, match):
            calls.append(match.pk)
            if len(calls) == 1:
                raise RuntimeError("the statistics failed")
            statistics.handler(match=match)

        monkeypatch.setitem(registered_handlers, "statistics",
                            dataclasses.replace(statistics, handler=failing_once))
        with run_on_commit():
            match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        match.refresh_from_db()
        assert match.announcement_due_at is not None
        # The first part committed: the rating it enqueued for after its commit is made.
        assert RatingChange.objects.filter(match=match).count() == 2
        assert not PlayerMatchStatistics.objects.filter(match=match).exists()
        report = sweep(run_on_commit)
        assert (report.logs, report.announcements) == (0, 1)
        match.refresh_from_db()
        assert match.announcement_due_at is None
        assert calls == [match.pk, match.pk]
        assert sorted(PlayerMatchStatistics.objects.filter(match=match)
                      .values_list("player__name", "outcome")) == [("Anna", "win"),
                                                                   ("Bert", "loss")]
        assert RatingChange.objects.filter(match=match).count() == 2

    def test_a_verdict_between_the_two_parts_is_left_to_its_own_announcement(
            self, match, run_on_commit):
        """A newer verdict marks the announcement due again while the first part runs: the
        statistics wait for the newer announcement, which makes them once."""
        later = timezone.now() + datetime.timedelta(minutes=1)
        calls = []

        def newer_verdict(*, match):
            calls.append("newer verdict")
            Match.objects.filter(pk=match.pk).update(announcement_due_at=later)

        with broker_away(), run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
            match_log_replay(log_id=log.pk)
        verdict_handler_register(name="newer verdict", order=35, handler=newer_verdict)
        try:
            assert match_verdict_announce(match_id=match.pk) is True
        finally:
            registered_handlers.pop("newer verdict")
        match.refresh_from_db()
        assert (calls, match.announcement_due_at) == (["newer verdict"], later)
        assert not PlayerMatchStatistics.objects.filter(match=match).exists()
        assert match_verdict_announce(match_id=log.match_id) is True
        match.refresh_from_db()
        assert match.announcement_due_at is None
        assert PlayerMatchStatistics.objects.filter(match=match).count() == 2


@pytest.mark.django_db(transaction=True)  # commits as in a worker: on_commit runs at once
class TestFollowUpsInTheWorker:
    """The replay task announces its verdict and rates the match itself, right after the
    verdict commits: no trip through the broker (games.services.queue.follow_ups_here)."""

    def test_the_replay_task_announces_and_rates_without_the_broker(self, match):
        with broker_away():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
            assert MatchLog.objects.get(pk=log.pk).status == "pending"
            # The worker's task, with the broker away: whatever it queued would be lost.
            assert replay_match_log(log.pk) == "scored"
        match.refresh_from_db()
        assert (match.status, match.announcement_due_at) == ("scored", None)
        assert [(change.player.name, change.sequence) for change in RatingChange.objects
                .filter(match=match).order_by("player__name")] == [("Anna", 1), ("Bert", 1)]
        assert not RatingDue.objects.exists()

    def test_a_follow_up_that_fails_in_the_worker_is_queued_and_stays_due(
            self, match, caplog):
        def failing(*, match):
            raise RuntimeError("the bracket step failed")

        verdict_handler_register(name="failing", order=35, handler=failing)
        try:
            with broker_away():
                log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
                assert replay_match_log(log.pk) == "scored"
        finally:
            registered_handlers.pop("failing")
        match.refresh_from_db()
        assert match.status == "scored"
        assert match.announcement_due_at is not None
        messages = [record.getMessage() for record in caplog.records]
        assert f"follow-up games.tasks.announce_verdict({match.pk},) failed here" in messages
        assert any(message.startswith(f"could not queue games.tasks.announce_verdict"
                                      f"({match.pk},), the results sweep will")
                   for message in messages)
        assert not RatingChange.objects.filter(match=match).exists()


class TestRatingsBehind:
    def test_a_rating_lost_while_the_broker_was_away_is_caught_up_by_the_sweep(
            self, match, run_on_commit, capsys):
        with broker_away(), run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        # A worker scores the log and announces the verdict while the broker is away: the
        # announcement is made, but the rating task it queues never reaches the broker.
        with broker_away(), run_on_commit():
            match_log_replay(log_id=log.pk)
        with broker_away(), run_on_commit():
            assert match_verdict_announce(match_id=match.pk) is True
        match.refresh_from_db()
        assert (match.status, match.announcement_due_at) == ("scored", None)
        assert RatingChange.objects.filter(match=match).count() == 0
        assert list(RatingDue.objects.values_list("match_id", flat=True)) == [match.pk]
        with pytest.raises(SystemExit) as exit_:
            call_command("results_stuck", "--older-than", "0")
        out = capsys.readouterr().out
        assert exit_.value.code == 1
        assert f"match {match.pk}: ratings behind for 0 s" in out
        assert "0 logs and 0 announcements wait, 1 behind in ratings; --requeue queues " \
               "them again" in out
        # The broker is back: the sweep queues the rating again, and the match is rated once.
        report = sweep(run_on_commit)
        assert (report.logs, report.announcements, report.follow_ups) == (0, 0, {"ratings": 1})
        assert [(change.player.name, change.sequence) for change in RatingChange.objects
                .filter(match=match).order_by("player__name")] == [("Anna", 1), ("Bert", 1)]
        ratings = {rating.player.name: rating for rating in Rating.objects.filter(game="gin")}
        assert (ratings["Anna"].matches, ratings["Bert"].matches) == (1, 1)
        assert ratings["Anna"].rating > 1500 > ratings["Bert"].rating
        assert not RatingDue.objects.exists()
        assert sweep(run_on_commit).follow_ups == {"ratings": 0}
        assert RatingChange.objects.filter(match=match).count() == 2

    def test_the_sweep_leaves_a_rating_that_is_due_only_just_now(self, match, run_on_commit):
        with broker_away(), run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
            match_log_replay(log_id=log.pk)
            match_verdict_announce(match_id=match.pk)
        # Its task may still be on its way to a worker: not stuck yet.
        with run_on_commit():
            assert results_requeue_waiting().follow_ups == {"ratings": 0}
        assert RatingDue.objects.filter(match=match).exists()

    def test_a_mark_set_again_while_the_task_ran_is_rated_by_its_catch_up(
            self, match, run_on_commit):
        with broker_away(), run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
            match_log_replay(log_id=log.pk)
            match_verdict_announce(match_id=match.pk)
        # A correction's announcement marked the rating due again after this task started:
        # the task leaves that mark, and its look at what became due after its commit
        # rates the match as it is now (the same, so nothing changes) and clears it.
        RatingDue.objects.update(due_at=timezone.now() + datetime.timedelta(seconds=30))
        assert match_rate_due(match_id=match.pk) == "rated"
        assert not RatingDue.objects.exists()
        assert RatingChange.objects.filter(match=match).count() == 2
        assert match_rate_due(match_id=match.pk) == "unchanged"


class TestInternalError:
    def test_a_failure_of_ours_is_listed_and_scored_again_when_fixed(
            self, match, run_on_commit, monkeypatch, capsys):
        def broken(match, result):
            raise KeyError("a bug")

        monkeypatch.setattr(results_service, "check_competition", broken)
        with run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        log.refresh_from_db()
        assert (log.status, log.error["kind"]) == ("rejected", "internal_error")
        with pytest.raises(SystemExit) as exit_:
            call_command("results_stuck")
        assert exit_.value.code == 1
        assert f"log {log.pk} (match {match.pk}, v1): failed on our side" in \
            capsys.readouterr().out
        monkeypatch.undo()  # the cause is fixed
        with run_on_commit():
            call_command("results_stuck", "--requeue")
        assert "queued again: 1 logs, 0 announcements" in capsys.readouterr().out
        log.refresh_from_db()
        assert (log.status, log.error) == ("scored", None)

    def test_a_database_error_is_not_a_verdict(self, match, monkeypatch):
        from django.db import OperationalError

        def away(match, result):
            raise OperationalError("server closed the connection unexpectedly")

        monkeypatch.setattr(results_service, "check_competition", away)
        log = MatchLog.objects.create(match=match, version=1, text=as_text(
            first_wins("Anna", "Bert")), source="web")
        with pytest.raises(OperationalError):
            match_log_replay(log_id=log.pk)
        log.refresh_from_db()
        assert (log.status, log.error) == ("scoring", None)  # the task retries; no verdict


class TestResultsStuckCommand:
    def test_lists_what_waits_and_requeues_it(self, match, run_on_commit, capsys):
        with broker_away(), run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        MatchLog.objects.filter(pk=log.pk).update(
            queued_at=timezone.now() - datetime.timedelta(minutes=12, seconds=5))
        with pytest.raises(SystemExit):
            call_command("results_stuck")
        out = capsys.readouterr().out
        assert f"log {log.pk} (match {match.pk}, v1): pending for 12 min 5 s" in out
        assert "1 logs and 0 announcements wait; --requeue queues them again" in out
        with run_on_commit():
            call_command("results_stuck", "--requeue")
        assert "queued again: 1 logs, 0 announcements" in capsys.readouterr().out
        assert MatchLog.objects.get(pk=log.pk).status == "scored"
        call_command("results_stuck")
        assert capsys.readouterr().out == "nothing waits\n"

    def test_with_the_broker_away_the_requeue_says_so(self, match, run_on_commit, capsys):
        with broker_away(), run_on_commit():
            match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
            with pytest.raises(SystemExit) as exit_:
                call_command("results_stuck", "--requeue", "--older-than", "0")
        assert exit_.value.code == 1
        assert "the broker could not be reached for the rest; try again" in \
            capsys.readouterr().err


class TestLockOrder:
    def test_submit_and_replay_lock_the_match_before_the_log(self, match, run_on_commit):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        if connection.vendor != "postgresql":
            pytest.skip("row locks are PostgreSQL's; SQLite locks the whole database")
        with CaptureQueriesContext(connection) as submit_queries, broker_away(), \
                run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        with CaptureQueriesContext(connection) as replay_queries, run_on_commit():
            match_log_replay(log_id=log.pk)

        def locked_tables(queries):
            # The table the lock names (OF ...), else the statement's; a subquery's table
            # (the submission counts the match's seats while it locks it) is not locked.
            return [(re.search(r' UPDATE OF "(\w+)"', sql) or re.search(r'FROM "(\w+)"', sql))
                    .group(1) for sql in (q["sql"] for q in queries) if " FOR " in sql]

        submit_locks, replay_locks = locked_tables(submit_queries), locked_tables(
            replay_queries)
        assert submit_locks == ["games_match"]
        # The start, the verdict and the announcement each lock the match first.
        assert replay_locks[:5] == ["games_match", "games_matchlog", "games_match",
                                    "games_matchlog", "games_match"]
        assert Match.objects.get(pk=match.pk).status == "scored"
