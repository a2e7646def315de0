"""What a verdict on a tournament's match changes: its bracket, and the end of its stage and
of the tournament (a correction can reopen either). ``TournamentsConfig.ready`` registers
the two handlers with :mod:`games.services.verdicts`."""

from __future__ import annotations

from games.models import Match
from tournaments.models import Stage, Tournament
from tournaments.selectors.bracket import bracket_outcome
from tournaments.services.elimination import bracket_advance

BRACKETS = (Tournament.Format.SINGLE_ELIMINATION, Tournament.Format.DOUBLE_ELIMINATION)
#: Formats paired round by round: finished only after the planned number of rounds.
ROUND_BY_ROUND = (Tournament.Format.SWISS, Tournament.Format.TABLE_ROUNDS)


def stage_is_done(stage: Stage) -> bool:
    """A bracket is done when its last match has decided (the champion, or nobody after a
    double forfeit in the final) and no match of it waits for a log's verdict; any other
    stage when every match has its verdict."""
    matches = Match.objects.filter(round__stage=stage)
    if stage.format in BRACKETS:
        waiting = matches.filter(status__in=[Match.Status.SUBMITTED, Match.Status.SCORING,
                                             Match.Status.REJECTED]).exists()
        return not waiting and bracket_outcome(stage).decided
    # While the stage is played (nearly every verdict) one query answers: a match waits.
    if matches.exclude(status=Match.Status.SCORED).exists():
        return False
    return matches.exists()


def tournament_check_finished(*, tournament: Tournament) -> None:
    """Mark the stages and the tournament finished (or running again after a correction).

    Groups, then playoffs: finished when the playoffs are; the group stage is finished when
    every group match has its verdict (the playoffs are then drawn by an organizer). Swiss
    and table rounds: every match has its verdict and the planned rounds (if planned) are
    played. Any other format: its stage is done.
    """
    stages = list(tournament.stages.all())
    if not stages or tournament.status == Tournament.Status.REGISTRATION:
        return
    for stage in stages:
        status = Stage.Status.FINISHED if stage_is_done(stage) else Stage.Status.RUNNING
        if stage.status != status:
            Stage.objects.filter(pk=stage.pk).update(status=status)
            stage.status = status
    finished = [stage.status == Stage.Status.FINISHED for stage in stages]
    if tournament.format == Tournament.Format.GROUPS_PLAYOFFS:
        done = any(stage.kind == Stage.Kind.PLAYOFFS and stage.status == Stage.Status.FINISHED
                   for stage in stages)
    elif tournament.format in ROUND_BY_ROUND:
        planned = tournament.rounds_planned
        done = all(finished) and (planned is None or tournament.rounds.count() >= planned)
    else:
        done = all(finished)
    ending = Tournament.Status.FINISHED if done else Tournament.Status.RUNNING
    if tournament.status != ending:
        Tournament.objects.filter(pk=tournament.pk).update(status=ending)
        tournament.status = ending


def after_verdict_bracket(*, match: Match) -> None:
    """After a verdict (handler 10): the bracket of a tournament's match follows it."""
    if match.round_id:
        bracket_advance(match=match)


def after_verdict_end(*, match: Match) -> None:
    """After a verdict (handler 20): the tournament is finished, or running again."""
    if match.round is not None:
        tournament_check_finished(tournament=match.round.tournament)
