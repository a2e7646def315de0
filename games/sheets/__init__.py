"""One presenter per game: ``present(match, log, players)`` gives the context of the game's
template (``templates/games/sheets/<slug>.html``). Presenters only rearrange what the engine
computed (scores, facts, detail); they never score."""
