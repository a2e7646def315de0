"""Hand facts and how a game scores. Scoring reads facts only, so a replayed game and a
score-sheet entry share this one path.

Worked example (seed section 4): Anna knocks with 5, Bert has 12 after lay-offs, first upcard
7S (a spade: everything doubled): Anna wins 12 - 5 = 7, doubled 14.

>>> rules = GinRules()
>>> facts = GinFacts(upcard=card_index("7S"), dead=False, knocker=0, gin=False,
...                  deadwood=(5, 12))
>>> score_hand(facts, rules)
HandScore(points=(14, 0), winner=0, undercut=False)
>>> facts_to_json(facts, rules)["limit"], facts_to_json(facts, rules)["doubled"]
(7, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import InvalidFactsError, InvalidLogError, shown
from .deck import CARD_TEXT, card_index, is_spade, knock_limit
from .rules import GinRules


@dataclass(frozen=True)
class GinFacts:
    """What a finished game leaves for scoring: the first upcard, and either a dead hand
    or who knocked, whether it was gin and both deadwood counts after lay-offs."""

    upcard: int
    dead: bool
    knocker: int | None = None
    gin: bool | None = None
    deadwood: tuple[int, int] | None = None


class HandScore(NamedTuple):
    points: tuple[int, int]  # game points per seat, already doubled
    winner: int | None  # who won the game (counts for the Satz points); None: dead hand
    undercut: bool | None


def score_hand(facts: GinFacts, rules: GinRules) -> HandScore:
    """Game points of one game (seed section 4).

    >>> rules = GinRules()
    >>> up = card_index("9H")
    >>> score_hand(GinFacts(up, False, 1, True, (40, 0)), rules)  # gin: 25 + 40
    HandScore(points=(0, 65), winner=1, undercut=False)
    >>> score_hand(GinFacts(up, False, 0, False, (6, 6)), rules)  # undercut on equal: 25 + 0
    HandScore(points=(0, 25), winner=1, undercut=True)
    >>> score_hand(GinFacts(up, True), rules)
    HandScore(points=(0, 0), winner=None, undercut=None)
    """
    if facts.dead:
        return HandScore((0, 0), None, None)
    assert facts.knocker is not None and facts.deadwood is not None
    knocker = facts.knocker
    defender = 1 - knocker
    mine, theirs = facts.deadwood[knocker], facts.deadwood[defender]
    undercut = False
    if facts.gin:
        winner, points = knocker, rules.gin_bonus + theirs
    elif mine < theirs:
        winner, points = knocker, theirs - mine
    elif mine == theirs and not rules.undercut_on_equal:
        winner, points = knocker, 0
    else:
        winner, points, undercut = defender, rules.undercut_bonus + mine - theirs, True
    if rules.spade_doubles and is_spade(facts.upcard):
        points *= 2
    out = [0, 0]
    out[winner] = points
    return HandScore((out[0], out[1]), winner, undercut)


def facts_to_json(facts: GinFacts, rules: GinRules) -> dict[str, Any]:
    """The stored shape: seats as indexes, ``null`` where not applicable."""
    score = score_hand(facts, rules)
    return {
        "upcard": CARD_TEXT[facts.upcard],
        "limit": knock_limit(facts.upcard),
        "doubled": rules.spade_doubles and is_spade(facts.upcard),
        "dead": facts.dead,
        "knocker": facts.knocker,
        "gin": facts.gin,
        "deadwood": list(facts.deadwood) if facts.deadwood is not None else None,
        "winner": score.winner,
        "undercut": score.undercut,
    }


def facts_to_sheet(facts: GinFacts, players: Sequence[str]) -> dict[str, Any]:
    """The score-sheet form of the facts (names instead of seats), as a club writes them.

    >>> facts_to_sheet(GinFacts(card_index("7S"), False, 0, False, (5, 12)), ["Anna", "Bert"])
    {'upcard': '7S', 'knocker': 'Anna', 'gin': False, 'deadwood': {'Anna': 5, 'Bert': 12}}
    """
    if facts.dead:
        return {"upcard": CARD_TEXT[facts.upcard], "dead": True}
    assert facts.knocker is not None and facts.deadwood is not None
    return {"upcard": CARD_TEXT[facts.upcard], "knocker": players[facts.knocker],
            "gin": bool(facts.gin),
            "deadwood": {players[0]: facts.deadwood[0], players[1]: facts.deadwood[1]}}


SHEET_KEYS = ("upcard", "dead", "knocker", "gin", "deadwood")


def read_sheet_facts(data: Any, players: Sequence[str], *, field: str) -> GinFacts:
    """Check score-sheet facts; what cannot be true together raises
    :class:`InvalidFactsError` naming the field.

    >>> read_sheet_facts({"upcard": "7S", "knocker": "Anna", "gin": False,
    ...                   "deadwood": {"Anna": 9, "Bert": 12}}, ["Anna", "Bert"],
    ...                  field="deals[0].facts")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidFactsError: deals[0].facts.deadwood.Anna: Anna cannot have ...
    """
    if not isinstance(data, Mapping):
        raise InvalidFactsError("gin_facts_not_object", field=field)
    for key in data:
        if key not in SHEET_KEYS:
            raise InvalidFactsError("gin_unknown_fact", {"name": shown(key),
                                                         "facts": list(SHEET_KEYS)},
                                    field=f"{field}.{key}")
    if "upcard" not in data:
        raise InvalidFactsError("gin_upcard_fact_missing", field=f"{field}.upcard")
    try:
        upcard = card_index(data["upcard"])
    except InvalidLogError as error:
        raise InvalidFactsError(str(error.code), error.params,
                                field=f"{field}.upcard") from None
    dead = data.get("dead", False)
    if not isinstance(dead, bool):
        raise InvalidFactsError("gin_dead_not_bool", {"value": shown(dead)},
                                field=f"{field}.dead")
    if dead:
        for key in ("knocker", "gin", "deadwood"):
            if key in data:
                raise InvalidFactsError("gin_dead_has", {"name": key}, field=f"{field}.{key}")
        return GinFacts(upcard, True)
    knocker_name = data.get("knocker")
    if knocker_name is None:
        raise InvalidFactsError("gin_knocker_missing", field=f"{field}.knocker")
    if knocker_name not in players:
        raise InvalidFactsError("gin_knocker_not_player", {"value": shown(knocker_name)},
                                field=f"{field}.knocker")
    knocker = list(players).index(knocker_name)
    counts = data.get("deadwood")
    if not isinstance(counts, Mapping):
        raise InvalidFactsError("gin_deadwood_shape", field=f"{field}.deadwood")
    for name in counts:
        if name not in players:
            raise InvalidFactsError("gin_deadwood_not_player", {"value": shown(name)},
                                    field=f"{field}.deadwood.{name}")
    deadwood = []
    for name in players:
        if name not in counts:
            raise InvalidFactsError("gin_deadwood_missing", {"player": name},
                                    field=f"{field}.deadwood.{name}")
        count = counts[name]
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 100:
            raise InvalidFactsError("gin_deadwood_range", {"player": name,
                                                           "value": shown(count)},
                                    field=f"{field}.deadwood.{name}")
        deadwood.append(count)
    mine = deadwood[knocker]
    limit = knock_limit(upcard)
    where = f"{field}.deadwood.{knocker_name}"
    if mine > limit:
        if limit == 0:
            raise InvalidFactsError("gin_fact_knock_only_gin", {
                "player": knocker_name, "deadwood": mine, "upcard": CARD_TEXT[upcard]},
                field=where)
        raise InvalidFactsError("gin_fact_knock_over_limit", {
            "player": knocker_name, "deadwood": mine, "limit": limit,
            "upcard": CARD_TEXT[upcard]}, field=where)
    gin = data.get("gin", mine == 0)
    if not isinstance(gin, bool):
        raise InvalidFactsError("gin_gin_not_bool", {"value": shown(gin)}, field=f"{field}.gin")
    if gin and mine != 0:
        raise InvalidFactsError("gin_gin_with_deadwood", {"player": knocker_name,
                                                          "deadwood": mine}, field=where)
    if not gin and mine == 0:
        raise InvalidFactsError("gin_zero_is_gin", {"player": knocker_name},
                                field=f"{field}.gin")
    return GinFacts(upcard, False, knocker, gin, (deadwood[0], deadwood[1]))
