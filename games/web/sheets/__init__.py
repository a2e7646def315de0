"""What a match page shows of a scored log: one presenter per game.

``present(match, log, players)`` gives the context of the game's template
(``templates/games/sheets/<slug>.html``). Presenters only rearrange what the engine computed
(scores, facts, detail); they never score. A game without a presenter gets the generic
hand-by-hand table.
"""

from __future__ import annotations

from typing import Any

from games.models import Match, MatchLog
from games.web.sheets import doppelkopf, gin, katarenga_rennen, nerts, rennen
from games.web.sheets.common import Presenter, generic_sheet

PRESENTERS: dict[str, Presenter] = {
    "gin": gin.present,
    "doppelkopf": doppelkopf.present,
    "rennen": rennen.present,
    "katarenga-rennen": katarenga_rennen.present,
    "nerts": nerts.present,
}


def presenter_for(game: str) -> Presenter:
    return PRESENTERS.get(game, generic_sheet)


def sheet_context(match: Match, log: MatchLog) -> dict[str, Any]:
    if log.status != MatchLog.Status.SCORED:
        return {}
    players = (log.outcome or {}).get("players", [])
    return {"players": players, **presenter_for(match.game)(match, log, players)}
