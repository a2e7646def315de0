"""``manage.py statistics_recompute [game ...]``: rebuild the players' statistics, the
head-to-head encounters, the records and the winning streaks from the scored matches (once
after an upgrade that brings the statistics, after an import, a restore, or matches deleted
in the admin). Every verdict keeps them current by itself."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engines.registry import game_slugs
from league.services.statistics import game_statistics_recompute


class Command(BaseCommand):
    help = ("Rebuild the statistics, encounters, records and winning streaks of every game "
            "(or of the games named) from the scored matches.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("games", nargs="*", help="game slugs; none: every game")

    def handle(self, *args: Any, **options: Any) -> None:
        unknown = [slug for slug in options["games"] if slug not in game_slugs()]
        if unknown:
            raise CommandError(f"unknown game: {', '.join(unknown)} "
                               f"(known: {', '.join(game_slugs())})")
        for slug in options["games"] or game_slugs():
            count = game_statistics_recompute(game=slug)
            self.stdout.write(f"{slug}: {count} matches counted")
