"""Rebuilding the statistics from the scored matches gives what the verdicts kept, and the
German pages say the figures in German."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from games.models import Match, Player
from league.models import Encounter, GameRecord, PlayerGameStatistics, WinningStreak
from league.services import statistics
from league.services.leagues import league_create, season_create
from league.services.statistics import game_statistics_recompute
from tests.documents import as_text, first_wins
from tests.league.statistics.helpers import example, play, submit
from tests.league.statistics.test_gin import PARTIE

pytestmark = pytest.mark.django_db
ONE_ROUND = {"rules": {"preset": "seed", "rounds": 1}}


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


def kept_sums_and_streaks():
    return (sorted(PlayerGameStatistics.objects.values_list(
                "player__name", "game", "matches", "wins", "draws", "losses", "totals",
                "longest_streak", "current_streak")),
            sorted((name, game, league or 0, length, first, last) for name, game, league, length,
                   first, last in WinningStreak.objects.values_list(
                       "player__name", "game", "league", "length", "first_match",
                       "last_match")))


def summed_again():
    """What summing every row again gives (the rebuild), without keeping it."""
    with transaction.atomic():
        game_statistics_recompute(game="gin")
        figures = kept_sums_and_streaks()
        transaction.set_rollback(True)
    return figures


class Verdicts:
    """Gin matches played one by one, each verdict's figures checked against the rebuild;
    ``ways`` says how each verdict brought the sums in line: ``"add"`` or ``"sum"``."""

    def __init__(self, monkeypatch, organizer):
        self.ways: list[str] = []
        summing, adding = statistics.players_game_statistics_refresh, \
            statistics._players_game_statistics_add
        monkeypatch.setattr(statistics, "players_game_statistics_refresh",
                            lambda **kw: self.ways.append("sum") or summing(**kw))
        monkeypatch.setattr(statistics, "_players_game_statistics_add",
                            lambda **kw: adding(**kw) and not self.ways.append("add"))
        league = league_create(name="Donnerstagsrunde", game="gin", organizer=organizer,
                               rules=ONE_ROUND["rules"])
        self.season = season_create(league=league, name="Herbst")

    def as_summed_again(self):
        before = len(self.ways)
        assert kept_sums_and_streaks() == summed_again()
        del self.ways[before:]  # the rebuild's own summing is not a verdict's
        return True

    def gin(self, winner, loser, *, in_season=False):
        extra = {"season": self.season} if in_season else {}
        match = play(first_wins(winner, loser) | ONE_ROUND, **extra)
        assert self.as_summed_again()
        return match


def test_a_first_verdict_adds_to_the_sums_kept_and_gives_what_summing_again_gives(
        monkeypatch, organizer):
    """A first verdict on the players' latest match adds its row to the sums kept; a
    player's first match, a rejection, a match whose first verdict came before the players'
    latest and a correction sum again. Every step's figures are those of the rebuild."""
    verdicts = Verdicts(monkeypatch, organizer)
    ways, as_summed_again, gin = verdicts.ways, verdicts.as_summed_again, verdicts.gin
    gin("Anna", "Bert")  # the first match of both: summed
    gin("Anna", "Bert", in_season=True)
    gin("Anna", "Cora", in_season=True)  # Cora's first
    gin("Bert", "Anna", in_season=True)
    early = gin("Anna", "Bert")
    gin("Anna", "Bert", in_season=True)
    assert ways == ["sum", "add", "sum", "add", "add", "add"]

    # Rejected (another table's sheet): its rows go, the sums are summed again.
    rejected = submit(early, first_wins("Cora", "Dora") | ONE_ROUND)
    assert rejected.status == Match.Status.REJECTED
    assert as_summed_again()
    # Scored again: first scored before the latest match, so its row is not the last.
    assert submit(early, as_text(first_wins("Anna", "Bert") | ONE_ROUND) + "\n").status == \
        Match.Status.SCORED
    assert as_summed_again()
    # Corrected (the same result in another text): a correction sums again.
    assert submit(early, json.dumps(first_wins("Anna", "Bert") | ONE_ROUND)).status == \
        Match.Status.SCORED
    assert ways[6:] == ["sum", "sum", "sum"]
    assert as_summed_again()
    anna = PlayerGameStatistics.objects.get(player__name="Anna", game="gin")
    assert (anna.matches, anna.wins, anna.losses, anna.longest_streak,
            anna.current_streak) == (6, 5, 1, 3, 2)


def test_a_run_of_wins_longer_than_the_results_read_is_summed_again(monkeypatch, organizer):
    """A winner's streaks are read from his latest results only: while his run of wins (in
    the game, and in the match's league) ends within them, the verdict adds; a run that may
    go back further sums again. Every step's figures are those of the rebuild."""
    monkeypatch.setattr(statistics, "RECENT_RESULTS", 3)
    verdicts = Verdicts(monkeypatch, organizer)
    verdicts.gin("Anna", "Bert")  # the first match of both: summed
    verdicts.gin("Anna", "Bert", in_season=True)  # Anna's run of 2, her longest
    verdicts.gin("Bert", "Anna", in_season=True)  # Bert's first win: his longest, in both
    verdicts.gin("Anna", "Bert", in_season=True)  # a run of 1, shorter than her 2
    verdicts.gin("Anna", "Bert", in_season=True)  # 2 again: the first of equal runs is kept
    assert verdicts.ways == ["sum", "add", "add", "add", "add"]
    verdicts.gin("Anna", "Bert", in_season=True)  # 3 wins in her 3 latest: may go back further
    assert verdicts.ways[5:] == ["sum"]
    anna = PlayerGameStatistics.objects.get(player__name="Anna", game="gin")
    assert (anna.matches, anna.wins, anna.longest_streak, anna.current_streak) == (6, 5, 3, 3)
    assert dict(WinningStreak.objects.filter(player__name="Anna").values_list(
        "league", "length")) == {None: 3, verdicts.season.league_id: 3}
