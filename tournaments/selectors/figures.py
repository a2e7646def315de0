"""A tournament's figures as its pages and the API show them, computed once per change
(see :mod:`league.selectors.figures`): the standings, the bracket and what it decided, the
group tables, the duplicate comparison.

The services read the live selectors (:mod:`.standings`, :mod:`.bracket`, ...), since they
write on what is there now, inside their own transaction; pages and the API read these.
"""

from __future__ import annotations

from league.selectors.figures import figures_cached
from tournaments.models import Stage, Tournament
from tournaments.selectors import bracket as brackets
from tournaments.selectors import duplicate as duplicates
from tournaments.selectors import groups as group_stage
from tournaments.selectors.standings import TournamentStandings, tournament_standings


def tournament_owner(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


def standings(*, tournament: Tournament) -> TournamentStandings:
    """:func:`.standings.tournament_standings` of the whole tournament."""
    return figures_cached(owners=[tournament_owner(tournament.pk)], name="standings",
                          compute=lambda: tournament_standings(tournament=tournament))


def bracket(*, tournament: Tournament) -> list[brackets.BracketRound]:
    """:func:`.bracket.tournament_bracket`."""
    return figures_cached(owners=[tournament_owner(tournament.pk)], name="bracket",
                          compute=lambda: brackets.tournament_bracket(tournament=tournament))


def stage_bracket(*, stage: Stage) -> list[brackets.BracketRound]:
    return figures_cached(owners=[tournament_owner(stage.tournament_id)], name="stage-bracket",
                          parts=(stage.pk,), compute=lambda: brackets.stage_bracket(stage=stage))


def bracket_outcome(*, stage: Stage) -> brackets.BracketOutcome:
    return figures_cached(owners=[tournament_owner(stage.tournament_id)], name="outcome",
                          parts=(stage.pk,), compute=lambda: brackets.bracket_outcome(stage))


def group_tables(*, stage: Stage) -> list[group_stage.GroupTable]:
    return figures_cached(owners=[tournament_owner(stage.tournament_id)], name="groups",
                          parts=(stage.pk,), compute=lambda: group_stage.group_tables(stage=stage))


def duplicate(*, tournament: Tournament) -> duplicates.Comparison:
    return figures_cached(owners=[tournament_owner(tournament.pk)], name="duplicate",
                          compute=lambda: duplicates.duplicate_comparison(tournament=tournament))
