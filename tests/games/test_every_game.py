"""Every documented example of every game goes through the service like a club's own
result: stored, replayed by the task, scored, shown on the match page, checked offline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from games.engines.registry import game_slugs, get_engine
from games.models import Match, Player
from games.services import match_create, match_log_submit

EXAMPLES = sorted(path for slug in game_slugs()
                  for path in (Path(__file__).resolve().parents[2] / "docs" / "examples" /
                               slug).glob("*.json"))


@pytest.mark.django_db
@pytest.mark.parametrize("path", EXAMPLES, ids=[f"{p.parent.name}/{p.name}" for p in EXAMPLES])
def test_an_example_is_scored_and_shown(path, run_on_commit):
    document = json.loads(path.read_text())
    expected = get_engine(document["game"]).replay(document)
    players = [Player.objects.create(name=name) for name in document["players"]]
    match = match_create(game=document["game"], players=players,
                         rules=document.get("rules", {"preset": "seed"}))
    with run_on_commit():
        log = match_log_submit(match=match, text=path.read_text())
    log.refresh_from_db()
    assert (log.status, log.error) == ("scored", None)
    match = Match.objects.get(pk=match.pk)
    assert [(s.player.name, s.score, s.rank) for s in match.seats.order_by("index")] == [
        (s.player, s.score, s.rank) for s in expected.seats]
    assert log.hands.count() == len(expected.hands)
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    assert response.context["sheet"]["template"] == f"games/sheets/{document['game']}.html"


@pytest.mark.parametrize("path", EXAMPLES[::4], ids=[p.name for p in EXAMPLES[::4]])
def test_the_replay_command_reads_every_game(path, capsys):
    call_command("replay", str(path))
    assert capsys.readouterr().out.startswith(f"valid {json.loads(path.read_text())['game']} log")
