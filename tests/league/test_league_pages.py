"""The league pages: fixtures, divisions, closing a season, the archive, the league's
settings, ratings on the player page, the leaderboards."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Match, Player
from league.models import Rating, Season
from league.selectors.figures import board_owner, figures_version
from league.services import (
    division_create,
    league_configure,
    league_create,
    season_close,
    season_create,
    season_fixtures_draw,
    season_match_record,
)
from tests.documents import as_text, first_wins
from tests.form_data import rules_data, tiebreak_data
from tests.test_pages import text_of

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


@pytest.fixture
def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def league(organizer):
    return league_create(name="Dienstagsrunde", game="gin", organizer=organizer, rules=RULES,
                         reporting="players")


@pytest.fixture
def fixtures_season(league, players):
    season = season_create(league=league, name="Herbst 2026", mode=Season.Mode.FIXTURES,
                           starts_on=datetime.date(2026, 9, 1),
                           members=[players[n] for n in ("Anna", "Bert", "Cora")])
    season_fixtures_draw(season=season)
    return season


@pytest.fixture
def divided(league, players):
    league_configure(league=league, promote=1, relegate=1, tiebreaks=[])
    season = season_create(league=league, name="Herbst 2026")
    division_create(season=season, name="Oberliga",
                    members=[players[n] for n in ("Anna", "Bert", "Cora")])
    division_create(season=season, name="Kreisliga",
                    members=[players[n] for n in ("Dieter", "Eva", "Frank")])
    return season


def play(run_on_commit, season, players, winner, loser):
    with run_on_commit():
        season_match_record(season=season, players=[players[winner], players[loser]],
                            text=as_text(first_wins(winner, loser)))


class TestFixtures:
    def test_the_match_days(self, english, fixtures_season):
        page = text_of(english.get(fixtures_season.get_absolute_url()))
        assert "Gin Rommé · open · fixtures · from 09/01/2026 · match days 7 days apart" in page
        ids = list(fixtures_season.matches.order_by("match_day").values_list("pk", flat=True))
        assert (f"Match day 1 · 09/01/2026 Match {ids[0]} Bert – Cora scheduled "
                f"Match day 2 · 09/08/2026 Match {ids[1]} Anna – Bert scheduled "
                f"Match day 3 · 09/15/2026 Match {ids[2]} Cora – Anna scheduled") in page
        assert "Record a match" not in page

    def test_a_player_records_the_result_on_the_match_page(self, english, fixtures_season,
                                                           players, anna_user, run_on_commit):
        match = fixtures_season.matches.get(match_day=2)  # Anna – Bert
        english.force_login(anna_user)
        with run_on_commit():
            response = english.post(match.get_absolute_url(),
                                    {"text": as_text(first_wins("Anna", "Bert"))})
        assert response.status_code == 302
        page = text_of(english.get(fixtures_season.get_absolute_url()))
        assert "1 Anna 1 1 0 0 145 0 145 2" in page
        assert f"Match day 2 · 09/08/2026 Match {match.pk} Anna – Bert 145 : 0 scored" in page
        # Anna may enter her next match's result from the list (Cora – Anna).
        assert "Cora – Anna scheduled Enter result" in page

    def test_the_organizer_draws_the_fixtures(self, english, league, players, organizer):
        season = season_create(league=league, name="Winter", mode=Season.Mode.FIXTURES,
                               members=[players["Anna"], players["Bert"]])
        english.force_login(organizer)
        asked = english.post(season.get_absolute_url(), {"action": "draw-fixtures",
                                                          "double": "on"})
        assert ("Draw: the match days are fixed for the members as they are now; they are "
                "drawn once. Yes, draw Cancel") in text_of(asked)
        assert not season.matches.exists()
        response = english.post(season.get_absolute_url(), {"action": "draw-fixtures",
                                                             "double": "on", "confirm": "yes"})
        assert response.status_code == 302
        assert list(season.matches.order_by("match_day").values_list("match_day", flat=True)) \
            == [1, 2]
        page = text_of(english.get(season.get_absolute_url()))
        assert "2 matches scheduled." in page and "Draw the fixtures" not in page

    def test_others_do_not_draw(self, english, league, players, anna_user):
        season = season_create(league=league, name="Winter", mode=Season.Mode.FIXTURES,
                               members=[players["Anna"], players["Bert"]])
        english.force_login(anna_user)
        response = english.post(season.get_absolute_url(), {"action": "draw-fixtures"})
        assert response.status_code == 403
        assert not Match.objects.exists()


class TestDivisionsAndClosing:
    def test_a_table_per_division(self, english, divided, players, run_on_commit):
        play(run_on_commit, divided, players, "Anna", "Bert")
        page = text_of(english.get(divided.get_absolute_url()))
        assert ("Oberliga level 1 # Player P W D L GP GA +/− Pts 1 Anna 1 1 0 0 145 0 145 2 "
                "2 Cora 0 0 0 0 0 0 0 0 3 Bert 1 0 0 1 0 145 -145 0") in page
        assert ("Kreisliga level 2 # Player P W D L GP GA +/− Pts 1 Dieter 0 0 0 0 0 0 0 0 "
                "1 Eva 0 0 0 0 0 0 0 0 1 Frank 0 0 0 0 0 0 0 0") in page
        assert ("At the end of the season the first 1 of each division go up a division and "
                "the last 1 go down.") in page

    def test_the_organizer_closes_and_opens_the_next_season(self, english, divided, players,
                                                            organizer, run_on_commit):
        play(run_on_commit, divided, players, "Cora", "Anna")
        play(run_on_commit, divided, players, "Eva", "Frank")
        english.force_login(organizer)
        asked = english.post(divided.get_absolute_url(), {
            "action": "close", "next_name": "Frühjahr 2027", "next_starts_on": "2027-03-02"})
        assert ("Close: the standings as they are now become the final standings and the "
                "season takes no more results. This cannot be undone. Yes, close the season "
                "Cancel") in text_of(asked)
        divided.refresh_from_db()
        assert divided.status == "open"
        response = english.post(divided.get_absolute_url(), {
            "action": "close", "next_name": "Frühjahr 2027", "next_starts_on": "2027-03-02",
            "confirm": "yes"})
        nxt = Season.objects.get(previous=divided)
        assert response["Location"] == nxt.get_absolute_url()
        page = text_of(english.get(nxt.get_absolute_url()))
        assert "← Herbst 2026" in page
        # Oberliga: Cora 1, Bert 2, Anna 3 (-145); Kreisliga: Eva 1, Dieter 2, Frank 3.
        assert "Oberliga level 1 # Player P W D L GP GA +/− Pts 1 Bert 0" in page
        assert [sorted(d.members.values_list("name", flat=True))
                for d in nxt.divisions.all()] == [["Bert", "Cora", "Eva"],
                                                  ["Anna", "Dieter", "Frank"]]
        old = text_of(english.get(divided.get_absolute_url()))
        assert "Final standings" in old and "Frühjahr 2027 →" in old
        assert "Close the season" not in old and "Open the next season" not in old

    def test_strangers_do_not_close(self, english, divided, stranger):
        english.force_login(stranger)
        assert english.post(divided.get_absolute_url(), {"action": "close"}).status_code == 403
        assert Season.objects.get(pk=divided.pk).status == "open"

    def test_the_archive(self, english, league, divided, players, run_on_commit):
        play(run_on_commit, divided, players, "Bert", "Cora")
        season_close(season=divided)
        page = text_of(english.get(f"/leagues/{league.slug}/archive/"))
        assert re.search(r"Herbst 2026 closed \d\d/\d\d/\d{4} Oberliga # Player P W D L GP "
                         r"GA \+/− Pts 1 Bert 1 1 0 0 145 0 145 2 2 Anna 0 0 0 0 0 0 0 0 3 "
                         r"Cora 1 0 0 1 0 145 -145 0", page)
        league_page = text_of(english.get(f"/leagues/{league.slug}/"))
        assert "Archive Herbst 2026 closed" in league_page and "No season is running." in \
            league_page

    def test_members_join_a_division_on_the_page(self, english, divided, players, organizer):
        english.force_login(organizer)
        kreisliga = divided.divisions.get(level=2)
        response = english.post(divided.get_absolute_url(), {
            "action": "add-member", "player": players["Anna"].pk, "division": kreisliga.pk})
        assert "Anna already plays in Oberliga." in text_of(response)


class TestLeagueSettings:
    def test_the_organizer_sets_the_tiebreakers(self, english, league, organizer):
        english.force_login(organizer)
        response = english.post(f"/leagues/{league.slug}/", {
            "action": "settings", "promote": 2, "relegate": 1,
            **tiebreak_data(["wins", "game_points"]),
            **rules_data("gin", RULES, prefix="settings-rules"),
            "settings-rules-gin-rounds": "3", "settings-rules-gin-spade_doubles": ""})
        assert response.status_code == 302
        page = text_of(english.get(f"/leagues/{league.slug}/"))
        assert ("Standings order: wins, game points. Between divisions: the first 2 go up, "
                "the last 1 go down.") in page
        # The rules form: the options that differ from the preset are stored, in words.
        league.refresh_from_db()
        assert league.rules == {"preset": "seed", "rounds": 3, "spade_doubles": False}
        assert ("Gin Rommé, club rules (seed); Rounds in a partie: 3; A spade upcard doubles: "
                "no") in page

    def test_an_unknown_key(self, english, league, organizer):
        english.force_login(organizer)
        page = text_of(english.post(f"/leagues/{league.slug}/", {
            "action": "settings", "promote": 0, "relegate": 0,
            **tiebreak_data(["luck"]), **rules_data("gin", RULES, prefix="settings-rules")}))
        assert "Select a valid choice. luck is not one of the available choices." in page

    def test_a_new_season_with_the_best_results(self, english, league, organizer):
        english.force_login(organizer)
        response = english.post(f"/leagues/{league.slug}/", {
            "action": "new-season", "name": "Winter", "mode": "open",
            "match_day_interval": 7, "best_results": 3,
            **rules_data("gin", RULES, prefix="season-rules")})
        season = Season.objects.get(name="Winter")
        assert response["Location"] == season.get_absolute_url()
        page = text_of(english.get(season.get_absolute_url()))
        assert ("Each player's best 3 results count (by match points, then the game-point "
                "difference of the match, then the game points).") in page


class TestRatings:
    def test_the_player_page_draws_the_history(self, english, league, players,
                                               run_on_commit):
        season = season_create(league=league, name="Herbst",
                               members=[players[n] for n in ("Anna", "Bert", "Cora")])
        play(run_on_commit, season, players, "Anna", "Bert")
        play(run_on_commit, season, players, "Cora", "Anna")
        response = english.get(f"/players/{players['Anna'].pk}/")
        html = response.content.decode()
        chart = re.search(r'<svg class="rating-chart".*?</svg>', html, re.S).group(0)
        # The start and one point per rated match; the tooltips name the matches.
        assert chart.count("<circle") == 3
        first, second = Match.objects.order_by("pk")
        assert "<title>Start: 1500</title>" in chart
        assert re.search(rf"<title>Match #{first.pk}, \d\d/\d\d/\d{{4}}: 1662</title>", chart)
        page = text_of(response)
        assert re.search(r"Ratings Gin Rommé: (\d+) RD (\d+), 2 matches · Leaderboard", page)
        assert f"Rating history Match Before After #{second.pk} 1662" in page

    def test_the_leaderboard(self, english, league, players, run_on_commit):
        season = season_create(league=league, name="Herbst",
                               members=[players[n] for n in ("Anna", "Bert", "Cora")])
        play(run_on_commit, season, players, "Anna", "Bert")
        page = text_of(english.get("/leaderboards/gin/"))
        assert "# Player Rating RD Matches 1 Anna 1662 290 1 2 Bert 1338 290 1" in page
        assert "Gin Rommé 2 players rated Doppelkopf 0 players rated" in text_of(
            english.get("/leaderboards/"))
        assert "Nobody is rated in this game yet." in text_of(
            english.get("/leaderboards/nerts/"))
        assert english.get("/leaderboards/skat/").status_code == 404

    def test_a_board_is_drawn_once_per_rating_and_follows_every_rating(
            self, english, league, players, run_on_commit):
        season = season_create(league=league, name="Herbst",
                               members=[players[n] for n in ("Anna", "Bert", "Cora")])
        play(run_on_commit, season, players, "Anna", "Bert")
        assert figures_version(board_owner("gin")) == "1"
        first = text_of(english.get("/leaderboards/gin/"))
        assert "# Player Rating RD Matches 1 Anna 1662 290 1 2 Bert 1338 290 1" in first
        # Drawn: the next reader's request reads the board's version, not the ratings.
        with CaptureQueriesContext(connection) as queries:
            assert text_of(english.get("/leaderboards/gin/")) == first
        assert [query["sql"] for query in queries.captured_queries
                if "league_rating" in query["sql"]] == []
        assert len(queries.captured_queries) == 1

        play(run_on_commit, season, players, "Cora", "Anna")
        assert figures_version(board_owner("gin")) == "2"
        after = text_of(english.get("/leaderboards/gin/"))
        cora, anna = (Rating.objects.get(game="gin", player=players[name])
                      for name in ("Cora", "Anna"))
        assert f"1 Cora {cora.rating:.0f} {cora.deviation:.0f} 1" in after
        assert f"Anna {anna.rating:.0f} {anna.deviation:.0f} 2" in after
        # A search is drawn apart from the whole board, each with its places on the board.
        found = text_of(english.get("/leaderboards/gin/?q=ann"))
        assert f"Matches 2 Anna {anna.rating:.0f} {anna.deviation:.0f} 2" in found
        assert "Cora" not in found.split("Matches", 1)[1]
        assert "Nobody on this board has a name that contains that." in text_of(
            english.get("/leaderboards/gin/?q=zz&page=x"))

    def test_a_kept_board_pages_as_the_board_does(self, english):
        # 52 rated players, 1500 down to 1449: two pages of 50.
        for number in range(52):
            Rating.objects.create(player=Player.objects.create(name=f"Spieler {number:02}"),
                                  game="gin", system=Rating.System.GLICKO2,
                                  rating=1500 - number, deviation=100, matches=3)
        second = text_of(english.get("/leaderboards/gin/?page=2"))
        assert "Matches 51 Spieler 50 1450 100 3 52 Spieler 51 1449 100 3 " in second
        assert "page 2 of 2" in second
        # Not a number: the first page; beyond the end: the last, each kept apart.
        assert "Matches 1 Spieler 00 1500 100 3 2 Spieler 01" in text_of(
            english.get("/leaderboards/gin/?page=x"))
        assert text_of(english.get("/leaderboards/gin/?page=99")) == second
        assert text_of(english.get("/leaderboards/gin/?page=02")) == second
        assert "page 1 of 2" in text_of(english.get("/leaderboards/gin/"))
        found = text_of(english.get("/leaderboards/gin/?q=spieler 5"))
        assert "Matches 51 Spieler 50 1450 100 3 52 Spieler 51 1449 100 3 " in found
        assert "page 1 of" not in found  # one page: no page links

    def test_the_navigation_links_the_leaderboards(self, english):
        assert 'href="/leaderboards/"' in english.get("/").content.decode()
