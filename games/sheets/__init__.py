"""Score sheets as a club writes them, for every game: rows in, the engine's facts out.

Pure Python like the engines (no Django): the match page's form, the drafts and the
row-check API all hold a sheet as rows of typed text, and this package turns them into the
match document the engine scores (``base``), answers a partial sheet row by row
(``check``), and reads a stored document back into the rows it was typed as. One module per
game says what its rows hold: ``gin``, ``doppelkopf``, ``nerts``, ``rennen``,
``katarenga_rennen``.

>>> sheet_for("doppelkopf").slug, sheet_for("skat")
('doppelkopf', None)
"""

from __future__ import annotations

from .base import Built, Problem, Row, RowError, Sheet, SheetContext, locate
from .doppelkopf import SHEET as DOPPELKOPF
from .gin import SHEET as GIN
from .katarenga_rennen import SHEET as KATARENGA_RENNEN
from .nerts import SHEET as NERTS
from .rennen import SHEET as RENNEN

SHEETS: dict[str, Sheet] = {sheet.slug: sheet for sheet in
                            (GIN, DOPPELKOPF, NERTS, RENNEN, KATARENGA_RENNEN)}


def sheet_for(game: str) -> Sheet | None:
    return SHEETS.get(game)


__all__ = ["SHEETS", "Built", "Problem", "Row", "RowError", "Sheet", "SheetContext", "locate",
           "sheet_for"]
