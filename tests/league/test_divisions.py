"""Divisions: standings per division, closing a season, promotion and relegation into the
next season, the archive."""

from __future__ import annotations

import re

import pytest

from league.models import Season
from league.selectors import league_archive, season_standings, season_tables
from league.services import (
    LeagueError,
    division_create,
    division_member_add,
    league_configure,
    league_create,
    next_divisions,
    season_close,
    season_create,
    season_match_record,
    season_open_next,
)
from tests.documents import as_text, first_wins

RULES = {"preset": "seed", "rounds": 1}


class TestNextDivisions:
    """Pure: the final order of each division (top first) -> the next season's divisions."""

    def test_one_up_one_down_between_three_divisions(self):
        tables = [["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2", "C3"]]
        assert next_divisions(tables, promote=1, relegate=1) == [
            ["A1", "A2", "B1"], ["A3", "B2", "C1"], ["B3", "C2", "C3"]]

    def test_two_up_one_down(self):
        tables = [["A1", "A2", "A3", "A4"], ["B1", "B2", "B3", "B4"]]
        assert next_divisions(tables, promote=2, relegate=1) == [
            ["A1", "A2", "A3", "B1", "B2"], ["A4", "B3", "B4"]]

    def test_promotion_first_in_a_division_too_small_for_both(self):
        # B has two players: both go up, nobody is left to go down.
        tables = [["A1", "A2", "A3"], ["B1", "B2"], ["C1", "C2"]]
        assert next_divisions(tables, promote=2, relegate=2) == [
            ["A1", "B1", "B2"], ["A2", "A3", "C1", "C2"], []]

    def test_nothing_moves_without_counts_or_with_one_division(self):
        assert next_divisions([["A", "B"], ["C", "D"]], promote=0, relegate=0) == [
            ["A", "B"], ["C", "D"]]
        assert next_divisions([["A", "B", "C"]], promote=1, relegate=1) == [["A", "B", "C"]]


@pytest.fixture
def league(organizer):
    league = league_create(name="Dienstagsrunde", game="gin", organizer=organizer, rules=RULES)
    return league_configure(league=league, promote=1, relegate=1, tiebreaks=[])


@pytest.fixture
def season(league, players):
    season = season_create(league=league, name="Herbst 2026")
    division_create(season=season, name="Oberliga",
                    members=[players[n] for n in ("Anna", "Bert", "Cora")])
    division_create(season=season, name="Kreisliga",
                    members=[players[n] for n in ("Dieter", "Eva", "Frank")])
    return season


def play(run_on_commit, season, players, results):
    with run_on_commit():
        for winner, loser in results:
            season_match_record(season=season, players=[players[winner], players[loser]],
                                text=as_text(first_wins(winner, loser)))


def table_rows(table):
    return [(row["rank"], row["player"]["name"], row["values"]["points"])
            for row in table["rows"]]


@pytest.mark.django_db
class TestDivisions:
    def test_standings_per_division(self, season, players, run_on_commit):
        play(run_on_commit, season, players, [("Anna", "Bert"), ("Frank", "Eva")])
        tables = season_tables(season=season)
        assert [(t["level"], t["name"]) for t in tables] == [(1, "Oberliga"), (2, "Kreisliga")]
        assert table_rows(tables[0]) == [(1, "Anna", 2), (2, "Cora", 0), (3, "Bert", 0)]
        assert table_rows(tables[1]) == [(1, "Frank", 2), (2, "Dieter", 0), (3, "Eva", 0)]
        assert sorted(season.members.values_list("name", flat=True)) == [
            "Anna", "Bert", "Cora", "Dieter", "Eva", "Frank"]

    def test_a_match_stays_inside_a_division(self, season, players):
        with pytest.raises(LeagueError, match=re.escape(
                "The players of a match must play in the same division.")):
            season_match_record(season=season, players=[players["Anna"], players["Dieter"]],
                                text="{}")

    def test_one_division_per_season(self, season, players):
        kreisliga = season.divisions.get(level=2)
        with pytest.raises(LeagueError, match=re.escape(
                "Anna already plays in Oberliga.")):
            division_member_add(division=kreisliga, player=players["Anna"])

    def test_one_division_per_level(self, season):
        with pytest.raises(LeagueError, match=re.escape(
                "The season has a division at level 2 already.")):
            division_create(season=season, name="Bezirksliga", level=2)
        assert division_create(season=season, name="").name == "Division 3"


