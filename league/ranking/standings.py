"""The standings of a competition (a league season, a tournament, a table event).

One :class:`Standings` object feeds the pages, the API and the admin. It is computed from
plain :class:`MatchRecord` values, so it is tested without a database.

The order is a chain of tie-breakers (documented for organizers in ``docs/tournaments.md``),
each a small :class:`TieBreak` with a key, a name and an abbreviation. The default chain:

1. ``points``: match points, 2 for a win (or a bye), 1 for a draw;
2. ``head_to_head``: FIDE's direct encounter among the players still level (the games
   among them when all have met one another, else the one who beat all the others first);
3. ``difference``: game-point difference (own game points minus the opponents');
4. ``game_points``: game points scored;
5. ``wins``;
6. finally the name, so that the order is always the same (players level on every key
   share the place).

Other keys: ``buchholz``, ``median_buchholz``, ``sonneborn_berger`` (Swiss events; unplayed
games as FIDE counts them), their ``_plain`` readings (opponents' points as they stand) and
``best_series`` (table events; see :data:`TABLE_TIEBREAKS`). Every rule with its source is in
``docs/tournaments.md``.

>>> records = [MatchRecord(players=("Anna", "Bert"), scores=(300, 100), ranks=(1, 2)),
...            MatchRecord(players=("Bert", "Cora"), scores=(250, 250), ranks=(1, 1))]
>>> [(row.player, row.rank, row["points"]) for row in compute_standings(records).rows]
[('Anna', 1, 2), ('Cora', 2, 1), ('Bert', 3, 1)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Metric:
    key: str
    name: str
    abbreviation: str


METRICS = (
    Metric("played", "Played", "P"),
    Metric("wins", "Wins", "W"),
    Metric("draws", "Draws", "D"),
    Metric("losses", "Losses", "L"),
    Metric("game_points", "Game points", "GP"),
    Metric("game_points_against", "Game points against", "GA"),
    Metric("difference", "Difference", "+/-"),
    Metric("points", "Match points", "Pts"),
)

WIN_POINTS, DRAW_POINTS = 2, 1


@dataclass(frozen=True)
class MatchRecord:
    """A scored match as the standings see it: players in seat order, scores and places.

    A bye is a record with one player and ``bye=True``: it counts as a win (played, wins,
    match points) with the game points given in ``scores`` and nobody against. A forfeit
    (``forfeit=True``) was decided without play: it counts in the table like a game (the
    winner ranked 1), but the Buchholz-type tie-breakers treat it as an unplayed game.
    Records are taken in the order given (chronological), which matters for the virtual
    opponent of an unplayed game (see :func:`compute_standings`); ``round_number`` says
    which round of the event a record belongs to, where the event counts rounds (Swiss).
    A table record
    (Doppelkopf, Nerts) has 4 to 6 players, their series totals as ``scores`` and their
    places at the table as ``ranks``.

    >>> MatchRecord(players=("Anna",), scores=(0,), ranks=(1,), bye=True).unplayed
    True
    >>> MatchRecord(players=("Anna", "Bert"), scores=(0, 0), ranks=(1, 2), forfeit=True).bye
    False
    """

    players: tuple[Hashable, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    bye: bool = False
    forfeit: bool = False
    round_number: int | None = None

    def __post_init__(self) -> None:
        if not len(self.players) == len(self.scores) == len(self.ranks):
            raise ValueError(f"players, scores and ranks differ in length: {self!r}")
        if self.bye and len(self.players) != 1:
            raise ValueError(f"a bye has exactly one player: {self!r}")
        if self.forfeit and len(self.players) < 2:
            raise ValueError(f"a forfeit has two players or more: {self!r}")

    @property
    def unplayed(self) -> bool:
        """A bye or a forfeit: a result nobody played for."""
        return self.bye or self.forfeit


@dataclass
class StandingRow:
    player: Any
    values: dict[str, int] = field(default_factory=dict)
    rank: int = 0
    #: The game points of each record, in order (the per-series figures of a table event).
    series: list[int] = field(default_factory=list)
    byes: int = 0

    def __getitem__(self, key: str) -> int:
        return self.values[key]

    @property
    def best_series(self) -> int | None:
        return max(self.series) if self.series else None

    @property
    def average_series(self) -> float | None:
        """Game points per record, rounded to two places (``None`` before the first)."""
        return round(sum(self.series) / len(self.series), 2) if self.series else None


@dataclass
class Standings:
    metrics: tuple[Metric, ...]
    rows: list[StandingRow]
    #: The tie-breakers in the order applied (for a legend under the table).
    tiebreaks: tuple[Metric, ...] = ()

    def row_for(self, player: Any) -> StandingRow | None:
        return next((row for row in self.rows if row.player == player), None)

    def to_json(self, name_of: Any = str) -> list[dict[str, Any]]:
        return [{"rank": row.rank, "player": name_of(row.player), **row.values}
                for row in self.rows]


@dataclass
class _Context:
    """What the tie-breakers read: the records of every player, with seats."""

    rows: dict[Any, StandingRow]
    by_player: dict[Any, list[tuple[MatchRecord, int]]]
    #: The rounds the event has completed (FIDE's n), when the records carry their round.
    rounds: int | None = None
    _adjusted: dict[Any, int] = field(default_factory=dict)
    _encounters: dict[frozenset[Any], tuple[bool, Any]] = field(default_factory=dict)

    def opponent_points(self, player: Any, *, fide: bool = True) -> list[tuple[int, int]]:
        """``(own match points in that record, opponent's match points)`` per opponent.

        ``fide``: FIDE's rule for unplayed games (C.02 13.15): a bye, a forfeit won or lost
        and a round without a result (see :func:`compute_standings`) are games against a
        virtual opponent, and an opponent's own unplayed games count as draws. Otherwise
        (the plain reading) a forfeit is a game against the real opponent, opponents'
        points are taken as they stand, and only a bye has the virtual opponent.
        """
        pairs: list[tuple[int, int]] = []
        own_before = 0
        for own, record, later in self._timeline(player, fide):
            if record is None or record.bye or (fide and record.forfeit):
                virtual = own_before + (WIN_POINTS - own) + DRAW_POINTS * later
                # One virtual opponent in place of each real one, so that a median drops
                # as many values as for a played game.
                seats = len(record.players) if record is not None else 2
                pairs.extend([(own, virtual)] * max(seats - 1, 1))
            else:
                pairs.extend((own, self._score_of(other, fide))
                             for other in record.players if other != player)
            own_before += own
        return pairs

    def _timeline(self, player: Any,
                  fide: bool) -> list[tuple[int, MatchRecord | None, int]]:
        """``(own match points, record, rounds after it)`` per result of ``player``, in
        order; with FIDE's rule and known rounds, a round without his result is ``(0,
        None, ...)`` (he was not paired, or both sides lost by default)."""
        history = self.by_player.get(player, [])
        if not fide or self.rounds is None:
            return [(_match_points(record, seat), record, len(history) - index - 1)
                    for index, (record, seat) in enumerate(history)]
        played = {record.round_number for record, _ in history}
        absent: list[tuple[int, MatchRecord | None, int]] = [
            (0, None, self.rounds - number) for number in range(1, self.rounds + 1)
            if number not in played]
        results: list[tuple[int, MatchRecord | None, int]] = [
            (_match_points(record, seat), record, max(self.rounds - (record.round_number or 0),
                                                      0))
            for record, seat in history]
        return sorted(absent + results, key=lambda item: -item[2])

    def _score_of(self, opponent: Any, fide: bool) -> int:
        """An opponent's match points; with ``fide`` his unplayed games count as draws."""
        row = self.rows[opponent]
        if not fide:
            return row["points"]
        if row.player not in self._adjusted:
            self._adjusted[row.player] = row["points"] + sum(
                DRAW_POINTS - own for own, record, _ in self._timeline(row.player, fide)
                if record is None or record.unplayed)
        return self._adjusted[row.player]

    def encounters(self, level: frozenset[Any]) -> tuple[bool, Any]:
        """Among the ``level`` players: whether each has met each, and who (if anybody)
        met all the others and won every game among them.

        A game among them is a record of theirs only, not a bye (a forfeit is a result
        between them, so it counts).
        """
        if level not in self._encounters:
            met: set[frozenset[Any]] = set()
            beaten: dict[Any, set[Any]] = defaultdict(set)
            lost: set[Any] = set()
            for player in level:
                for record, seat in self.by_player.get(player, ()):
                    if record.bye or not set(record.players) <= level:
                        continue
                    others = {other for other in record.players if other != player}
                    met.update(frozenset((player, other)) for other in others)
                    if _outcome(record, seat) == "win":
                        beaten[player] |= others
                    else:
                        lost.add(player)
            everybody = all(frozenset((one, other)) in met
                            for one in level for other in level if one != other)
            sweeper = next((player for player in level if player not in lost
                            and beaten[player] >= level - {player}), None)
            self._encounters[level] = (everybody, sweeper)
        return self._encounters[level]


