"""Reads of the statistics: a player's figures in a game, his form, head-to-head records (two
players, or a player against the field), the records of a game or a league.

Everything here reads what ``league.services.statistics`` stored after the verdicts; nothing
is summed over a player's history at read time, and every read is a fixed number of queries
however many matches there are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum

from games.engines.registry import game_slugs
from games.models import Player
from league.models import (
    Encounter,
    GameRecord,
    League,
    PlayerGameStatistics,
    PlayerMatchStatistics,
    WinningStreak,
)
from league.statistics import WINNING_STREAK, Figure, RecordKind, statistics_for
from league.statistics.common import HANDS, HANDS_LOGGED, HIGH, MATCHES_LOGGED

#: How many encounters a head-to-head lists, and how many entries a record table has.
RECENT = 10
RECORDS_SHOWN = 5
FORM_MATCHES = 30


@dataclass(frozen=True)
class Section:
    """The figures of one section: a plain list (``rows`` empty) or a breakdown table (a row
    per solo kind, advantage, colour, team...), each row a dict of its figures by key."""

    key: str
    figures: list[Figure]
    rows: list[tuple[str, dict[str, Figure]]] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PlayerStatistics:
    """A player's statistics in a game, with how many hands they stand on."""

    player: Player
    game: str
    stored: PlayerGameStatistics
    figures: list[Figure]
    sections: list[Section]
    hands: int
    hands_logged: int
    matches_logged: int

    def figure(self, section: str, key: str, row: str | None = None) -> Figure | None:
        return next((f for f in self.figures
                     if (f.section, f.key, f.row) == (section, key, row)), None)


def sections_of(figures: list[Figure]) -> list[Section]:
    """The figures grouped by section, in their order; breakdown rows whose figures are all
    zero or empty are left out (a solo kind never played)."""
    order: list[str] = []
    grouped: dict[str, list[Figure]] = {}
    for figure in figures:
        if figure.section not in grouped:
            order.append(figure.section)
            grouped[figure.section] = []
        grouped[figure.section].append(figure)
    sections = []
    for key in order:
        items = grouped[key]
        if all(item.row is None for item in items):
            sections.append(Section(key, items))
            continue
        rows: dict[str, dict[str, Figure]] = {}
        columns: list[str] = []
        for item in items:
            rows.setdefault(str(item.row), {})[item.key] = item
            if item.key not in columns:
                columns.append(item.key)
        shown = [(row, cells) for row, cells in rows.items()
                 if any(cell.value for cell in cells.values())]
        sections.append(Section(key, items, shown, columns))
    return sections


def player_statistics(*, player: Player, game: str) -> PlayerStatistics | None:
    """The player's figures in ``game``, or ``None`` when no match of his counts yet."""
    stored = PlayerGameStatistics.objects.filter(player=player, game=game).first()
    if stored is None:
        return None
    totals = stored.totals
    figures = statistics_for(game).figures(totals)
    return PlayerStatistics(player=player, game=game, stored=stored, figures=figures,
                            sections=sections_of(figures), hands=int(totals.get(HANDS, 0)),
                            hands_logged=int(totals.get(HANDS_LOGGED, 0)),
                            matches_logged=int(totals.get(MATCHES_LOGGED, 0)))


def player_games(*, player: Player) -> list[PlayerGameStatistics]:
    """The games a player has statistics in, in the registry's order."""
    stored = {row.game: row for row in PlayerGameStatistics.objects.filter(player=player)}
    return [stored[slug] for slug in game_slugs() if slug in stored]


def game_players(*, game: str) -> list[PlayerGameStatistics]:
    """Everybody with statistics in ``game``: the most matches first, then by name."""
    return list(PlayerGameStatistics.objects.filter(game=game).select_related("player")
                .order_by("-matches", "player__name"))


