"""What a club writes on its paper sheet for a deal that was played: the rows the tests type
into the match page's form, derived from a replayed log's facts."""

from __future__ import annotations

from typing import Any

from games.engines import get_engine
from games.sheets import SheetContext, sheet_for


def context(game: str, players: list[str], rules: dict[str, Any]) -> SheetContext:
    return SheetContext(game, tuple(players), get_engine(game).rules(rules), rules)


def club_rows(document: dict[str, Any], *, results: bool = False) -> list[dict[str, str]]:
    """The sheet rows of every deal of ``document`` (a played log): what the club writes.

    With ``results`` a Doppelkopf deal is written as the winning party and how far the
    losers stayed below (keine 90 ...) wherever a club can (the losers made no Absage);
    else with the Augen of Re.
    """
    game = document["game"]
    result = get_engine(game).replay(document)
    ctx = context(game, document["players"], document.get("rules") or {})
    sheet = sheet_for(game)
    assert sheet is not None
    rows = []
    for hand in result.hands:
        row = sheet.row_of({"facts": hand.facts}, ctx)
        assert row is not None
        if results and game == "doppelkopf":
            row = _as_result(row, hand)
        if game == "gin":
            # The sheet names every game's dealer (the first one is needed: drawn by lot).
            row["dealer"] = str(hand.detail["dealer"])
        rows.append(row)
    return rows


def _as_result(row: dict[str, str], hand: Any) -> dict[str, str]:
    facts, value = hand.facts, hand.detail.get("value") or {}
    winner = value.get("winner")
    if winner not in ("re", "kontra") or "augen" not in facts:
        return row
    loser = "kontra" if winner == "re" else "re"
    if facts["announcements"].get(loser) not in (None, loser):
        return row  # the losers made an Absage: the exact Augen decide
    augen = facts["augen"][loser]
    band = ("schwarz" if augen == 0 else "30" if augen < 30 else "60" if augen < 60
            else "90" if augen < 90 else "")
    written = dict(row)
    del written["augen_re"]
    written["won"] = f"{winner}-{band}" if band else winner
    return written
