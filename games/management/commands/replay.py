"""``manage.py replay FILE [--json]``: validate and score a match log offline.

Exit 0 and the outcome when the log is valid, exit 1 and the error (deal, move, reason)
when it is not. With ``--match ID`` the log is also submitted to that match, as if uploaded.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engines import EngineError, MatchResult
from games.models import Match, MatchLog
from games.replay import replay_text
from games.services import LogRefused, LogTooLarge, MatchNotReady, match_log_submit
from games.services.results import log_check_size, log_max_bytes


class Command(BaseCommand):
    help = "Replay, validate and score a match log (stammtisch-log/1) without saving it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the log file, or - for standard input")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        parser.add_argument("--match", type=int, help="also submit the log to this match")
        parser.add_argument("--user", help="submit in the name of this user")

    def handle(self, *args: Any, **options: Any) -> None:
        text = self._read(options["file"])
        try:
            log_check_size(text)
        except LogRefused as error:
            raise CommandError(str(error)) from None
        if options["match"]:
            self._submit(text, options["match"], options.get("user"))
            return
        try:
            result = replay_text(text)
        except EngineError as error:
            if options["json"]:
                self.stdout.write(json.dumps({"valid": False, "error": error.to_json()},
                                             ensure_ascii=False, indent=2))
            else:
                self.stderr.write(f"invalid: {error}")
            sys.exit(1)
        if options["json"]:
            self.stdout.write(json.dumps({"valid": True, "result": result.to_json()},
                                         ensure_ascii=False, indent=2))
        else:
            self.stdout.write(describe(result))

    def _read(self, name: str) -> str:
        # Never more than one byte beyond the limit: a huge file is refused, not loaded.
        limit = log_max_bytes() + 1
        try:
            if name == "-":
                raw = sys.stdin.buffer.read(limit)
            else:
                with Path(name).open("rb") as file:
                    raw = file.read(limit)
            if len(raw) == limit:
                size = Path(name).stat().st_size if name != "-" else limit
                raise CommandError(str(LogTooLarge(size, log_max_bytes())))
            return raw.decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {name}: {exc}") from None

    def _submit(self, text: str, match_id: int, username: str | None) -> None:
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"there is no match {match_id}")
        user = get_user_model().objects.filter(username=username).first() if username else None
        try:
            log = match_log_submit(match=match, text=text, submitted_by=user,
                                   source=MatchLog.Source.CLI)
        except MatchNotReady as error:
            raise CommandError(f"match {match_id}: {error}") from None
        log.refresh_from_db()
        self.stdout.write(f"match {match_id}: log version {log.version} {log.status}")
        if log.status == MatchLog.Status.REJECTED:
            self.stderr.write(f"invalid: {log.error['message']}")
            sys.exit(1)


def describe(result: MatchResult) -> str:
    lines = [f"valid {result.game} log: {len(result.hands)} hands"]
    for seat in sorted(result.seats, key=lambda s: s.rank):
        lines.append(f"  {seat.rank}. {seat.player}: {seat.score}")
    winner = result.winner
    lines.append(f"winner: {result.players[winner]}" if winner is not None else "no winner: level")
    return "\n".join(lines)
