"""Das Rennen statistics, by colour (White moves first): games and wins, the moves it took to
win the race, displacements made and suffered.

Every game (score sheets included) tells who had White and who won. Only a replayed game
tells the moves: a race won "with move 57" (the game's move count when the last target square
was filled, as the match page says it; a win by resignation or by the opponent's lack of a
move is no race won in so many moves) and each displacement (a move onto an opponent's
piece: made by the mover, suffered by the other).

>>> from league.statistics.common import ScoredHand, ScoredMatch
>>> game = ScoredHand(1, "moves", (2, 0), {"white": "Anna", "winner": "Anna", "end": "race"},
...     {"moves": [{"player": "Anna", "displaces": True}, {"player": "Bert", "displaces": False},
...                {"player": "Anna", "displaces": False}],
...      "end": {"kind": "race", "winner": "Anna", "moves": 3}})
>>> match = ScoredMatch("katarenga-rennen", ("Anna", "Bert"), (1, 2), (2, 0), hands=(game,))
>>> counters = tally(match, 0)
>>> counters["race_win_moves:white"], counters["made:white"], tally(match, 1)["suffered:black"]
(3, 1, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from league.statistics.common import (
    LOGS,
    LOW,
    Figure,
    FigureSpec,
    GameStatistics,
    RecordCandidate,
    RecordKind,
    ScoredMatch,
    average,
    base_counters,
    best,
    count,
    derive,
    rate,
    results_specs,
)

FASTEST_WIN = RecordKind("katarenga-fastest-win", "katarenga-rennen", LOW)
COLOURS = ("white", "black")


def tally(match: ScoredMatch, seat: int) -> Counter[str]:
    name = match.players[seat]
    counters = base_counters(match, seat, match.hands)
    for hand in match.hands:
        colour = "white" if hand.facts.get("white") == name else "black"
        winner = hand.facts.get("winner")
        counters[f"games:{colour}"] += 1
        counters[f"won:{colour}"] += winner == name
        counters[f"drawn:{colour}"] += winner is None
        if not hand.logged:
            continue
        counters[f"logged:{colour}"] += 1
        for move in hand.detail.get("moves") or []:
            if move.get("displaces"):
                counters[f"{'made' if move.get('player') == name else 'suffered'}:{colour}"] += 1
        end = hand.detail.get("end") or {}
        if end.get("kind") == "race" and end.get("winner") == name and end.get("moves"):
            counters[f"race_wins:{colour}"] += 1
            counters[f"race_win_moves:{colour}"] += int(end["moves"])
    for key in ("games", "won", "drawn", "logged", "made", "suffered", "race_wins",
                "race_win_moves"):
        counters[f"{key}:all"] = sum(counters[f"{key}:{colour}"] for colour in COLOURS)
    return counters


def _specs() -> tuple[FigureSpec, ...]:
    specs: list[FigureSpec] = list(results_specs())
    for colour in (*COLOURS, "all"):
        specs += [
            count("colours", "games", f"games:{colour}", row=colour),
            count("colours", "won", f"won:{colour}", row=colour),
            count("colours", "drawn", f"drawn:{colour}", row=colour),
            rate("colours", "win_rate", f"won:{colour}", f"games:{colour}", row=colour),
            average("colours", "moves_to_win", f"race_win_moves:{colour}",
                    f"race_wins:{colour}", basis=LOGS, row=colour),
            count("colours", "displacements_made", f"made:{colour}", basis=LOGS, row=colour),
            count("colours", "displacements_suffered", f"suffered:{colour}", basis=LOGS,
                  row=colour),
        ]
    return tuple(specs)


SPECS = _specs()


def figures(totals: Mapping[str, int]) -> list[Figure]:
    return derive(totals, SPECS)


def records(match: ScoredMatch) -> list[RecordCandidate]:
    """The fastest race won: the fewest moves to fill every target square."""
    seat_of = {name: seat for seat, name in enumerate(match.players)}
    candidates = []
    for hand in match.hands:
        end = hand.detail.get("end") or {}
        if hand.logged and end.get("kind") == "race" and end.get("winner") in seat_of \
                and end.get("moves"):
            candidates.append(RecordCandidate(FASTEST_WIN.key, int(end["moves"]),
                                              (seat_of[end["winner"]],), hand.number,
                                              int(end["moves"]), hand.source))
    return best(candidates, FASTEST_WIN.better)


STATISTICS = GameStatistics(
    game="katarenga-rennen", tally=tally, figures=figures, records=records,
    kinds=(FASTEST_WIN,),
    chart=(("results", None, "win_rate"), ("colours", "white", "win_rate"),
           ("colours", "black", "win_rate")))
