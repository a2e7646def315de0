"""Reads on tournaments: the matches and the standings (the one entry point for pages, API
and exports).

The standings are :func:`league.ranking.standings.compute_standings` over the tournament's results,
ordered by the tournament's chain of tie-breakers (``Tournament.tiebreaks``, or the format's
default: :func:`default_tiebreaks`). How results become records:

- a played or forfeited match is a record of its seats (a forfeit has no game points and
  is marked, so that the Buchholz-type tie-breakers treat it as unplayed);
- a Swiss bye is a match with one seat: a win without game points, against the virtual
  opponent of :func:`~league.ranking.standings.compute_standings` for Buchholz and Sonneborn-Berger;
- a double forfeit counts for nobody (both lose it: no match points, no game played); in a
  Swiss it is a round without a result for both, which FIDE's tie-break rule counts as
  unplayed (the records carry their round, and the standings the rounds complete).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from django.db.models import QuerySet

from games.models import Match, Player, Seat
from games.selectors import match_details
from games.selectors.match_rows import match_api_rows
from league.ranking.standings import (
    DEFAULT_TIEBREAKS,
    SWISS_TIEBREAKS,
    TABLE_TIEBREAKS,
    MatchRecord,
    StandingRow,
    Standings,
    compute_standings,
)
from tournaments.models import Entry, Round, Stage, Tournament

#: Entries that are paired or seated in the next round.
PLAYING = (Entry.Status.ENTERED, Entry.Status.CHECKED_IN)
#: Entries the standings list even before they have a result (withdrawn and disqualified
#: players keep the results they had).
LISTED = (*PLAYING, Entry.Status.WITHDRAWN, Entry.Status.DISQUALIFIED)


def round_of(match: Match) -> Round:
    """The round of a tournament's match (every match of a tournament has one)."""
    if match.round is None:
        raise ValueError(f"match {match.pk} is not a tournament's match")
    return match.round


def tournament_matches(*, tournament: Tournament, api: bool = False) -> QuerySet[Match]:
    """The tournament's matches in playing order, with what lists show of them (what the
    API writes of them if ``api``)."""
    ordered = (Match.objects.filter(round__tournament=tournament)
               .order_by("round__number", "position", "pk"))
    return match_api_rows(ordered) if api else match_details(ordered)


def tournament_search(*, text: str = "") -> QuerySet[Tournament]:
    """Tournaments, the newest first; those whose name contains ``text`` if given."""
    tournaments = Tournament.objects.order_by("-created_at", "-pk")
    return tournaments.filter(name__icontains=text) if text else tournaments


def default_tiebreaks(format: str) -> tuple[str, ...]:
    """The chain a format uses when the organizer has not chosen one.

    >>> default_tiebreaks("swiss")[:3]
    ('points', 'buchholz', 'median_buchholz')
    >>> default_tiebreaks("table_rounds")
    ('game_points', 'wins', 'best_series')
    """
    if format == Tournament.Format.SWISS:
        return SWISS_TIEBREAKS
    if format == Tournament.Format.TABLE_ROUNDS:
        return TABLE_TIEBREAKS
    return DEFAULT_TIEBREAKS


def tournament_tiebreaks(tournament: Tournament) -> tuple[str, ...]:
    return tuple(tournament.tiebreaks or ()) or default_tiebreaks(tournament.format)


def is_bye(match: Match) -> bool:
    """A Swiss bye: a match of a round with one seat (see ``services/swiss.py``)."""
    return len(match.seats.all()) == 1


def match_record(match: Match) -> MatchRecord | None:
    """What a match counts in the standings, or ``None`` (no verdict yet, a double forfeit).

    ``match.seats`` should be prefetched in seat order.
    """
    seats = list(match.seats.all())
    number = match.round.number if match.round is not None else None
    if len(seats) == 1:
        # A bye counts even if somebody submitted a log for it by mistake.
        return MatchRecord(players=(seats[0].player,), scores=(0,), ranks=(1,), bye=True,
                           round_number=number)
    if match.status != Match.Status.SCORED or match.result == Match.Result.DOUBLE_FORFEIT:
        return None
    ranks = tuple(seat.rank for seat in seats)
    if any(seat.player is None for seat in seats) or None in ranks:
        return None
    return MatchRecord(players=tuple(seat.player for seat in seats),
                       scores=tuple(seat.score or 0 for seat in seats),
                       ranks=cast(tuple[int, ...], ranks),
                       forfeit=match.result == Match.Result.FORFEIT, round_number=number)


def rounds_complete(matches: Iterable[Match]) -> int:
    """How many rounds, from the first, have every match decided (a bye always is)."""
    waiting: dict[int, bool] = {}
    for match in matches:
        open_match = len(match.seats.all()) > 1 and match.status != Match.Status.SCORED
        number = round_of(match).number
        waiting[number] = waiting.get(number, False) or open_match
    complete = 0
    while complete + 1 in waiting and not waiting[complete + 1]:
        complete += 1
    return complete


def _counted_matches(tournament: Tournament, stage: Stage | None,
                     group: str | None) -> QuerySet[Match]:
    matches = Match.objects.filter(round__tournament=tournament)
    if stage is not None:
        matches = matches.filter(round__stage=stage)
    elif tournament.format == Tournament.Format.GROUPS_PLAYOFFS:
        matches = matches.filter(round__stage__kind=Stage.Kind.GROUPS)
    if group is not None:
        matches = matches.filter(group=group)
    return matches


@dataclass(frozen=True)
class CountedRecords:
    """What the standings read of a tournament's matches: the records in playing order (as
    :func:`match_record` counts them) and how many rounds, from the first, are complete (as
    :func:`rounds_complete` counts them)."""

    records: list[MatchRecord]
    complete: int


