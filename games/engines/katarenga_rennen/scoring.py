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

FACT_NAMES = ("white", "winner", "end", "moves")
_DRAWS = {BLOCKED: "ks_drawn_blocked", REPETITION: "ks_drawn_repetition",
          MOVE_LIMIT: "ks_drawn_move_limit"}


@dataclass(frozen=True)
class GameFacts:
    """What a game leaves for the score sheet: who had White, who won (``None``: a draw),
    how it ended, and (when the sheet noted it) after how many moves."""

    white: str
    winner: str | None
    end: str
    moves: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"white": "Anna", "winner": "Anna", "end": "race"}``, with ``"moves"`` when the
        sheet noted them.

        >>> GameFacts("Anna", None, "blocked").to_json()
        {'white': 'Anna', 'winner': None, 'end': 'blocked'}
        >>> GameFacts("Anna", "Anna", "race", moves=41).to_json()["moves"]
        41
        """
        data: dict[str, Any] = {"white": self.white, "winner": self.winner, "end": self.end}
        if self.moves is not None:
            data["moves"] = self.moves
        return data

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
        moves = data.get("moves")
        if moves is not None and (isinstance(moves, bool) or not isinstance(moves, int)
                                  or not 0 <= moves <= 10000):
            raise InvalidLogError("ks_fact_moves_number", {"value": shown(moves)})
        facts = cls(white=said_white, winner=winner, end=end, moves=moves)
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
    if facts.moves is not None:
        _check_moves(facts, rules)
    if end == NO_MOVE:
        if rules.no_move == "pass":
            raise InvalidFactsError("ks_fact_no_move_pass")
        if rules.no_move == "lose" and winner is None:
            raise InvalidFactsError("ks_fact_no_move_lose")
        if rules.no_move == "draw" and winner is not None:
            raise InvalidFactsError("ks_fact_no_move_draw", {"player": winner})


def _check_moves(facts: GameFacts, rules: KatarengaRules) -> None:
    """A noted number of moves must fit the end: a draw by the move limit comes exactly at
    the limit, every other end before it; a race cannot be won before the 8th move of the
    winner (each of his eight pieces must leave its start square).

    >>> _check_moves(GameFacts("Anna", None, "move_limit", moves=150), KatarengaRules())
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidFactsError: a game drawn by the move limit ends with move 200, ...
    """
    moves, limit = facts.moves, rules.move_limit
    assert moves is not None
    if facts.end == MOVE_LIMIT and moves != limit:
        raise InvalidFactsError("ks_fact_moves_at_limit", {"limit": limit, "moves": moves})
    if limit and facts.end != MOVE_LIMIT and moves > limit:
        raise InvalidFactsError("ks_fact_moves_over_limit", {"limit": limit, "moves": moves})
    if facts.end == RACE and moves < 15:
        raise InvalidFactsError("ks_fact_race_moves", {"moves": moves})


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
