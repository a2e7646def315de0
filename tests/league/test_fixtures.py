"""Seasons with fixtures: a round-robin schedule over match days, results on the match page."""

from __future__ import annotations

import datetime
import re

import pytest

from games.services import match_log_submit
from league.models import Season
from league.selectors import season_fixtures, season_standings
from league.services import (
    LeagueError,
    division_create,
    league_create,
    season_configure,
    season_create,
    season_fixtures_draw,
    season_match_record,
)
from tests.documents import as_text, first_wins

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


@pytest.fixture
def league(organizer):
    return league_create(name="Dienstagsrunde", game="gin", organizer=organizer, rules=RULES)


def fixture_season(league, players, names, **options):
    options.setdefault("starts_on", datetime.date(2026, 9, 1))
    return season_create(league=league, name="Herbst 2026", mode=Season.Mode.FIXTURES,
                         members=[players[name] for name in names], **options)


def schedule(season):
    return [(day["match_day"], day["scheduled_on"] and day["scheduled_on"].isoformat(),
             [" – ".join(seat.player.name for seat in match.seats.all())
              for match in day["matches"]])
            for day in season_fixtures(season=season)]


class TestDraw:
    def test_four_players_over_three_match_days_a_week_apart(self, league, players):
        season = fixture_season(league, players, ["Dieter", "Cora", "Bert", "Anna"])
        matches = season_fixtures_draw(season=season)
        # FIDE's Berger table for 4 on the members in name order (Anna 1, Bert 2, Cora 3,
        # Dieter 4): 1-4 2-3, 4-3 1-2, 2-4 3-1.
        assert schedule(season) == [
            (1, "2026-09-01", ["Anna – Dieter", "Bert – Cora"]),
            (2, "2026-09-08", ["Dieter – Cora", "Anna – Bert"]),
            (3, "2026-09-15", ["Bert – Dieter", "Cora – Anna"]),
        ]
        assert {match.status for match in matches} == {"scheduled"}

    def test_an_odd_number_sits_one_out_each_match_day(self, league, players):
        season = fixture_season(league, players, ["Anna", "Bert", "Cora"],
                                match_day_interval=14)
        season_fixtures_draw(season=season)
        # The table for 4: whoever meets number 4 sits out (Anna, Cora, Bert).
        assert schedule(season) == [
            (1, "2026-09-01", ["Bert – Cora"]),
            (2, "2026-09-15", ["Anna – Bert"]),
            (3, "2026-09-29", ["Cora – Anna"]),
        ]

    def test_twice_with_the_seats_swapped(self, league, players):
        season = fixture_season(league, players, ["Anna", "Bert", "Cora", "Dieter"])
        season_fixtures_draw(season=season, double=True)
        days = schedule(season)
        # FIDE: the first cycle with its last two rounds swapped, then the table again with
        # the seats swapped.
        assert [day[0] for day in days] == [1, 2, 3, 4, 5, 6]
        assert days[1] == (2, "2026-09-08", ["Bert – Dieter", "Cora – Anna"])
        assert days[2] == (3, "2026-09-15", ["Dieter – Cora", "Anna – Bert"])
        assert days[3] == (4, "2026-09-22", ["Dieter – Anna", "Cora – Bert"])
        assert days[5] == (6, "2026-10-06", ["Dieter – Bert", "Anna – Cora"])

    def test_no_dates_without_a_start(self, league, players):
        season = fixture_season(league, players, ["Anna", "Bert"], starts_on=None)
        season_fixtures_draw(season=season)
        assert schedule(season) == [(1, None, ["Anna – Bert"])]

    def test_each_division_on_the_same_match_days(self, league, players):
        season = fixture_season(league, players, [])
        division_create(season=season, name="Oberliga",
                        members=[players[n] for n in ("Anna", "Bert", "Cora", "Dieter")])
        division_create(season=season, name="Kreisliga",
                        members=[players[n] for n in ("Eva", "Frank")])
        matches = season_fixtures_draw(season=season)
        assert schedule(season) == [
            (1, "2026-09-01", ["Anna – Dieter", "Bert – Cora", "Eva – Frank"]),
            (2, "2026-09-08", ["Dieter – Cora", "Anna – Bert"]),
            (3, "2026-09-15", ["Bert – Dieter", "Cora – Anna"]),
        ]
        assert [m.division.name for m in matches if m.match_day == 1] == [
            "Oberliga", "Oberliga", "Kreisliga"]


