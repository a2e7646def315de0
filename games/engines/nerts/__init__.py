"""Nerts / Pounce / Racing Demon: simultaneous patience for 2 to 6 players, or three teams.

Seed ``004`` (pagat.com, German) is the law; ``docs/rules/nerts.md`` lists every rule,
decision and option; ``docs/logs/nerts.md`` the log vocabulary; the JSON Schema is
``docs/schemas/nerts.schema.json``.

Modules: :mod:`.cards` (cards that carry their owner: ``QC@Anna``), :mod:`.rules` (options),
:mod:`.moves` (notation), :mod:`.state` (the table, dealing), :mod:`.play` (``apply``,
``legal_moves``), :mod:`.scoring` (facts and points), :mod:`.replay` (documents, teams,
match totals), :mod:`.randomplay` (random legal matches).

>>> import random
>>> document = ENGINE.random_document(rng=random.Random(2), players=["Anna", "Bert"],
...                                   rules={"target": 10})
>>> result = ENGINE.replay(document)
>>> [seat.player for seat in result.seats], result.hands[0].source
(['Anna', 'Bert'], 'moves')

Decks and seats
---------------
Every player has a deck named after the player; in a partnership game (rule
``partnerships``, six players) the envelope's ``teams`` list names three teams of two, each
sharing one deck named after the team. Both partners act on their team's deck. Every seat's
``SeatResult.score`` is its deck's match total, so partners share score and rank.

Shapes (all JSON-ready)
-----------------------
``HandResult.points``: the hand's points per seat (partners get their team's points).

``HandResult.facts`` (also the score-sheet input)::

    {"caller": "Anna" | null,                 # deck that called Nerts; null: play got stuck
     "foundation": {"Anna": 19, "Bert": 12},  # own cards on the foundations, per deck
     "nerts_left": {"Anna": 0, "Bert": 5}}    # cards left in each Nerts pile

``HandResult.detail`` of a played hand::

    {"ended": "call" | "stuck",
     "caller": "Anna" | null,                 # the player who called
     "caller_deck": "Anna" | null,            # that player's deck (the team in partnerships)
     "decks": [{"name": "Anna", "players": ["Anna"], "foundation": 19, "nerts_left": 0,
                "by_player": {"Anna": 19},   # the deck's cards each partner put out
                "points": 19,
                "start": {"nerts": [...], "work": [4 cards], "stock": [...]},  # top first
                "end": {"nerts": [...], "work": [[base..top] x4], "stock": [...],
                        "waste": [...]}}],                                       # top first
     "foundations": [{"number": 1, "suit": "H", "complete": false,
                      "cards": ["AH@Anna", "2H@Bert", "X1@Anna"],   # bottom to top
                      "players": ["Anna", "Bert", "Anna"],          # who put each there
                      "as": [null, null, "3H"]}],                   # what each joker counts as
     "moves": [<one entry per action, in order>],
     "resets": 1, "voids": 2, "ties": 0}

A move entry always has ``number`` (from 1), ``seq``, ``player`` (null for a table
action), ``deck``, ``move`` (the notation), ``kind``, and ``t`` when the log gave one. By
kind:

- ``turn``: ``cards`` (turned, bottom to top: the last is the new waste top), ``stock_left``;
- ``over``: ``stock_left``;
- ``foundation``, ``work``, ``under``: ``card``, ``cards`` (the card and, from a work pile,
  the cards moved with it), ``from`` (``nerts``, ``waste``, ``work 2``), ``to`` (``F3``,
  ``work 1``, ``under 4``), ``result`` (``played``, ``void`` or ``tie``); a void entry has a
  ``reason`` (who was first, in words) and ``first`` ({player, card, move}: the same as
  data), a tie ``with`` (the card it ties with); a joker going onto a
  foundation has ``as`` (the card announced, also when void);
- ``nerts``, ``end``: nothing more; ``reset``: ``bottom`` (per deck the card moved from the
  top of the stock to the bottom, or null).

``HandResult.detail`` of a score-sheet hand: ``ended``, ``caller`` (null), ``caller_deck`` and
``decks`` with ``name``, ``players``, ``foundation``, ``nerts_left``, ``points``.

``MatchResult.summary``::

    {"target": 100, "finished": true,         # finished: a deck reached the target alone
     "decks": [{"name": "Anna", "players": ["Anna"], "total": 104}],
     "totals": {"Anna": 104, "Bert": 61},
     "running": [{"hand": 1, "points": {"Anna": 19, "Bert": 2},
                  "totals": {"Anna": 19, "Bert": 2}}],
     "leader": "Anna" | null,                 # null: shared lead
     "settle": "match" | "hand",
     "settlement": {"Anna": 43, "Bert": -43}} # the leader wins the difference from each

With ``settle: "hand"`` every hand is settled on its own and ``settlement`` adds them up.
Shared leaders split what the others pay (a fraction shows as a float).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..contract import Engine, MatchResult
from .moves import Action, Move, format_move, parse_action, parse_move
from .play import apply, legal_moves
from .randomplay import random_document
from .replay import MAX_SEATS, MIN_SEATS, replay_document
from .rules import PRESETS, NertsRules
from .scoring import HandFacts, score_hand


class NertsEngine(Engine):
    """The Nerts engine of the registry."""

    slug: ClassVar[str] = "nerts"
    name: ClassVar[str] = "Nerts"
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS
    rules_class: ClassVar[type] = NertsRules
    presets: ClassVar[Mapping[str, Any]] = PRESETS

    def replay(self, document: Mapping[str, Any], *, strict: bool = True) -> MatchResult:
        return replay_document(document, strict=strict)

    def random_document(self, *, rng: random.Random, players: Sequence[str],
                        rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return random_document(rng=rng, players=players, rules=rules)


ENGINE = NertsEngine()

__all__ = ["ENGINE", "Action", "HandFacts", "Move", "NertsEngine", "NertsRules", "apply",
           "format_move", "legal_moves", "parse_action", "parse_move", "score_hand"]
