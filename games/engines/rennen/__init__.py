"""Rennen: a two-player card race with a Doppelkopf deck (seed 000).

Rules: ``docs/rules/rennen.md``; the log vocabulary: ``docs/logs/rennen.md``; the JSON Schema:
``docs/schemas/rennen.schema.json``. Modules: :mod:`.deck` (cards, order, rows),
:mod:`.rules` (options, presets), :mod:`.moves` (notation), :mod:`.holdings` (rows, reserve,
strikes), :mod:`.game` (stock, end of the game), :mod:`.race` (the checking state machine and
``legal_moves``), :mod:`.scoring` (facts and the one scoring path), :mod:`.replay` (documents,
games, lenient mode), :mod:`.randomplay` (random legal matches), :mod:`.engine`.

>>> import random
>>> document = ENGINE.random_document(rng=random.Random(4), players=["Anna", "Bert"])
>>> result = ENGINE.replay(document)
>>> result.game, len(result.hands) == len(document["deals"])
('rennen', True)
>>> sorted(result.summary)
['games', 'games_drawn', 'games_won']

The match
---------
A match is ``rules.games`` games (default 1). A game is a run of races until a player completes
a row or holds strikes in Kreuz, Pik and Herz, or the stock runs out (a draw). Each deal of the
log is one race. ``SeatResult.score`` is the number of games won; equal scores share a rank.
``HandResult.points`` of a race is ``[1, 0]``/``[0, 1]`` for the race in which a player wins the
game, else ``[0, 0]``; ``HandResult.number`` is the deal's number in the log (from 1).

Facts (``HandResult.facts``, and what a score-sheet deal gives)
----------------------------------------------------------------
::

    {"winner": "Anna" | null,            # the race's winner; null: no card could break a tie
                                         # and the game was drawn in this race
     "win": "simple" | "ultimate" | null,
     "karo": {"Anna": ["AD"]},           # Karo cards each player gave from the reserve
                                         # (players without any are left out)
     "picks": [{"player": "Bert", "card": "AH"}, ...],   # market picks in order (3, or fewer
                                         # when the game ended with a pick)
     "attaches": [{"player": "Anna", "card": "10C", "after": 2}]}
                                         # only with rules.attach = "explicit": each attach and
                                         # how many picks of the race came before it

Detail (``HandResult.detail``: the race for the match page)
-----------------------------------------------------------
All lists of two are in seat order; cards are strings (``"10H"``); names are player names.
A score-sheet race has the same keys, with ``null``/empty values for what a sheet does not know
(``market``, ``hands``, ``herz``, ``discard``, ``ready``, ``tricks``, ``leftover``,
``decided_by``; ``plays``, ``tiebreaks`` and ``events`` are empty).

- ``game``, ``race``: the game's number in the match and the race's number in the game (from 1).
- ``stock``: cards in the stock when the race was dealt; ``hand_size``: 3, 2 or 1;
  ``shortage``: true when the stock could not deal the normal hands (Kartenmangel);
  ``lapsed``: the advantages that lapsed for it (``["S", "H"]``).
- ``advantages``: ``{"C": name|null, "S": name|null, "H": name|null}``, the Kreuz-, Pik- and
  Herzvorteil in force in this race.
- ``market``: the four market cards as dealt; ``hands``: ``[[...], [...]]`` as dealt (the Pik
  player's four cards); ``leftover``: the market cards nobody picked.
- ``herz``: ``null`` (Herzvorteil not used) or ``{"shown": [c1, c2], "events": [the show and
  the take/keep event]}``; ``discard``: the Pik player's discarded card or ``null``;
  ``karo``: ``[[Karo cards Anna brought in], [... Bert]]``.
- ``ready``: both hands at the end of the preparation; ``bombs``: ``[rank|null, rank|null]``,
  ranks as words (``"Kings"``).
- ``plays``: ``[{"move": n, "cards": [c1, c2], "winner": name|null, "by": "rank"|"kreuz"|"tie"}]``
  (``tie``: equal cards set aside); ``tricks``: ``[n, n]``;
  ``tiebreaks``: the extra cards for a tie or a Bombenpatt, same shape as ``plays``.
- ``winner``, ``win`` (``"simple"``/``"ultimate"``), ``decided_by``: ``"tricks"``,
  ``"tiebreak"`` (extra cards), ``"kreuz_final_tie"`` (option), ``"bomb"``, ``"higher_bomb"``,
  ``"kreuz_bomb"`` (equal bombs, Kreuzvorteil) or ``"bombenpatt"`` (equal bombs, extra cards).
- ``picks``: ``[{"move": n, "player", "card", "to": "row"|"reserve"|"strike",
  "attached": [cards attached by this pick, in order, chained reserve cards included]}]``
  (score-sheet races have no ``move``).
- ``events``: every move in order: ``{"move": n, "text": notation, "kind": "show"|"take"|
  "keep"|"discard"|"karo"|"play"|"tiebreak"|"pick"|"attach", "player": name|null, "note":
  a sentence for people}`` plus, by kind: ``cards`` (show, play, tiebreak), ``take``/``give``
  (take), ``card`` (discard, pick, attach), ``karo``/``card`` (karo), ``winner``/``by``
  (play, tiebreak), ``tricks`` (play), ``to``/``attached`` (pick). A seeded bare
  ``tiebreak`` is shown with the cards dealt.
- ``seats``: both players after the race: ``[{"player", "rows": {"C": [...], "S": [...],
  "H": [...]} (from Neun up, Dame included), "reserve": [...], "strikes": [...]}]``.
- ``end``: ``null`` or, in the race that ended the game, ``{"winner": name|null, "end":
  "row"|"strikes"|"shortage"|"no_tiebreak", "suit": "C"|"S"|"H"|null, "text": "Anna
  completed the Herz row"}``.

Summary (``MatchResult.summary``)
---------------------------------
::

    {"games": [{"number": 1, "deals": [1, 2, ...],   # deal numbers of its races
                "races": 7, "winner": "Anna" | null, "end": "row" | "strikes" |
                "shortage" | "no_tiebreak" | null (unfinished), "suit": "H" | null,
                "text": "Anna completed the Herz row", "broken": false,  # a faulty race
                "seats": [... as in detail, at the end of the game]}],
     "games_won": [1, 0], "games_drawn": 0}
"""

from .engine import ENGINE, RennenEngine
from .moves import format_move, parse_move
from .race import Race, legal_moves
from .rules import PRESETS, RennenRules

__all__ = ["ENGINE", "PRESETS", "Race", "RennenEngine", "RennenRules", "format_move",
           "legal_moves", "parse_move"]
