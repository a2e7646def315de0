"""Reads of the tournaments app, one module per concern.

- :mod:`.standings`: the matches and the standings (the one entry point for pages, API and
  exports); :mod:`.rounds`: Swiss and table rounds as they show them (both importable from
  here);
- :mod:`.bracket`: the bracket as pages draw it, what it has decided, the notices;
  :mod:`.groups`: the group tables with their qualifiers;
- :mod:`.registration`: entries, the waiting list, check-in, seeding;
- :mod:`.duplicate`: each result compared with the tables that held the same cards;
- :mod:`.exports`, :mod:`.printing`, :mod:`.event_export`: CSV tables, printable sheets, the
  whole event as JSON.
"""

from tournaments.selectors.rounds import (
    MatchLine,
    NextRound,
    RoundLine,
    SeatLine,
    next_round_state,
    round_rows,
    round_shown,
    waiting_matches,
)
from tournaments.selectors.standings import (
    LISTED,
    PLAYING,
    StandingLine,
    TournamentStandings,
    default_tiebreaks,
    is_bye,
    match_record,
    round_of,
    rounds_complete,
    standings_order,
    tournament_matches,
    tournament_search,
    tournament_standings,
    tournament_tiebreaks,
)

__all__ = [
    "LISTED", "PLAYING", "MatchLine", "NextRound", "RoundLine", "SeatLine", "StandingLine",
    "TournamentStandings", "default_tiebreaks", "is_bye", "match_record", "next_round_state",
    "round_of", "round_rows", "round_shown", "rounds_complete", "standings_order",
    "tournament_matches", "tournament_search",
    "tournament_standings", "tournament_tiebreaks", "waiting_matches",
]
