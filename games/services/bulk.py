"""Results stored in bulk: for loading a large history at once (``manage.py scale_data``), not
for a club's evening. The caller has replayed every text with the engines
(:func:`games.replay.replay_text`, the same code the replay task runs) and checked what the
competition asks (:func:`games.services.checks.check_competition`); here the logs, their
hands and the seats' scores are written a few statements per thousand matches, exactly as
the replay task leaves a scored log: version 1, ``scored``, the outcome and the hands.

Nothing is announced: the caller brings what follows verdicts up to date for the whole
batch afterwards (brackets, the end of a tournament, the figures' versions, the ratings).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.engines import MatchResult
from games.models import HandOutcome, Match, MatchLog, Seat, log_digest

BATCH = 1000


@dataclass(frozen=True)
class Scored:
    """A match's log as submitted and what its replay gave."""

    match: Match
    text: str
    result: MatchResult


@dataclass(frozen=True)
class NewScored:
    """A match that is created with its scored log: the players (ids) in seat order and
    where it counts (a season and its division, or nothing: a friendly)."""

    game: str
    rules: dict[str, Any]
    players: tuple[int, ...]
    text: str
    result: MatchResult
    played_on: datetime.date | None = None
    season_id: int | None = None
    division_id: int | None = None


def matches_scored_create(*, matches: Sequence[NewScored],
                          source: str = MatchLog.Source.DEMO) -> list[Match]:
    """Create the matches with their seats and scored logs; returns them in order."""
    created: list[Match] = []
    with transaction.atomic():
        for start in range(0, len(matches), BATCH):
            batch = matches[start:start + BATCH]
            rows = Match.objects.bulk_create([
                Match(game=item.game, rules=item.rules, status=Match.Status.SCORED,
                      season_id=item.season_id, division_id=item.division_id,
                      played_on=item.played_on) for item in batch])
            Seat.objects.bulk_create([
                Seat(match=match, index=index, player_id=player, score=line.score,
                     rank=line.rank)
                for match, item in zip(rows, batch, strict=True)
                for index, (player, line) in enumerate(zip(item.players, item.result.seats,
                                                           strict=True))])
            _logs_store([Scored(match, item.text, item.result)
                         for match, item in zip(rows, batch, strict=True)], source)
            created.extend(rows)
    return created


def match_results_store(*, results: Sequence[Scored],
                        source: str = MatchLog.Source.DEMO) -> None:
    """Give scheduled matches without a log their scored logs: the seats get the scores and
    places, the matches are scored."""
    with transaction.atomic():
        for start in range(0, len(results), BATCH):
            batch = results[start:start + BATCH]
            ids = [item.match.pk for item in batch]
            if MatchLog.objects.filter(match_id__in=ids).exists():
                raise ValueError("match_results_store gives first logs only; a match of the "
                                 "batch has a log already")
            seats = {(seat.match_id, seat.index): seat
                     for seat in Seat.objects.filter(match_id__in=ids)}
            changed = []
            for item in batch:
                for index, line in enumerate(item.result.seats):
                    seat = seats[(item.match.pk, index)]
                    seat.score, seat.rank = line.score, line.rank
                    changed.append(seat)
            Seat.objects.bulk_update(changed, ["score", "rank"])
            Match.objects.filter(pk__in=ids).update(status=Match.Status.SCORED,
                                                    result=Match.Result.PLAYED)
            _logs_store(batch, source)


def _logs_store(batch: Sequence[Scored], source: str) -> None:
    """Version 1 of each match's log, scored, with its hands; the match points to it."""
    now = timezone.now()
    outcomes = []
    for item in batch:
        outcome = item.result.to_json()
        outcomes.append((outcome.pop("hands"), outcome))
    logs = MatchLog.objects.bulk_create([
        MatchLog(match=item.match, version=1, text=item.text, sha256=log_digest(item.text),
                 source=source, status=MatchLog.Status.SCORED, outcome=outcome,
                 processed_at=now)
        for item, (_hands, outcome) in zip(batch, outcomes, strict=True)])
    HandOutcome.objects.bulk_create([
        HandOutcome(log=log, number=hand["number"], source=hand["source"],
                    points=hand["points"], facts=hand["facts"], detail=hand["detail"])
        for log, (hands, _outcome) in zip(logs, outcomes, strict=True) for hand in hands],
        batch_size=BATCH)
    for item, log in zip(batch, logs, strict=True):
        item.match.current_log = log
        item.match.status = Match.Status.SCORED
    Match.objects.bulk_update([item.match for item in batch], ["current_log"])
