"""Reads of the league app, one module per concern; import from here.

- :mod:`.seasons`: standings and tables of a season, fixtures, the archive, a player's
  results;
- :mod:`.ratings`: a game's leaderboard, a player's ratings, the rating system of a game;
- :mod:`.figures`: figures computed once per change (the cache the pages read);
- :mod:`.statistics`: a player's statistics and form in a game, head-to-head records, the
  records of a game or a league.
"""

from league.selectors.ratings import (
    leaderboard,
    leaderboard_places,
    player_ratings,
    rated_counts,
    rating_system,
)
from league.selectors.seasons import (
    TIEBREAK_LABELS,
    NotCounted,
    active_leagues,
    best_records,
    best_results_standings,
    first_open_match_day,
    league_archive,
    league_search,
    league_tiebreaks,
    match_records,
    members_shown,
    open_seasons,
    organizers_shown,
    player_matches,
    player_matches_count,
    player_record,
    player_results,
    result_value,
    scored_matches,
    season_fixtures,
    season_match_days,
    season_standings,
    season_tables,
    season_tables_shown,
    season_together_shown,
    standings_table,
    tiebreak_legend,
)
from league.selectors.statistics import (
    against_the_field,
    game_players,
    games_with_statistics,
    head_to_head,
    player_form,
    player_games,
    player_statistics,
    records,
)

__all__ = [
    "TIEBREAK_LABELS", "NotCounted", "active_leagues", "against_the_field", "best_records",
    "best_results_standings", "first_open_match_day", "game_players",
    "games_with_statistics", "head_to_head", "leaderboard", "leaderboard_places",
    "league_archive", "league_search", "league_tiebreaks", "match_records", "members_shown",
    "open_seasons", "organizers_shown",
    "player_form", "player_games", "player_matches", "player_matches_count",
    "player_ratings", "player_record",
    "player_results", "player_statistics", "rated_counts", "rating_system", "records",
    "result_value", "scored_matches", "season_fixtures", "season_match_days",
    "season_standings", "season_tables", "season_tables_shown", "season_together_shown",
    "standings_table",
    "tiebreak_legend",
]
