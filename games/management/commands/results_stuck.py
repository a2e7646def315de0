"""``manage.py results_stuck [--requeue] [--older-than SECONDS]``: what of the results flow
waits, and queue it again.

Lists the logs still ``pending`` or ``scoring`` long after they were queued, the logs that
failed on our side (``internal_error``), and the verdicts whose announcement (bracket,
tournament end, ratings) is still due. ``--requeue`` queues all of them again (the results
sweep does the same every minute for what waits, but leaves the failed ones to a person,
who fixes the cause first). Exit status 0 when nothing waits, 1 when something does and was
not queued.
"""

from __future__ import annotations

import datetime
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from games.selectors import results_waiting
from games.services.sweep import results_requeue_waiting, stuck_after


class Command(BaseCommand):
    help = "List the results that wait too long (logs, announcements), and queue them again."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--requeue", action="store_true",
                            help="queue every listed log and announcement again")
        parser.add_argument("--older-than", type=float, metavar="SECONDS",
                            help="waiting longer than this (default: RESULTS_STUCK_AFTER)")

    def handle(self, *args: Any, **options: Any) -> None:
        older_than = (datetime.timedelta(seconds=options["older_than"])
                      if options["older_than"] is not None else stuck_after())
        waiting = results_waiting(older_than=older_than)
        now = timezone.now()
        for log in waiting.logs:
            since = log.queued_at or log.submitted_at
            self.stdout.write(f"log {log.pk} (match {log.match_id}, v{log.version}): "
                              f"{log.status} for {_age(now - since)}")
        for log in waiting.failed:
            self.stdout.write(f"log {log.pk} (match {log.match_id}, v{log.version}): failed "
                              f"on our side at {log.processed_at:%Y-%m-%d %H:%M}")
        for match in waiting.announcements:
            assert match.announcement_due_at is not None
            self.stdout.write(f"match {match.pk}: verdict not announced for "
                              f"{_age(now - match.announcement_due_at)}")
        if not waiting:
            self.stdout.write("nothing waits")
            return
        if not options["requeue"]:
            self.stdout.write(f"{len(waiting.logs) + len(waiting.failed)} logs and "
                              f"{len(waiting.announcements)} announcements wait; "
                              "--requeue queues them again")
            sys.exit(1)
        report = results_requeue_waiting(older_than=older_than, failed_too=True)
        self.stdout.write(f"queued again: {report.logs + report.failed} logs, "
                          f"{report.announcements} announcements")
        if report.logs + report.failed < len(waiting.logs) + len(waiting.failed) or \
                report.announcements < len(waiting.announcements):
            self.stderr.write("the broker could not be reached for the rest; try again")
            sys.exit(1)


def _age(delta: datetime.timedelta) -> str:
    seconds = int(delta.total_seconds())
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"
