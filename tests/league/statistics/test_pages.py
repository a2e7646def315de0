"""The statistics pages and API: head-to-head records and winning streaks with exact figures,
records that link to the right match and deal, refusals that name the field, and a constant
number of queries however many matches there are."""

from __future__ import annotations

import doctest
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import league.selectors.statistics_labels
import league.web.charts
from games.models import Match, Player
from league.models import WinningStreak
from league.services import league_create, season_create
from tests.documents import first_wins
from tests.league.statistics.helpers import example, play
from tests.league.statistics.test_gin import PARTIE

pytestmark = pytest.mark.django_db


def test_the_docstring_examples():
    for module in (league.web.charts, league.selectors.statistics_labels):
        assert doctest.testmod(module).failed == 0


def gin(winner: str, loser: str, **extra) -> Match:
    """A one-round partie that ``winner`` wins 145 : 0 (tests/documents.py)."""
    return play(first_wins(winner, loser) | {"rules": {"preset": "seed", "rounds": 1}},
                **extra)


@pytest.fixture
def season(organizer):
    league = league_create(name="Donnerstagsrunde", game="gin", organizer=organizer,
                           rules={"preset": "seed", "rounds": 1})
    return season_create(league=league, name="Herbst")


class TestHeadToHead:
    def test_two_players_record_points_and_latest_matches(self, client):
        first = gin("Anna", "Bert")
        second = gin("Bert", "Anna")
        third = gin("Anna", "Bert")
        gin("Anna", "Cora")
        anna, bert = Player.objects.get(name="Anna"), Player.objects.get(name="Bert")
        response = client.get(f"/api/statistics/gin/head-to-head/{anna.pk}/{bert.pk}/")
        data = response.json()
        assert (data["matches"], data["wins"], data["draws"], data["losses"]) == (3, 2, 0, 1)
        assert (data["points"], data["against"]) == (290, 145)
        assert [entry["match"] for entry in data["recent"]] == [third.pk, second.pk, first.pk]
        assert [entry["outcome"] for entry in data["recent"]] == ["win", "loss", "win"]
        # The page shows the same, from both sides, with links to the matches.
        page = client.get(f"/statistics/gin/head-to-head/{bert.pk}/{anna.pk}/",
                          HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert '<tr data-player="Bert"><th scope="row"><a href="/players/' in page
        assert '<td class="num">1</td><td class="num">0</td><td class="num">2</td>' \
               '<td class="num">145</td>' in page
        assert len(re.findall(r'href="/matches/\d+/', page)) == 3  # the menu links /matches/

    def test_a_player_against_the_field(self, client):
        gin("Anna", "Bert")
        gin("Bert", "Anna")
        gin("Anna", "Cora")
        play(example("doppelkopf/liste-hausregeln.json"))
        anna = Player.objects.get(name="Anna")
        data = client.get(f"/api/statistics/gin/players/{anna.pk}/").json()
        assert [(row["opponent"]["name"], row["matches"], row["wins"], row["losses"],
                 row["points"], row["against"]) for row in data["against_the_field"]] == [
            ("Bert", 2, 1, 1, 145, 145), ("Cora", 1, 1, 0, 145, 0)]
        # At a table of four the better place wins: in the list Anna (3) placed 2nd, behind
        # Bert (16) and level with Dora (3), ahead of Carl (-19).
        field = client.get(f"/api/statistics/doppelkopf/players/{anna.pk}/").json()[
            "against_the_field"]
        assert [(row["opponent"]["name"], row["wins"], row["draws"], row["losses"])
                for row in field] == [("Bert", 0, 0, 1), ("Carl", 1, 0, 0), ("Dora", 0, 1, 0)]

    def test_linked_from_the_match_and_player_pages(self, client):
        match = gin("Anna", "Bert")
        anna, bert = Player.objects.get(name="Anna"), Player.objects.get(name="Bert")
        page = client.get(f"/matches/{match.pk}/").content.decode()
        assert f'href="/statistics/gin/head-to-head/{anna.pk}/{bert.pk}/"' in page
        page = client.get(f"/players/{anna.pk}/").content.decode()
        assert f'href="/players/{anna.pk}/statistics/gin/"' in page
        page = client.get(f"/players/{anna.pk}/statistics/gin/").content.decode()
        assert f'href="/statistics/gin/head-to-head/{anna.pk}/{bert.pk}/"' in page

    def test_bad_choices_are_refused_naming_the_field(self, client):
        gin("Anna", "Bert")
        anna = Player.objects.get(name="Anna")
        response = client.get(f"/statistics/gin/head-to-head/?player={anna.pk}&opponent="
                              f"{anna.pk}", HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 400
        assert '<span class="error" id="opponent-error">Choose two different players.' \
               in response.content.decode()
        response = client.get("/statistics/gin/head-to-head/?player=abc&opponent=",
                              HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 400
        assert ('<span class="error" id="player-error">Choose a player who has played Gin '
                'Rommé here.') in response.content.decode()
        response = client.get(f"/statistics/gin/head-to-head/?player={anna.pk}&opponent="
                              f"{Player.objects.get(name='Bert').pk}")
        assert response.status_code == 302
        assert client.get("/statistics/skat/").status_code == 404
        api = client.get(f"/api/statistics/gin/head-to-head/{anna.pk}/{anna.pk}/",
                         HTTP_ACCEPT_LANGUAGE="en")
        assert api.status_code == 400
        assert api.json() == {"message": "opponent: Choose two different players.",
                              "extra": {"fields": {"opponent": [
                                  "Choose two different players."]}}}
        assert client.get("/api/statistics/gin/records/?league=nowhere",
                          HTTP_ACCEPT_LANGUAGE="en").json()["message"] == (
            "league: There is no league 'nowhere'.")
        assert client.get("/api/statistics/skat/players/").status_code == 404
        assert client.get("/api/statistics/nerts/players/9999/").status_code == 404


class TestRecords:
    def test_records_link_to_the_match_and_deal(self, client):
        partie = play(PARTIE)  # round 2 ends in deal 6 at 526
        small = gin("Cora", "Dieter")  # its round: 260, in deal 3
        data = client.get("/api/statistics/gin/records/").json()
        rounds = data[0]
        assert rounds["kind"] == "gin-round"
        assert [(entry["value"], entry["match"], entry["deal"], entry["url"])
                for entry in rounds["entries"]] == [
            (526, partie.pk, 6, f"/matches/{partie.pk}/#deal-6"),
            (260, small.pk, 3, f"/matches/{small.pk}/#deal-3")]
        page = client.get("/statistics/gin/records/", HTTP_ACCEPT_LANGUAGE="en")
        assert (f'<a class="record-link" href="/matches/{partie.pk}/#deal-6">match '
                f'#{partie.pk}, deal 6</a>') in page.content.decode()

    def test_a_fastest_race_links_to_its_move(self, client):
        match = play(example("katarenga-rennen/match-two-games.json"))
        entry = client.get("/api/statistics/katarenga-rennen/records/").json()[0]["entries"][0]
        assert (entry["value"], entry["url"]) == (
            33, f"/matches/{match.pk}/?game=1&move=33#kr-game-1")

    def test_winning_streaks_everywhere_and_in_a_league(self, client, season):
        # Anna: W (friendly), W, W (league), L (league), W, W (league): the longest run is 3
        # (the friendly and the first two league matches); in the league alone 2.
        friendly = gin("Anna", "Bert")
        league_matches = [gin("Anna", "Bert", season=season), gin("Anna", "Cora", season=season),
                          gin("Bert", "Anna", season=season), gin("Anna", "Bert", season=season),
                          gin("Anna", "Cora", season=season)]
        anna = Player.objects.get(name="Anna")
        everywhere = WinningStreak.objects.get(player=anna, league=None)
        assert (everywhere.length, everywhere.first_match, everywhere.last_match) == (
            3, friendly, league_matches[1])
        in_league = WinningStreak.objects.get(player=anna, league=season.league)
        assert (in_league.length, in_league.first_match, in_league.last_match) == (
            2, league_matches[0], league_matches[1])
        streaks = client.get(f"/api/statistics/gin/records/?league={season.league.slug}"
                             ).json()[-1]
        assert streaks["kind"] == "winning-streak"
        assert [(entry["holders"][0]["name"], entry["value"], entry["first_match"],
                 entry["match"]) for entry in streaks["entries"]] == [
            ("Anna", 2, league_matches[0].pk, league_matches[1].pk),
            ("Bert", 1, league_matches[2].pk, league_matches[2].pk)]
        page = client.get(f"/leagues/{season.league.slug}/records/", HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 200
        assert "Records of Donnerstagsrunde" in page.content.decode()
        stats = client.get(f"/api/statistics/gin/players/{anna.pk}/").json()
        assert (stats["longest_streak"], stats["current_streak"]) == (3, 2)


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200, url
    return len(queries)


def test_pages_and_api_keep_their_query_counts(client, season):
    """The same pages with 2 and with 10 matches behind them cost the same queries."""
    anna, bert = Player.objects.get_or_create(name="Anna")[0], Player.objects.get_or_create(
        name="Bert")[0]
    urls = [
        "/statistics/", "/statistics/gin/", f"/players/{anna.pk}/statistics/gin/",
        f"/statistics/gin/head-to-head/{anna.pk}/{bert.pk}/", "/statistics/gin/records/",
        f"/leagues/{season.league.slug}/records/", "/api/statistics/",
        "/api/statistics/gin/players/", f"/api/statistics/gin/players/{anna.pk}/",
        f"/api/statistics/gin/head-to-head/{anna.pk}/{bert.pk}/",
        f"/api/statistics/gin/records/?league={season.league.slug}",
    ]
    for index in range(2):
        gin("Anna", "Bert", season=season) if index % 2 else gin("Bert", "Anna")
    small = {url: _queries(client, url) for url in urls}
    for index in range(8):
        if index % 3:
            gin("Anna", "Bert", season=season)
        else:
            gin("Bert", "Anna")
        gin("Cora", "Anna")
    large = {url: _queries(client, url) for url in urls}
    assert large == small
    assert small[f"/players/{anna.pk}/statistics/gin/"] <= 8
