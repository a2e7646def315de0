"""Statistics per player and game, head-to-head encounters, records and winning streaks: the
bridge between the scored matches and the pure statistics of :mod:`league.statistics`.

After every verdict on a match (scored, rejected, forfeited, set aside) ``games.services.
verdicts`` calls :func:`match_statistics_refresh` (registered in ``LeagueConfig.ready``, after
the ratings) when it announces the verdict (its own task and transaction for a log's verdict,
the organizer's transaction for a forfeit): announced again after a failure, it reads the
state afresh, so nothing is ever counted twice. It throws away what the match added before
and, when the match counts, stores it again from the current log:

- one :class:`~league.models.PlayerMatchStatistics` per player: his place, result, score and
  the counters of his game's statistics;
- one :class:`~league.models.Encounter` per ordered pair of players at the table;
- the match's :class:`~league.models.GameRecord` candidates (the best of each kind).

Then every player the match had (before or now) gets his :class:`~league.models.
PlayerGameStatistics` and his longest winning streaks (in the game, and in each league, in
the order the matches were first scored) brought in line. The common case, a first verdict
on a match played after everything its players have played, adds the new row to the sums
kept (the counters of a regular's hundreds of matches are not read and summed again for each
new one) and reads, of a winner only, his latest results for the run of wins this match goes
on (:data:`RECENT_RESULTS`): what it costs does not grow with the players' history; anything
else (a correction, a rejection, a match whose first verdict came before the players'
latest) sums the players' rows again. Both give the same figures
(``tests/league/statistics/test_recompute.py``). The writers lock the players they sum
(verdicts on matches of other players run side by side); a rebuild of a whole game locks the
game. A correction is a verdict like any other: the old log's figures go, the new log's
come.

A match counts when it was played (no forfeit), is scored from a log, and every seat has its
player.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.db.models import Aggregate, Exists, JSONField, Min, OuterRef, Q, Subquery, Value
from django.utils import timezone

from games.models import HandOutcome, Match, MatchLog, Seat
from league.models import (
    Encounter,
    GameRecord,
    PlayerGameStatistics,
    PlayerMatchStatistics,
    WinningStreak,
)
from league.services.figures import players_figures_changed
from league.statistics import (
    ScoredHand,
    ScoredMatch,
    Streak,
    add,
    longest_streak,
    pair_outcome,
    seat_outcome,
    statistics_for,
)


def _lock_game(game: str, *, shared: bool = False) -> None:
    """The game's statistics lock (PostgreSQL; SQLite writes one at a time anyway): a
    verdict takes it shared, since verdicts on different players' matches do not meet; a
    rebuild of the whole game takes it alone."""
    if connection.vendor == "postgresql":
        function = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {function}(hashtext(%s))", [f"statistics:{game}"])


def _lock_players(game: str, player_ids: Iterable[int]) -> None:
    """One writer per player and game at a time: two verdicts on matches of the same player
    must not sum his rows past each other. Taken in the order of the ids, so that two
    verdicts never wait for each other in a circle."""
    ids = sorted(set(player_ids))
    if connection.vendor == "postgresql" and ids:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s || player::text)) "
                           "FROM unnest(%s::bigint[]) AS player",
                           [f"statistics:{game}:", ids])


def _counts(match: Match, seats: Sequence[Seat]) -> bool:
    log = match.current_log
    return (match.status == Match.Status.SCORED and match.result == Match.Result.PLAYED
            and log is not None and log.status == MatchLog.Status.SCORED and bool(seats)
            and all(seat.player_id is not None and seat.rank is not None for seat in seats))


class _JSONList(Aggregate):
    """The values as one JSON list, read back as a list: PostgreSQL's ``jsonb_agg``,
    SQLite's ``json_group_array`` (SQLite has no ``ArrayAgg``)."""

    function = "JSONB_AGG"
    output_field = JSONField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra_context: Any) -> Any:
        return self.as_sql(compiler, connection, function="JSON_GROUP_ARRAY", **extra_context)


