"""Reads with meaning: standings (per division, best N results, the league's tie-breakers),
fixtures, the archive, a player's results, what is going on."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.db.models import Count, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.utils.translation import gettext_lazy as _

from games.models import Match, Player, Seat
from games.selectors import UNSHOWN_IN_LISTS
from league.models import Division, League, Season
from league.ranking.standings import (
    DEFAULT_TIEBREAKS,
    DRAW_POINTS,
    METRICS,
    TIEBREAKS,
    WIN_POINTS,
    MatchRecord,
    StandingRow,
    Standings,
    _Context,
    _split,
    compute_standings,
    seat_outcome,
)
from league.selectors.figures import figures_cached, league_owner, player_owner, season_owner

#: How the pages name each tie-breaker in the legend under a table.
TIEBREAK_LABELS = {
    "points": _("match points (win 2, draw 1)"),
    "head_to_head": _("head-to-head among the players level"),
    "difference": _("game-point difference"),
    "game_points": _("game points"),
    "wins": _("wins"),
    "buchholz": _("Buchholz"),
    "median_buchholz": _("median-Buchholz"),
    "sonneborn_berger": _("Sonneborn-Berger"),
    "buchholz_plain": _("plain Buchholz"),
    "median_buchholz_plain": _("plain median-Buchholz"),
    "sonneborn_berger_plain": _("plain Sonneborn-Berger"),
    "best_series": _("best series"),
}


def scored_matches(matches: QuerySet[Match]) -> QuerySet[Match]:
    return (matches.filter(status=Match.Status.SCORED)
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")
                                       .order_by("index"))))


def match_records(matches: QuerySet[Match],
                  players: dict[int, Player] | None = None) -> list[MatchRecord]:
    """The records of the scored ``matches``, in the order they were made, read from the
    seats alone (two queries at most, however many matches): ``players`` maps ids to the
    players already read (the members); the others are read here."""
    known = dict(players or {})
    rows = list(Seat.objects.filter(match__in=matches.filter(status=Match.Status.SCORED))
                .order_by("match_id", "index")
                .values_list("match_id", "player_id", "score", "rank", "match__result"))
    known.update(Player.objects.in_bulk({row[1] for row in rows if row[1] not in known}))
    records = []
    start = 0
    for index in range(1, len(rows) + 1):
        if index < len(rows) and rows[index][0] == rows[start][0]:
            continue
        seats = rows[start:index]
        start = index
        records.append(MatchRecord(players=tuple(known.get(seat[1]) for seat in seats),
                                   scores=tuple(seat[2] or 0 for seat in seats),
                                   ranks=tuple(seat[3] or 0 for seat in seats),
                                   forfeit=seats[0][4] == Match.Result.FORFEIT))
    return records


def league_tiebreaks(league: League) -> tuple[str, ...]:
    """The league's chain of tie-breakers (empty: the default chain)."""
    return tuple(league.tiebreaks) or DEFAULT_TIEBREAKS


# --- Best N results -----------------------------------------------------------------------


@dataclass(frozen=True)
class NotCounted:
    """A player's seat in a result that is not among his best N: his opponents' result
    counts, his own does not. The standings give such seats a row of their own, which
    :func:`season_standings` leaves out."""

    player: Player

    @property
    def name(self) -> str:
        return self.player.name


def _match_points(record: MatchRecord, seat: int) -> int:
    best = min(record.ranks)
    if record.ranks[seat] != best:
        return 0
    return DRAW_POINTS if record.ranks.count(best) > 1 else WIN_POINTS


def result_value(record: MatchRecord, seat: int) -> tuple[int, float, int]:
    """How good one result is for the player in ``seat``: match points, then the game-point
    difference in that match (against the others' average), then the game points."""
    own = record.scores[seat]
    others = [score for index, score in enumerate(record.scores) if index != seat]
    against = sum(others) / len(others) if others else 0
    return _match_points(record, seat), own - against, own


