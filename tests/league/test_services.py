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
