"""The Rennen engine object that the registry hands out."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..contract import Engine, MatchResult
from .randomplay import random_document
from .replay import replay_document
from .rules import PRESETS, RennenRules


class RennenEngine(Engine):
    """Rennen: a two-player card race with a Doppelkopf deck (seed 000).

    >>> ENGINE.slug, ENGINE.min_seats, ENGINE.max_seats, sorted(ENGINE.presets)
    ('rennen', 2, 2, ['match3', 'seed'])
    """

    slug: ClassVar[str] = "rennen"
    name: ClassVar[str] = "Rennen"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    rules_class: ClassVar[type] = RennenRules
    presets: ClassVar[Mapping[str, Any]] = PRESETS

    def replay(self, document: Mapping[str, Any], *, strict: bool = True) -> MatchResult:
        """Replay, check and score a match; see the package docstring for the result.

        >>> sheet = {"winner": "Anna", "win": "ultimate", "picks": [
        ...     {"player": "Anna", "card": "KH"}]}
        >>> result = ENGINE.replay({"format": "stammtisch-log/1", "game": "rennen",
        ...     "players": ["Anna", "Bert"], "deals": [{"facts": sheet}]}, strict=False)
        >>> [str(error) for error in result.errors]   # doctest: +NORMALIZE_WHITESPACE
        ['deal 1: a race has three market picks, not 1 (after an ultimate win for Anna, Anna
          picks first, then Bert, then Anna)']
        """
        return replay_document(self, document, strict=strict)

    def random_document(self, *, rng: random.Random, players: Sequence[str],
                        rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A complete match of random legal moves, dealt from a seed drawn from ``rng``.

        >>> document = ENGINE.random_document(rng=random.Random(8), players=["Ann", "Bo"],
        ...                                   rules={"preset": "match3"})
        >>> len(ENGINE.replay(document).summary["games"])
        3
        """
        return random_document(self, rng=rng, players=players, rules=rules)


ENGINE = RennenEngine()
