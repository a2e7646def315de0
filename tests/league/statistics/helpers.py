"""Playing hand-built logs through the real results flow and reading the statistics back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.models import Match, Player
from games.services import match_create, match_log_replay, match_log_submit
from games.services.verdicts import match_verdict_announce
from league.selectors.statistics import player_statistics

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples"


def example(path: str) -> dict[str, Any]:
    """A document of docs/examples/ (``"gin/score-sheet.json"``)."""
    return json.loads((EXAMPLES / path).read_text(encoding="utf-8"))


def player(name: str) -> Player:
    return Player.objects.get_or_create(name=name)[0]


def new_match(document: dict[str, Any], **extra: Any) -> Match:
    """A match for the document's players and rules (a friendly unless ``season=``...)."""
    players = [player(name) for name in document["players"]]
    return match_create(game=document["game"], players=players,
                        rules=document.get("rules") or {"preset": "seed"}, **extra)


def submit(match: Match, document: dict[str, Any] | str) -> Match:
    """Submit a log to ``match``, replay it and announce the verdict at once: what the
    worker's two tasks do (the verdict's handlers, statistics among them, run in the
    announcement's transaction)."""
    text = document if isinstance(document, str) else json.dumps(document, indent=1)
    log = match_log_submit(match=match, text=text)
    match_log_replay(log_id=log.pk)
    match_verdict_announce(match_id=match.pk)
    match.refresh_from_db()
    return match


def play(document: dict[str, Any], **extra: Any) -> Match:
    match = submit(new_match(document, **extra), document)
    assert match.status == Match.Status.SCORED, match.current_log.error
    return match


def figures(name: str, game: str) -> dict[tuple[str, str, str | None], Any]:
    """A player's figures by (section, key, row), rates and averages rounded to 4 places."""
    stats = player_statistics(player=Player.objects.get(name=name), game=game)
    assert stats is not None, f"{name} has no {game} statistics"
    return {(f.section, f.key, f.row): round(f.value, 4) if isinstance(f.value, float)
            else f.value for f in stats.figures}


def basis(name: str, game: str) -> dict[tuple[str, str, str | None], tuple[str, int]]:
    """Each figure's basis and the hands it stands on."""
    stats = player_statistics(player=Player.objects.get(name=name), game=game)
    assert stats is not None
    return {(f.section, f.key, f.row): (f.basis, f.over) for f in stats.figures}
