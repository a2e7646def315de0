"""What the printable sheets show: the round sheet (pairings and table seating of one round)
and the Doppelkopf list (an empty list form for one table of a round, filled in by hand).

The templates in ``templates/tournaments/print/`` draw these values; nothing here renders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engines import get_engine
from games.models import Match
from tournaments.models import Round, Tournament
from tournaments.selectors.exports import table_numbers
from tournaments.selectors.standings import round_of, tournament_matches

#: Deals of a Doppelkopf list when neither the tournament nor the rules say (a list of 24
#: is the usual club evening).
DEFAULT_DEALS = 24
#: Blank rows under the planned deals: deals dealt anew, a solo that does not use up a deal.
SPARE_ROWS = 2


def seating_of(match: Match) -> Any:
    """The table draw's record of a table (who deals first, how many deals), or ``None``
    for a match the table draw did not seat."""
    return getattr(match, "seating", None)


def first_dealer(match: Match) -> int:
    """The seat (0-based) that deals first: what the table draw recorded, or else seat 1
    (the log format's default: the first player deals first)."""
    value = getattr(seating_of(match), "first_dealer", None)
    return value if isinstance(value, int) else 0


@dataclass
class SheetSeat:
    number: int
    player: str | None
    deals_first: bool = False


@dataclass
class SheetTable:
    number: int
    match: Match
    seats: list[SheetSeat]
    bye: bool = False
    #: The seats padded to the widest table of the round (a 4-table on a sheet with 5-tables).
    cells: list[SheetSeat | None] = field(default_factory=list)


@dataclass
class RoundSheet:
    tournament: Tournament
    round: Round
    tables: list[SheetTable]
    #: Every player with his table and seat, by name: whom to look for on the sheet.
    index: list[tuple[str, int, int]] = field(default_factory=list)
    #: More than two seats at a table (Doppelkopf, Nerts): seats and first dealers shown.
    table_game: bool = False
    seats: int = 2
    #: Players who sit out the round (not at any table): withdrawn late, or a bye.
    byes: list[str] = field(default_factory=list)

    @property
    def seat_numbers(self) -> range:
        return range(1, self.seats + 1)


def round_sheet(*, tournament: Tournament, number: int) -> RoundSheet:
    rnd = tournament.rounds.get(number=number)
    matches = [m for m in tournament_matches(tournament=tournament) if m.round_id == rnd.pk]
    numbers = table_numbers(matches)
    engine = get_engine(tournament.game)
    table_game = engine.max_seats > 2
    tables, index, byes = [], [], []
    for match in matches:
        dealer = first_dealer(match) if table_game else -1
        seats = [SheetSeat(seat.index + 1, seat.player.name if seat.player else None,
                           deals_first=seat.index == dealer) for seat in match.seats.all()]
        bye = len(seats) == 1 and engine.min_seats > 1
        tables.append(SheetTable(numbers[match.pk], match, seats, bye=bye))
        for seat in seats:
            if seat.player is None:
                continue
            if bye:
                byes.append(seat.player)
            else:
                index.append((seat.player, numbers[match.pk], seat.number))
    playing = [t for t in tables if not t.bye]
    width = max((len(t.seats) for t in playing), default=2)
    for table in playing:
        table.cells = [*table.seats, *[None] * (width - len(table.seats))]
    return RoundSheet(tournament, rnd, playing,
                      sorted(index, key=lambda item: item[0].casefold()), table_game, width,
                      sorted(byes))


@dataclass
class ListRow:
    number: int
    dealer: str
    spare: bool = False


@dataclass
class DoppelkopfList:
    tournament: Tournament
    round: Round
    table: int
    match: Match
    players: list[str]
    dealer_order: list[str]
    rows: list[ListRow]
    deals: int
    five_table: bool
    pflichtsoli: int
    pot_deals: int
    dealer_after_solo: str
    preset: str

    @property
    def first_dealer(self) -> str:
        return self.dealer_order[0]

    @property
    def pflichtsolo_boxes(self) -> range:
        return range(self.pflichtsoli)


def planned_deals(match: Match, seats: int, pot_deals: int) -> int:
    """Deals at a table: as the table draw recorded them; else the tournament's deals per
    round (per player: a five-table plays a quarter more, so that everybody plays as many),
    else the rules' points rounds, else 24."""
    recorded = getattr(seating_of(match), "deals", None)
    if isinstance(recorded, int) and recorded > 0:
        return recorded
    per_player = round_of(match).tournament.deals_per_round or pot_deals or DEFAULT_DEALS
    return per_player * 5 // 4 if seats == 5 else per_player


def doppelkopf_list(*, match: Match) -> DoppelkopfList:
    """The list form of a Doppelkopf table: players in seat order, the dealer order (from
    the first dealer, clockwise; at a five-table the dealer sits out), one row per planned
    deal and a few spare rows. The dealer column is filled in only when the rules move the
    deal on after every deal; when a solo keeps the deal (the usual house rule) the table
    writes it."""
    rnd = round_of(match)
    tournament = rnd.tournament
    rules: Any = get_engine(match.game).rules(match.rules)
    players = [seat.player.name if seat.player else "" for seat in
               match.seats.select_related("player").order_by("index")]
    start = first_dealer(match)
    order = players[start:] + players[:start]
    deals = planned_deals(match, len(players), rules.pot_deals)
    spare = SPARE_ROWS + (0 if rules.pot_counts_pflichtsoli
                          else rules.pflichtsolo_count * len(players))
    fixed = rules.dealer_after_solo == "moves"
    rows = [ListRow(n, order[(n - 1) % len(order)] if fixed else "")
            for n in range(1, deals + 1)]
    rows += [ListRow(n, "", spare=True) for n in range(deals + 1, deals + spare + 1)]
    number = match.table if match.table is not None else \
        list(rnd.matches.order_by("position", "pk")).index(match) + 1
    return DoppelkopfList(
        tournament=tournament, round=rnd, table=number, match=match, players=players,
        dealer_order=order, rows=rows, deals=deals, five_table=len(players) == 5,
        pflichtsoli=rules.pflichtsolo_count, pot_deals=rules.pot_deals,
        dealer_after_solo=rules.dealer_after_solo,
        preset=str((match.rules or {}).get("preset", "seed")))


def round_lists(*, tournament: Tournament, number: int) -> list[DoppelkopfList]:
    rnd = tournament.rounds.get(number=number)
    matches = rnd.matches.select_related("round__tournament").order_by("table", "position",
                                                                       "pk")
    return [doppelkopf_list(match=match) for match in matches if match.seats.count() >= 4]