@pytest.mark.django_db
class TestClosing:
    def test_close_and_open_the_next_season_with_promotion_and_relegation(
            self, season, players, run_on_commit):
        # Oberliga: Anna 4, Bert 2, Cora 0. Kreisliga: Frank 4, Eva 2, Dieter 0.
        play(run_on_commit, season, players, [
            ("Anna", "Bert"), ("Anna", "Cora"), ("Bert", "Cora"),
            ("Frank", "Dieter"), ("Frank", "Eva"), ("Eva", "Dieter")])
        nxt = season_close(season=season, next_name="Frühjahr 2027")
        season.refresh_from_db()
        assert season.status == Season.Status.CLOSED and season.closed_at is not None
        assert nxt.previous == season and nxt.slug == "fruehjahr-2027"
        assert [(d.level, d.name, sorted(d.members.values_list("name", flat=True)))
                for d in nxt.divisions.all()] == [
            (1, "Oberliga", ["Anna", "Bert", "Frank"]),
            (2, "Kreisliga", ["Cora", "Dieter", "Eva"])]
        assert nxt.members.count() == 6 and nxt.status == Season.Status.OPEN
        # The final standings stay as they were at closing.
        assert [table_rows(t) for t in season.final_standings["tables"]] == [
            [(1, "Anna", 4), (2, "Bert", 2), (3, "Cora", 0)],
            [(1, "Frank", 4), (2, "Eva", 2), (3, "Dieter", 0)]]
        assert list(league_archive(league=season.league)) == [season]

    def test_a_closed_season_takes_no_results_and_keeps_its_final_table(
            self, league, season, players, run_on_commit):
        play(run_on_commit, season, players, [("Bert", "Anna")])
        season_close(season=season)
        league_configure(league=league, promote=1, relegate=1, tiebreaks=["game_points"])
        season.refresh_from_db()
        assert table_rows(season_tables(season=season)[0]) == [
            (1, "Bert", 2), (2, "Cora", 0), (3, "Anna", 0)]
        with pytest.raises(LeagueError, match=re.escape("The season is closed.")):
            season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                text="{}")

    def test_one_next_season(self, season):
        season_close(season=season, next_name="Frühjahr 2027")
        with pytest.raises(LeagueError, match=re.escape(
                "This season already has a next season: Frühjahr 2027.")):
            season_open_next(season=season, name="Noch eine")

    def test_the_next_season_only_after_closing(self, season):
        with pytest.raises(LeagueError, match=re.escape(
                "Close the season before opening the next one.")):
            season_open_next(season=season, name="Frühjahr 2027")

    def test_a_season_without_divisions_keeps_its_members_and_settings(self, league, players):
        season = season_create(league=league, name="Herbst", members=[players["Anna"]],
                               mode=Season.Mode.FIXTURES, match_day_interval=14,
                               best_results=5)
        nxt = season_close(season=season, next_name="Winter")
        assert (nxt.mode, nxt.match_day_interval, nxt.best_results) == ("fixtures", 14, 5)
        assert list(nxt.members.values_list("name", flat=True)) == ["Anna"]
        assert not nxt.divisions.exists()


@pytest.mark.django_db
def test_the_league_tiebreakers_order_the_standings(league, players, run_on_commit):
    season = season_create(league=league, name="Herbst",
                           members=[players[n] for n in ("Anna", "Bert", "Cora", "Dieter")])
    play(run_on_commit, season, players, [("Anna", "Bert"), ("Bert", "Cora"),
                                          ("Bert", "Dieter")])

    def order():
        return [(r.player.name, r.rank) for r in season_standings(season=season).rows]

    # By default match points first: Bert 4, Anna 2, Cora and Dieter 0 (level on every key).
    assert order() == [("Bert", 1), ("Anna", 2), ("Cora", 3), ("Dieter", 3)]
    # Buchholz first (the opponents' match points): Anna 4 (Bert), Cora 4, Dieter 4,
    # Bert 2 (Anna 2 + Cora 0 + Dieter 0); then match points: Anna 2 before Cora and Dieter.
    league_configure(league=league, promote=0, relegate=0, tiebreaks=["buchholz", "points"])
    season.refresh_from_db()
    assert order() == [("Anna", 1), ("Cora", 2), ("Dieter", 2), ("Bert", 4)]
    assert season_tables(season=season)[0]["columns"] == [
        {"key": "buchholz", "name": "Buchholz", "abbreviation": "Bu"}]
    assert [row["extra"] for row in season_tables(season=season)[0]["rows"]] == [
        [4], [4], [4], [2]]


@pytest.mark.django_db
def test_unknown_and_repeated_tiebreakers(league):
    with pytest.raises(LeagueError, match=re.escape(
            "Unknown tie-breaker: luck (known: points, head_to_head, difference, game_points, "
            "wins, buchholz, median_buchholz, sonneborn_berger, best_series, buchholz_plain, "
            "median_buchholz_plain, sonneborn_berger_plain).")):
        league_configure(league=league, promote=0, relegate=0, tiebreaks=["points", "luck"])
    with pytest.raises(LeagueError, match=re.escape(
            "A tie-breaker can come only once: wins.")):
        league_configure(league=league, promote=0, relegate=0, tiebreaks=["wins", "wins"])
