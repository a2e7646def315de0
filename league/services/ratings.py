"""Ratings per player and game: the bridge between the scored matches and the rating systems
of :mod:`league.ranking.ratings`.

After every verdict on a match (scored, rejected, forfeited) ``games.services.verdicts``
calls :func:`match_rating_enqueue` (registered in ``LeagueConfig.ready``); once the verdict
is committed the Celery task ``league.tasks.rate_match`` calls :func:`match_rate`, which
either adds the match at the end of the game's rating history (the usual case: a match
scored for the first time) or rebuilds every rating of the game from the start
(:func:`game_ratings_recompute`) when the history has to change: a correction of a rated
match, a rated match rejected after a correction, a match that was scored before another one
already rated.

The order of the history is the order in which the matches were first scored (the first
scored version of each match's log; the match id settles equal times). A correction keeps the
match's place. Forfeits and double forfeits are not rated: nobody played.

The task can run twice: a match already in the history makes it rebuild the game, which
gives the same ratings again; nothing is counted twice.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Hashable, Iterable
from typing import cast

from django.db import connection, transaction
from django.db.models import Min, Prefetch, Q, QuerySet

from games.engines.registry import game_slugs
from games.models import HandOutcome, Match, MatchLog, Seat
from games.services.queue import task_enqueue
from league.models import Rating, RatingChange
from league.ranking.ratings import (
    Hand,
    MatchFacts,
    Skill,
    contests_of,
    rate_match,
)
from league.selectors.ratings import rating_system


def match_rating_enqueue(*, match: Match) -> None:
    """Have the match rated (or the game rebuilt) once the verdict is committed."""
    match_id = match.pk
    transaction.on_commit(lambda: _enqueue(match_id))


#: The rating task, enqueued by its name: the task module imports this service, never the
#: other way round (a test checks that the name resolves to the task).
RATE_TASK = "league.tasks.rate_match"


def _enqueue(match_id: int) -> None:
    # A broker that is away leaves the rating due (league.services.rating_queue): the
    # results sweep queues it again.
    task_enqueue(RATE_TASK, match_id)


def rated_matches(game: str) -> QuerySet[Match]:
    """The matches of ``game`` that count for the ratings, in rating order."""
    return (Match.objects.filter(game=game, status=Match.Status.SCORED,
                                 result=Match.Result.PLAYED, current_log__isnull=False)
            .exclude(seats__player__isnull=True)
            .annotate(first_scored=Min("logs__processed_at",
                                       filter=Q(logs__status=MatchLog.Status.SCORED)))
            .order_by("first_scored", "pk"))


def _is_rated(match: Match) -> bool:
    return (match.status == Match.Status.SCORED and match.result == Match.Result.PLAYED
            and match.current_log_id is not None
            and not match.seats.filter(player__isnull=True).exists())


def _with_facts(matches: QuerySet[Match]) -> QuerySet[Match]:
    return matches.select_related("current_log").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("index")),
        Prefetch("current_log__hands", queryset=HandOutcome.objects.order_by("number")))


def _facts(match: Match) -> MatchFacts:
    seats = list(match.seats.all())
    log = match.current_log
    outcome = (log.outcome if log is not None else None) or {}
    names = tuple(outcome.get("players") or [seat.seated_player.name for seat in seats])
    hands = tuple(Hand(points=tuple(hand.points), facts=hand.facts, detail=hand.detail)
                  for hand in log.hands.all()) if log else ()
    return MatchFacts(players=tuple(seat.player_id for seat in seats), names=names,
                      ranks=tuple(seat.rank or 0 for seat in seats),
                      summary=outcome.get("summary") or {}, hands=hands)


def _lock_game(game: str) -> None:
    """One rating writer per game at a time (PostgreSQL; SQLite writes one at a time anyway)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"rating:{game}"])