def _counted_records(matches: QuerySet[Match], players: dict[int, Player]) -> CountedRecords:
    """:class:`CountedRecords` of ``matches``, read from the seats alone (two queries at
    most, however many matches): ``players`` maps ids to the players already read; others
    are read here."""
    rows = list(Seat.objects.filter(match__in=matches)
                .order_by("match__round__number", "match__position", "match_id", "index")
                .values_list("match_id", "match__round__number", "match__status",
                             "match__result", "player_id", "score", "rank"))
    missing = {row[4] for row in rows if row[4] is not None and row[4] not in players}
    players.update(Player.objects.in_bulk(missing))
    records: list[MatchRecord] = []
    waiting: dict[int, bool] = {}
    start = 0
    for index in range(1, len(rows) + 1):
        if index < len(rows) and rows[index][0] == rows[start][0]:
            continue
        seats = rows[start:index]
        start = index
        _match, number, status, result = seats[0][:4]
        waiting[number] = waiting.get(number, False) or (
            len(seats) > 1 and status != Match.Status.SCORED)
        if len(seats) == 1:
            # A bye counts even if somebody submitted a log for it by mistake.
            if seats[0][4] is not None:
                records.append(MatchRecord(players=(players[seats[0][4]],), scores=(0,),
                                           ranks=(1,), bye=True, round_number=number))
            continue
        if status != Match.Status.SCORED or result == Match.Result.DOUBLE_FORFEIT:
            continue
        if any(player is None or rank is None for *_seat, player, _score, rank in seats):
            continue
        records.append(MatchRecord(
            players=tuple(players[seat[4]] for seat in seats),
            scores=tuple(seat[5] or 0 for seat in seats),
            ranks=tuple(cast(int, seat[6]) for seat in seats),
            forfeit=result == Match.Result.FORFEIT, round_number=number))
    complete = 0
    while complete + 1 in waiting and not waiting[complete + 1]:
        complete += 1
    return CountedRecords(records, complete)


@dataclass
class StandingLine:
    """A row of the page's table: the standings row and, for table rounds, the points of
    each round's series (``None`` where the player did not play that round)."""

    row: StandingRow
    series: list[int | None] = field(default_factory=list)
    extras: list[int] = field(default_factory=list)  # the tie-breakers shown as columns

    @property
    def best(self) -> int | None:
        return self.row.best_series

    @property
    def average(self) -> float | None:
        return self.row.average_series


@dataclass
class TournamentStandings(Standings):
    """The standings of a tournament (a :class:`~league.ranking.standings.Standings`), with what the
    pages add: the format, the rounds played and each player's series per round."""

    format: str = ""
    rounds: tuple[int, ...] = ()
    by_round: dict[Any, dict[int, int]] = field(default_factory=dict)

    @property
    def is_table_event(self) -> bool:
        return self.format == Tournament.Format.TABLE_ROUNDS

    @property
    def lines(self) -> list[StandingLine]:
        keys = [metric.key for metric in self.extra_metrics]
        return [StandingLine(row, [self.by_round.get(row.player, {}).get(number)
                                   for number in self.rounds],
                             [row.values[key] for key in keys]) for row in self.rows]

    @property
    def extra_metrics(self) -> tuple[Any, ...]:
        """The tie-breakers shown as columns beyond the usual figures (Buchholz, ...)."""
        usual = {"played", "wins", "draws", "losses", "game_points", "game_points_against",
                 "difference", "points"}
        return tuple(metric for metric in self.metrics if metric.key not in usual)


def tournament_standings(*, tournament: Tournament, stage: Stage | None = None,
                         group: str | None = None,
                         tiebreaks: Sequence[str] | None = None) -> TournamentStandings:
    """The standings of the tournament (or of one stage, or of one group).

    ``tiebreaks`` overrides the tournament's chain (e.g. for a comparison); players entered
    but without a result yet are listed with zeros. Groups, then playoffs: without a stage,
    the group stage counts.
    """
    entries = tournament.entries.filter(status__in=LISTED).select_related("player")
    if group is not None:
        entries = entries.filter(group=group)
    players = [entry.player for entry in entries]
    known = {player.pk: player for player in players}
    counted = _counted_records(_counted_matches(tournament, stage, group), known)
    records: list[MatchRecord] = []
    by_round: dict[Any, dict[int, int]] = {}
    rounds: list[int] = []
    for record in counted.records:
        records.append(record)
        number = cast(int, record.round_number)
        if number not in rounds:
            rounds.append(number)
        for player, score in zip(record.players, record.scores, strict=True):
            by_round.setdefault(player, {})[number] = score
    # Swiss rounds are numbered for the whole field: a round without a player's result is
    # an unplayed game of his (FIDE); other formats have rounds out by design.
    swiss = tournament.format == Tournament.Format.SWISS
    standings = compute_standings(records, players=players, name_of=lambda p: p.name,
                                  tiebreaks=tuple(tiebreaks or tournament_tiebreaks(tournament)),
                                  rounds=counted.complete if swiss else None)
    return TournamentStandings(
        metrics=standings.metrics, rows=standings.rows, tiebreaks=standings.tiebreaks,
        format=tournament.format, rounds=tuple(sorted(rounds)), by_round=by_round)


def standings_order(standings: Standings, players: Iterable[Any]) -> list[Any]:
    """``players`` in the order of the standings; those without a row follow in the order
    given (a late entry before his first result)."""
    players = list(players)
    place = {row.player: index for index, row in enumerate(standings.rows)}
    return sorted(players, key=lambda p: (place.get(p, len(place)), players.index(p)))
