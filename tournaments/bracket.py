"""The bracket as a page draws it: rounds of cells, each a match or a first-round bye."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.models import Match
from tournaments.models import Tournament
from tournaments.selectors import tournament_matches


@dataclass
class BracketCell:
    """A place in the drawn bracket: a match, or a first-round bye."""

    round_number: int
    position: int
    match: Match | None = None
    bye_player: Any = None
    seeds: list[int | None] = field(default_factory=list)


@dataclass
class BracketRound:
    number: int
    name: str
    cells: list[BracketCell]


def tournament_bracket(*, tournament: Tournament) -> list[BracketRound]:
    """Every round of a single-elimination bracket with a cell per position, byes included."""
    from tournaments import formats

    seeds = {entry.player_id: entry.seed for entry in tournament.entries.all()}
    by_place = {(m.round.number, m.position): m for m in tournament_matches(tournament=tournament)}
    rounds = []
    size = formats.bracket_size(len(seeds)) if seeds else 2
    first = {slot.position: slot for slot in formats.first_round(
        sorted(seeds, key=lambda player_id: seeds[player_id] or 0))} if seeds else {}
    players = {entry.player_id: entry.player
               for entry in tournament.entries.select_related("player")}
    for rnd in tournament.rounds.all():
        cells = []
        for position in range(size // 2 ** rnd.number):
            cell = BracketCell(rnd.number, position, match=by_place.get((rnd.number, position)))
            if cell.match is not None:
                cell.seeds = [seeds.get(seat.player_id) for seat in cell.match.seats.all()]
            elif rnd.number == 1 and position in first:
                cell.bye_player = players[first[position].first]
                cell.seeds = [seeds[first[position].first], None]
            cells.append(cell)
        rounds.append(BracketRound(rnd.number, rnd.label, cells))
    return rounds
