"""``manage.py export_event SLUG [-o FILE]``: a whole tournament as a stammtisch-event/1
JSON file (standard output by default)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Tournament
from tournaments.selectors.event_export import event_json


class Command(BaseCommand):
    help = "Export a tournament with its entries, rounds, matches and logs as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's short name")
        parser.add_argument("-o", "--output", help="write to this file instead")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(slug=options["slug"])
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament {options['slug']!r}") from None
        text = event_json(tournament=tournament)
        if options["output"]:
            Path(options["output"]).write_text(text + "\n", encoding="utf-8")
            self.stdout.write(f"{tournament.name}: written to {options['output']}")
        else:
            self.stdout.write(text)
