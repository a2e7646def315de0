"""Hand facts and their scoring: the one path for replayed hands and score-sheet hands.

Facts of a hand, per deck (a player, or a team sharing a deck): how many of its cards lie on
the foundations, how many are left in its Nerts pile; and who called Nerts (``None`` when
play got stuck). JSON::

    {"caller": "Anna", "foundation": {"Anna": 19, "Bert": 12}, "nerts_left": {"Anna": 0, "Bert": 5}}

Scoring (seed, "Die Anschrift"): +1 per own card on the foundations, minus ``penalty`` (2)
per card left in the Nerts pile, except for the caller; the caller gets ``caller_bonus``.

>>> from .rules import NertsRules
>>> facts = facts_from_json({"caller": "Anna", "foundation": {"Anna": 19, "Bert": 12},
...                          "nerts_left": {"Anna": 0, "Bert": 5}}, ["Anna", "Bert"],
...                         NertsRules())
>>> score_hand(facts, NertsRules())
{'Anna': 19, 'Bert': 2}
>>> score_hand(facts, NertsRules(caller_bonus=25, penalty=1))
{'Anna': 44, 'Bert': 7}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidFactsError, shown
from .rules import NertsRules
from .state import Hand


@dataclass(frozen=True)
class DeckFacts:
    name: str
    foundation: int
    nerts_left: int


@dataclass(frozen=True)
class HandFacts:
    """What a finished hand leaves for scoring; ``caller`` is the calling deck's name."""

    caller: str | None
    decks: tuple[DeckFacts, ...]

    def to_json(self) -> dict[str, Any]:
        return {"caller": self.caller,
                "foundation": {deck.name: deck.foundation for deck in self.decks},
                "nerts_left": {deck.name: deck.nerts_left for deck in self.decks}}


def score_hand(facts: HandFacts, rules: NertsRules) -> dict[str, int]:
    """Points of each deck for the hand (facts only)."""
    points = {}
    for deck in facts.decks:
        if deck.name == facts.caller:
            points[deck.name] = deck.foundation + rules.caller_bonus
        else:
            points[deck.name] = deck.foundation - rules.penalty * deck.nerts_left
    return points


def facts_of_hand(hand: Hand) -> HandFacts:
    """The facts a replayed hand leaves."""
    caller = hand.deck_of[hand.caller] if hand.caller is not None else None
    return HandFacts(caller, tuple(DeckFacts(name, hand.on_foundations(name), len(deck.nerts))
                                   for name, deck in hand.decks.items()))


def facts_from_json(data: Any, deck_names: Sequence[str], rules: NertsRules) -> HandFacts:
    """Read and check a score-sheet entry (raises :class:`InvalidFactsError`).

    >>> facts_from_json({"caller": "Bert", "foundation": {"Anna": 3, "Bert": 4},
    ...                  "nerts_left": {"Anna": 0, "Bert": 2}}, ["Anna", "Bert"], NertsRules())
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidFactsError: Bert cannot have called Nerts with 2 cards left...
    """
    if not isinstance(data, Mapping) or set(data) - {"caller", "foundation", "nerts_left"}:
        raise InvalidFactsError("nerts_facts_shape")
    caller = data.get("caller")
    if caller is not None and caller not in deck_names:
        raise InvalidFactsError("nerts_caller_deck", {"value": shown(caller),
                                                      "decks": list(deck_names)},
                                field="caller")
    counts: dict[str, dict[str, int]] = {}
    limits = {"foundation": rules.deck_size, "nerts_left": rules.pile_size}
    for key, limit in limits.items():
        values = data.get(key)
        if not isinstance(values, Mapping) or set(values) != set(deck_names):
            raise InvalidFactsError("nerts_fact_per_deck", {"name": key,
                                                            "decks": list(deck_names)},
                                    field=key)
        for name, value in values.items():
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
                raise InvalidFactsError("nerts_fact_range", {
                    "name": key, "deck": name, "limit": limit, "value": shown(value)},
                    field=f"{key}.{name}")
        counts[key] = dict(values)
    decks = tuple(DeckFacts(name, counts["foundation"][name], counts["nerts_left"][name])
                  for name in deck_names)
    for deck in decks:
        if deck.foundation + deck.nerts_left > rules.deck_size:
            raise InvalidFactsError("nerts_fact_deck_size", {
                "deck": deck.name, "foundation": deck.foundation, "left": deck.nerts_left,
                "size": rules.deck_size})
    if caller is not None and counts["nerts_left"][caller]:
        left = counts["nerts_left"][caller]
        raise InvalidFactsError("nerts_caller_one_left" if left == 1
                                else "nerts_caller_cards_left", {"deck": caller, "count": left})
    return HandFacts(caller, decks)


def match_over(totals: Mapping[str, int], rules: NertsRules) -> bool:
    """After a hand: has a deck reached the target with nobody level with it?

    A tie for the lead plays on, so that the match has one winner (a gap of the seed).

    >>> match_over({"Anna": 104, "Bert": 99}, NertsRules()), match_over({"A": 104, "B": 104},
    ...                                                               NertsRules())
    (True, False)
    """
    ahead = sorted(totals.values(), reverse=True)
    return bool(rules.target) and ahead[0] >= rules.target and (len(ahead) == 1
                                                                or ahead[0] > ahead[1])