@dataclass(frozen=True)
class TieBreak:
    """One link of the chain: higher values rank first.

    ``value(row, context, level)`` gets the players still level before this key (only
    head-to-head needs them). ``column`` says whether the value is stored in
    ``row.values`` and shown as a column.
    """

    key: str
    name: str
    abbreviation: str
    value: Callable[[StandingRow, _Context, frozenset[Any]], int] = field(compare=False)
    column: bool = False

    @property
    def metric(self) -> Metric:
        return Metric(self.key, self.name, self.abbreviation)


def _head_to_head(row: StandingRow, context: _Context, level: frozenset[Any]) -> int:
    """FIDE's direct encounter among the ``level`` players.

    When all of them have met one another: match points from the records in which every
    player is among ``level``. When not: 1 for the player who met all the others and won
    every game among them (he goes first), 0 for everybody else; without such a player
    everybody gets 0 and the next tie-breaker decides.
    """
    if len(level) < 2:
        return 0
    everybody_met, sweeper = context.encounters(level)
    if not everybody_met:
        return int(row.player == sweeper)
    return sum(_match_points(record, seat) for record, seat in context.by_player[row.player]
               if not record.bye and set(record.players) <= level)


def _buchholz_of(fide: bool) -> Callable[[StandingRow, _Context, frozenset[Any]], int]:
    def buchholz(row: StandingRow, context: _Context, level: frozenset[Any]) -> int:
        return sum(opponent for _, opponent in context.opponent_points(row.player, fide=fide))
    return buchholz