def best_records(records: Sequence[MatchRecord], best: int) -> list[MatchRecord]:
    """The records with each player's results beyond his best ``best`` marked
    :class:`NotCounted` (a record nobody counts is left out).

    A player's results are ordered by :func:`result_value`, the earlier match first among
    equal ones; the first ``best`` count.
    """
    seats_of: dict[Any, list[tuple[int, int]]] = defaultdict(list)
    for index, record in enumerate(records):
        for seat, player in enumerate(record.players):
            seats_of[player].append((index, seat))
    counted: set[tuple[int, int]] = set()
    for entries in seats_of.values():
        entries.sort(key=lambda entry: (*(-v for v in result_value(records[entry[0]],
                                                                     entry[1])), entry[0]))
        counted.update(entries[:best])
    marked = []
    for index, record in enumerate(records):
        flags = [(index, seat) in counted for seat in range(len(record.players))]
        if any(flags):
            players = tuple(player if flag else NotCounted(cast(Player, player))
                            for player, flag in zip(record.players, flags, strict=True))
            marked.append(MatchRecord(players=players, scores=record.scores,
                                      ranks=record.ranks, bye=record.bye,
                                      forfeit=record.forfeit))
    return marked


def best_results_standings(records: Sequence[MatchRecord], *, best: int,
                           players: Sequence[Any] = (),
                           tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS) -> Standings:
    """The standings over each player's best ``best`` results (see :func:`best_records`).

    A seat that does not count gets a row of its own in the computation; those rows are
    left out and the players ranked again among themselves by the same chain, so that such a
    row never ties with a player. Head-to-head reads only the matches that count for every
    player in them; Buchholz-type keys read, for each counted result, the opponent's match
    points from his counted results (whether or not that match counts for him).
    """
    marked = best_records(records, best)
    standings = compute_standings(marked, players=players, name_of=lambda p: p.name,
                                  tiebreaks=tiebreaks)
    by_player: dict[Any, list[tuple[MatchRecord, int]]] = defaultdict(list)
    for record in marked:
        for seat, player in enumerate(record.players):
            by_player[player].append((record, seat))
    # The ranking step of league.ranking.standings, over the players' rows only (its private
    # helpers: the standings module has no notion of a result that counts for one side).
    row_of = {row.player: row for row in standings.rows}
    for player in list(row_of):
        if isinstance(player, NotCounted) and player.player in row_of:
            row_of[player] = row_of[player.player]  # an opponent is the player himself
    context = _Context(row_of, by_player)
    rows = [row for row in standings.rows if not isinstance(row.player, NotCounted)]
    chain = [TIEBREAKS[key] for key in tiebreaks]
    for row in rows:
        for tiebreak in chain:
            if tiebreak.column:
                row.values[tiebreak.key] = tiebreak.value(row, context, frozenset())
    ranked: list[StandingRow] = []
    for group in _split(rows, chain, context):
        group.sort(key=lambda row: row.player.name)
        rank = len(ranked) + 1
        for row in group:
            row.rank = rank
        ranked.extend(group)
    return Standings(standings.metrics, ranked, standings.tiebreaks)


# --- Standings ----------------------------------------------------------------------------


def season_standings(*, season: Season, division: Division | None = None) -> Standings:
    """The live standings of the season (or of one of its divisions): the league's
    tie-breakers, each player's best N results when the season counts only those."""
    matches = season.matches.all()
    members: Any = season.members.all()
    if division is not None:
        matches, members = matches.filter(division=division), division.members.all()
    players = list(members)
    records = match_records(matches, {player.pk: player for player in players})
    tiebreaks = league_tiebreaks(season.league)
    if season.best_results:
        return best_results_standings(records, best=season.best_results,
                                      players=players, tiebreaks=tiebreaks)
    return compute_standings(records, players=players, name_of=lambda p: p.name,
                             tiebreaks=tiebreaks)


def standings_table(standings: Standings, *, division: Division | None = None,
                    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS) -> dict[str, Any]:
    """The standings as plain data: what the pages render, the API sends and a closed season
    keeps (``Season.final_standings``)."""
    basic = {metric.key for metric in METRICS}
    columns = [{"key": m.key, "name": m.name, "abbreviation": m.abbreviation}
               for m in standings.metrics if m.key not in basic]
    return {
        "level": division.level if division else None,
        "name": division.name if division else "",
        "tiebreaks": list(tiebreaks),
        "columns": columns,
        "rows": [{"rank": row.rank, "player": {"pk": row.player.pk, "name": row.player.name},
                  "values": dict(row.values),
                  "extra": [row.values[column["key"]] for column in columns]}
                 for row in standings.rows],
    }


