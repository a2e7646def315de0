"""The facts a finished game leaves, their check, and the score of a game.

A game ends in one of six ways (``end``): ``race`` (a player occupied every target square),
``resigned``, ``no_move`` (a player could not move and the rule ``no_move`` is ``lose`` or
``draw``), ``blocked`` (neither player could move), ``repetition`` and ``move_limit``.
Scoring reads the facts only, so a replayed game and a score-sheet entry score alike:

>>> from .rules import KatarengaRules
>>> facts = GameFacts.from_json({"white": "Anna", "winner": "Bert", "end": "resigned"},
...                             players=("Anna", "Bert"), white="Anna",
...                             rules=KatarengaRules())
>>> score_game(facts, players=("Anna", "Bert"), rules=KatarengaRules())
(0, 2)
>>> GameFacts.from_json({"winner": "Anna", "end": "repetition"}, players=("Anna", "Bert"),
...                     white="Anna", rules=KatarengaRules())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
games.engines.errors.InvalidFactsError: a game drawn by repetition has no winner, but ... Anna
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidFactsError, InvalidLogError, shown
from ..messages import message
from .rules import KatarengaRules
from .state import BLOCKED, ENDS, MOVE_LIMIT, NO_MOVE, RACE, REPETITION, RESIGNED

FACT_NAMES = ("white", "winner", "end")
_DRAWS = {BLOCKED: "ks_drawn_blocked", REPETITION: "ks_drawn_repetition",
          MOVE_LIMIT: "ks_drawn_move_limit"}


@dataclass(frozen=True)
class GameFacts:
    """What a game leaves for the score sheet: who had White, who won (``None``: a draw),
    and how it ended."""

    white: str
    winner: str | None
    end: str

    def to_json(self) -> dict[str, Any]:
        """``{"white": "Anna", "winner": "Anna", "end": "race"}``.

        >>> GameFacts("Anna", None, "blocked").to_json()
        {'white': 'Anna', 'winner': None, 'end': 'blocked'}
        """
        return {"white": self.white, "winner": self.winner, "end": self.end}

    @classmethod
    def from_json(cls, data: Any, *, players: Sequence[str], white: str,
                  rules: KatarengaRules) -> GameFacts:
        """Read and check a score-sheet entry; ``white`` is who must have White in it."""
        if not isinstance(data, Mapping):
            raise InvalidLogError("ks_facts_object")
        for name in data:
            if name not in FACT_NAMES:
                raise InvalidLogError("ks_unknown_fact", {"name": shown(name),
                                                          "facts": list(FACT_NAMES)})
        end = data.get("end")
        if end not in ENDS:
            raise InvalidLogError("ks_end_kind", {"ends": list(ENDS), "value": shown(end)})
        winner = data.get("winner")
        if winner is not None and winner not in players:
            raise InvalidLogError("ks_winner_name", {"value": shown(winner)})
        said_white = data.get("white", white)
        if said_white not in players:
            raise InvalidLogError("ks_white_name", {"value": shown(said_white)})
        facts = cls(white=said_white, winner=winner, end=end)
        check_facts(facts, white=white, rules=rules)
        return facts


def check_facts(facts: GameFacts, *, white: str, rules: KatarengaRules) -> None:
    """Raise :class:`InvalidFactsError` when the facts cannot be true together.

    >>> check_facts(GameFacts("Anna", None, "move_limit"), white="Anna",
    ...             rules=KatarengaRules(move_limit=0))
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidFactsError: these rules have no move limit (rules.move_limit is 0)
    """
    if facts.white != white:
        raise InvalidFactsError("ks_fact_white", {"player": facts.white, "white": white})
    end, winner = facts.end, facts.winner
    if end == RACE and winner is None:
        raise InvalidFactsError("ks_fact_race_winner")
    if end == RESIGNED and winner is None:
        raise InvalidFactsError("ks_fact_resigned_winner")
    if end in _DRAWS and winner is not None:
        raise InvalidFactsError("ks_fact_draw_winner", {"how": message(_DRAWS[end]),
                                                        "player": winner})
    if end == RESIGNED and not rules.resignation:
        raise InvalidFactsError("ks_fact_no_resignation")
    if end == REPETITION and not rules.repetition:
        raise InvalidFactsError("ks_fact_no_repetition")
    if end == MOVE_LIMIT and not rules.move_limit:
        raise InvalidFactsError("ks_fact_no_move_limit")
    if end == NO_MOVE:
        if rules.no_move == "pass":
            raise InvalidFactsError("ks_fact_no_move_pass")
        if rules.no_move == "lose" and winner is None:
            raise InvalidFactsError("ks_fact_no_move_lose")
        if rules.no_move == "draw" and winner is not None:
            raise InvalidFactsError("ks_fact_no_move_draw", {"player": winner})


def score_game(facts: GameFacts, *, players: Sequence[str],
               rules: KatarengaRules) -> tuple[int, ...]:
    """Match points per seat: ``win_points`` to the winner, ``draw_points`` each in a draw.

    >>> score_game(GameFacts("Bert", None, "move_limit"), players=("Anna", "Bert"),
    ...            rules=KatarengaRules())
    (1, 1)
    """
    if facts.winner is None:
        return tuple(rules.draw_points for _ in players)
    return tuple(rules.win_points if player == facts.winner else 0 for player in players)
