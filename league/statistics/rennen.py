"""Rennen statistics: races and games won, simple and ultimate wins, bombs played, the
advantages (Kreuz-, Pik-, Herzvorteil) a player held and how often he won those races.

Every race (score sheets included) tells its winner, how he won and the advantages in force;
only a replayed race tells whether a player played a bomb.

>>> from league.statistics.common import ScoredHand, ScoredMatch
>>> race = ScoredHand(1, "moves", (1, 0), {"winner": "Anna", "win": "ultimate"},
...     {"advantages": {"C": "Anna", "S": "Bert", "H": None}, "bombs": ["Kings", None]})
>>> match = ScoredMatch("rennen", ("Anna", "Bert"), (1, 2), (1, 0), hands=(race,),
...     summary={"games": [{"winner": "Anna", "end": "row"}]})
>>> counters = tally(match, 0)
>>> counters["ultimate_wins"], counters["adv:C"], counters["adv_won:C"], counters["bombs"]
(1, 1, 1, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from league.statistics.common import (
    LOGS,
    Figure,
    FigureSpec,
    GameStatistics,
    RecordCandidate,
    ScoredMatch,
    base_counters,
    count,
    derive,
    rate,
    results_specs,
)

#: The advantages, by the suit they are named after (Kreuz, Pik, Herz).
ADVANTAGE_ROWS = ("C", "S", "H")


def tally(match: ScoredMatch, seat: int) -> Counter[str]:
    name = match.players[seat]
    counters = base_counters(match, seat, match.hands)
    for hand in match.hands:
        won = hand.facts.get("winner") == name
        counters["races"] += 1
        counters["races_won"] += won
        counters["simple_wins"] += won and hand.facts.get("win") == "simple"
        counters["ultimate_wins"] += won and hand.facts.get("win") == "ultimate"
        advantages = hand.detail.get("advantages") or {}
        for suit in ADVANTAGE_ROWS:
            if advantages.get(suit) == name:
                counters[f"adv:{suit}"] += 1
                counters[f"adv_won:{suit}"] += won
        if hand.logged:
            bombs = hand.detail.get("bombs") or []
            counters["bombs"] += seat < len(bombs) and bombs[seat] is not None
    for game in match.summary.get("games") or []:
        if game.get("end") is None:
            continue  # a game the log did not finish
        counters["games"] += 1
        counters["games_won"] += game.get("winner") == name
    return counters


def _specs() -> tuple[FigureSpec, ...]:
    specs: list[FigureSpec] = [
        *results_specs(),
        count("races", "games"), count("races", "games_won"),
        rate("races", "game_win_rate", "games_won", "games"),
        count("races", "races"), count("races", "races_won"),
        rate("races", "race_win_rate", "races_won", "races"),
        count("races", "simple_wins"), count("races", "ultimate_wins"),
        count("races", "bombs", basis=LOGS),
    ]
    for suit in ADVANTAGE_ROWS:
        specs += [count("advantages", "held", f"adv:{suit}", row=suit),
                  count("advantages", "won", f"adv_won:{suit}", row=suit),
                  rate("advantages", "win_rate", f"adv_won:{suit}", f"adv:{suit}", row=suit)]
    return tuple(specs)


SPECS = _specs()


def figures(totals: Mapping[str, int]) -> list[Figure]:
    return derive(totals, SPECS)


def records(match: ScoredMatch) -> list[RecordCandidate]:
    return []


STATISTICS = GameStatistics(
    game="rennen", tally=tally, figures=figures, records=records,
    chart=(("results", None, "win_rate"), ("races", None, "game_win_rate"),
           ("races", None, "race_win_rate"),
           *(("advantages", suit, "win_rate") for suit in ADVANTAGE_ROWS)))
