"""Rebuilding the statistics from the scored matches gives what the verdicts kept, and the
German pages say the figures in German."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.models import Player
from league.models import Encounter, GameRecord, PlayerGameStatistics, WinningStreak
from tests.league.statistics.helpers import example, play
from tests.league.statistics.test_gin import PARTIE

pytestmark = pytest.mark.django_db


def snapshot():
    return (sorted((row.player.name, row.game, row.matches, row.wins, row.totals,
                    row.longest_streak) for row in PlayerGameStatistics.objects.all()),
            sorted(Encounter.objects.values_list("match", "player", "opponent", "outcome")),
            sorted(GameRecord.objects.values_list("match", "kind", "value", "deal")),
            sorted(WinningStreak.objects.values_list("player", "game", "league", "length")))


def test_the_command_rebuilds_what_the_verdicts_kept():
    play(PARTIE)
    play(example("doppelkopf/liste-hausregeln.json"))
    play(example("nerts/teams.json"))
    kept = snapshot()
    PlayerGameStatistics.objects.all().delete()
    Encounter.objects.all().delete()
    out = StringIO()
    call_command("statistics_recompute", stdout=out)
    assert snapshot() == kept
    assert "gin: 1 matches counted" in out.getvalue()
    assert "nerts: 1 matches counted" in out.getvalue()
    with pytest.raises(CommandError, match="unknown game: skat"):
        call_command("statistics_recompute", "skat")


def test_the_figures_in_german(client):
    play(PARTIE)
    anna = Player.objects.get(name="Anna")
    page = client.get(f"/players/{anna.pk}/statistics/gin/",
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h1>Anna in Gin Rommé</h1>" in page
    assert "totes Holz im Schnitt beim Klopfen" in page
    assert "<strong>4,0</strong>" in page  # the example, written the German way
    assert "<strong>50,0 %</strong>" in page  # the knock rate: 3 of 6 games
    assert "Aus 1 gewerteten Partie: 6 Spiele." in page
    assert "1 der 6 Spiele wurden Zug um Zug aufgezeichnet" in page