def _median_buchholz_of(fide: bool) -> Callable[[StandingRow, _Context, frozenset[Any]], int]:
    def median_buchholz(row: StandingRow, context: _Context, level: frozenset[Any]) -> int:
        values = sorted(opponent for _, opponent in
                        context.opponent_points(row.player, fide=fide))
        return sum(values[1:-1] if len(values) >= 3 else values)
    return median_buchholz


def _sonneborn_berger_of(fide: bool) -> Callable[[StandingRow, _Context, frozenset[Any]], int]:
    def sonneborn_berger(row: StandingRow, context: _Context, level: frozenset[Any]) -> int:
        return sum(own * opponent
                   for own, opponent in context.opponent_points(row.player, fide=fide))
    return sonneborn_berger


def _best_series(row: StandingRow, context: _Context, level: frozenset[Any]) -> int:
    return max(row.series, default=0)


def _stored(key: str) -> Callable[[StandingRow, _Context, frozenset[Any]], int]:
    return lambda row, context, level: row[key]


TIEBREAKS: dict[str, TieBreak] = {tiebreak.key: tiebreak for tiebreak in (
    TieBreak("points", "Match points", "Pts", _stored("points")),
    TieBreak("head_to_head", "Head-to-head", "H2H", _head_to_head),
    TieBreak("difference", "Difference", "+/-", _stored("difference")),
    TieBreak("game_points", "Game points", "GP", _stored("game_points")),
    TieBreak("wins", "Wins", "W", _stored("wins")),
    TieBreak("buchholz", "Buchholz", "Bu", _buchholz_of(fide=True), column=True),
    TieBreak("median_buchholz", "Median-Buchholz", "MBu", _median_buchholz_of(fide=True),
             column=True),
    TieBreak("sonneborn_berger", "Sonneborn-Berger", "SB", _sonneborn_berger_of(fide=True),
             column=True),
    TieBreak("best_series", "Best series", "Best", _best_series, column=True),
    TieBreak("buchholz_plain", "Buchholz (plain)", "pBu", _buchholz_of(fide=False),
             column=True),
    TieBreak("median_buchholz_plain", "Median-Buchholz (plain)", "pMBu",
             _median_buchholz_of(fide=False), column=True),
    TieBreak("sonneborn_berger_plain", "Sonneborn-Berger (plain)", "pSB",
             _sonneborn_berger_of(fide=False), column=True),
)}

