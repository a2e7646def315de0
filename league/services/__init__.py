"""Writes of the league app, one module per concern; import from here.

- :mod:`.leagues`: players, leagues, seasons (open play, fixtures, divisions, closing);
- :mod:`.ratings`: the ratings that follow every verdict (the bridge to ``league.ranking``);
- :mod:`.rating_queue`: a verdict's rating is due until its task has done it (the results
  sweep queues a lost one again);
- :mod:`.slugs`: short names for addresses, shared with tournaments.
"""

from league.services.leagues import (
    LeagueError,
    check_tiebreaks,
    division_create,
    division_member_add,
    league_configure,
    league_create,
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
    ratings_recompute_all,
)

__all__ = [
    "LeagueError", "check_tiebreaks", "division_create", "division_member_add",
    "game_ratings_recompute", "league_configure", "league_create", "match_rate",
    "match_rating_enqueue", "next_divisions", "player_create", "ratings_recompute_all",
    "season_close", "season_configure", "season_create", "season_fixtures_draw",
    "season_match_record", "season_member_add", "season_open_next",
]