def _as_stored(match: str) -> dict[str, Subquery]:
    """Subqueries on the match whose id the outer query calls ``match``: ``stored``, the
    players its statistics rows were stored for (a list, ``None`` for none), and
    ``first_scored``, when it was first scored (its rows' ``played_at``)."""
    of_match = {"match": OuterRef(match)}
    return {
        "stored": Subquery(PlayerMatchStatistics.objects.filter(**of_match).order_by()
                           .values("match").annotate(ids=_JSONList("player_id"))
                           .values("ids")),
        "first_scored": Subquery(MatchLog.objects.filter(status=MatchLog.Status.SCORED,
                                                         **of_match).order_by()
                                 .values("match").annotate(first=Min("processed_at"))
                                 .values("first")),
    }


def _match_as_stored(match_id: int) -> tuple[Match, list[Seat], set[int], datetime | None]:
    """The match as its verdict left it (its current log without the text, which may be
    long; its season), its seats with their players in seat order, the players its rows
    were stored for and when it was first scored: one statement, read through the seats
    (a match without seats, which never counts, is read alone)."""
    seats = list(Seat.objects.filter(match_id=match_id).order_by("index")
                 .select_related("player", "match__current_log", "match__season")
                 .defer("match__current_log__text").annotate(**_as_stored("match_id")))
    # With the annotations, which django-stubs does not see.
    read: Any = seats[0] if seats else (
        Match.objects.select_related("current_log", "season").defer("current_log__text")
        .annotate(**_as_stored("pk")).get(pk=match_id))
    match = seats[0].match if seats else read
    for seat in seats:  # one match for all of them, as ``match.seats`` would give
        seat.match = match
    return match, seats, set(read.stored or ()), read.first_scored


def scored_match(match: Match, seats: Sequence[Seat], hands: Iterable[HandOutcome]
                 ) -> ScoredMatch:
    """The match as the pure statistics read it: the log's outcome and hands, the seats'
    places and scores."""
    log = match.current_log
    outcome: dict[str, Any] = (log.outcome if log is not None else None) or {}
    names = tuple(outcome.get("players") or [seat.player.name for seat in seats
                                             if seat.player is not None])
    return ScoredMatch(
        game=match.game, players=names, ranks=tuple(seat.rank or 0 for seat in seats),
        scores=tuple(seat.score or 0 for seat in seats), rules=outcome.get("rules") or {},
        summary=outcome.get("summary") or {},
        hands=tuple(ScoredHand(hand.number, hand.source, tuple(hand.points), hand.facts,
                               hand.detail) for hand in hands))


def _nonzero(counters: Counter[str]) -> dict[str, int]:
    return {key: int(value) for key, value in sorted(counters.items()) if value}


def _store_match(match: Match, seats: Sequence[Seat], hands: Iterable[HandOutcome], *,
                 first_scored: datetime | None) -> list[PlayerMatchStatistics]:
    """Store the match's rows (its players', encounters, record candidates), played when the
    match was first scored (:func:`_as_stored`); returns the players' rows."""
    scored = scored_match(match, seats, hands)
    statistics = statistics_for(match.game)
    played_at = first_scored or timezone.now()
    league_id = match.season.league_id if match.season is not None else None
    ids = [seat.player_id for seat in seats if seat.player_id is not None]
    assert len(ids) == len(seats)
    rows = PlayerMatchStatistics.objects.bulk_create(
        PlayerMatchStatistics(
            match=match, player_id=ids[index], game=match.game, league_id=league_id,
            seat=index, rank=scored.ranks[index], outcome=seat_outcome(scored.ranks, index),
            score=scored.scores[index], played_at=played_at,
            counters=_nonzero(statistics.tally(scored, index)))
        for index in range(len(seats)))
    Encounter.objects.bulk_create(
        Encounter(match=match, game=match.game, player_id=ids[index], opponent_id=ids[other],
                  outcome=pair_outcome(scored.ranks, index, other),
                  score=scored.scores[index], opponent_score=scored.scores[other],
                  played_at=played_at)
        for index in range(len(seats)) for other in range(len(seats)) if other != index)
    GameRecord.objects.bulk_create(
        GameRecord(game=match.game, kind=candidate.kind, value=candidate.value, match=match,
                   league_id=league_id, deal=candidate.deal, move=candidate.move,
                   source=candidate.source, played_at=played_at,
                   holders=[{"id": ids[seat], "name": scored.players[seat]}
                            for seat in candidate.holders])
        for candidate in statistics.records(scored))
    return rows


