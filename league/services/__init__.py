"""Writes of the league app, one module per concern; import from here.

- :mod:`.leagues`: players, leagues, seasons (open play, fixtures, divisions, closing);
- :mod:`.ratings`: the ratings that follow every verdict (the bridge to ``league.ranking``);
- :mod:`.rating_queue`: a verdict's rating is due until its task has done it (the results
  sweep queues a lost one again);
- :mod:`.statistics`: player statistics, encounters, records and winning streaks that follow
  every verdict (the bridge to ``league.statistics``);
- :mod:`.slugs`: short names for addresses, shared with tournaments.
"""

from league.services.leagues import (
    LeagueError,
    check_tiebreaks,
    division_create,
    division_member_add,
    league_configure,
    league_create,
    league_rules_set,
    next_divisions,
    player_create,
    season_close,
    season_configure,
    season_create,
    season_fixtures_draw,
    season_match_record,
    season_member_add,
    season_open_next,
)
from league.services.ratings import (
    game_ratings_recompute,
    match_rate,
    match_rating_enqueue,
    ratings_in_line,
    ratings_recompute_all,
)
from league.services.statistics import (
    game_statistics_recompute,
    match_statistics_refresh,
    player_game_statistics_refresh,
)

__all__ = [
    "LeagueError",
    "check_tiebreaks",
    "division_create",
    "division_member_add",
    "game_ratings_recompute",
    "game_statistics_recompute",
    "league_configure",
    "league_create",
    "league_rules_set",
    "match_rate",
    "match_rating_enqueue",
    "match_statistics_refresh",
    "next_divisions",
    "player_create",
    "player_game_statistics_refresh",
    "ratings_in_line",
    "ratings_recompute_all",
    "season_close",
    "season_configure",
    "season_create",
    "season_fixtures_draw",
    "season_match_record",
    "season_member_add",
    "season_open_next",
]
