"""The lists that grow with the history (the matches) count a fixed number of rows at most,
on the page and in the API, and still show that there are more."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.api import pagination
from games.services import match_create
from games.web import matches as match_pages
from games.web.lists import CountedAtMostPaginator

pytestmark = pytest.mark.django_db


@pytest.fixture
def five_matches(players):
    return [match_create(game="gin", players=[players["Anna"], players["Bert"]]).pk
            for _ in range(5)]


def test_the_paginator_counts_at_most_its_cap(five_matches):
    from games.models import Match

    rows = Match.objects.order_by("-pk")
    capped = CountedAtMostPaginator(rows, 2, counted_at_most=3)
    assert (capped.count, capped.capped, capped.num_pages) == (3, True, 2)
    exact = CountedAtMostPaginator(rows, 2, counted_at_most=5)
    assert (exact.count, exact.capped, exact.num_pages) == (5, False, 3)


def test_the_match_list_says_there_are_more(five_matches, monkeypatch):
    monkeypatch.setattr(match_pages, "COUNTED_AT_MOST", 3)
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/matches/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "page 1 of 1 (the newest 3; there are more, a search narrows the list)" in text
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get("/matches/").content.decode()
    assert ("Seite 1 von 1 (die neuesten 3; es gibt mehr, eine Suche grenzt die Liste "
            "ein)" in german)


def test_the_api_counts_at_most_its_cap_and_reads_on(five_matches, monkeypatch):
    monkeypatch.setattr(pagination.CountedAtMostPagination, "counted_at_most", 3)
    client = APIClient()
    url, seen, counts = "/api/matches/?limit=2", [], []
    while url:
        body = client.get(url).json()
        counts.append(body["count"])
        seen += [match["id"] for match in body["results"]]
        url = body["next"]
    assert seen == sorted(five_matches, reverse=True)
    assert counts == [3, 3, 3]


def test_a_short_list_is_counted_exactly(five_matches):
    body = APIClient().get("/api/matches/?limit=2&offset=4").json()
    assert (body["count"], len(body["results"]), body["next"]) == (5, 1, None)


def test_the_player_page_counts_his_matches_from_his_seats(players, monkeypatch):
    """The page of a player's matches is counted from his seats alone: the count joined to
    the matches made PostgreSQL read every match of the federation."""
    import functools

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.web.lists import list_page
    from league.web import players as player_pages

    for opponent in ("Bert", "Cora", "Dieter"):
        match_create(game="gin", players=[players["Anna"], players[opponent]])
    match_create(game="gin", players=[players["Bert"], players["Cora"]])
    monkeypatch.setattr(player_pages, "list_page", functools.partial(list_page, per_page=2))
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    with CaptureQueriesContext(connection) as queries:
        first = client.get(players["Anna"].get_absolute_url()).content.decode()
    counts = [query["sql"] for query in queries.captured_queries if "COUNT(*)" in query["sql"]]
    assert len(counts) == 1 and "games_seat" in counts[0] and "games_match" not in counts[0]
    assert "page 1 of 2" in first and ">Dieter<" in first and ">Bert<" not in first
    last = client.get(players["Anna"].get_absolute_url() + "?page=2").content.decode()
    assert "page 2 of 2" in last and ">Bert<" in last and ">Dieter<" not in last


def test_a_capped_list_s_pages_are_picked_from_the_keys_it_listed(five_matches):
    from games.models import Match

    rows = Match.objects.order_by("-pk")
    newest_first = sorted(five_matches, reverse=True)
    capped = CountedAtMostPaginator(rows, 2, counted_at_most=3)
    assert [[match.pk for match in capped.page(number)] for number in (1, 2)] == [
        newest_first[:2], newest_first[2:3]]


def test_the_match_search_is_listed_once_and_not_counted_again(players):
    """The search finds the matches through the seats of the players it finds: the keys of
    the first 1,001 are listed once, counted, and the page is read by its keys (PostgreSQL
    checks the search for those rows only), on the page and in the API; no COUNT walks the
    search a second time."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    found = [match_create(game="gin", players=[players["Anna"], players[name]]).pk
             for name in ("Bert", "Cora", "Dieter")]
    match_create(game="gin", players=[players["Bert"], players["Cora"]])

    def searched(client, url):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        sql = [query["sql"] for query in queries.captured_queries]
        assert not [text for text in sql if "COUNT(" in text]
        assert len([text for text in sql if "%ann%" in text.lower()
                    and "LIMIT 1001" in text]) == 1
        return response

    page = searched(Client(HTTP_ACCEPT_LANGUAGE="en"), "/matches/?q=ann")
    shown = [int(number) for number in re.findall(r">Match (\d+)<", page.content.decode())]
    assert shown == sorted(found, reverse=True)
    body = searched(APIClient(), "/api/matches/?search=ann&limit=2").json()
    assert body["count"] == 3
    assert [match["id"] for match in body["results"]] == sorted(found, reverse=True)[:2]


def test_a_row_that_leaves_the_list_between_its_two_reads_does_not_end_the_reading(
        five_matches, monkeypatch):
    """The keys are listed, then the page read by them: a match that leaves the list in
    between (scored while a client reads the scheduled ones) shortens that page, but
    ``next`` still leads on, since the page was full by its keys."""
    monkeypatch.setattr(pagination.CountedAtMostPagination, "counted_at_most", 3)
    read = pagination.rows_of_keys
    monkeypatch.setattr(pagination, "rows_of_keys",
                        lambda rows, keys: read(rows, keys)[1:])  # the first one left
    # The page at the count's end: only a full page leads on beyond it.
    body = APIClient().get("/api/matches/?limit=2&offset=2").json()
    newest_first = sorted(five_matches, reverse=True)
    assert [match["id"] for match in body["results"]] == newest_first[3:4]
    assert body["count"] == 3
    assert body["next"] == "http://testserver/api/matches/?limit=2&offset=4"
