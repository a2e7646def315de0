"""The rounds as Swiss and table rounds show them: boards and tables with their seats, the
first dealer and the 5-table sit-out, and whether the next round can be drawn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count

from games.models import Match
from tournaments.models import Round, Tournament
from tournaments.selectors.standings import tournament_matches


@dataclass
class SeatLine:
    number: int  # from 1, as the table counts its seats
    player: Any
    score: int | None
    rank: int | None
    deals_first: bool = False


@dataclass
class MatchLine:
    """A board (Swiss), a table (table rounds) or a bye of a round."""

    match: Match
    table: int | None
    seats: list[SeatLine]
    bye: bool = False
    first_dealer: Any = None
    deals: int | None = None
    five: bool = False  # a Doppelkopf 5-table: the dealer sits out each deal

    @property
    def sits_out(self) -> list[Any]:
        """At a 5-table, who sits out deals 1 to 5 (the dealer, from the first dealer on)."""
        if not self.five or self.first_dealer is None:
            return []
        start = next(s.number for s in self.seats if s.deals_first) - 1
        return [self.seats[(start + deal) % 5].player for deal in range(5)]


@dataclass
class RoundLine:
    round: Any
    matches: list[MatchLine]

    @property
    def complete(self) -> bool:
        return all(line.bye or line.match.status == Match.Status.SCORED
                   for line in self.matches)


def round_rows(tournament: Tournament, *, number: int | None = None) -> list[RoundLine]:
    """Every round (or the round ``number``) with its boards or tables in order (the bye
    last)."""
    found = tournament_matches(tournament=tournament).select_related("seating")
    rounds = tournament.rounds.order_by("number")
    if number is not None:
        found, rounds = found.filter(round__number=number), rounds.filter(number=number)
    matches = list(found)
    lines: list[RoundLine] = []
    for rnd in rounds:
        rows = []
        for match in (m for m in matches if m.round_id == rnd.pk):
            seats = list(match.seats.all())
            seating = getattr(match, "seating", None)
            first = seating.first_dealer if seating is not None else None
            rows.append(MatchLine(
                match=match, table=match.table, bye=len(seats) == 1,
                seats=[SeatLine(seat.index + 1, seat.player, seat.score, seat.rank,
                                seat.index == first) for seat in seats],
                first_dealer=seats[first].player if first is not None else None,
                deals=seating.deals if seating is not None else None,
                five=match.game == "doppelkopf" and len(seats) == 5))
        lines.append(RoundLine(rnd, rows))
    return lines


@dataclass(frozen=True)
class NextRound:
    """Whether the next round can be drawn: its number, how many matches of the last round
    still wait for a result, whether every planned round is drawn."""

    number: int
    planned: int | None
    waiting: int
    all_drawn: bool

    @property
    def ready(self) -> bool:
        return not self.waiting and not self.all_drawn


def waiting_matches(rnd: Any) -> int:
    """How many matches of a round still wait for a verdict (a bye never does, even if a log
    was submitted to it by mistake)."""
    return (Match.objects.filter(round=rnd).annotate(seat_count=Count("seats"))
            .filter(seat_count__gt=1).exclude(status=Match.Status.SCORED).count())


def next_round_state(tournament: Tournament) -> NextRound:
    last = tournament.rounds.order_by("-number").first()
    number = last.number + 1 if last is not None else 1
    waiting = waiting_matches(last) if last is not None else 0
    planned = tournament.rounds_planned
    return NextRound(number=number, planned=planned, waiting=waiting,
                     all_drawn=planned is not None and number > planned)


#: Formats drawn round by round: their newest round is the one being played.
ROUND_BY_ROUND = (Tournament.Format.SWISS, Tournament.Format.TABLE_ROUNDS)


def round_shown(*, tournament: Tournament, rounds: list[Round], asked: str | None
                ) -> Round | None:
    """The round a tournament page shows of ``rounds`` (the tournament's, in order): the
    one ``asked`` for (``?round=3``), else the one being played: the newest of a Swiss or of
    table rounds, otherwise the first with a match that has its players and waits for its
    result (the last round once everything is played)."""
    if not rounds:
        return None
    by_number = {rnd.number: rnd for rnd in rounds}
    if asked and asked.isdigit() and int(asked) in by_number:
        return by_number[int(asked)]
    if tournament.format in ROUND_BY_ROUND:
        return rounds[-1]
    waiting = (Match.objects.filter(round__tournament=tournament)
               .exclude(status=Match.Status.SCORED).exclude(seats__player__isnull=True)
               .order_by("round__number").values_list("round__number", flat=True).first())
    return by_number.get(waiting, rounds[-1]) if waiting is not None else rounds[-1]
