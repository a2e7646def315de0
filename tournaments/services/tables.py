"""Table rounds for Doppelkopf (tables of 4, 5-tables when the count does not divide) and
Nerts (2 to 6 per table): round 1 at the start, every further round seated by an organizer
when the last one has its verdicts (:func:`tournaments.services.rounds.round_next`).

The seating is :func:`tournaments.pairing.tables.seat_round` on plain values (the players
in standings order, the earlier rounds' tables, a seed per round); this module makes one
match per table (``Match.table``) with the players in seat order and a
:class:`~tournaments.models.TableSeating` (first dealer, deals). The table's series:

- Doppelkopf: ``deals_per_round`` deals (default: the rules' Punktetopf), 5/4 as many at a
  5-table; the match's rules get ``pot_deals`` = the table's deals, so the list is complete
  after the series (and the open Pflichtsoli). The log names the first dealer on deal 1
  unless he sits in seat 1.
- Nerts: with ``deals_per_round``, that many hands (the match's rules get ``target`` 0,
  "play the hands in the log"); without it, the match is played to the rules' target.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django.utils.translation import gettext as _

from games.engines import get_engine
from games.models import Player
from games.services import match_create
from tournaments.models import Entry, Round, Stage, TableSeating, Tournament
from tournaments.pairing.tables import Table, seat_round, table_sizes
from tournaments.selectors.standings import (
    round_of,
    standings_order,
    tournament_matches,
    tournament_standings,
)
from tournaments.services.common import TournamentError, new_round, round_seed
from tournaments.services.duplicate import assign_deal_set, ensure_deal_seed

#: The games table rounds are for, as the seating algorithm names them.
TABLE_GAMES = {"doppelkopf": "doppelkopf", "nerts": "nerts"}


def series_deals(tournament: Tournament) -> int | None:
    """Deals per player and round: ``deals_per_round``, or for Doppelkopf the rules'
    Punktetopf; ``None`` for Nerts without a number (played to the target)."""
    if tournament.deals_per_round:
        return tournament.deals_per_round
    if tournament.game == "doppelkopf":
        pot: int = get_engine("doppelkopf").rules(tournament.rules).pot_deals
        return pot or None
    return None


def check_seatable(game: str, count: int, size: int) -> None:
    """A user error when ``count`` players cannot be seated (Doppelkopf: 1-3, 6, 7, 11)."""
    try:
        table_sizes(count, game=TABLE_GAMES[game], size=size)  # type: ignore[arg-type]
    except ValueError:
        if game == "doppelkopf":
            raise TournamentError(
                _("%(count)s players cannot be seated at Doppelkopf tables of 4 and 5: "
                  "someone must join or wait.") % {"count": count}) from None
        raise TournamentError(_("%(count)s player(s) cannot make a Nerts table.")
                              % {"count": count}) from None


def draw_table_rounds(stage: Stage, players: list[Player]) -> None:
    """The start: round 1 seated by seed (the best four at table 1, ...)."""
    tournament = stage.tournament
    ensure_deal_seed(tournament)
    _seat(tournament, stage, 1, players)


def tables_seat_round(tournament: Tournament, stage: Stage, number: int,
                      entries: Sequence[Entry]) -> Round:
    """Seat round ``number`` for ``entries`` (in seed order), by the standings."""
    standings = tournament_standings(tournament=tournament)
    players = standings_order(standings, [entry.player for entry in entries])
    return _seat(tournament, stage, number, players)


def history(tournament: Tournament) -> list[list[Table]]:
    """The tables of every round so far, as the seating algorithm reads them (ids)."""
    rounds: dict[int, list[Table]] = {}
    game = TABLE_GAMES[tournament.game]
    for match in tournament_matches(tournament=tournament).select_related("seating"):
        seating = getattr(match, "seating", None)
        seats = tuple(seat.player_id for seat in match.seats.all())
        if seating is None or match.table is None or None in seats:
            continue
        rounds.setdefault(round_of(match).number, []).append(
            Table(match.table, seats, seating.first_dealer, seating.deals or 0, game))  # type: ignore[arg-type]
    return [rounds[number] for number in sorted(rounds)]


def table_rules(tournament: Tournament, table: Table) -> dict[str, Any]:
    """The rules of one table's match: the tournament's, with the series length."""
    rules = dict(tournament.rules or {"preset": "seed"})
    if tournament.game == "doppelkopf":
        rules["pot_deals"] = table.deals
    elif tournament.deals_per_round:
        rules["target"] = 0
    return rules


def _seat(tournament: Tournament, stage: Stage, number: int,
          players: Sequence[Player]) -> Round:
    game = TABLE_GAMES.get(tournament.game)
    if game is None:
        raise TournamentError(_("Table rounds are for Doppelkopf and Nerts."))
    check_seatable(tournament.game, len(players), tournament.table_size)
    deals = series_deals(tournament)
    by_id = {player.pk: player for player in players}
    try:
        tables = seat_round([player.pk for player in players], game=game,  # type: ignore[arg-type]
                            deals=deals or 1, history=history(tournament),
                            seed=round_seed(tournament, number, "seating"),
                            size=tournament.table_size)
    except ValueError as error:
        raise TournamentError(str(error)) from None
    rnd = new_round(tournament, stage, number)
    for table in tables:
        match = match_create(game=tournament.game, rules=table_rules(tournament, table),
                             players=[by_id[cast(int, pk)] for pk in table.seats], round=rnd,
                             position=table.number - 1)
        match.table = table.number
        match.save(update_fields=["table"])
        TableSeating.objects.create(match=match, first_dealer=table.first_dealer,
                                    deals=table.deals if deals else None)
        assign_deal_set(tournament, match, number)
    return rnd
