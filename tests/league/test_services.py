"""League seasons: members record matches at any time; standings follow."""

from __future__ import annotations

import re

import pytest

from league.selectors import season_standings
from league.services import (
    LeagueError,
    league_create,
    player_create,
    season_create,
    season_match_record,
)
from tests.documents import as_text, first_wins

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


@pytest.fixture
def season(organizer, players):
    league = league_create(name="Dienstagsrunde", game="gin", organizer=organizer, rules=RULES)
    return season_create(league=league, name="Herbst 2026",
                         members=[players[n] for n in ("Anna", "Bert", "Cora")])


def record(run_on_commit, season, players, first, second):
    with run_on_commit():
        log = season_match_record(season=season, players=[players[first], players[second]],
                                  text=as_text(first_wins(first, second)))
    log.refresh_from_db()
    return log


class TestSeason:
    def test_standings_after_two_matches(self, season, players, run_on_commit):
        record(run_on_commit, season, players, "Anna", "Bert")
        record(run_on_commit, season, players, "Cora", "Anna")
        rows = [(r.player.name, r.rank, r["played"], r["wins"], r["losses"], r["game_points"],
                 r["game_points_against"], r["points"]) for r in season_standings(
                     season=season).rows]
        # Anna 1 win 1 loss, 145 for and 145 against; Cora 1 win; Bert 1 loss.
        assert rows == [("Cora", 1, 1, 1, 0, 145, 0, 2), ("Anna", 2, 2, 1, 1, 145, 145, 2),
                        ("Bert", 3, 1, 0, 1, 0, 145, 0)]

    def test_a_rejected_match_does_not_count(self, season, players, run_on_commit):
        with run_on_commit():
            season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                text="{}")
        assert [r["played"] for r in season_standings(season=season).rows] == [0, 0, 0]

    def test_only_members_play(self, season, players):
        with pytest.raises(LeagueError, match=re.escape("Not members of this season: Dieter.")):
            season_match_record(season=season, players=[players["Anna"], players["Dieter"]],
                                text="{}")

    def test_a_closed_season_takes_no_matches(self, season, players):
        season.status = "closed"
        season.save()
        with pytest.raises(LeagueError, match=re.escape("The season is closed.")):
            season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                text="{}")

    def test_a_player_takes_one_seat(self, season, players):
        with pytest.raises(LeagueError, match=re.escape("A player can take only one seat.")):
            season_match_record(season=season, players=[players["Anna"], players["Anna"]],
                                text="{}")


class TestPlayers:
    def test_names_are_unique_ignoring_case_and_spaces(self, players):
        with pytest.raises(LeagueError, match=re.escape("There is already a player called Anna.")):
            player_create(name="  anna ")
        assert player_create(name="Anna  Maria").name == "Anna Maria"


class TestBestResults:
    """``Season.best_results``: only each player's best N results count."""

    @staticmethod
    def records():
        from league.ranking.standings import MatchRecord

        anna, bert, cora = (Named(n) for n in ("Anna", "Bert", "Cora"))
        return anna, bert, cora, [
            MatchRecord(players=(anna, bert), scores=(100, 50), ranks=(1, 2)),
            MatchRecord(players=(anna, cora), scores=(10, 200), ranks=(2, 1)),
            MatchRecord(players=(anna, bert), scores=(300, 0), ranks=(1, 2)),
            MatchRecord(players=(bert, cora), scores=(80, 80), ranks=(1, 1)),
        ]

    def test_which_results_count(self):
        from league.selectors import NotCounted, best_records

        anna, bert, cora, records = self.records()
        marked = best_records(records, 2)
        # Anna: wins +300 and +50 count, the loss -190 not. Bert: the draw (1 point), then
        # the loss by 50 rather than the loss by 300. Cora: both of hers.
        assert [record.players for record in marked] == [
            (anna, bert), (NotCounted(anna), cora), (anna, NotCounted(bert)), (bert, cora)]

    def test_the_standings_over_the_best_two(self):
        from league.selectors import best_results_standings

        anna, bert, cora, records = self.records()
        rows = [(row.player.name, row.rank, row["played"], row["points"], row["game_points"],
                 row["game_points_against"]) for row in best_results_standings(
                     records, best=2, players=[anna, bert, cora]).rows]
        # Anna: 100:50 and 300:0. Cora: 200:10 and 80:80. Bert: 50:100 and 80:80.
        assert rows == [("Anna", 1, 2, 4, 400, 50), ("Cora", 2, 2, 3, 280, 90),
                        ("Bert", 3, 2, 1, 130, 180)]

    def test_buchholz_reads_the_opponents_counted_points(self):
        from league.selectors import best_results_standings

        anna, bert, cora, records = self.records()
        rows = [(row.player.name, row.rank, row["buchholz"]) for row in best_results_standings(
            records, best=2, players=[anna, bert, cora], tiebreaks=["buchholz"]).rows]
        # Counted points: Anna 4, Cora 3, Bert 1. Anna met Bert twice: 1 + 1. Cora met Anna
        # (not counted for Anna, counted for Cora) and Bert: 4 + 1. Bert met Anna and Cora:
        # 4 + 3.
        assert rows == [("Bert", 1, 7), ("Cora", 2, 5), ("Anna", 3, 2)]

    def test_through_a_season(self, season, players, run_on_commit):
        season.best_results = 1
        season.save()
        record(run_on_commit, season, players, "Anna", "Bert")
        record(run_on_commit, season, players, "Cora", "Anna")
        rows = [(r.player.name, r.rank, r["played"], r["wins"], r["losses"], r["points"])
                for r in season_standings(season=season).rows]
        # Anna's loss to Cora does not count for her (it does for Cora): Anna and Cora one
        # win each, level on every key (head-to-head reads only matches that count for both).
        assert rows == [("Anna", 1, 1, 1, 0, 2), ("Cora", 1, 1, 1, 0, 2),
                        ("Bert", 3, 1, 0, 1, 0)]


class Named:
    """A player as the standings see it: hashable, with a name."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name
