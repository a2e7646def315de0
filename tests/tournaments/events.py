"""Events for the export and import tests, played through the normal results flow."""

from __future__ import annotations

import random

from games.engines import get_engine
from games.models import Match, Player, Seat
from games.services import match_create, match_log_submit
from tests.documents import as_text, first_wins
from tournaments.models import Round, Stage, Tournament
from tournaments.services import tournament_create, tournament_enter, tournament_start

RULES = {"preset": "seed", "rounds": 1}


def names(match):
    return [seat.player.name if seat.player else None for seat in match.seats.order_by("index")]


def submit(run_on_commit, match, text):
    with run_on_commit():
        log = match_log_submit(match=match, text=text)
    match.refresh_from_db()
    return log


#: Who wins each match of the Krone Cup.
KRONE_WINNERS = {frozenset(pair): pair[0] for pair in (
    ("Anna", "Dieter"), ("Cora", "Bert"), ("Cora", "Dieter"), ("Anna", "Bert"),
    ("Dieter", "Bert"), ("Cora", "Anna"))}


def gin_round_robin(organizer, players, run_on_commit) -> Tournament:
    """Krone Cup: a round robin of Anna, Bert, Cora and Dieter, every match played.

    Rounds (the Berger table for 4): Anna-Dieter, Bert-Cora | Dieter-Cora, Anna-Bert |
    Bert-Dieter, Cora-Anna. Every winner wins 145:0; Bert-Cora's first log was not JSON
    (rejected) and its second version Cora wins.

    Wins: Anna (Dieter, Bert), Cora (Bert, Anna, Dieter), Dieter (Bert). Points: Cora 6,
    Anna 4, Dieter 2, Bert 0. Game points 145 per win, 145 against per loss.
    """
    tournament = tournament_create(name="Krone Cup", game="gin", rules=RULES,
                                   format=Tournament.Format.ROUND_ROBIN, organizer=organizer)
    for name in ("Anna", "Bert", "Cora", "Dieter"):
        tournament_enter(tournament=tournament, player=players[name])
    tournament_start(tournament=tournament)
    for match in Match.objects.filter(round__tournament=tournament).order_by("round__number",
                                                                             "position"):
        seats = names(match)
        winner = KRONE_WINNERS[frozenset(seats)]
        document = first_wins(winner, next(name for name in seats if name != winner))
        document["players"] = seats
        if seats == ["Bert", "Cora"]:
            submit(run_on_commit, match, "{not json")
        submit(run_on_commit, match, as_text(document))
    tournament.refresh_from_db()
    return tournament


def doppelkopf_players() -> list[Player]:
    return [Player.objects.get_or_create(name=name)[0] for name in
            ("Anna", "Bert", "Cora", "Dieter", "Eva", "Frank", "Gerd", "Hanna", "Ida")]


def doppelkopf_tables(organizer, *, rules=None, deals_per_round=24,
                      logs=False, run_on_commit=None) -> Tournament:
    """Skatclub Doppelkopf night: 9 players in one round of table rounds, table 1 of four
    (Anna, Bert, Cora, Dieter) and table 2 of five (Eva, Frank, Gerd, Hanna, Ida). Built
    directly (the table draw is another part's); with ``logs`` both tables play a random
    legal list (seeded, so always the same)."""
    rules = rules or {"preset": "seed"}
    tournament = Tournament.objects.create(
        name="Doko-Abend", slug="doko-abend", game="doppelkopf",
        format=Tournament.Format.TABLE_ROUNDS, rules=rules, rounds_planned=1,
        deals_per_round=deals_per_round, status=Tournament.Status.RUNNING)
    tournament.organizers.add(organizer)
    everyone = doppelkopf_players()
    stage = Stage.objects.create(tournament=tournament, number=1, format="table_rounds",
                                 status=Stage.Status.RUNNING)
    rnd = Round.objects.create(tournament=tournament, stage=stage, number=1)
    from tournaments.services.entries import tournament_enter as enter
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.REGISTRATION)
    tournament.refresh_from_db()
    for player in everyone:
        enter(tournament=tournament, player=player)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()
    tables = [everyone[:4], everyone[4:]]
    for number, seated in enumerate(tables, start=1):
        match = match_create(game="doppelkopf", rules=rules, players=seated, round=rnd,
                             position=number - 1)
        Match.objects.filter(pk=match.pk).update(table=number)
        if logs:
            document = get_engine("doppelkopf").random_document(
                rng=random.Random(number), players=[p.name for p in seated], rules=rules)
            submit(run_on_commit, match, as_text(document))
    assert Seat.objects.filter(match__round=rnd).count() == 9
    tournament.refresh_from_db()
    return tournament
