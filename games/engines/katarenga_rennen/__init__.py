"""Das Rennen on the Katarenga board (seed 001), slug ``katarenga-rennen``.

Two players race their eight pieces from the green squares of their own half to the green
squares of the other half; how a piece moves depends on the colour of the square it stands
on. The rules page is ``docs/rules/katarenga-rennen.md``, the log vocabulary
``docs/logs/katarenga-rennen.md``.

Modules: :mod:`.board` (colours, squares, layouts, geometry), :mod:`.rules` (options and
presets), :mod:`.moves` (notation), :mod:`.state` (position, legal moves, checking apply),
:mod:`.scoring` (facts and points), :mod:`.replay` (games and the match), :mod:`.play`
(random play), :mod:`.engine` (``ENGINE``).

>>> import random
>>> doc = ENGINE.random_document(rng=random.Random(7), players=["Anna", "Bert"])
>>> result = ENGINE.replay(doc)
>>> sorted(result.hands[0].facts)
['end', 'white', 'winner']

Shapes of the result (all JSON-ready)
-------------------------------------

``HandResult`` = one game. ``points``: match points per seat (``win_points``, default 2, for
a win; ``draw_points``, default 1, each for a draw). ``source``: ``"moves"`` or ``"facts"``.

``facts`` (the same for a replayed game and a score-sheet entry)::

    {"white": "Anna",          # who had White (seat 0 in odd games, seat 1 in even games)
     "winner": "Anna" | null,  # null: a draw
     "end": "race" | "resigned" | "no_move" | "blocked" | "repetition" | "move_limit"}

``detail`` of a played game (what the match page draws, move by move)::

    {"white": "Anna", "black": "Bert",
     "board": "RYGB...",          # 64 colour letters, index = (rank - 1) * 8 + file (a1 = 0)
     "layout": "stammtisch" | null,
     "start_colour": "green", "target_colour": "green",
     "targets": {"white": ["c5", ...], "black": ["c1", ...]},  # the 8 squares each must fill
     "start": "WW.W....",         # 64 chars, same index: W / B piece, "." empty
     "moves": [{"number": 1, "player": "Anna", "side": "white", "notation": "c1-b3",
                "kind": "step" | "pass" | "resign",
                "from": "c1" | null, "to": "b3" | null,
                "moves_like": "knight" | "rook" | "bishop" | "king" | null,  # colour of "from"
                "displaces": false,   # true: the opponent's piece on "to" was displaced
                "reply": false,       # true: this moves a displaced piece away from "from"
                "position": "...",    # 64 chars after the move
                "pending": null | "e6"}],  # a displaced piece waiting on that square (it is
                                           # not in "position": the square shows the displacer)
     "end": {"kind": "race", "winner": "Anna" | null, "moves": 57,
             "reason": "Anna occupied every green square of Bert's half with move 57"},
     "final": "..."}              # 64 chars, the last position

``detail`` of a score-sheet game: ``{"white", "black", "end": {"kind", "winner",
"moves": null, "reason": null}}``.

``summary`` of the match::

    {"points": [3, 1], "wins": [1, 0], "draws": 1,
     "games": [{"number": 1, "white": "Anna", "winner": "Anna", "end": "race",
                "points": [2, 0], "totals": [2, 0]}, ...]}

``SeatResult.score`` is the player's total of match points; ranks from
:func:`games.engines.contract.ranks_for`.
"""

from __future__ import annotations

from .board import LAYOUTS, Board, parse_board
from .engine import ENGINE, KatarengaRennenEngine
from .moves import Move, format_move, parse_move
from .rules import ENGINE_PRESETS, KatarengaRules
from .scoring import GameFacts, score_game
from .state import Game, Outcome, apply, legal_moves

__all__ = ["ENGINE", "ENGINE_PRESETS", "LAYOUTS", "Board", "Game", "GameFacts",
           "KatarengaRennenEngine", "KatarengaRules", "Move", "Outcome", "apply",
           "format_move", "legal_moves", "parse_board", "parse_move", "score_game"]
