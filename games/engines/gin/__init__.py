"""Gin Rommé (seed 002): first-upcard knock limit, rounds to 100, a partie of rounds.

Replay a match log (``docs/logs/gin.md``; the rules and options: ``docs/rules/gin.md``)::

    >>> import random
    >>> from games.engines.gin import ENGINE
    >>> document = ENGINE.random_document(rng=random.Random(7), players=["Anna", "Bert"],
    ...                                   rules={"preset": "seed", "rounds": 1})
    >>> result = ENGINE.replay(document)
    >>> result.summary["partie"]["complete"]
    True

Modules: :mod:`.deck` (cards as ints, hands as bitmasks), :mod:`.melds` (exact least-deadwood
search, lay-offs), :mod:`.moves` (notation), :mod:`.state` (one game: ``legal_moves`` and
the checking ``apply``), :mod:`.scoring` (facts -> game points; score-sheet facts),
:mod:`.partie` (rounds and the partie), :mod:`.replay` (documents), :mod:`.play` (random play),
:mod:`.engine` (the ``ENGINE`` object).

Result shapes (all JSON-ready; seats are indexes 0/1 in ``players`` order)
==========================================================================

``MatchResult.seats[i].score``: the player's partie round account (sum of his round credits);
``rank`` 1 for the leader, both 1 when the accounts are equal (a drawn partie).

``HandResult`` (one per scored deal; ``number`` = the deal's position in the document from 1;
``source`` ``"moves"`` or ``"facts"``; ``points`` = game points of that game per seat,
already doubled for a spade upcard).

``HandResult.facts``::

    {"upcard": "7S", "limit": 7, "doubled": true, "dead": false, "knocker": 0, "gin": false,
     "deadwood": [5, 12], "winner": 1, "undercut": true}

- ``limit``: the knock limit from the first upcard (0 for an ace: only gin may end the game);
  ``doubled``: spade upcard and the ``spade_doubles`` rule;
- ``deadwood``: both players' deadwood after lay-offs, per seat;
- ``winner``: who won the game (the knocker, or the defender on an undercut), ``undercut``;
- a dead hand: ``dead: true`` and ``knocker``, ``gin``, ``deadwood``, ``winner``,
  ``undercut`` all ``null``.

``HandResult.detail`` of a played deal::

    {"dealer": 0,
     "hands": [["2C", ...10 cards], [...]],        # as dealt, in deck order
     "upcard": "7S",
     "moves": [{"seat": 1, "notation": "pass", "text": "Bert passes the upcard 7S"}, ...],
     "ending": "knock",                             # "gin", "knock" or "dead"
     "melds": [[["3S", "4S", "5S"], ...], [...]],   # per seat as shown; null on a dead hand
     "deadwood_cards": [["KD"], ["9C", "JH"]],      # per seat after lay-offs; null if dead
     "layoffs": [["6S", 1], ...],                   # the defender's: card, knocker's meld no.
     "lay_by_engine": false,                        # true: no lay move, the engine chose
     "failed_knocks": [12],                         # move numbers (from 1) of failed knocks
     "final_hands": [[...10 cards], [...]],         # after the last move (knocker: without
                                                    # the face-down card)
     "stock_left": 14}

``moves[i].notation`` is the move in canonical notation as written (``draw 5H``, ``take``);
``text`` is the sentence for the page and always names the cards. The knocker's melds are in
the order the lay-offs refer to (``layoffs[i][1]`` = index into ``melds[knocker]`` plus 1).
A score-sheet deal's detail is ``{"dealer": 0}``.

``MatchResult.summary``::

    {"rounds": [{"number": 1, "first_dealer": 0, "hands": [1, 2, 3], "complete": true,
                 "game_points": [110, 40], "games_won": [3, 2], "winner": 0,
                 "shutout": false,
                 "totals": [{"game_points": 110, "game_bonus": 75, "round_bonus": 100,
                             "total": 285},
                            {"game_points": 40, "game_bonus": 50, "round_bonus": 0,
                             "total": 90}],
                 "credit": {"seat": 0, "points": 195}}, ...],
     "partie": {"rounds": 5, "accounts": [390, 120], "complete": true}}

- ``game_points``/``games_won``: the raw round counts; ``totals[i].game_points`` is doubled for
  the shutout winner; ``credit.seat`` is ``null`` (and ``points`` 0) on equal totals;
- an unfinished round (only in a lenient replay) has ``complete: false`` and ``winner``,
  ``totals``, ``credit`` ``null``; ``partie.complete`` is false then.

Errors: strict replay raises the first :class:`~games.engines.errors.EngineError`; with
``strict=False`` a faulty deal is left out, its error collected in ``MatchResult.errors``,
and an unfinished partie is reported there too instead of raised.
"""

from .engine import ENGINE, GinEngine
from .moves import Move, format_move, parse_move
from .rules import PRESETS, GinRules
from .state import DealState


def legal_moves(state: DealState) -> list[Move]:
    """Every legal move of a game in progress (see :meth:`DealState.legal_moves`)."""
    return state.legal_moves()


def apply(state: DealState, move: Move) -> str:
    """Check and play a move (see :meth:`DealState.apply`); returns the page's sentence."""
    return state.apply(move)


__all__ = ["ENGINE", "PRESETS", "DealState", "GinEngine", "GinRules", "Move", "apply",
           "format_move", "legal_moves", "parse_move"]
