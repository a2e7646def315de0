"""Standings and tables are computed once per change and kept (league.selectors.figures):
reading them again asks one query (the figures' version); a verdict, a correction and an
organizer's change each show at once, because each raises the version in its own
transaction."""

from __future__ import annotations

import json

import pytest

from games.models import Player
from games.services import match_log_submit
from league.selectors import season_tables_shown
from league.services import league_create, season_create, season_match_record
from tests.documents import first_wins
from tests.tournaments.rounds_helpers import (
    GIN,
    gin_result,
    names,
    people,
    round_matches,
    started,
)
from tournaments.selectors import figures, tournament_standings
from tournaments.services.forfeits import match_forfeit

pytestmark = pytest.mark.django_db


def points(tournament):
    return [(row.player.name, row["points"]) for row in
            figures.standings(tournament=tournament).rows]


def submit(run_on_commit, match, winner):
    with run_on_commit():
        match_log_submit(match=match, text=json.dumps(gin_result(match, winner)))


def test_a_tournament_s_standings_follow_verdicts_corrections_and_organizers(
        organizer, run_on_commit, django_assert_num_queries):
    tournament = started(organizer, count=4, rounds_planned=3)
    first, second = round_matches(tournament, 1)
    assert points(tournament) == [("Anna", 0), ("Bert", 0), ("Cora", 0), ("Dieter", 0)]
    with django_assert_num_queries(1):  # kept: only the version is read
        figures.standings(tournament=tournament)

    assert (names(first), names(second)) == (("Anna", "Bert"), ("Dieter", "Cora"))
    submit(run_on_commit, first, winner=0)  # Anna beats Bert
    assert points(tournament) == [("Anna", 2), ("Bert", 0), ("Cora", 0), ("Dieter", 0)]
    with django_assert_num_queries(1):
        figures.standings(tournament=tournament)

    submit(run_on_commit, first, winner=1)  # corrected: Bert beats Anna
    assert points(tournament) == [("Bert", 2), ("Anna", 0), ("Cora", 0), ("Dieter", 0)]

    with run_on_commit():  # the organizer's decision: Dieter wins by forfeit
        match_forfeit(tournament=tournament, match=second,
                      winner=Player.objects.get(name="Dieter"))
    assert points(tournament) == [("Bert", 2), ("Dieter", 2), ("Anna", 0), ("Cora", 0)]
    assert points(tournament) == [(row.player.name, row["points"]) for row in
                                  tournament_standings(tournament=tournament).rows]


def test_a_season_s_tables_follow_its_verdicts(run_on_commit, django_assert_num_queries):
    anna, bert = people(2)
    league = league_create(name="Dienstagsrunde", game="gin", organizer=None, rules=GIN)
    season = season_create(league=league, name="Herbst", members=[anna, bert])

    def table():
        return [(row["player"]["name"], row["values"]["points"])
                for row in season_tables_shown(season=season)[0]["rows"]]

    assert table() == [("Anna", 0), ("Bert", 0)]
    with django_assert_num_queries(1):  # kept: the season's and league's versions, together
        season_tables_shown(season=season)
    with run_on_commit():
        season_match_record(season=season, players=[bert, anna],
                            text=json.dumps(first_wins("Bert", "Anna")))
    assert table() == [("Bert", 2), ("Anna", 0)]



def test_the_tournament_page_draws_its_standings_once_per_change(
        organizer, run_on_commit, monkeypatch):
    from django.test import Client

    from tournaments.web import fragments

    drawn = []
    draw = fragments.render_to_string
    monkeypatch.setattr(fragments, "render_to_string", lambda name, context: (
        name == "tournaments/_standings_section.html" and drawn.append(name))
        or draw(name, context))
    tournament = started(organizer, count=4, rounds_planned=3)
    first, _second = round_matches(tournament, 1)

    def first_row(language):
        page = Client(HTTP_ACCEPT_LANGUAGE=language).get(
            tournament.get_absolute_url()).content.decode()
        body = page[page.index('<table class="standings" id="standings">'):]
        row = body[body.index("<tbody>"):]
        row = row[row.index("<tr>"):row.index("</tr>")]
        heading = page[page.rindex("<h2>", 0, page.index('id="standings"')):]
        return heading[4:heading.index("</h2>")], " ".join(
            cell.split(">")[-1] for cell in row.replace("</a>", "").replace("</strong>", "")
            .split("</td>")[:-1])

    assert first_row("en") == ("Standings", "1 Anna 0 0 0 0 0 0 0 0 0 0 0")
    assert first_row("en") == ("Standings", "1 Anna 0 0 0 0 0 0 0 0 0 0 0")
    assert drawn == ["tournaments/_standings_section.html"]  # drawn once, then kept
    submit(run_on_commit, first, winner=0)  # Anna beats Bert: the page shows it at once
    heading, row = first_row("en")
    assert (heading, row.split()[:6]) == ("Standings", ["1", "Anna", "1", "1", "0", "0"])
    assert drawn == ["tournaments/_standings_section.html"] * 2
    assert first_row("de")[0] == "Tabelle"  # each language drawn in its own words
    assert drawn == ["tournaments/_standings_section.html"] * 3


def test_a_round_is_drawn_once_per_change_for_readers_not_signed_in(
        organizer, run_on_commit, monkeypatch):
    from django.test import Client

    from tournaments.web import fragments

    drawn = []
    draw = fragments.render_to_string
    monkeypatch.setattr(fragments, "render_to_string",
                        lambda name, context: drawn.append(name) or draw(name, context))
    tournament = started(organizer, count=4, rounds_planned=3)
    first, second = round_matches(tournament, 1)
    reader = Client(HTTP_ACCEPT_LANGUAGE="en")

    def board(client, match):
        page = client.get(tournament.get_absolute_url()).content.decode()
        row = page[page.index(f'href="{match.get_absolute_url()}"'):]
        return row[:row.index("</tr>")]

    assert "scheduled" in board(reader, first) and "Enter result" not in board(reader, first)
    assert "scheduled" in board(reader, second)
    assert drawn.count("tournaments/rounds/_swiss_round.html") == 1  # then kept
    submit(run_on_commit, first, winner=0)  # the round changed: drawn again, with the score
    assert "145 : 0</td>" in board(reader, first) and "status scored" in board(reader, first)
    assert drawn.count("tournaments/rounds/_swiss_round.html") == 2
    # The organizer, signed in, sees the round drawn for him, with his buttons.
    signed_in = Client(HTTP_ACCEPT_LANGUAGE="en")
    signed_in.force_login(organizer)
    assert "Enter result" in board(signed_in, second)
    assert drawn.count("tournaments/rounds/_swiss_round.html") == 2
