"""Doppelkopf: the seed's house rules, a DDV preset, and the session list (die Liste).

A match is one list of four players in seat order (or five at a tournament's 5-table: the
dealer sits out each deal and scores 0 in it). ``ENGINE.replay(document)`` replays every
deal (the Vorbehalt negotiation, the cards and announcements) or reads its score-sheet facts,
scores it and keeps the list: totals, dealer rotation, Pflichtsoli, the Punktetopf.
``SeatResult.score`` is each player's list total; ranks by total.

Rules: ``docs/rules/doppelkopf.md``; log vocabulary: ``docs/logs/doppelkopf.md``. Modules:
``rules`` (options, presets), ``tables`` (trump orders, Augen, trick winner), ``moves``
(notation), ``negotiation`` (Vorbehalte, Abbiegen, Schieben), ``play`` (tricks and
announcements), ``facts`` and ``scoring`` (one scoring path for played and sheet deals),
``deal`` (one deal of the log), ``session`` (the list), ``randomplay``.

>>> import random
>>> doc = ENGINE.random_document(rng=random.Random(1), players=["A", "B", "C", "D"])
>>> result = ENGINE.replay(doc)
>>> len(result.hands) == len(doc["deals"]), result.game
(True, 'doppelkopf')

Shapes (all JSON-ready; names are the players' names)
---------------------------------------------------------

``HandResult.facts`` (also what a score-sheet deal brings as ``deal.facts``)::

    {"contract": "normal" | "hochzeit" | "schieben" | "solo" | "stilles-solo"
                 | "schwarze-sau",
     "solo": "damen" | "buben" | "damen-buben" | "kreuz" | "pik" | "herz" | "karo" | null,
     "re": ["Anna", "Carl"],                 # the soloist alone in solos
     "augen": {"re": 205, "kontra": 35},
     "tricks": {"re": 8, "kontra": 2},
     "announcements": {"re": "re" | "keine 90" | ... | null, "kontra": "kontra" | ... | null},
     "specials": [{"kind": "fuchs-gefangen", "party": "re", "trick": 5}, ...]}
    {"contract": "hammelrennen", "augen": {"Anna": 184, "Bert": 18, ...}}
    {"contract": "redeal"}                   # nobody took the trumps: dealt anew

``HandResult.detail`` (the match page; keys marked * only for played deals)::

    {"number": 3, "dealer": "Dora", "forehand": "Anna",
     "special": null | "hammelrennen" | "schwarze-sau",
     "label": "Damensolo",                  # as the list names the deal
     "contract": {"kind", "solo", "label", "re": [...], "kontra": [...], "soloist",
                  "pflichtsolo": bool, "forced": bool (vorgeführt),
                  "leader"*: who led trick 1,
                  # Hochzeit*: "hochzeiter", "partner", "finding_kind" (fehl/trumpf/any),
                  #            "finding_trick", "alone"
                  # Schwarze Sau*: "sau_taker", "solo_from_trick"
                 },
     "augen": {"re": 205, "kontra": 35} | {"Anna": 184, ...} (Hammelrennen),
     "tricks_won": {"re": 8, "kontra": 2},
     "value": {"winner": "re" | "kontra" | null  (Hammelrennen: list of names),
               "sixty_rule": bool,           # the 60er-Regel turned the game round
               "components": [{"kind": "gewonnen" | "unter 90" | "unter 60" | "unter 30"
                               | "schwarz" | "keine 90 abgesagt" | ... | "120 gegen keine 90"
                               | ... | "re angesagt" | "kontra angesagt" (ddv),
                               "party"?: "re"|"kontra", "points": 1 | 2}],
               "game_points": 3, "multiplier": 2 (RE/KONTRA doubling, Sau),
               "game_value": 6,
               "specials": [{"kind": "herz-stich" | ... | "gegen-die-alten",
                             "party": "re"|"kontra", "trick": 3 | null, "points": 1}],
               "special_factor": 1, "specials_net_re": 4,
               "value_re": 10,               # per RE player (before the solo factor)
               "total": 10,                  # the deal's value as the list writes it
               "solo_factor": 1 | 3},
     "points": {"Anna": 10, "Bert": -10, ...},
     "sits_out": "Emil",                     # only at five: the dealer, who scores 0
     "hands"*: {"Anna": "AC AS ...", ...},   # as dealt, sorted trumps first
     "declarations"*: ["Anna: gesund", ...],
     "negotiation"*: {"abgebogen": bool, "abbieger": name|null, "abgebogen_solo_of": name|null,
                      "absage": {"player", "word"} | null,
                      "schieben"?: {"pusher", "taker", "given", "returned",
                                    "returned_trump": bool}},
     "announcements"*: [{"player", "party", "word", "level": 1..5, "after_cards": 5,
                         "trick": 2, "negotiation": bool}],
     "tricks"*: [{"number": 1, "leader": "Anna", "winner": "Anna", "augen": 29,
                  "party": "re" | "kontra" | null,
                  "cards": [{"player": "Anna", "card": "AC"}, ...]}],   # ten tricks
     "moves"*: ["Anna: re", "AC", ...]}

``MatchResult.summary`` (the list as a club writes it)::

    {"list": [{"deal": 1, "dealer": "Dora", "sits_out": null (at five: the dealer),
               "label": "Normalspiel", "contract": "normal",
               "re": ["Anna", "Carl"], "winner": "re", "value": 10,
               "points": [10, -10, 10, -10], "totals": [10, -10, 10, -10],
               "pflichtsolo": "Bert" | null, "forced": false, "source": "moves" | "facts"}],
     "totals": {"Anna": 10, ...},
     "next_dealer": "Anna", "solo_streak": 0,
     "pflichtsoli": {"Anna": {"owed": 1, "played": []}, "Bert": {"owed": 0, "played": [4]}},
     "pot": {"deals": 24, "played": 5, "remaining": 19, "vorfuehren": false},
     "finished": false, "counting": "plus-minus"}
"""

from .engine import ENGINE, DoppelkopfEngine
from .rules import DDV, PRESETS, SEED, DoppelkopfRules

__all__ = ["DDV", "ENGINE", "PRESETS", "SEED", "DoppelkopfEngine", "DoppelkopfRules"]
