"""Swiss for 2-player games: round 1 at the start, every further round drawn by an organizer
when the last one has its verdicts (:func:`tournaments.services.rounds.round_next`).

The pairing itself is :func:`tournaments.pairing.swiss.pair_round` on plain values; this
module feeds it from the database:

- ``score``: the player's match points in the tournament standings (a late entry starts with
  0: he has not played);
- ``rank``: the place in the standings (the tournament's tie-breakers), then the seed;
- ``opponents``: everybody he has had a match with (forfeits too, not a double forfeit);
- ``had_bye``, ``firsts``/``seconds``: from his earlier matches.

A bye is stored as a match of the round with **one seat**: scored at once (status *scored*,
result *played*, no log), the seat with score 0 and place 1. So the round's matches list every
player, exports and round sheets show the bye where it belongs, and the standings count it as
a win without game points (see :mod:`tournaments.selectors`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import cast

from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Match, Player, Seat
from games.services import match_create
from tournaments.models import Entry, Round, Stage, Tournament
from tournaments.pairing.swiss import PairingError, SwissPlayer, pair_round, suggested_rounds
from tournaments.selectors import tournament_matches, tournament_standings
from tournaments.services.common import TournamentError, new_round
from tournaments.services.duplicate import assign_deal_set, ensure_deal_seed


def draw_swiss(stage: Stage, players: list[Player]) -> None:
    """The start: fix the number of rounds (log2 of the field when not set) and pair round 1
    by seed (1 v 2, 3 v 4, ...; an odd field gives the lowest seed the bye)."""
    tournament = stage.tournament
    if tournament.rounds_planned is None:
        tournament.rounds_planned = suggested_rounds(len(players))
        Tournament.objects.filter(pk=tournament.pk).update(
            rounds_planned=tournament.rounds_planned)
    ensure_deal_seed(tournament)
    _pair(tournament, stage, 1, players)


def swiss_pair_round(tournament: Tournament, stage: Stage, number: int,
                     entries: Sequence[Entry]) -> Round:
    """Pair round ``number`` for ``entries`` (in seed order)."""
    return _pair(tournament, stage, number, [entry.player for entry in entries])


def swiss_players(tournament: Tournament, players: Sequence[Player]) -> list[SwissPlayer]:
    """The pairing's view of ``players`` (in seed order) after the rounds played so far."""
    standings = tournament_standings(tournament=tournament)
    rows = {row.player: row for row in standings.rows}
    opponents: dict[Player, set[Player]] = defaultdict(set)
    byes: set[Player] = set()
    firsts: dict[Player, int] = defaultdict(int)
    seconds: dict[Player, int] = defaultdict(int)
    for match in tournament_matches(tournament=tournament):
        all_seats = list(match.seats.all())
        seats = [seat.player for seat in all_seats if seat.player is not None]
        if len(all_seats) == 1:
            byes.update(seats)
            continue
        if len(seats) < len(all_seats) or match.result == Match.Result.DOUBLE_FORFEIT:
            continue
        first, second = seats
        opponents[first].add(second)
        opponents[second].add(first)
        firsts[first] += 1
        seconds[second] += 1
    order = sorted(players, key=lambda p: (rows[p].rank if p in rows else len(rows) + 1,
                                           players.index(p)))
    return [SwissPlayer(id=player.pk, score=rows[player]["points"] if player in rows else 0,
                        rank=rank, opponents=frozenset(o.pk for o in opponents[player]),
                        had_bye=player in byes, firsts=firsts[player],
                        seconds=seconds[player])
            for rank, player in enumerate(order, start=1)]


def _pair(tournament: Tournament, stage: Stage, number: int,
          players: Sequence[Player]) -> Round:
    try:
        result = pair_round(swiss_players(tournament, players))
    except PairingError:
        raise TournamentError(_("Fewer than two players are left to pair.")) from None
    by_id = {player.pk: player for player in players}
    rnd = new_round(tournament, stage, number)
    for pairing in result.pairings:
        match = match_create(game=tournament.game, rules=tournament.rules,
                             players=[by_id[cast(int, pairing.first)],
                                      by_id[cast(int, pairing.second)]],
                             round=rnd, position=pairing.board - 1)
        match.table = pairing.board
        match.save(update_fields=["table"])
        assign_deal_set(tournament, match, number)
    if result.bye is not None:
        bye_create(round=rnd, player=by_id[cast(int, result.bye)],
                   position=len(result.pairings))
    return rnd


def bye_create(*, round: Round, player: Player, position: int) -> Match:
    """A bye: a one-seat match, scored at once as a win without game points."""
    tournament = round.tournament
    match = Match.objects.create(game=tournament.game, rules=tournament.rules, round=round,
                                 position=position, status=Match.Status.SCORED,
                                 played_on=timezone.localdate())
    Seat.objects.create(match=match, index=0, player=player, score=0, rank=1)
    return match
