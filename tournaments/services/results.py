"""What follows a verdict on a tournament match: the bracket, the tournament's end."""

from __future__ import annotations

from games.models import Match
from tournaments.models import Tournament


def tournament_check_finished(*, tournament: Tournament) -> None:
    """A tournament is finished when every match has a verdict and, in a bracket, the final
    has a winner; a correction can reopen it."""
    matches = Match.objects.filter(round__tournament=tournament)
    open_matches = matches.exclude(status=Match.Status.SCORED).exists()
    if tournament.is_elimination:
        final = matches.filter(next_match__isnull=True).order_by("-round__number").first()
        done = final is not None and final.status == Match.Status.SCORED and \
            final.seats.filter(rank=1).count() == 1
    else:
        done = not open_matches
    status = Tournament.Status.FINISHED if done else Tournament.Status.RUNNING
    if tournament.status != Tournament.Status.REGISTRATION and tournament.status != status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status
