"""What a verdict's statistics cost: a fixed number of statements, however long the players'
history, so that a saving cannot be lost without a test saying so."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Match
from games.services import match_log_replay, match_log_submit
from league.services.leagues import league_create, season_create
from league.services.statistics import match_statistics_refresh
from tests.documents import as_text, first_wins
from tests.league.statistics.helpers import new_match, play

pytestmark = pytest.mark.django_db
ONE_ROUND = {"rules": {"preset": "seed", "rounds": 1}}


def locks() -> int:
    """The game's lock and the players' locks: advisory locks, PostgreSQL's only (SQLite
    writes one at a time)."""
    return 2 if connection.vendor == "postgresql" else 0


def replayed(match: Match, text: str) -> Match:
    """``text`` submitted to ``match`` and replayed: scored, its verdict not announced."""
    match_log_replay(log_id=match_log_submit(match=match, text=text).pk)
    match.refresh_from_db()
    assert match.status == Match.Status.SCORED
    return match


def statements(match: Match) -> list[str]:
    """The statements of the statistics' verdict handler on ``match``, run inside the test's
    transaction as inside the announcement's (so no savepoint of its own)."""
    match = Match.objects.get(pk=match.pk)
    with CaptureQueriesContext(connection) as queries:
        match_statistics_refresh(match=match)
    return [query["sql"] for query in queries]


def anna_wins_again(**extra):
    """Anna and Bert known to the statistics (Anna's longest run two wins, broken by Bert),
    and a match Anna wins scored: a run of one, which writes no streak."""
    for winner, loser in (("Anna", "Bert"), ("Anna", "Bert"), ("Bert", "Anna")):
        play(first_wins(winner, loser) | ONE_ROUND, **extra)
    document = first_wins("Anna", "Bert") | ONE_ROUND
    return replayed(new_match(document, **extra), as_text(document))


#: A first verdict on the players' latest match, besides the locks: the match with its seats,
#: its stored players and when it was first scored; the players' figures version; the log's
#: hands; the match's rows (players', encounters, record); the players' sums kept (with
#: whether either has a later match, and his longest run in the league); the winner's
#: latest results; the sums written.
FIRST_VERDICT = 9


def test_a_first_verdict():
    match = anna_wins_again()
    assert len(statements(match)) == FIRST_VERDICT + locks()


def test_a_first_verdict_in_a_league(organizer):
    """The winner's longest run in the league is read with the sums kept."""
    league = league_create(name="Donnerstagsrunde", game="gin", organizer=organizer,
                           rules=ONE_ROUND["rules"])
    match = anna_wins_again(season=season_create(league=league, name="Herbst"))
    assert len(statements(match)) == FIRST_VERDICT + locks()


def test_a_correction():
    """The old rows go (the players', encounters, records), the new come, and the players'
    rows are summed again: the rows read, the streaks deleted, the sums and the streaks
    written."""
    match = anna_wins_again()
    statements(match)
    replayed(match, json.dumps(first_wins("Anna", "Bert") | ONE_ROUND))  # another text
    assert len(statements(match)) == 13 + locks()


def test_a_match_without_seats_is_read_alone():
    """The read through its seats finds none, so the match is read on its own; it counts for
    no one, and nothing else is read or written (but the game's lock taken)."""
    match = Match.objects.create(game="gin", rules=ONE_ROUND["rules"])
    assert len(statements(match)) == 2 + locks() // 2