class TestRefusals:
    def test_fixtures_are_drawn_once(self, league, players):
        season = fixture_season(league, players, ["Anna", "Bert"])
        season_fixtures_draw(season=season)
        with pytest.raises(LeagueError, match=re.escape(
                "The season has matches already; fixtures are drawn once, before the first "
                "match.")):
            season_fixtures_draw(season=season)

    def test_open_play_has_no_fixtures(self, league, players):
        season = season_create(league=league, name="Offen", members=[players["Anna"]])
        with pytest.raises(LeagueError, match=re.escape(
                "The season is played in open play; switch it to fixtures first.")):
            season_fixtures_draw(season=season)

    def test_a_member_outside_the_divisions(self, league, players):
        season = fixture_season(league, players, ["Frank"])
        division_create(season=season, name="Oberliga", members=[players["Anna"],
                                                                  players["Bert"]])
        with pytest.raises(LeagueError, match=re.escape("Not in a division: Frank.")):
            season_fixtures_draw(season=season)

    def test_fixtures_pair_two_players(self, organizer, players):
        league = league_create(name="Doko", game="doppelkopf", organizer=organizer)
        with pytest.raises(LeagueError, match=re.escape(
                "Fixtures pair two players; Doppelkopf is not played by two.")):
            season_create(league=league, name="Winter", mode=Season.Mode.FIXTURES)

    def test_results_of_a_fixtures_season_go_to_the_scheduled_match(self, league, players):
        season = fixture_season(league, players, ["Anna", "Bert"])
        with pytest.raises(LeagueError, match=re.escape(
                "This season plays fixtures: record the result on the scheduled match's "
                "page.")):
            season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                text="{}")

    def test_the_mode_stays_once_there_are_matches(self, league, players):
        season = fixture_season(league, players, ["Anna", "Bert"])
        season_fixtures_draw(season=season)
        with pytest.raises(LeagueError, match=re.escape(
                "The season has matches; its mode cannot change any more.")):
            season_configure(season=season, mode=Season.Mode.OPEN_PLAY, match_day_interval=7,
                             best_results=None)


def won_by(winner, *, seats):
    """``first_wins`` with the players in the match's seat order (the winner may sit
    second)."""
    loser = next(name for name in seats if name != winner)
    return {**first_wins(winner, loser), "players": list(seats)}


def test_results_on_the_scheduled_matches_make_the_standings(league, players, run_on_commit):
    season = fixture_season(league, players, ["Anna", "Bert", "Cora"])
    season_fixtures_draw(season=season)
    day = {day["match_day"]: day["matches"] for day in season_fixtures(season=season)}
    with run_on_commit():
        # Match day 1: Bert – Cora, Bert wins; match day 3: Cora – Anna, Anna wins.
        match_log_submit(match=day[1][0], text=as_text(first_wins("Bert", "Cora")))
        match_log_submit(match=day[3][0], text=as_text(won_by("Anna", seats=("Cora", "Anna"))))
    rows = [(row.player.name, row.rank, row["played"], row["points"])
            for row in season_standings(season=season).rows]
    # Anna and Bert each 1 win (2 points, +145); level on everything, by name.
    assert rows == [("Anna", 1, 1, 2), ("Bert", 1, 1, 2), ("Cora", 3, 2, 0)]
    assert [m.status for m in day[2]] == ["scheduled"]