def games_with_statistics() -> list[dict[str, Any]]:
    """Per game (registry order): how many players have statistics in it."""
    counts = dict(PlayerGameStatistics.objects.values_list("game")
                  .annotate(players=Count("id")).values_list("game", "players"))
    return [{"game": slug, "players": counts.get(slug, 0)} for slug in game_slugs()]


def player_form(*, player: Player, game: str, limit: int = FORM_MATCHES
                ) -> list[PlayerMatchStatistics]:
    """The player's last ``limit`` counted matches of ``game``, oldest first, each with its
    match."""
    latest = list(PlayerMatchStatistics.objects.filter(player=player, game=game)
                  .select_related("match").order_by("-played_at", "-match_id")[:limit])
    return latest[::-1]


@dataclass(frozen=True)
class HeadToHead:
    """Two players' record in a game, seen from ``player``: matches at the same table, won
    (the better place), drawn, lost, the points each scored there, the latest encounters."""

    game: str
    player: Player
    opponent: Player
    matches: int
    wins: int
    draws: int
    losses: int
    points: int
    against: int
    recent: list[Encounter]


def _record(queryset: QuerySet[Encounter]) -> dict[str, int]:
    totals = queryset.aggregate(
        matches=Count("id"), wins=Count("id", filter=Q(outcome="win")),
        draws=Count("id", filter=Q(outcome="draw")), losses=Count("id", filter=Q(outcome="loss")),
        points=Sum("score"), against=Sum("opponent_score"))
    return {key: int(value or 0) for key, value in totals.items()}


def head_to_head(*, game: str, player: Player, opponent: Player,
                 recent: int = RECENT) -> HeadToHead:
    encounters = Encounter.objects.filter(game=game, player=player, opponent=opponent)
    latest = list(encounters.select_related("match__season__league", "match__round__tournament")
                  .order_by("-played_at", "-match_id")[:recent])
    return HeadToHead(game=game, player=player, opponent=opponent, recent=latest,
                      **_record(encounters))


def against_the_field(*, player: Player, game: str) -> list[dict[str, Any]]:
    """The player's record against everybody he met in ``game``: per opponent the matches,
    wins, draws, losses and the points of both; the most met first."""
    rows = (Encounter.objects.filter(player=player, game=game)
            .values("opponent", "opponent__name")
            .annotate(matches=Count("id"), wins=Count("id", filter=Q(outcome="win")),
                      draws=Count("id", filter=Q(outcome="draw")),
                      losses=Count("id", filter=Q(outcome="loss")),
                      points=Sum("score"), against=Sum("opponent_score"))
            .order_by("-matches", "opponent__name"))
    return [{"opponent_id": row["opponent"], "opponent": row["opponent__name"],
             "matches": row["matches"], "wins": row["wins"], "draws": row["draws"],
             "losses": row["losses"], "points": row["points"] or 0,
             "against": row["against"] or 0} for row in rows]


@dataclass(frozen=True)
class RecordTable:
    """The best entries of one record kind: :class:`GameRecord` rows, or for the winning
    streak :class:`WinningStreak` rows."""

    kind: RecordKind
    entries: list[Any]


def records(*, game: str, league: League | None = None,
            limit: int = RECORDS_SHOWN) -> list[RecordTable]:
    """The records of ``game`` (everywhere, or in one league's seasons): per kind its best
    ``limit`` entries (the earlier one first among equals), then the longest winning streaks.
    One query per kind."""
    tables = []
    for kind in statistics_for(game).kinds:
        rows = GameRecord.objects.filter(game=game, kind=kind.key)
        if league is not None:
            rows = rows.filter(league=league)
        order = "-value" if kind.better == HIGH else "value"
        tables.append(RecordTable(kind, list(
            rows.select_related("match").order_by(order, "played_at", "match_id")[:limit])))
    streaks = WinningStreak.objects.filter(game=game, league=league)
    tables.append(RecordTable(WINNING_STREAK, list(
        streaks.select_related("player", "first_match", "last_match")
        .order_by("-length", "last_match_id")[:limit])))
    return tables