def player_game_statistics_refresh(*, player_id: int, game: str) -> PlayerGameStatistics | None:
    """Sum a player's match rows of ``game`` again and read his winning streaks (in the game
    and in each league); ``None`` when he has no counted match left."""
    players_game_statistics_refresh(player_ids=[player_id], game=game)
    return PlayerGameStatistics.objects.filter(player_id=player_id, game=game).first()


#: What :func:`players_game_statistics_refresh` writes of a player's statistics.
_SUMS = ("matches", "wins", "draws", "losses", "totals", "longest_streak", "current_streak",
         "updated_at")


def players_game_statistics_refresh(*, player_ids: Iterable[int], game: str) -> None:
    """Sum the match rows of ``game`` of each of these players again and read their
    winning streaks (in the game and in each league), in a fixed number of statements
    however many players: a verdict's statistics cost the same at a table of two or of
    four."""
    ids = sorted(set(player_ids))
    if not ids:
        return
    rows_of: dict[int, list[tuple[int, int | None, str, dict[str, int]]]] = defaultdict(list)
    for player_id, *row in (PlayerMatchStatistics.objects
                            .filter(player_id__in=ids, game=game)
                            .order_by("player_id", "played_at", "match_id")
                            .values_list("player_id", "match_id", "league_id", "outcome",
                                         "counters")):
        rows_of[player_id].append(tuple(row))
    gone = [player_id for player_id in ids if not rows_of[player_id]]
    if gone:
        PlayerGameStatistics.objects.filter(player_id__in=gone, game=game).delete()
    now = timezone.now()
    sums, streaks = [], []
    for player_id in ids:
        rows = rows_of[player_id]
        if not rows:
            continue
        totals: Counter[str] = Counter()
        for _match, _league, _outcome, counters in rows:
            add(totals, counters)
        results = Counter(outcome for _match, _league, outcome, _counters in rows)
        overall, of_player = _streaks(player_id, game, [row[:3] for row in rows])
        sums.append(PlayerGameStatistics(
            player_id=player_id, game=game, matches=len(rows), wins=results["win"],
            draws=results["draw"], losses=results["loss"], totals=_nonzero(totals),
            longest_streak=overall.length, current_streak=overall.current, updated_at=now))
        streaks += of_player
    _write(ids, game, sums, streaks)


#: The latest results of a winner read for his runs of wins (in the game, and in the match's
#: league); a run longer than that is read from all his results instead (the summing again).
RECENT_RESULTS = 32


def _players_game_statistics_add(*, rows: Sequence[PlayerMatchStatistics], game: str) -> bool:
    """The common case of a first verdict: each player's new row comes after all his others
    (in the order of :func:`players_game_statistics_refresh`), so his sums grow by it, and
    only a winner's streaks can grow: his run of wins goes on, and becomes his longest (in
    the game, or in the match's league) once it is longer than the longest kept. So the
    counters of his past matches are not read at all, and of his results only the run that
    ends with this match. Returns ``False``, having written nothing, where that does not
    hold: the caller sums again."""
    match_id, league_id = rows[0].match_id, rows[0].league_id
    kept = _kept_sums(rows=rows, game=game)
    if len(kept) != len(rows):
        return False  # a player's first match of the game: summing it is as cheap
    if any(player.later for player in kept.values()):
        return False  # not his latest match
    winners = sorted(row.player_id for row in rows if row.outcome == "win")
    runs = {player_id: _runs_of_wins(player_id, game, league_id) for player_id in winners}
    if any(run is None for run in runs.values()):
        return False
    now = timezone.now()
    sums, grown = [], []
    for row in sorted(rows, key=lambda row: row.player_id):
        before = kept[row.player_id].sums
        longest, current = before.longest_streak, 0
        run = runs.get(row.player_id)
        if run is not None:
            (current, first), in_league = run
            if current > longest:  # the first of equally long runs is kept
                longest = current
                grown.append(WinningStreak(player_id=row.player_id, game=game, league_id=None,
                                           length=current, first_match_id=first,
                                           last_match_id=match_id))
            if in_league is not None and in_league[0] > kept[row.player_id].longest_in_league:
                grown.append(WinningStreak(player_id=row.player_id, game=game,
                                           league_id=league_id, length=in_league[0],
                                           first_match_id=in_league[1],
                                           last_match_id=match_id))
        sums.append(PlayerGameStatistics(
            player_id=row.player_id, game=game, matches=before.matches + 1,
            wins=before.wins + (row.outcome == "win"),
            draws=before.draws + (row.outcome == "draw"),
            losses=before.losses + (row.outcome == "loss"),
            totals=_nonzero(add(Counter(before.totals), row.counters)),
            longest_streak=longest, current_streak=current, updated_at=now))
    PlayerGameStatistics.objects.bulk_create(
        sums, update_conflicts=True, unique_fields=["player", "game"], update_fields=_SUMS)
    if grown:  # the streaks that grew replace the longest kept of their scope
        scopes = Q()
        for streak in grown:
            scopes |= Q(player_id=streak.player_id, league_id=streak.league_id)
        WinningStreak.objects.filter(scopes, game=game).delete()
        WinningStreak.objects.bulk_create(grown)
    return True