def match_rate(*, match_id: int) -> str:
    """Bring the ratings of the match's game in line with the match's verdict.

    Returns what was done: ``"rated"``, ``"recomputed"`` or ``"unchanged"``.
    """
    with transaction.atomic():
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return "unchanged"
        _lock_game(match.game)
        in_history = RatingChange.objects.filter(match=match).exists()
        if not _is_rated(match):
            if not in_history:
                return "unchanged"
            game_ratings_recompute(game=match.game)
            return "recomputed"
        # first_scored: the annotation of rated_matches(), which the type checker cannot see.
        first_scored: datetime.datetime = rated_matches(match.game).get(
            pk=match.pk).first_scored  # type: ignore[attr-defined]
        later = RatingChange.objects.filter(game=match.game).filter(
            Q(played_at__gt=first_scored) | Q(played_at=first_scored, match_id__gt=match.pk))
        if in_history or later.exists():
            game_ratings_recompute(game=match.game)
            return "recomputed"
        _append(_with_facts(Match.objects.filter(pk=match.pk)).get(), first_scored)
    return "rated"


def _append(match: Match, first_scored: datetime.datetime) -> None:
    """Rate one match at the end of its game's history."""
    system = rating_system(match.game)
    facts = _facts(match)
    stored = {rating.player_id: rating for rating in Rating.objects.select_for_update()
              .filter(game=match.game, player_id__in=facts.players)}
    skills: dict[Hashable, Skill] = {
        player: _skill_of(stored[player]) if player in stored else system.initial()
        for player in facts.players}
    after = rate_match(system, skills, contests_of(match.game, facts))
    for player in facts.players:
        rating = stored.get(cast(int, player)) or Rating(player_id=cast(int, player),
                                                         game=match.game, system=system.key)
        RatingChange.objects.create(
            player_id=cast(int, player), game=match.game, match=match,
            sequence=rating.matches + 1,
            rating_before=skills[player].rating, rating_after=after[player].rating,
            deviation_after=after[player].deviation, played_at=first_scored)
        _store(rating, after[player], rating.matches + 1)
        rating.save()


def _skill_of(rating: Rating) -> Skill:
    return Skill(rating=rating.rating, deviation=rating.deviation,
                 volatility=rating.volatility, mu=rating.mu)


def _store(rating: Rating, skill: Skill, matches: int) -> None:
    rating.rating, rating.deviation = skill.rating, skill.deviation
    rating.volatility, rating.mu = skill.volatility, skill.mu
    rating.matches = matches


def game_ratings_recompute(*, game: str) -> int:
    """Every rating of ``game`` rebuilt from its rated matches in order; returns how many
    matches were rated."""
    system = rating_system(game)
    with transaction.atomic():
        _lock_game(game)
        RatingChange.objects.filter(game=game).delete()
        Rating.objects.filter(game=game).delete()
        skills: dict[Hashable, Skill] = {}
        counts: dict[Hashable, int] = defaultdict(int)
        changes = []
        matches = _with_facts(rated_matches(game))
        for match in matches:
            facts = _facts(match)
            before = {player: skills.get(player) or system.initial()
                      for player in facts.players}
            after = rate_match(system, before, contests_of(game, facts))
            for player in facts.players:
                counts[player] += 1
                changes.append(RatingChange(
                    player_id=cast(int, player), game=game, match=match,
                    sequence=counts[player],
                    rating_before=before[player].rating, rating_after=after[player].rating,
                    deviation_after=after[player].deviation,
                    played_at=match.first_scored))  # type: ignore[attr-defined]
                skills[player] = after[player]
        RatingChange.objects.bulk_create(changes)
        ratings = []
        for player, skill in skills.items():
            rating = Rating(player_id=cast(int, player), game=game, system=system.key)
            _store(rating, skill, counts[player])
            ratings.append(rating)
        Rating.objects.bulk_create(ratings)
    return len({change.match_id for change in changes})


def ratings_recompute_all(*, games: Iterable[str] | None = None) -> dict[str, int]:
    """Rebuild the ratings of every game (or of ``games``): after an import or a repair."""
    slugs = list(games) if games is not None else game_slugs()
    return {slug: game_ratings_recompute(game=slug) for slug in slugs}
