"""Schemathesis runs the whole OpenAPI schema against the API: every operation with
generated requests, valid and invalid, as an organizer with a token. No answer may be a
server error, and every answer must be one the schema documents (status, content type,
headers, body).

The requests reach a small club (:func:`club`): path parameters and the players named in
bodies are drawn from its real tournaments, leagues, seasons, matches, logs and players as
often as not, so that the operations do their work rather than answer 404. Each operation
runs a bounded number of examples with a fixed seed (``derandomize``), so a run is the same
every time; ``SCHEMATHESIS_EXAMPLES`` raises the number for a deeper search.

Two of Schemathesis's checks are left out, since they judge how strictly a request is read,
not what is answered: ``positive_data_acceptance`` (a request the schema allows may still be
refused for what only the data can say: a name taken, a match not ready, a wrong password)
and ``negative_data_rejection`` (form-encoded bodies follow HTML forms: an empty filter is no
filter, a box left out is false).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from django.test import TestCase
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

from games.engines import registry
from games.models import Match, MatchLog, Player
from games.services import match_log_submit
from league.services.leagues import league_create, season_create, season_fixtures_draw
from tests.documents import as_text, first_wins
from tests.tournaments.elimination_helpers import field_of, make

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "25"))
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())

# What the club holds, by kind; filled by the ``club`` fixture before the first operation.
KNOWN: dict[str, list[Any]] = {}


def _known_or_generated(kind: str, generated: Any) -> st.SearchStrategy[Any]:
    values = KNOWN.get(kind) or []
    return st.one_of(st.just(generated), st.sampled_from(values)) if values else st.just(
        generated)


# The kind of object a path parameter names: by its name, and where the name says too
# little (``slug``, ``id``), by the start of the operation's path.
NAME_KINDS = {"player": "player", "opponent": "player", "match": "match", "game": "game",
              "league": "league", "season": "season_slug"}
PATH_KINDS = [
    ("/api/tournaments/", {"slug": "tournament"}),
    ("/api/leagues/", {"slug": "league"}),
    ("/api/seasons/", {"id": "season"}),
    ("/api/matches/", {"id": "match"}),
    ("/api/logs/", {"id": "log"}),
    ("/api/players/", {"id": "player"}),
    ("/api/games/", {"slug": "game"}),
]


@schema.hook("flatmap_path_parameters")
def club_objects(context: Any, path_parameters: dict[str, Any]) -> st.SearchStrategy[Any]:
    if not path_parameters:
        return st.just(path_parameters)
    path = context.operation.path if context.operation else ""
    kinds = {**NAME_KINDS, **next((kinds for prefix, kinds in PATH_KINDS
                                   if path.startswith(prefix)), {})}
    return st.fixed_dictionaries({
        name: _known_or_generated(kinds.get(name, ""), value)
        for name, value in path_parameters.items()})


@schema.hook("flatmap_body")
def club_players(context: Any, body: Any) -> st.SearchStrategy[Any]:
    """A body that names a player (an entry, a member, a disqualification) names one of the
    club's as often as not."""
    if isinstance(body, dict) and "player" in body:
        return _known_or_generated("player", body["player"]).map(
            lambda player: {**body, "player": player})
    return st.just(body)


@pytest.fixture(scope="module")
def club(django_db_setup: Any, django_db_blocker: Any) -> Iterator[str]:
    """A club with a league season under way, a tournament in registration, a knockout and
    a Swiss running, a scored match; yields an organizer's token.

    Made once for all the operations, in a transaction that is rolled back at the end; each
    operation's writes are rolled back after it (the ``db`` fixture's savepoint)."""
    # The test client of Django does the same: a request's end must not close the
    # connection that holds the test's transaction.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    with django_db_blocker.unblock(), transaction.atomic():
        root = get_user_model().objects.create_superuser("root", password="secret-root")
        players = field_of(8)
        names = list(players)
        league = league_create(name="Stammtisch Liga", game="gin", organizer=root)
        season = season_create(league=league, name="2025", mode="fixtures",
                               members=[players[name] for name in names[:4]])
        season_fixtures_draw(season=season)
        open_event = make(root, "round_robin", names[:3], start=False)
        knockout = make(root, "single_elimination", names[:4])
        swiss = make(root, "swiss", names[:4], rounds_planned=3)
        first = Match.objects.filter(round__stage__tournament=knockout).exclude(
            seats__player=None).order_by("position").first()
        with TestCase.captureOnCommitCallbacks(execute=True):
            match_log_submit(match=first, text=as_text(first_wins(*[
                seat.player.name for seat in first.seats.order_by("index")])))
        KNOWN.update({
            "tournament": [open_event.slug, knockout.slug, swiss.slug],
            "league": [league.slug],
            "season": [season.pk],
            "season_slug": [season.slug],
            "match": list(Match.objects.values_list("pk", flat=True)),
            "log": list(MatchLog.objects.values_list("pk", flat=True)),
            "player": list(Player.objects.values_list("pk", flat=True)),
            "game": registry.game_slugs(),
        })
        yield Token.objects.create(user=root).key
        KNOWN.clear()
        transaction.set_rollback(True)
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def organizer_token(club: str, db: Any) -> Iterator[str]:
    cache.clear()  # the log-in throttle's counts
    yield club
    cache.clear()


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says(case: Any, organizer_token: str) -> None:
    case.call_and_validate(headers={"Authorization": f"Token {organizer_token}"},
                           excluded_checks=[negative_data_rejection, positive_data_acceptance])
