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
PlayerGameStatistics` summed again from his rows, and his longest winning streaks (in the
game, and in each league) read again in the order the matches were first scored. A correction
is a verdict like any other: the old log's figures go, the new log's come.

A match counts when it was played (no forfeit), is scored from a log, and every seat has its
player. Summing a player's rows reads one row per match he played, a few numbers each.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, transaction
from django.db.models import Min
from django.utils import timezone

from games.models import HandOutcome, Match, MatchLog, Seat
from league.models import (
    Encounter,
    GameRecord,
    PlayerGameStatistics,
    PlayerMatchStatistics,
    WinningStreak,
)
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


def _lock_game(game: str) -> None:
    """One statistics writer per game at a time (PostgreSQL; SQLite writes one at a time
    anyway): two verdicts on matches of the same player must not sum his rows past each
    other."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"statistics:{game}"])


def _counts(match: Match, seats: Sequence[Seat]) -> bool:
    log = match.current_log
    return (match.status == Match.Status.SCORED and match.result == Match.Result.PLAYED
            and log is not None and log.status == MatchLog.Status.SCORED and bool(seats)
            and all(seat.player_id is not None and seat.rank is not None for seat in seats))


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


def _store_match(match: Match, seats: Sequence[Seat], hands: Iterable[HandOutcome]) -> None:
    scored = scored_match(match, seats, hands)
    statistics = statistics_for(match.game)
    played_at = (match.logs.filter(status=MatchLog.Status.SCORED)
                 .aggregate(first=Min("processed_at"))["first"] or timezone.now())
    league_id = match.season.league_id if match.season is not None else None
    ids = [seat.player_id for seat in seats if seat.player_id is not None]
    assert len(ids) == len(seats)
    PlayerMatchStatistics.objects.bulk_create(
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


def player_game_statistics_refresh(*, player_id: int, game: str) -> PlayerGameStatistics | None:
    """Sum a player's match rows of ``game`` again and read his winning streaks (in the game
    and in each league); ``None`` when he has no counted match left."""
    rows = list(PlayerMatchStatistics.objects.filter(player_id=player_id, game=game)
                .order_by("played_at", "match_id")
                .values_list("match_id", "league_id", "outcome", "counters"))
    WinningStreak.objects.filter(player_id=player_id, game=game).delete()
    if not rows:
        PlayerGameStatistics.objects.filter(player_id=player_id, game=game).delete()
        return None
    totals: Counter[str] = Counter()
    results = Counter(outcome for _match, _league, outcome, _counters in rows)
    by_league: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for match_id, league_id, outcome, counters in rows:
        add(totals, counters)
        if league_id is not None:
            by_league[league_id].append((match_id, outcome))
    overall = longest_streak((match_id, outcome) for match_id, _l, outcome, _c in rows)
    stored, _created = PlayerGameStatistics.objects.update_or_create(
        player_id=player_id, game=game,
        defaults={"matches": len(rows), "wins": results["win"], "draws": results["draw"],
                  "losses": results["loss"], "totals": _nonzero(totals),
                  "longest_streak": overall.length, "current_streak": overall.current})
    streaks: list[tuple[int | None, Streak[int]]] = [(None, overall)]
    streaks += [(league_id, longest_streak(results_of))
                for league_id, results_of in by_league.items()]
    WinningStreak.objects.bulk_create(
        WinningStreak(player_id=player_id, game=game, league_id=league_id,
                      length=streak.length, first_match_id=streak.first,
                      last_match_id=streak.last)
        for league_id, streak in streaks
        if streak.length and streak.first is not None and streak.last is not None)
    return stored


def match_statistics_refresh(*, match: Match) -> None:
    """Bring the statistics in line with the verdict on ``match`` (see the module)."""
    with transaction.atomic():
        _lock_game(match.game)
        match = Match.objects.select_related("current_log", "season").get(pk=match.pk)
        stored = PlayerMatchStatistics.objects.filter(match=match)
        affected = set(stored.values_list("player_id", flat=True))
        stored.delete()
        Encounter.objects.filter(match=match).delete()
        GameRecord.objects.filter(match=match).delete()
        seats = list(match.seats.select_related("player").order_by("index"))
        if _counts(match, seats):
            assert match.current_log is not None
            _store_match(match, seats, match.current_log.hands.order_by("number"))
            affected |= {seat.player_id for seat in seats if seat.player_id is not None}
        for player_id in sorted(affected):
            player_game_statistics_refresh(player_id=player_id, game=match.game)


def game_statistics_recompute(*, game: str) -> int:
    """Every statistic of ``game`` rebuilt from its scored matches (after an import or a
    repair); returns how many matches count."""
    with transaction.atomic():
        _lock_game(game)
        for model in (PlayerMatchStatistics, Encounter, GameRecord):
            model.objects.filter(game=game).delete()
        players = set(PlayerGameStatistics.objects.filter(game=game)
                      .values_list("player_id", flat=True))
        counted = 0
        matches = (Match.objects.filter(game=game, status=Match.Status.SCORED,
                                        result=Match.Result.PLAYED)
                   .select_related("current_log", "season").order_by("pk"))
        for match in matches.iterator(chunk_size=200):
            seats = list(match.seats.select_related("player").order_by("index"))
            if not _counts(match, seats):
                continue
            assert match.current_log is not None
            _store_match(match, seats, match.current_log.hands.order_by("number"))
            players |= {seat.player_id for seat in seats if seat.player_id is not None}
            counted += 1
        for player_id in sorted(players):
            player_game_statistics_refresh(player_id=player_id, game=game)
    return counted