class _Kept(NamedTuple):
    """A player's sums kept, as :func:`_kept_sums` reads them."""

    sums: PlayerGameStatistics
    later: bool  # he has a row after the match's
    longest_in_league: int  # his longest run of wins in the match's league (0 for none)


def _kept_sums(*, rows: Sequence[PlayerMatchStatistics], game: str) -> dict[int, _Kept]:
    """The sums kept of the players of the match's new ``rows``, by player, in one
    statement: with each, whether he has a row after the match's (in the order of
    :func:`players_game_statistics_refresh`) and his longest run of wins in the match's
    league (if in one)."""
    match_id, played_at, league_id = rows[0].match_id, rows[0].played_at, rows[0].league_id
    after = Q(played_at__gt=played_at) | Q(played_at=played_at, match_id__gt=match_id)
    in_league: Subquery | Value = Value(0)
    if league_id is not None:  # a streak a scope at most
        in_league = Subquery(WinningStreak.objects.order_by()
                             .filter(player_id=OuterRef("player_id"), game=game,
                                     league_id=league_id).values("length"))
    kept = (PlayerGameStatistics.objects.order_by()
            .filter(player_id__in=[row.player_id for row in rows], game=game)
            .annotate(later=Exists(PlayerMatchStatistics.objects.filter(
                          after, player_id=OuterRef("player_id"), game=game)),
                      in_league=in_league))
    return {stats.player_id: _Kept(stats, stats.later, stats.in_league or 0) for stats in kept}


#: A run of wins that ends with the latest match: its length and its first match.
Run = tuple[int, int]


def _runs_of_wins(player_id: int, game: str, league_id: int | None
                  ) -> tuple[Run, Run | None] | None:
    """The player's run of wins up to his latest match (which he won), in the game and (for a
    match in a league) in that league, from his latest results; ``None`` if a run may go
    back further than :data:`RECENT_RESULTS`."""
    latest = list(PlayerMatchStatistics.objects.filter(player_id=player_id, game=game)
                  .order_by("-played_at", "-match_id")
                  .values_list("match_id", "league_id", "outcome")[:RECENT_RESULTS])
    complete = len(latest) < RECENT_RESULTS  # every result of his is read

    def run(results: Sequence[tuple[int, int | None, str]]) -> Run | None:
        length, first = 0, 0
        for of_match, _league, outcome in results:
            if outcome != "win":
                return length, first
            length, first = length + 1, of_match
        return (length, first) if complete else None

    overall = run(latest)
    in_league = None if league_id is None else run(
        [result for result in latest if result[1] == league_id])
    if overall is None or (league_id is not None and in_league is None):
        return None
    return overall, in_league


