"""Gin statistics: games, rounds and parties won; knocks, gins and undercuts; deadwood when
knocking and when caught; turns to knock; spade-doubled games; shutouts.

As in the seed, every going out is a knock ("klopft"); a gin is a knock without deadwood. So
the knock rate counts gins too, the gin rate is the share of knocks that were gin, and the
deadwood when knocking averages every knock (a gin adds 0). Caught: the opponent knocked;
the deadwood is the player's after his lay-offs, as the facts keep it. Turns to knock are the
knocker's turns (cards taken or drawn) up to his knock, read from the moves (a score sheet
does not know them).

A player who knocked three times with 4, 7 and 1 deadwood (upcard 8H, limit 8) has an average
of 4.0:

>>> from league.statistics.common import ScoredHand, ScoredMatch
>>> def knock(number, anna, bert, knocker=0):
...     facts = {"upcard": "8H", "doubled": False, "dead": False, "knocker": knocker,
...              "gin": False, "deadwood": [anna, bert], "winner": knocker, "undercut": False}
...     return ScoredHand(number, "facts", (0, 0), facts)
>>> match = ScoredMatch("gin", ("Anna", "Bert"), (1, 2), (100, 0),
...                     hands=(knock(1, 4, 20), knock(2, 7, 30), knock(3, 1, 9)))
>>> figures = {f.key: f.value for f in STATISTICS.figures(tally(match, 0))}
>>> figures["deadwood_knocking"], figures["knocks"], figures["knock_rate"]
(4.0, 3, 1.0)
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
    ScoredHand,
    ScoredMatch,
    average,
    base_counters,
    best,
    count,
    derive,
    rate,
    results_specs,
)

HIGHEST_ROUND = RecordKind("gin-round", "gin", HIGH)


def knocker_turns(detail: Mapping[str, Any], knocker: int) -> int:
    """The knocker's turns up to his knock: every card he took or drew (the upcard too).

    >>> knocker_turns({"moves": [{"seat": 1, "notation": "pass"},
    ...     {"seat": 0, "notation": "take 7H"}, {"seat": 0, "notation": "discard 2C"},
    ...     {"seat": 1, "notation": "draw 5S"}, {"seat": 1, "notation": "discard 5S"},
    ...     {"seat": 0, "notation": "draw"}, {"seat": 0, "notation": "knock 9C"},
    ...     {"seat": 1, "notation": "lay"}]}, 0)
    2
    """
    turns = 0
    for move in detail.get("moves") or []:
        if move.get("seat") == knocker and str(move.get("notation", "")).split(" ")[0] in (
                "take", "draw"):
            turns += 1
    return turns


def _hand_counters(hand: ScoredHand, seat: int) -> Counter[str]:
    facts = hand.facts
    out: Counter[str] = Counter({"games": 1})
    doubled = bool(facts.get("doubled"))
    winner = facts.get("winner")
    out["spade_games"] += doubled
    if facts.get("dead"):
        out["dead_games"] += 1
        return out
    won = winner == seat
    out["games_won"] += won
    out["spade_games_won"] += doubled and won
    knocker = facts.get("knocker")
    deadwood = facts.get("deadwood") or [0, 0]
    undercut = bool(facts.get("undercut"))
    if knocker == seat:
        out["knocks"] += 1
        out["gins"] += bool(facts.get("gin"))
        out["undercut"] += undercut
        out["knock_deadwood"] += int(deadwood[seat])
        if hand.logged:
            out["knocks_logged"] += 1
            out["knock_turns"] += knocker_turns(hand.detail, seat)
    else:
        out["caught"] += 1
        out["caught_deadwood"] += int(deadwood[seat])
        out["undercuts_made"] += undercut
    return out


def tally(match: ScoredMatch, seat: int) -> Counter[str]:
    counters = base_counters(match, seat, match.hands)
    for hand in match.hands:
        counters.update(_hand_counters(hand, seat))
    for rnd in match.summary.get("rounds") or []:
        if not rnd.get("complete"):
            continue
        counters["rounds"] += 1
        if rnd.get("winner") == seat:
            counters["rounds_won"] += 1
            counters["shutouts"] += bool(rnd.get("shutout"))
        elif rnd.get("shutout"):
            counters["shutouts_suffered"] += 1
    return counters


SPECS: tuple[FigureSpec, ...] = (
    *results_specs(),
    count("results", "rounds"), count("results", "rounds_won"),
    rate("results", "round_win_rate", "rounds_won", "rounds"),
    count("results", "shutouts"), count("results", "shutouts_suffered"),
    count("games", "games"), count("games", "games_won"),
    rate("games", "game_win_rate", "games_won", "games"),
    count("games", "dead_games"),
    count("games", "spade_games"), count("games", "spade_games_won"),
    rate("games", "spade_win_rate", "spade_games_won", "spade_games"),
    count("knocks", "knocks"), rate("knocks", "knock_rate", "knocks", "games"),
    count("knocks", "gins"), rate("knocks", "gin_rate", "gins", "knocks"),
    count("knocks", "undercut"), rate("knocks", "undercut_rate", "undercut", "knocks"),
    count("knocks", "undercuts_made"),
    average("knocks", "deadwood_knocking", "knock_deadwood", "knocks"),
    average("knocks", "deadwood_caught", "caught_deadwood", "caught"),
    average("knocks", "turns_to_knock", "knock_turns", "knocks_logged", basis=LOGS),
)


def figures(totals: Mapping[str, int]) -> list[Figure]:
    return derive(totals, SPECS)


def records(match: ScoredMatch) -> list[RecordCandidate]:
    """The highest round: the round winner's round total (game points, games won and the
    round bonus), in the deal that ended the round."""
    sources = {hand.number: hand.source for hand in match.hands}
    candidates = []
    for rnd in match.summary.get("rounds") or []:
        winner, totals, hands = rnd.get("winner"), rnd.get("totals"), rnd.get("hands") or []
        if not rnd.get("complete") or winner is None or not totals or not hands:
            continue
        candidates.append(RecordCandidate(HIGHEST_ROUND.key, int(totals[winner]["total"]),
                                          (winner,), hands[-1],
                                          source=sources.get(hands[-1], "facts")))
    return best(candidates, HIGHEST_ROUND.better)


STATISTICS = GameStatistics(
    game="gin", tally=tally, figures=figures, records=records, kinds=(HIGHEST_ROUND,),
    chart=(("results", None, "win_rate"), ("results", None, "round_win_rate"),
           ("games", None, "game_win_rate"), ("knocks", None, "knock_rate"),
           ("knocks", None, "gin_rate"), ("knocks", None, "undercut_rate")))
