"""Every page and API list at a fixed number of queries, however large the history.

Two worlds are built with the federation builder of ``manage.py scale_data`` (every result a
random match scored by its engine): a small one and one with bigger events (more players,
rounds, matches) and longer seasons. Every page of one kind is asked for in both, once with
nothing cached and once again, and the numbers of queries must be the same; the lists that
show everything (home, players, matches, leaderboards, the API's lists) are asked for
before and after the second world is there.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext

from games.models import Match, Seat
from league.models import League, Season
from tournaments.management.scale.federation import SMALL_EVENTS, Federation
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

LARGE_EVENTS = {"swiss": 16, "swiss_rounds": 4, "robin": 9, "double": 16, "doko": 17,
                "table_rounds": 3, "doko_deals": 4, "nerts": 12}
GAMES = ("gin", "doppelkopf", "rennen", "katarenga-rennen", "nerts")
EVENTS = ("swiss", "round-robin", "double-elimination", "doppelkopf-tables", "nerts-tables")


def build(federation, players, *, club, suffix, events, season_matches):
    federation.events(players, sizes=events, suffix=suffix)
    members = players[-40:]
    for game in GAMES:
        for number in range(4):  # Gin's fourth season plays fixtures
            federation.season(club, game, number, members, matches=season_matches)


def analyze():
    """Fresh planner statistics after a bulk load, as autovacuum keeps them for a real
    database. Without them PostgreSQL may still hold the statistics of the tables when they
    were empty (between two tests) and plan the large world's reads as nested loops over
    "one row" tables, which take minutes instead of milliseconds. SQLite has no planner
    statistics to refresh."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def counted(client, url):
    """The queries of a request with nothing cached, and of the same request again."""
    counts = []
    for warm in (False, True):
        if not warm:
            cache.clear()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        counts.append(len(queries))
    return tuple(counts)


def entity_pages(suffix, club):
    """The pages of one world's competitions, players and matches, by kind."""
    pages = {f"tournament {event}": f"/tournaments/scale-{event}{suffix}/" for event in EVENTS}
    pages["tournament round robin, round 1"] = f"/tournaments/scale-round-robin{suffix}/?round=1"
    for event in ("swiss", "round-robin", "doppelkopf-tables"):
        pages[f"API standings {event}"] = f"/api/tournaments/scale-{event}{suffix}/standings/"
        pages[f"API matches {event}"] = f"/api/tournaments/scale-{event}{suffix}/matches/"
    pages["API bracket"] = f"/api/tournaments/scale-double-elimination{suffix}/bracket/"
    for game in GAMES:
        league = League.objects.get(slug=f"club-{club:03d}-{game}")
        pages[f"league {game}"] = f"/leagues/{league.slug}/"
        pages[f"archive {game}"] = f"/leagues/{league.slug}/archive/"
        for season in league.seasons.all():
            kind = "closed" if season.status == Season.Status.CLOSED else season.mode
            pages[f"season {game} {season.slug} {kind}"] = season.get_absolute_url()
            pages[f"API standings {game} {season.slug}"] = \
                f"/api/seasons/{season.pk}/standings/"
            pages[f"API season matches {game} {season.slug}"] = \
                f"/api/seasons/{season.pk}/matches/"
        match = Match.objects.filter(season__league=league, status="scored").first()
        pages[f"match {game}"] = match.get_absolute_url()
    busiest = (Seat.objects.filter(match__season__league__slug__startswith=f"club-{club:03d}")
               .values("player").order_by().annotate(n=Count("pk")).order_by("-n")
               .first()["player"])
    pages["player"] = f"/players/{busiest}/"
    pages["API player ratings"] = f"/api/players/{busiest}/ratings/"
    return pages


LISTS = ["/", "/players/", "/players/?q=anna", "/players/?page=2", "/tournaments/",
         "/leagues/", "/matches/", "/matches/?q=er&game=gin", "/matches/?page=3",
         "/leaderboards/", *[f"/leaderboards/{game}/" for game in GAMES],
         "/leaderboards/gin/?q=a", "/api/players/", "/api/players/?search=anna",
         "/api/tournaments/", "/api/leagues/", "/api/seasons/", "/api/matches/",
         "/api/matches/?search=er", "/api/leaderboards/",
         *[f"/api/leaderboards/{game}/" for game in GAMES]]


def test_every_page_costs_the_same_queries_at_two_sizes(client):
    federation = Federation(seed=7, processes=1, logs_share=0.1, say=lambda text: None,
                            pool=8)
    players = federation.players(320)
    build(federation, players[:100], club=0, suffix="-a", events=SMALL_EVENTS,
          season_matches=8)
    analyze()
    small_lists = {url: counted(client, url) for url in LISTS}
    small_pages = {kind: counted(client, url) for kind, url in entity_pages("-a", 1).items()}
    matches_before = Match.objects.count()

    build(federation, players[100:], club=4, suffix="-b", events=LARGE_EVENTS,
          season_matches=40)
    analyze()
    assert Match.objects.count() > 3 * matches_before
    assert Tournament.objects.get(slug="scale-swiss-b").rounds.count() == 4
    large_lists = {url: counted(client, url) for url in LISTS}
    large_pages = {kind: counted(client, url) for kind, url in entity_pages("-b", 5).items()}

    assert {url: (small_lists[url], large_lists[url]) for url in LISTS
            if small_lists[url] != large_lists[url]} == {}
    # The season pages' names differ by nothing but their kind; compare kind by kind.
    assert set(small_pages) == set(large_pages)
    assert {kind: (small_pages[kind], large_pages[kind]) for kind in small_pages
            if small_pages[kind] != large_pages[kind]} == {}
    # And something is cached: the standings pages ask fewer queries the second time.
    assert small_pages["tournament swiss"][1] < small_pages["tournament swiss"][0]


def test_an_organizers_tournament_page_too(client):
    federation = Federation(seed=8, processes=1, logs_share=0.1, say=lambda text: None,
                            pool=8)
    players = federation.players(80)
    federation.events(players[:30], sizes={**SMALL_EVENTS, "doko": 5, "nerts": 4,
                                            "double": 4, "robin": 3, "swiss": 4},
                      suffix="-a")
    federation.events(players[30:], sizes=SMALL_EVENTS, suffix="-b")
    analyze()
    client.force_login(federation.organizer)
    for event in EVENTS:
        small = counted(client, f"/tournaments/scale-{event}-a/")
        large = counted(client, f"/tournaments/scale-{event}-b/")
        assert small == large, event
