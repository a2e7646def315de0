"""The engine contract: what every game engine offers and what it returns.

An engine is pure Python: no Django, no I/O, no global randomness. It reads a match document
(the move log envelope, see ``docs/log-format.md``), replays and checks every move, scores
every hand from its *facts* and aggregates the hands into the match result. A score-sheet
deal (``facts`` instead of ``moves``) goes through the same scoring code.

The pieces every game provides (see :class:`Engine`):

- ``rules(spec)``: the frozen rules dataclass from ``{"preset": ..., overrides}``;
- ``replay(document, strict=True)``: the :class:`MatchResult`, or the first
  :class:`~games.engines.errors.EngineError`; with ``strict=False`` every faulty deal is
  left out of the aggregation and its error collected (the review page shows them all);
- ``random_document(rng=..., players=..., rules=...)``: a complete random legal match, for
  property tests, benchmarks and demo data.

The result is plain data (``to_json`` gives what the service stores and the pages render).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import EngineError, InvalidLogError, shown
from .rules import describe_options, resolve_rules, rules_to_json

LOG_FORMAT = "stammtisch-log/1"

#: Limits on a log (``docs/log-format.md``, "Limits"): generous for any real match, small
#: enough that a worker replays and stores the largest log in seconds.
MAX_DEPTH = 32  # levels of nesting; a valid log of any game needs at most 6
MAX_DEALS = 1000  # deals (games, hands, races) per log, unless a game sets its own
MAX_LOG_MOVES = 50_000  # moves (and declarations) of all deals together: bounds the outcome
MAX_NAME = 100  # characters of a player's name
MAX_SEED = 100  # characters (or digits) of a seed


@dataclass(frozen=True)
class SeatResult:
    """A player's final line of the match: points as the game counts them, and the place.

    ``rank`` is 1 for the winner; players with equal points share a rank (1, 1, 3).
    """

    player: str
    score: int
    rank: int


@dataclass(frozen=True)
class HandResult:
    """One hand (Gin game, Doppelkopf deal, Nerts hand, race) as scored.

    ``points`` are what the hand scores per seat, in seat order; ``facts`` are the score-sheet
    facts the scoring read (the same for a replay and a sheet entry); ``detail`` is the
    game's own account of the hand for the match page (moves, tricks, melds...). All values
    are JSON-ready.
    """

    number: int
    source: str  # "moves" (replayed) or "facts" (score sheet)
    points: tuple[int, ...]
    facts: Mapping[str, Any]
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "source": self.source, "points": list(self.points),
                "facts": dict(self.facts), "detail": dict(self.detail)}


@dataclass(frozen=True)
class MatchResult:
    """The outcome of a whole match document."""

    game: str
    players: tuple[str, ...]
    rules: Mapping[str, Any]
    seats: tuple[SeatResult, ...]
    hands: tuple[HandResult, ...]
    summary: Mapping[str, Any] = field(default_factory=dict)
    errors: tuple[EngineError, ...] = ()

    @property
    def winner(self) -> int | None:
        """Seat index of the single winner, or ``None`` for a shared first place."""
        first = [index for index, seat in enumerate(self.seats) if seat.rank == 1]
        return first[0] if len(first) == 1 else None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "rules": dict(self.rules),
            "seats": [{"player": s.player, "score": s.score, "rank": s.rank}
                      for s in self.seats],
            "winner": self.winner,
            "hands": [hand.to_json() for hand in self.hands],
            "summary": dict(self.summary),
            "errors": [error.to_json() for error in self.errors],
        }


def ranks_for(scores: Sequence[int | float], *, higher_is_better: bool = True) -> list[int]:
    """Competition ranks: equal scores share a place, the next place is skipped.

    >>> ranks_for([120, 80, 120, 10])
    [1, 3, 1, 4]
    """
    sign = -1 if higher_is_better else 1
    ordered = sorted(sign * score for score in scores)
    return [ordered.index(sign * score) + 1 for score in scores]


@dataclass(frozen=True)
class Envelope:
    """The checked common part of a match document."""

    game: str
    rules_spec: Mapping[str, Any]
    players: tuple[str, ...]
    deals: tuple[Mapping[str, Any], ...]
    seed: str | int | None
    raw: Mapping[str, Any]


def read_envelope(document: Any, *, game: str, min_seats: int, max_seats: int,
                  max_deals: int = MAX_DEALS) -> Envelope:
    """Check the format line, the game, the players and the list of deals.

    The deals themselves are each game's business. The document must be no deeper than
    :data:`MAX_DEPTH` and hold at most ``max_deals`` deals.
    """
    if not isinstance(document, Mapping):
        raise InvalidLogError("not_json_object", field="$")
    check_depth(document)
    stated_format = document.get("format")
    if stated_format != LOG_FORMAT:
        raise InvalidLogError("wrong_format", {"expected": repr(LOG_FORMAT),
                                               "value": shown(stated_format)}, field="format")
    if document.get("game") != game:
        raise InvalidLogError("wrong_game", {"engine": repr(game),
                                             "value": shown(document.get("game"))},
                              field="game")
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                for p in players):
        raise InvalidLogError("players_not_names", field="players")
    for index, player in enumerate(players):
        if len(player) > MAX_NAME:
            raise InvalidLogError("player_name_too_long", {"limit": MAX_NAME},
                                  field=f"players[{index}]")
    if len(set(players)) != len(players):
        raise InvalidLogError("player_twice", field="players")
    if not min_seats <= len(players) <= max_seats:
        if min_seats == max_seats:
            raise InvalidLogError("seat_count_exact", {"game": game, "seats": min_seats,
                                                       "count": len(players)}, field="players")
        raise InvalidLogError("seat_count_range", {"game": game, "low": min_seats,
                                                   "high": max_seats, "count": len(players)},
                              field="players")
    deals = document.get("deals")
    if not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals):
        raise InvalidLogError("deals_not_objects", field="deals")
    if len(deals) > max_deals:
        raise InvalidLogError("too_many_deals", {"count": len(deals), "limit": max_deals},
                              field="deals")
    moves = sum(len(deal[key]) for deal in deals for key in ("moves", "declarations")
                if isinstance(deal.get(key), list))
    if moves > MAX_LOG_MOVES:
        raise InvalidLogError("too_many_moves_in_log", {"count": moves, "limit": MAX_LOG_MOVES},
                              field="deals")
    seed = document.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (str, int))):
        raise InvalidLogError("seed_type", field="seed")
    if (isinstance(seed, int) and abs(seed) >= 10 ** MAX_SEED) or \
            (isinstance(seed, str) and len(seed) > MAX_SEED):
        raise InvalidLogError("seed_too_long", {"limit": MAX_SEED}, field="seed")
    rules_spec = document.get("rules", {})
    return Envelope(game=game, rules_spec=rules_spec, players=tuple(players),
                    deals=tuple(deals), seed=seed, raw=document)


def check_depth(document: Any, *, limit: int | None = None) -> None:
    """Refuse a document nested deeper than ``limit`` (default :data:`MAX_DEPTH`) levels.

    The walk uses no recursion, so that a list nested thousands deep is refused, not a
    ``RecursionError``.

    >>> check_depth({"deals": [{"moves": ["pass"]}]}, limit=3)
    >>> check_depth({"deals": [{"moves": [["pass"]]}]}, limit=3)
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: $: the log is nested more than 3 levels deep
    """
    limit = MAX_DEPTH if limit is None else limit
    # Level by level: every replay walks the whole document, so the walk is kept cheap.
    level: list[Any] = [document]
    depth = 0
    while level:
        if depth > limit:
            raise InvalidLogError("document_too_deep", {"limit": limit}, field="$")
        below: list[Any] = []
        for node in level:
            children = node.values() if isinstance(node, Mapping) else node
            below.extend([child for child in children if isinstance(child, (dict, list))])
        level = below
        depth += 1


def check_moves(moves: Sequence[Any], *, limit: int, deal: int, field: str) -> None:
    """Refuse a deal of more than ``limit`` moves (a log is kept to a size a worker replays
    in seconds and a page shows)."""
    if len(moves) > limit:
        raise InvalidLogError("too_many_moves", {"count": len(moves), "limit": limit},
                              deal=deal, field=field)


class Engine(abc.ABC):
    """Base class of the game engines; one instance per game lives in the registry."""

    slug: ClassVar[str]
    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    rules_class: ClassVar[type]
    presets: ClassVar[Mapping[str, Any]]

    def rules(self, spec: Mapping[str, Any] | None = None) -> Any:
        """The rules for ``{"preset": ..., overrides}`` (default: the ``seed`` preset)."""
        return resolve_rules(self.rules_class, self.presets, spec)

    def rule_options(self) -> list[dict[str, Any]]:
        return describe_options(self.rules_class)

    def rules_json(self, rules: Any) -> dict[str, Any]:
        return rules_to_json(rules)

    def envelope(self, document: Any) -> Envelope:
        return read_envelope(document, game=self.slug, min_seats=self.min_seats,
                             max_seats=self.max_seats)

    @abc.abstractmethod
    def replay(self, document: Mapping[str, Any], *, strict: bool = True) -> MatchResult:
        """Replay, check and score a whole match document."""

    @abc.abstractmethod
    def random_document(self, *, rng: random.Random, players: Sequence[str],
                        rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A complete, legal match document played with random legal moves."""
