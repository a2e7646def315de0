"""``manage.py import_event FILE [--organizer USER] [--slug SLUG]``: rebuild a tournament
from a stammtisch-event/1 file and score its logs again.

Everything that does not fit is listed (exit 1) and nothing is imported. On the embedded
default the logs are scored right away and the command reports any match whose verdict
differs from the exported one; with workers it reports how many logs are queued.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import bounded_json
from games.models import Match
from tournaments.services.event_import import EventImportError, event_differences, event_import


class Command(BaseCommand):
    help = "Import a tournament exported as JSON (stammtisch-event/1) and score its logs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the event file, or - for standard input")
        parser.add_argument("--organizer", help="the user who organizes the imported event")
        parser.add_argument("--slug", help="the short name (default: the exported one, or a "
                                           "free one made from it)")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            raw = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
            document = bounded_json.loads(raw)
        except (OSError, bounded_json.JSONRefused) as error:
            raise CommandError(f"cannot read {name}: {error}") from None
        organizer = None
        if options["organizer"]:
            try:
                organizer = get_user_model().objects.get(username=options["organizer"])
            except get_user_model().DoesNotExist:
                raise CommandError(f"no user {options['organizer']!r}") from None
        try:
            result = event_import(document=document, organizer=organizer,
                                  slug=options["slug"])
        except EventImportError as error:
            for problem in error.problems:
                self.stderr.write(problem)
            raise CommandError(f"nothing imported: {len(error.problems)} problem(s)") from None
        tournament = result.tournament
        self.stdout.write(f"{tournament.name} imported as {tournament.slug}: "
                          f"{result.logs_submitted} logs submitted, {result.verdicts_kept} "
                          f"verdicts without a log kept, "
                          f"{len(result.players_created)} players added")
        waiting = Match.objects.filter(round__tournament=tournament, status__in=[
            Match.Status.SUBMITTED, Match.Status.SCORING]).count()
        if waiting:
            self.stdout.write(f"{waiting} matches are waiting for the workers to score them")
            return
        differences = event_differences(tournament=tournament, document=document)
        for difference in differences:
            self.stdout.write(f"differs: {difference}")
        if not differences:
            self.stdout.write("every match is scored as exported")
