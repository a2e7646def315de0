"""``manage.py ratings_recompute [game ...]``: rebuild ratings from the scored matches (after
an import, a restore, or matches deleted in the admin)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engines.registry import game_slugs
from league.services.ratings import ratings_recompute_all


class Command(BaseCommand):
    help = "Rebuild the ratings of every game (or of the games named) from the scored matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("games", nargs="*", help="game slugs; none: every game")

    def handle(self, *args: Any, **options: Any) -> None:
        unknown = [slug for slug in options["games"] if slug not in game_slugs()]
        if unknown:
            raise CommandError(f"unknown game: {', '.join(unknown)} "
                               f"(known: {', '.join(game_slugs())})")
        counts = ratings_recompute_all(games=options["games"] or None)
        for slug, count in counts.items():
            self.stdout.write(f"{slug}: {count} matches rated")
