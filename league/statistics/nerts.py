"""Nerts statistics: hands, the cards on the foundations, Nerts calls, the Nerts-pile penalty,
and the same by team for the hands a player shared a deck with a partner.

Every hand (score sheets included) tells, per deck, its cards on the foundations, the cards
left in its Nerts pile and which deck called. The penalty of a hand is what the Nerts pile
cost the deck (``penalty`` points per card left; nothing for the caller). In a partnership
the deck's figures are the team's, so both partners get them; the cards a player put out
himself are known only from a replayed hand.

>>> from league.statistics.common import ScoredHand, ScoredMatch
>>> hand = ScoredHand(1, "facts", (19, 2), {"caller": "Anna",
...     "foundation": {"Anna": 19, "Bert": 12}, "nerts_left": {"Anna": 0, "Bert": 5}})
>>> match = ScoredMatch("nerts", ("Anna", "Bert"), (1, 2), (19, 2), {"penalty": 2},
...     {"decks": [{"name": "Anna", "players": ["Anna"]}, {"name": "Bert",
...                 "players": ["Bert"]}]}, (hand,))
>>> tally(match, 1)["penalty"], tally(match, 0)["calls"]
(10, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from league.statistics.common import (
    HIGH,
    LOGS,
    Figure,
    FigureSpec,
    GameStatistics,
    RecordCandidate,
    RecordKind,
    ScoredMatch,
    average,
    best,
    count,
    derive,
    rate,
    results_specs,
)
from league.statistics.common import base_counters as _base

MOST_FOUNDATION = RecordKind("nerts-foundation", "nerts", HIGH)
TEAM = "team:"


def deck_of(summary: Mapping[str, Any], name: str) -> tuple[str, bool]:
    """The deck a player played (his own, or his team's) and whether it was a team's.

    >>> deck_of({"decks": [{"name": "Nord", "players": ["Anna", "Bert"]}]}, "Bert")
    ('Nord', True)
    >>> deck_of({}, "Anna")
    ('Anna', False)
    """
    for deck in summary.get("decks") or []:
        if name in (deck.get("players") or []):
            return str(deck["name"]), len(deck["players"]) > 1
    return name, False


def tally(match: ScoredMatch, seat: int) -> Counter[str]:
    name = match.players[seat]
    deck, team = deck_of(match.summary, name)
    penalty_per_card = int(match.rules.get("penalty", 2))
    counters = _base(match, seat, match.hands)
    for hand in match.hands:
        facts = hand.facts
        foundation = int((facts.get("foundation") or {}).get(deck, 0))
        left = int((facts.get("nerts_left") or {}).get(deck, 0))
        called = facts.get("caller") == deck
        penalty = 0 if called else penalty_per_card * left
        figures = {"hands": 1, "foundation": foundation, "calls": int(called),
                   "penalty": penalty}
        counters.update({key: value for key, value in figures.items() if key != "hands"})
        if team:
            counters.update({f"{TEAM}{deck}:{key}": value for key, value in figures.items()})
        if hand.logged:
            by_player: Mapping[str, Any] = {}
            for entry in hand.detail.get("decks") or []:
                if entry.get("name") == deck:
                    by_player = entry.get("by_player") or {}
            counters["own_foundation"] += int(by_player.get(name, 0))
            counters["own_calls"] += hand.detail.get("caller") == name
    return counters


SPECS: tuple[FigureSpec, ...] = (
    *results_specs(),
    count("hands", "hands"),
    average("hands", "foundation_average", "foundation", "hands"),
    count("hands", "calls"), rate("hands", "call_rate", "calls", "hands"),
    average("hands", "penalty_average", "penalty", "hands"),
    average("hands", "own_foundation_average", "own_foundation", "hands_logged", basis=LOGS),
    count("hands", "own_calls", basis=LOGS),
)


def teams(totals: Mapping[str, int]) -> list[str]:
    """The teams a player played in, by name, from his counters.

    >>> teams({"team:Süd:hands": 2, "team:Nord:hands": 1, "hands": 3})
    ['Nord', 'Süd']
    """
    return sorted({key[len(TEAM):].rpartition(":")[0] for key in totals
                   if key.startswith(TEAM)})


def figures(totals: Mapping[str, int]) -> list[Figure]:
    specs = list(SPECS)
    for team in teams(totals):
        prefix = f"{TEAM}{team}:"
        specs += [count("teams", "hands", f"{prefix}hands", row=team),
                  average("teams", "foundation_average", f"{prefix}foundation",
                          f"{prefix}hands", row=team),
                  count("teams", "calls", f"{prefix}calls", row=team),
                  rate("teams", "call_rate", f"{prefix}calls", f"{prefix}hands", row=team),
                  average("teams", "penalty_average", f"{prefix}penalty", f"{prefix}hands",
                          row=team)]
    return derive(totals, specs)


def records(match: ScoredMatch) -> list[RecordCandidate]:
    """The most cards one deck put on the foundations in a hand; its holders are the deck's
    players."""
    seat_of = {name: seat for seat, name in enumerate(match.players)}
    players_of = {str(deck["name"]): list(deck.get("players") or [])
                  for deck in match.summary.get("decks") or []}
    candidates = []
    for hand in match.hands:
        for deck, cards in (hand.facts.get("foundation") or {}).items():
            holders = tuple(seat_of[name] for name in players_of.get(deck, [deck])
                            if name in seat_of)
            candidates.append(RecordCandidate(MOST_FOUNDATION.key, int(cards), holders,
                                              hand.number, source=hand.source))
    return best(candidates, MOST_FOUNDATION.better)


STATISTICS = GameStatistics(
    game="nerts", tally=tally, figures=figures, records=records, kinds=(MOST_FOUNDATION,),
    chart=(("results", None, "win_rate"), ("hands", None, "call_rate")))
