"""Raising a tournament's figures version (see :mod:`league.selectors.figures`): after every
verdict on one of its matches (the verdict handler ``tournament_figures``, registered in
``TournamentsConfig.ready``) and every change an organizer makes (``common.locked`` raises it
for every service that locks the tournament: entries, the start, rounds, forfeits,
disqualifications, the playoffs)."""

from __future__ import annotations

from games.models import Match
from league.services.figures import figures_changed
from tournaments.selectors.figures import tournament_owner


def tournament_figures_changed(*, tournament_id: int) -> None:
    figures_changed(owner=tournament_owner(tournament_id))


def after_verdict_tournament_figures(*, match: Match) -> None:
    """After a verdict (handler 25): the standings, bracket and tables are computed anew."""
    if match.round is not None:
        tournament_figures_changed(tournament_id=match.round.tournament_id)
