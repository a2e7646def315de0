"""Round robin: everybody meets everybody once (or twice), drawn by the FIDE Berger tables.

In duplicate mode (Gin) every pair of a round plays that round's deal set.
"""

from __future__ import annotations

from games.models import Player
from games.services import match_create
from tournaments.models import Round, Stage
from tournaments.pairing.round_robin import round_robin
from tournaments.services.duplicate import assign_deal_set, ensure_deal_seed


def draw_round_robin(stage: Stage, players: list[Player], *, double: bool) -> None:
    tournament = stage.tournament
    ensure_deal_seed(tournament)
    for number, pairs in enumerate(round_robin(players, double=double), start=1):
        rnd = Round.objects.create(tournament=tournament, stage=stage, number=number)
        for position, (first, second) in enumerate(pairs):
            match = match_create(game=tournament.game, rules=tournament.rules,
                                 players=[first, second], round=rnd, position=position)
            assign_deal_set(tournament, match, number)