def season_tables(*, season: Season) -> list[dict[str, Any]]:
    """One table per division (or one for the season): the final standings of a closed
    season as it was closed, else the live standings."""
    if season.status == Season.Status.CLOSED and season.final_standings:
        return list(season.final_standings["tables"])
    tiebreaks = league_tiebreaks(season.league)
    divisions = list(season.divisions.all())
    if not divisions:
        return [standings_table(season_standings(season=season), tiebreaks=tiebreaks)]
    return [standings_table(season_standings(season=season, division=division),
                            division=division, tiebreaks=tiebreaks) for division in divisions]


def season_tables_shown(*, season: Season) -> list[dict[str, Any]]:
    """:func:`season_tables` as the pages and the API show them: computed once per change
    of the season or its league (see :mod:`league.selectors.figures`)."""
    if season.status == Season.Status.CLOSED and season.final_standings:
        return list(season.final_standings["tables"])
    return figures_cached(owners=[season_owner(season.pk), league_owner(season.league_id)],
                          name="tables", compute=lambda: season_tables(season=season))


def season_together_shown(*, season: Season) -> dict[str, Any]:
    """The standings of every division of the season together, by the same rules, as a
    table (computed once per change, like :func:`season_tables_shown`)."""
    return figures_cached(
        owners=[season_owner(season.pk), league_owner(season.league_id)], name="together",
        compute=lambda: standings_table(season_standings(season=season),
                                        tiebreaks=league_tiebreaks(season.league)))


def tiebreak_legend(tiebreaks: Sequence[str]) -> str:
    return ", ".join(str(TIEBREAK_LABELS.get(key, key)) for key in tiebreaks)


# --- Fixtures, archive, overview ----------------------------------------------------------


def season_match_days(*, season: Season) -> list[int]:
    """The season's match days in order (empty: no fixtures)."""
    return [day for day in season.matches.filter(match_day__isnull=False)
            .order_by("match_day").values_list("match_day", flat=True).distinct()
            if day is not None]


def first_open_match_day(*, season: Season) -> int | None:
    """The first match day with a match still waiting for its result (``None``: all
    played, or no fixtures)."""
    return (season.matches.filter(match_day__isnull=False).exclude(status=Match.Status.SCORED)
            .order_by("match_day").values_list("match_day", flat=True).first())


def season_fixtures(*, season: Season, match_days: Sequence[int] | None = None
                    ) -> list[dict[str, Any]]:
    """The scheduled matches by match day (every day, or the ``match_days`` given):
    ``[{"match_day", "scheduled_on", "matches"}]``."""
    days: dict[int | None, dict[str, Any]] = {}
    matches = season.matches.filter(match_day__isnull=False)
    if match_days is not None:
        matches = matches.filter(match_day__in=list(match_days))
    matches = (matches
               .select_related("division")
               .prefetch_related(Prefetch("seats", queryset=Seat.objects
                                          .select_related("player").order_by("index")))
               .order_by("match_day", "division__level", "position", "pk"))
    for match in matches:
        day = days.setdefault(match.match_day, {"match_day": match.match_day,
                                                "scheduled_on": match.scheduled_on,
                                                "matches": []})
        day["matches"].append(match)
    return list(days.values())


def league_archive(*, league: League) -> QuerySet[Season]:
    """The league's closed seasons, the latest first, with their final standings."""
    return (league.seasons.filter(status=Season.Status.CLOSED)
            .order_by("-closed_at", "-pk"))


def league_search(*, text: str = "") -> QuerySet[League]:
    """Leagues by name, with how many of their seasons are open; those whose name contains
    ``text`` if given."""
    leagues = League.objects.annotate(
        open_seasons=Count("seasons", filter=Q(seasons__status=Season.Status.OPEN))
    ).order_by("name", "pk")
    return leagues.filter(name__icontains=text) if text else leagues


def active_leagues() -> QuerySet[League]:
    return League.objects.filter(seasons__status=Season.Status.OPEN).distinct()


def open_seasons() -> QuerySet[Season]:
    return Season.objects.filter(status=Season.Status.OPEN).select_related("league")


def player_matches(*, player: Player) -> QuerySet[Match]:
    """A player's matches, the latest changed first (a page of them is what the player page
    shows)."""
    return (Match.objects.filter(seats__player=player)
            .select_related("season__league", "round__tournament")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")
                                       .order_by("index")))
            .defer(*UNSHOWN_IN_LISTS)
            .order_by("-updated_at", "-pk"))


