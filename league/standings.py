"""The standings of a competition (a league season or a round-robin tournament).

One :class:`Standings` object feeds the pages, the API and the admin. It is computed from
plain :class:`MatchRecord` values, so it is tested without a database.

The order (documented in ``docs/standings.md``):

1. match points: 2 for a win, 1 for a draw;
2. head-to-head: match points in the matches among the players still level;
3. game-point difference (own game points minus the opponents');
4. game points scored;
5. wins;
6. finally the name, so that the order is always the same (players level on 1-5 share
   the place).

>>> records = [MatchRecord(players=("Anna", "Bert"), scores=(300, 100), ranks=(1, 2)),
...            MatchRecord(players=("Bert", "Cora"), scores=(250, 250), ranks=(1, 1))]
>>> [(row.player, row.rank, row["points"]) for row in compute_standings(records).rows]
[('Anna', 1, 2), ('Cora', 2, 1), ('Bert', 3, 1)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
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
    """A scored match as the standings see it: players in seat order, scores and places."""

    players: tuple[Hashable, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]


@dataclass
class StandingRow:
    player: Any
    values: dict[str, int] = field(default_factory=dict)
    rank: int = 0

    def __getitem__(self, key: str) -> int:
        return self.values[key]


@dataclass
class Standings:
    metrics: tuple[Metric, ...]
    rows: list[StandingRow]

    def row_for(self, player: Any) -> StandingRow | None:
        return next((row for row in self.rows if row.player == player), None)

    def to_json(self, name_of: Any = str) -> list[dict[str, Any]]:
        return [{"rank": row.rank, "player": name_of(row.player), **row.values}
                for row in self.rows]


def _outcome(record: MatchRecord, seat: int) -> str:
    best = min(record.ranks)
    if record.ranks[seat] != best:
        return "loss"
    return "draw" if record.ranks.count(best) > 1 else "win"


def compute_standings(records: Iterable[MatchRecord], players: Sequence[Any] = (),
                      name_of: Any = str) -> Standings:
    """Standings over ``records``; ``players`` adds members who have not played yet."""
    records = list(records)
    rows: dict[Any, StandingRow] = {}

    def row_of(player: Any) -> StandingRow:
        if player not in rows:
            rows[player] = StandingRow(player, dict.fromkeys((m.key for m in METRICS), 0))
        return rows[player]

    for player in players:
        row_of(player)
    for record in records:
        for seat, player in enumerate(record.players):
            values = row_of(player).values
            outcome = _outcome(record, seat)
            against = sum(record.scores) - record.scores[seat]
            others = max(len(record.players) - 1, 1)
            values["played"] += 1
            values[{"win": "wins", "draw": "draws", "loss": "losses"}[outcome]] += 1
            values["points"] += {"win": WIN_POINTS, "draw": DRAW_POINTS, "loss": 0}[outcome]
            values["game_points"] += record.scores[seat]
            values["game_points_against"] += against // others
            values["difference"] = values["game_points"] - values["game_points_against"]

    head_to_head = _head_to_head_points(records)
    ordered = sorted(rows.values(), key=lambda row: -row["points"])
    ranked: list[StandingRow] = []
    for group in _groups(ordered, key=lambda row: row["points"]):
        members = {row.player for row in group}
        def sort_key(row: StandingRow, members: set[Any] = members) -> tuple[Any, ...]:
            return (-head_to_head(row.player, members), -row["difference"],
                    -row["game_points"], -row["wins"])
        group.sort(key=lambda row: (sort_key(row), name_of(row.player)))
        for index, row in enumerate(group):
            if index and sort_key(group[index - 1]) == sort_key(row):
                row.rank = group[index - 1].rank
            else:
                row.rank = len(ranked) + index + 1
        ranked.extend(group)
    return Standings(METRICS, ranked)


def _groups(rows: list[StandingRow], key: Any) -> list[list[StandingRow]]:
    groups: list[list[StandingRow]] = []
    for row in rows:
        if groups and key(groups[-1][0]) == key(row):
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def _head_to_head_points(records: list[MatchRecord]) -> Any:
    """``points(player, group)``: match points from matches in which everybody was in ``group``."""
    by_player: dict[Any, list[tuple[MatchRecord, int]]] = defaultdict(list)
    for record in records:
        for seat, player in enumerate(record.players):
            by_player[player].append((record, seat))

    def points(player: Any, group: set[Any]) -> int:
        if len(group) < 2:
            return 0
        total = 0
        for record, seat in by_player[player]:
            if set(record.players) <= group:
                total += {"win": WIN_POINTS, "draw": DRAW_POINTS, "loss": 0}[
                    _outcome(record, seat)]
        return total

    return points
