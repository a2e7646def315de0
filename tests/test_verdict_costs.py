"""The results flow's own work does not grow with the competition: submitting a log, the
replay task, the announcement of its verdict (bracket, end, figures) and the rating task ask
the same number of queries in a small and in a large competition of every format."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import Match
from games.services import match_log_replay, match_log_submit
from games.services.verdicts import match_verdict_announce
from league.services import league_create, season_create, season_match_record
from league.services.ratings import match_rate
from tests.documents import as_text, first_wins
from tournaments.management.scale.federation import RULES, Federation
from tournaments.models import Tournament
from tournaments.services import elimination, tournament_create, tournament_enter, tournament_start
from tournaments.services.elimination import stages_reflow

pytestmark = pytest.mark.django_db


@pytest.fixture
def federation():
    return Federation(seed=11, processes=1, logs_share=0.0, say=lambda text: None, pool=8)


def costs(match, text):
    """Queries of each step of the results flow for one log."""
    steps = {}
    with CaptureQueriesContext(connection) as queries:
        log = match_log_submit(match=match, text=text)
    steps["submit"] = len(queries)
    with CaptureQueriesContext(connection) as queries:
        assert match_log_replay(log_id=log.pk).status == "scored"
    steps["replay"] = len(queries)
    with CaptureQueriesContext(connection) as queries:
        assert match_verdict_announce(match_id=match.pk)
    steps["announce"] = len(queries)
    with CaptureQueriesContext(connection) as queries:
        assert match_rate(match_id=match.pk) == "rated"
    steps["rate"] = len(queries)
    return steps


def last_open(federation, tournament):
    """Every playable match of the tournament scored but one, which is returned; the
    bracket (if any) follows the results, as it would have after each of them."""
    playable = federation._playable(tournament)
    federation.score(playable[:-1])
    with transaction.atomic():
        stages_reflow(tournament=tournament)
    return playable[-1]


def text_for(federation, match):
    names = [seat.seated_player.name for seat in match.seats.order_by("index")]
    return federation.texts(match.game, [names])[0]


def tournament(federation, players, format, game, **settings):
    created = tournament_create(name=f"{format} {len(players)}", game=game, format=format,
                                rules=RULES[game], organizer=federation.organizer, **settings)
    for seed, player in enumerate(players, start=1):
        tournament_enter(tournament=created, player=player, seed=seed)
    return tournament_start(tournament=created)


@pytest.mark.parametrize(("format", "game", "sizes"), [
    (Tournament.Format.ROUND_ROBIN, "rennen", (4, 12)),
    (Tournament.Format.SWISS, "gin", (6, 24)),
    (Tournament.Format.TABLE_ROUNDS, "nerts", (8, 32)),
])
def test_a_tournament_of_any_size(federation, format, game, sizes):
    players = federation.players(sum(sizes))
    settings = {"rounds_planned": 3} if format != Tournament.Format.ROUND_ROBIN else {}
    if game == "nerts":
        settings.update(deals_per_round=1, table_size=4)
    measured = []
    for start, size in ((0, sizes[0]), (sizes[0], sizes[1])):
        event = tournament(federation, players[start:start + size], format, game, **settings)
        match = last_open(federation, event)
        measured.append(costs(match, text_for(federation, match)))
    assert measured[0] == measured[1]


def test_a_bracket_reads_its_stage_in_the_same_queries(federation):
    players = federation.players(40)
    measured = []
    for field in (players[:8], players[8:40]):
        event = tournament(federation, field, Tournament.Format.DOUBLE_ELIMINATION, "gin")
        match = last_open(federation, event)
        measured.append(costs(match, text_for(federation, match)))
    assert measured[0] == measured[1]


def test_a_season_of_any_length(federation):
    """Every match is won by the first of its pair, so that the two seasons differ in length
    only: in both the measured match makes its winner's run two wins long, his longest yet
    (a verdict that makes a streak the longest writes it; one that does not, writes none)."""
    players = federation.players(12)
    rules = {"preset": "seed", "rounds": 1}
    measured = []
    for length in (3, 63):
        league = league_create(name=f"Liga {length}", game="gin", organizer=None, rules=rules)
        season = season_create(league=league, name="Herbst", members=players)
        pairs = [(players[i % 12], players[(i + 1) % 12]) for i in range(length)]
        for first, second in pairs:
            text = as_text(first_wins(first.name, second.name))
            log = season_match_record(season=season, players=[first, second], text=text)
            match_log_replay(log_id=log.pk)
            match_verdict_announce(match_id=log.match_id)
            match_rate(match_id=log.match_id)
        match = Match.objects.create(game="gin", rules=rules, season=season)
        for index, player in enumerate(players[:2]):
            match.seats.create(index=index, player=player)
        measured.append(costs(match, as_text(first_wins(players[0].name, players[1].name))))
    assert measured[0] == measured[1]


def test_a_verdict_outside_a_bracket_flows_its_match_alone(federation):
    """The queries are the same in any case; what must not grow is what they read: in a
    bracket the flow reads the bracket; in a round robin a scored match stands as it is (the
    flow reads nothing), and a match without a result (a rejected log), which a player out
    of the tournament would forfeit, is read alone."""
    players = federation.players(20)
    read = []

    def spy(stage, *, only=None):
        found = real(stage, only=only)
        read.append(len(found[0]))
        return found

    real = elimination.stage_flow
    for format, field in ((Tournament.Format.ROUND_ROBIN, players[:12]),
                          (Tournament.Format.SINGLE_ELIMINATION, players[12:20])):
        event = tournament(federation, field, format, "gin")
        match = last_open(federation, event)
        log = match_log_submit(match=match, text=text_for(federation, match))
        match_log_replay(log_id=log.pk)
        with mock.patch.object(elimination, "stage_flow", spy):
            match_verdict_announce(match_id=match.pk)
        if format == Tournament.Format.ROUND_ROBIN:
            # 66 matches: the scored one reads none; a rejected log for it reads it alone.
            assert read == []
            names = [seat.seated_player.name for seat in match.seats.order_by("index")]
            rejected = first_wins(*names)
            rejected["deals"][0]["facts"]["knocker"] = "Nobody"
            log = match_log_submit(match=match, text=as_text(rejected))
            assert match_log_replay(log_id=log.pk).status == "rejected"
            with mock.patch.object(elimination, "stage_flow", spy):
                match_verdict_announce(match_id=match.pk)
            assert read == [1]
    # The bracket of 8: its 7 matches.
    assert read == [1, 7]
