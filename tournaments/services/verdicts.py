"""Verdicts without a log: writing a forfeit or a double forfeit, taking one back, setting a
result aside. Only the deciding services (``forfeits.py``, ``elimination.py``) call these,
inside their transaction; they write and nothing else (no bracket, no notification)."""

from __future__ import annotations

from typing import Any

from games.models import Match, MatchNotice


def write_forfeit(match: Match, *, winner_index: int | None, reason: str) -> None:
    """A forfeit won by the seat ``winner_index``, or a double forfeit (``None``).

    The winner is ranked 1 and the loser 2; a double forfeit ranks nobody. No scores: a
    forfeit is a result without game points. A log the match had stays in its history,
    it is just no longer the match's current one.
    """
    match.current_log = None
    match.status = Match.Status.SCORED
    match.result = (Match.Result.FORFEIT if winner_index is not None
                    else Match.Result.DOUBLE_FORFEIT)
    match.forfeit_reason = reason
    match.save(update_fields=["current_log", "status", "result", "forfeit_reason",
                              "updated_at"])
    for seat in match.seats.all():
        seat.score = None
        seat.rank = None if winner_index is None else (1 if seat.index == winner_index else 2)
        seat.save(update_fields=["score", "rank"])


def write_cleared(match: Match) -> None:
    """Back to be played: no current log, no forfeit, no scores."""
    match.current_log = None
    match.status = Match.Status.SCHEDULED
    match.result = Match.Result.PLAYED
    match.forfeit_reason = Match.ForfeitReason.NONE
    match.save(update_fields=["current_log", "status", "result", "forfeit_reason",
                              "updated_at"])
    match.seats.update(score=None, rank=None)


def write_set_aside(match: Match, *, before: list[str | None], after: list[str | None],
                    causes: list[str]) -> MatchNotice:
    """Set the match's result aside (its players changed under it) and tell the organizer.

    The notice keeps what was set aside: the result kind, the log version and the scores,
    the players before and after, and the matches whose change caused it.
    """
    seats = list(match.seats.order_by("index"))
    if match.current_log_id is not None:
        kind = "pending" if match.status in (Match.Status.SUBMITTED,
                                             Match.Status.SCORING) else "played"
    else:
        kind = str(match.result)
    detail: dict[str, Any] = {
        "result": kind,
        "version": match.current_log.version if match.current_log is not None else None,
        "scores": [seat.score for seat in seats],
        "winner": next((before[seat.index] for seat in seats if seat.rank == 1), None),
        "before": before, "after": after, "causes": causes, "bracket": match.bracket,
    }
    notice = MatchNotice.objects.create(match=match, kind=MatchNotice.Kind.SET_ASIDE,
                                        log=match.current_log, detail=detail)
    write_cleared(match)
    return notice
