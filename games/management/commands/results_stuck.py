"""``manage.py results_stuck [--requeue] [--older-than SECONDS]``: what of the results flow
waits, and queue it again.

Lists the logs still ``pending`` or ``scoring`` long after they were queued, the logs that
failed on our side (``internal_error``), the verdicts whose announcement (bracket,
tournament end, ratings) is still due, and the matches whose follow-up work is behind (their
ratings). ``--requeue`` queues all of them again (the results
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
from games.services.sweep import follow_ups_waiting, results_requeue_waiting, stuck_after


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
        behind = follow_ups_waiting(older_than=older_than)
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
        for name, matches in behind.items():
            for match_id, since in matches:
                self.stdout.write(f"match {match_id}: {name} behind for {_age(now - since)}")
        if not waiting and not behind:
            self.stdout.write("nothing waits")
            return
        follow_ups = "".join(f", {len(matches)} behind in {name}"
                             for name, matches in behind.items())
        if not options["requeue"]:
            self.stdout.write(f"{len(waiting.logs) + len(waiting.failed)} logs and "
                              f"{len(waiting.announcements)} announcements wait{follow_ups}; "
                              "--requeue queues them again")
            sys.exit(1)
        report = results_requeue_waiting(older_than=older_than, failed_too=True)
        queued = "".join(f", {count} in {name}" for name, count in report.follow_ups.items()
                         if name in behind)
        self.stdout.write(f"queued again: {report.logs + report.failed} logs, "
                          f"{report.announcements} announcements{queued}")
        if report.logs + report.failed < len(waiting.logs) + len(waiting.failed) or \
                report.announcements < len(waiting.announcements) or \
                any(report.follow_ups.get(name, 0) < len(matches)
                    for name, matches in behind.items()):
            self.stderr.write("the broker could not be reached for the rest; try again")
            sys.exit(1)


def _age(delta: datetime.timedelta) -> str:
    seconds = int(delta.total_seconds())
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"