def _streaks(player_id: int, game: str, results: Sequence[tuple[int, int | None, str]]
             ) -> tuple[Streak[int], list[WinningStreak]]:
    """A player's streak in the game, and his longest streaks (in the game and in each
    league) as rows, from his ``(match, league, outcome)`` in the order played."""
    by_league: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for match_id, league_id, outcome in results:
        if league_id is not None:
            by_league[league_id].append((match_id, outcome))
    overall = longest_streak((match_id, outcome) for match_id, _league, outcome in results)
    of_player: list[tuple[int | None, Streak[int]]] = [(None, overall)]
    of_player += [(league_id, longest_streak(results_of))
                  for league_id, results_of in by_league.items()]
    return overall, [WinningStreak(player_id=player_id, game=game, league_id=league_id,
                                   length=streak.length, first_match_id=streak.first,
                                   last_match_id=streak.last)
                     for league_id, streak in of_player
                     if streak.length and streak.first is not None
                     and streak.last is not None]


def _write(ids: Sequence[int], game: str, sums: list[PlayerGameStatistics],
           streaks: list[WinningStreak]) -> None:
    WinningStreak.objects.filter(player_id__in=ids, game=game).delete()
    # One statement for new and known players alike (the players' locks keep it to one
    # writer per player).
    PlayerGameStatistics.objects.bulk_create(
        sums, update_conflicts=True, unique_fields=["player", "game"], update_fields=_SUMS)
    WinningStreak.objects.bulk_create(streaks)


def match_statistics_refresh(*, match: Match) -> None:
    """Bring the statistics in line with the verdict on ``match`` (see the module)."""
    # A verdict handler, inside the announcement's transaction: a failure takes the whole
    # announcement back, so no savepoint of its own.
    with transaction.atomic(savepoint=False):
        _lock_game(match.game, shared=True)
        # The match's own rows (its seats, logs and statistics rows) change only with a
        # verdict on it, and verdicts on one match follow one another (each holds the
        # match's row): read with the match, before the players' locks.
        match, seats, had, first_scored = _match_as_stored(match.pk)
        affected = set(had)
        counts = _counts(match, seats)
        if counts:
            affected |= {seat.player_id for seat in seats if seat.player_id is not None}
        _lock_players(match.game, affected)
        # The player page's record counts every scored match, forfeits too: every seated
        # player's, and those the match counted for before.
        players_figures_changed(player_ids=affected | {
            seat.player_id for seat in seats if seat.player_id is not None})
        if had:  # what the match added before goes (its encounters and records with it)
            PlayerMatchStatistics.objects.filter(match=match).delete()
            Encounter.objects.filter(match=match).delete()
            GameRecord.objects.filter(match=match).delete()
        rows = []
        if counts:
            assert match.current_log is not None
            rows = _store_match(match, seats, match.current_log.hands.order_by("number"),
                                first_scored=first_scored)
        if had or not rows or not _players_game_statistics_add(rows=rows, game=match.game):
            players_game_statistics_refresh(player_ids=affected, game=match.game)


def game_statistics_recompute(*, game: str) -> int:
    """Every statistic of ``game`` rebuilt from its scored matches (after an import or a
    repair); returns how many matches count."""
    with transaction.atomic():
        _lock_game(game)  # alone: no verdict's statistics meanwhile
        for model in (PlayerMatchStatistics, Encounter, GameRecord):
            model.objects.filter(game=game).delete()
        players = set(PlayerGameStatistics.objects.filter(game=game)
                      .values_list("player_id", flat=True))
        counted = 0
        matches = (Match.objects.filter(game=game, status=Match.Status.SCORED,
                                        result=Match.Result.PLAYED)
                   .select_related("current_log", "season").defer("current_log__text")
                   .annotate(first_scored=_as_stored("pk")["first_scored"]).order_by("pk"))
        for match in matches.iterator(chunk_size=200):
            seats = list(match.seats.select_related("player").order_by("index"))
            if not _counts(match, seats):
                continue
            assert match.current_log is not None
            _store_match(match, seats, match.current_log.hands.order_by("number"),
                         first_scored=match.first_scored)
            players |= {seat.player_id for seat in seats if seat.player_id is not None}
            counted += 1
        players_game_statistics_refresh(player_ids=players, game=game)
    return counted
