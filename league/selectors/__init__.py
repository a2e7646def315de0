"""Reads of the league app, one module per concern; import from here.

- :mod:`.seasons`: standings and tables of a season, fixtures, the archive, a player's
  results;
- :mod:`.ratings`: a game's leaderboard, a player's ratings, the rating system of a game.
"""

from league.selectors.ratings import leaderboard, player_ratings, rating_system
from league.selectors.seasons import (
    TIEBREAK_LABELS,
    NotCounted,
    active_leagues,
    best_records,
    best_results_standings,
    league_archive,
    league_tiebreaks,
    match_records,
    open_seasons,
    player_matches,
    player_results,
    result_value,
    scored_matches,
    season_fixtures,
    season_standings,
    season_tables,
    standings_table,
    tiebreak_legend,
)

__all__ = [
    "TIEBREAK_LABELS", "NotCounted", "active_leagues", "best_records",
    "best_results_standings", "leaderboard", "league_archive", "league_tiebreaks",
    "match_records", "open_seasons", "player_matches", "player_ratings", "player_results",
    "rating_system", "result_value", "scored_matches", "season_fixtures", "season_standings",
    "season_tables", "standings_table", "tiebreak_legend",
]
