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

from .errors import EngineError, InvalidLogError
from .rules import describe_options, resolve_rules, rules_to_json

LOG_FORMAT = "stammtisch-log/1"


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


def read_envelope(document: Any, *, game: str, min_seats: int, max_seats: int) -> Envelope:
    """Check the format line, the game, the players and the list of deals.

    The deals themselves are each game's business.
    """
    if not isinstance(document, Mapping):
        raise InvalidLogError("a match log is a JSON object", field="$")
    if document.get("format") != LOG_FORMAT:
        raise InvalidLogError(f"format must be {LOG_FORMAT!r}, not {document.get('format')!r}",
                              field="format")
    if document.get("game") != game:
        raise InvalidLogError(f"this is a {game!r} engine; the log is for "
                              f"{document.get('game')!r}", field="game")
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                for p in players):
        raise InvalidLogError("players must be a list of names in seat order", field="players")
    if len(set(players)) != len(players):
        raise InvalidLogError("every player may sit only once", field="players")
    if not min_seats <= len(players) <= max_seats:
        seats = (f"{min_seats}" if min_seats == max_seats else f"{min_seats} to {max_seats}")
        raise InvalidLogError(f"{game} is played by {seats} players, not {len(players)}",
                              field="players")
    deals = document.get("deals")
    if not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals):
        raise InvalidLogError("deals must be a list of objects", field="deals")
    seed = document.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (str, int))):
        raise InvalidLogError("seed must be text or a whole number", field="seed")
    rules_spec = document.get("rules", {})
    return Envelope(game=game, rules_spec=rules_spec, players=tuple(players),
                    deals=tuple(deals), seed=seed, raw=document)


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