DEFAULT_TIEBREAKS = ("points", "head_to_head", "difference", "game_points", "wins")
#: Swiss events: Buchholz-type keys before the game points.
SWISS_TIEBREAKS = ("points", "buchholz", "median_buchholz", "sonneborn_berger",
                   "head_to_head", "wins", "game_points")
#: Doppelkopf and Nerts tables: total points, then tables won, then the best series.
TABLE_TIEBREAKS = ("game_points", "wins", "best_series")


def _match_points(record: MatchRecord, seat: int) -> int:
    return {"win": WIN_POINTS, "draw": DRAW_POINTS, "loss": 0}[_outcome(record, seat)]


def seat_outcome(ranks: Sequence[int], seat: int) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` for a seat of a match with these places: sharing
    the first place is a draw.

    >>> seat_outcome([1, 2], 0), seat_outcome([1, 1], 1), seat_outcome([2, 1, 3], 0)
    ('win', 'draw', 'loss')
    """
    best = min(ranks)
    if ranks[seat] != best:
        return "loss"
    return "draw" if list(ranks).count(best) > 1 else "win"


def _outcome(record: MatchRecord, seat: int) -> str:
    return "win" if record.bye else seat_outcome(record.ranks, seat)


def compute_standings(records: Iterable[MatchRecord], players: Sequence[Any] = (),
                      name_of: Any = str,
                      tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
                      rounds: int | None = None) -> Standings:
    """Standings over ``records``; ``players`` adds members who have not played yet.

    ``tiebreaks`` is the chain of keys from :data:`TIEBREAKS`, applied in order; players
    level on every key share the place and are listed by ``name_of``.

    Buchholz is the sum of the opponents' match points (every other player of a table
    record counts as an opponent); median-Buchholz drops the highest and the lowest of
    those values when there are at least three; Sonneborn-Berger adds, per opponent, own
    match points in that record times the opponent's match points. With 2/1/0 match points
    Buchholz is twice the chess value and Sonneborn-Berger four times (2 x 2: own points
    and the opponent's are both doubled); the order is the same.

    Unplayed games (a bye, a forfeit won or lost) follow FIDE (Handbook C.02, 13.15): the
    player's own unplayed game is against a virtual opponent who starts the round with the
    player's match points, takes the other side of the unplayed result and draws every
    later round the player played (``points before + (2 - own points) + 1 per later
    round``); an opponent's unplayed games count as draws (1 point each) in the points his
    opponents are credited with. The ``_plain`` keys keep the simpler reading: only a bye
    has the virtual opponent, a forfeit is a game against the real opponent and every
    opponent counts with his points as they stand.

    ``rounds`` is the number of rounds the event has completed (FIDE's *n*; Swiss events,
    whose records then carry their ``round_number``). With it, FIDE's virtual opponent
    draws the rounds up to *n*, and a round up to *n* in which a player has no result
    (not paired after withdrawing, before a late entry joined, a double forfeit) is an
    unplayed game he lost: his virtual opponent wins it, and his opponents count it as a
    draw. Without it, the virtual opponent draws the later rounds the player has results
    for, and only byes and forfeits are unplayed.

    >>> records = [MatchRecord(players=("A", "B"), scores=(1, 0), ranks=(1, 2)),
    ...            MatchRecord(players=("C",), scores=(0,), ranks=(1,), bye=True)]
    >>> standings = compute_standings(records, tiebreaks=["points", "buchholz"])
    >>> [(row.player, row.rank, row["buchholz"]) for row in standings.rows]
    [('A', 1, 0), ('C', 1, 0), ('B', 3, 2)]
    """
    records = list(records)
    if rounds is not None and any(record.round_number is None for record in records):
        raise ValueError("with the rounds completed given, every record needs its round: "
                         f"{next(r for r in records if r.round_number is None)!r}")
    chain = []
    for key in tiebreaks:
        if key not in TIEBREAKS:
            raise ValueError(f"unknown tie-breaker: {key!r} (known: {', '.join(TIEBREAKS)})")
        chain.append(TIEBREAKS[key])
    rows: dict[Any, StandingRow] = {}

    def row_of(player: Any) -> StandingRow:
        if player not in rows:
            rows[player] = StandingRow(player, dict.fromkeys((m.key for m in METRICS), 0))
        return rows[player]

    by_player: dict[Any, list[tuple[MatchRecord, int]]] = defaultdict(list)
    for player in players:
        row_of(player)
    for record in records:
        for seat, player in enumerate(record.players):
            row = row_of(player)
            by_player[player].append((record, seat))
            values = row.values
            outcome = _outcome(record, seat)
            against = sum(record.scores) - record.scores[seat]
            others = max(len(record.players) - 1, 1)
            values["played"] += 1
            values[{"win": "wins", "draw": "draws", "loss": "losses"}[outcome]] += 1
            values["points"] += _match_points(record, seat)
            values["game_points"] += record.scores[seat]
            values["game_points_against"] += against // others
            values["difference"] = values["game_points"] - values["game_points_against"]
            row.series.append(record.scores[seat])
            row.byes += record.bye

    context = _Context(rows, by_player, rounds)
    columns = [tiebreak for tiebreak in chain if tiebreak.column]
    for row in rows.values():
        for tiebreak in columns:
            row.values[tiebreak.key] = tiebreak.value(row, context, frozenset())

    ranked: list[StandingRow] = []
    for group in _split(list(rows.values()), chain, context):
        group.sort(key=lambda row: name_of(row.player))
        rank = len(ranked) + 1
        for row in group:
            row.rank = rank
        ranked.extend(group)
    metrics = METRICS + tuple(tiebreak.metric for tiebreak in columns
                              if tiebreak.key not in {m.key for m in METRICS})
    return Standings(metrics, ranked, tuple(tiebreak.metric for tiebreak in chain))


def _split(group: list[StandingRow], chain: Sequence[TieBreak],
           context: _Context) -> list[list[StandingRow]]:
    """``group`` in order as lists of rows level on every key of ``chain``."""
    if not chain or len(group) < 2:
        return [group]
    tiebreak, rest = chain[0], chain[1:]
    level = frozenset(row.player for row in group)
    value = {id(row): tiebreak.value(row, context, level) for row in group}
    ordered = sorted(group, key=lambda row: -value[id(row)])
    result: list[list[StandingRow]] = []
    start = 0
    for index in range(1, len(ordered) + 1):
        if index == len(ordered) or value[id(ordered[index])] != value[id(ordered[start])]:
            result.extend(_split(ordered[start:index], rest, context))
            start = index
    return result