def player_matches_count(*, player: Player) -> int:
    """How many rows :func:`player_matches` has, one per seat of his: counted from his seats
    alone, since the join to the matches made PostgreSQL read every match of the federation
    (18 ms for a player of 1,255 matches, against 2)."""
    return Seat.objects.filter(player=player).count()


def player_results(*, player: Player, matches: Iterable[Match] | None = None
                   ) -> list[dict[str, Any]]:
    """A player's matches (all, or the ``matches`` given, e.g. a page of
    :func:`player_matches`), each with his seat, his opponents and, once scored, ``"win"``,
    ``"draw"`` or ``"loss"``."""
    rows = []
    for match in (matches if matches is not None else player_matches(player=player)):
        seats = list(match.seats.all())
        mine = next(seat for seat in seats if seat.player_id == player.pk)
        scored = match.status == Match.Status.SCORED and all(
            seat.rank is not None for seat in seats)
        rows.append({"match": match, "seat": mine,
                     "opponents": [s.player for s in seats if s.pk != mine.pk and s.player],
                     "result": seat_outcome([s.rank or 0 for s in seats], seats.index(mine))
                     if scored else None})
    return rows


def player_record(*, player: Player) -> dict[str, int]:
    """How many of his scored matches a player won, drew and lost (as
    :func:`~league.ranking.standings.seat_outcome` counts them: sharing the first place is a
    draw; forfeits count). Counted once per verdict on one of his matches (the statistics'
    handler raises his figures' version), not per request: the count reads his whole
    history."""
    return figures_cached(owners=[player_owner(player.pk)], name="record",
                          compute=lambda: player_record_counted(player=player))


def player_record_counted(*, player: Player) -> dict[str, int]:
    """:func:`player_record`, counted by the database in one query."""
    firsts = (Seat.objects.filter(match=OuterRef("match"), rank=1).order_by()
              .values("match").annotate(count=Count("pk")).values("count"))
    mine = (Seat.objects.filter(player=player, match__status=Match.Status.SCORED,
                                rank__isnull=False)
            .annotate(firsts=Subquery(firsts)))
    return mine.aggregate(won=Count("pk", filter=Q(rank=1, firsts=1)),
                          drawn=Count("pk", filter=Q(rank=1, firsts__gt=1)),
                          lost=Count("pk", filter=Q(rank__gt=1)))


@dataclass(frozen=True)
class MembersShown:
    """The members of a page of seasons and of their divisions as the API lists them: ``(id,
    name)`` in name order, by season id and by division id; and the divisions, ``(id, level,
    name)`` by level, by season id."""

    of_season: dict[int, list[tuple[int, str]]]
    of_division: dict[int, list[tuple[int, str]]]
    divisions: dict[int, list[tuple[int, int, str]]]


def members_shown(seasons: Sequence[Season]) -> MembersShown:
    """The members of ``seasons``, their divisions and the divisions' members, in three
    queries of rows: a page of seasons names thousands of members, and reading them as
    model objects through a prefetch was most of the page's time."""
    ids = [season.pk for season in seasons]
    by_name = ("player__name", "player_id")
    return MembersShown(
        _grouped(Season.members.through.objects.filter(season__in=ids).order_by(*by_name)
                 .values_list("season_id", "player_id", "player__name")),
        _grouped(Division.members.through.objects.filter(division__season__in=ids)
                 .order_by(*by_name).values_list("division_id", "player_id", "player__name")),
        _grouped(Division.objects.filter(season__in=ids).order_by("level", "pk")
                 .values_list("season_id", "pk", "level", "name")))


def organizers_shown(leagues: Sequence[League]) -> dict[int, list[str]]:
    """The user names of the organizers of ``leagues`` by league, each league's by name, in
    one query of rows (a page of leagues made a related manager and a user object for each
    one)."""
    return {league_id: [name for (name,) in names] for league_id, names in _grouped(
        League.organizers.through.objects.filter(league__in=[league.pk for league in leagues])
        .order_by("user__username").values_list("league_id", "user__username")).items()}


def _grouped(rows: Iterable[tuple[Any, ...]]) -> dict[Any, list[tuple[Any, ...]]]:
    """Rows ``(key, *values)`` as the values by key, in the rows' order."""
    grouped: dict[Any, list[tuple[Any, ...]]] = defaultdict(list)
    for key, *values in rows:
        grouped[key].append(tuple(values))
    return dict(grouped)
