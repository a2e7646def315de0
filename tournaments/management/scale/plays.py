"""Random matches of every game, made by the engines' random play, with their players'
names to be filled in; replayed and scored by the engines, several processes at a time.

A play is made once with stand-in names (``Zq0Zq``, ``Zq1Zq``, ...), both as the whole log
move by move and as the score sheet of the same match (the facts of every hand), so that a
match of any players is its text with the names put in. Nerts deals its seeded shuffles by
the players' names, so a whole Nerts log is played anew with the match's own names
(:data:`NAMED_SHUFFLES`). Every match's text is then replayed and scored by its engine like
any submitted log (:func:`games.replay.replay_text`).
"""

from __future__ import annotations

import json
import multiprocessing
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines import EngineError, MatchResult, get_engine
from games.engines.doppelkopf.randomplay import random_document as doppelkopf_list
from games.replay import replay_text

#: Games whose seeded shuffles are labelled with the players' names: a whole log of them
#: cannot take other names (its score sheet can).
NAMED_SHUFFLES = frozenset({"nerts"})


def stand_in(seat: int) -> str:
    """The name that stands for the player in ``seat`` until the match's names go in (no
    move, card or seed of any game contains it)."""
    return f"Zq{seat}Zq"


@dataclass(frozen=True)
class Play:
    """One random match with stand-in names: the log move by move and the score sheet."""

    game: str
    seats: int
    log: str
    sheet: str

    def text(self, names: Sequence[str], *, sheet: bool) -> str:
        """The match's document with ``names`` in the seats."""
        text = self.sheet if sheet else self.log
        for seat, name in enumerate(names):
            text = text.replace(stand_in(seat), json.dumps(name)[1:-1])
        return text


def _gin_facts(facts: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    if facts.get("dead"):
        return {"upcard": facts["upcard"], "dead": True}
    return {"upcard": facts["upcard"], "knocker": players[facts["knocker"]],
            "gin": facts["gin"], "deadwood": dict(zip(players, facts["deadwood"], strict=True))}


def sheet_document(document: Mapping[str, Any], result: MatchResult) -> dict[str, Any]:
    """The score sheet of a replayed match: every hand's facts as a club writes them down
    (the dealer where the game names one), the same players and rules, no seed."""
    game = document["game"]
    players = list(document["players"])
    deals = []
    for deal, hand in zip(document["deals"], result.hands, strict=True):
        if game == "gin":
            row: dict[str, Any] = {"facts": _gin_facts(hand.facts, players)}
            if "dealer" in deal:
                row = {"dealer": deal["dealer"], **row}
        elif game == "doppelkopf":
            row = {"dealer": hand.detail["dealer"], "facts": dict(hand.facts)}
            if deal.get("special") is not None:
                row["special"] = deal["special"]
        else:
            row = {"facts": dict(hand.facts)}
        deals.append(row)
    sheet = {key: value for key, value in document.items() if key not in ("seed", "deals")}
    sheet["deals"] = deals
    return sheet


@dataclass(frozen=True)
class PlaySpec:
    """What to play: the game, its rules, the number of seats and the seed of the shuffle;
    the players' names (stand-ins if not given); for a Doppelkopf table its series and first
    dealer (``options``)."""

    game: str
    rules: Mapping[str, Any]
    seats: int
    seed: int
    options: Mapping[str, Any] | None = None
    names: tuple[str, ...] | None = None


def play(spec: PlaySpec) -> Play:
    """One random match of ``spec`` (its log and its sheet), by the engine's random play."""
    engine = get_engine(spec.game)
    names = list(spec.names or (stand_in(seat) for seat in range(spec.seats)))
    rng = random.Random(spec.seed)
    if spec.options:
        # A Doppelkopf table of a table round: its series and its first dealer.
        document = doppelkopf_list(engine, rng=rng, players=names, rules=dict(spec.rules),
                                   **spec.options)
    else:
        document = engine.random_document(rng=rng, players=names, rules=dict(spec.rules))
    result = engine.replay(document)
    return Play(spec.game, spec.seats, json.dumps(document, ensure_ascii=False),
                json.dumps(sheet_document(document, result), ensure_ascii=False))


@dataclass(frozen=True)
class Replay:
    """A text to replay as a match of ``game`` under ``rules`` between ``players``."""

    text: str
    game: str
    rules: Mapping[str, Any]
    players: tuple[str, ...]


def replay_or_error(item: Replay) -> MatchResult | EngineError:
    """The match's result as its engine scores it, or the engine's error. (This runs in the
    worker processes, which import the engines and nothing of Django.)"""
    try:
        return replay_text(item.text, game=item.game, rules=dict(item.rules),
                           players=list(item.players))
    except EngineError as error:
        return error


class Workers:
    """Processes that play and replay matches: spawned (fresh interpreters that import only
    the engines; none of them holds or closes the database connection of the caller, even in
    the middle of a transaction), kept for the whole run, closed by :meth:`close`."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: Any = None

    def map(self, function: Callable[[Any], Any], items: Iterable[Any]) -> list[Any]:
        """``function`` over ``items``, the results in order."""
        items = list(items)
        if self.processes <= 1 or len(items) < 20:
            return [function(item) for item in items]
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(self.processes)
        return list(self._pool.map(function, items,
                                   chunksize=max(1, len(items) // (self.processes * 8))))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool.join()
            self._pool = None
