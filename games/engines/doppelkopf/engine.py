"""The Doppelkopf engine object the registry serves."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.engines.contract import Engine, MatchResult

from .randomplay import random_document
from .rules import PRESETS, DoppelkopfRules
from .session import replay_document


class DoppelkopfEngine(Engine):
    slug: ClassVar[str] = "doppelkopf"
    name: ClassVar[str] = "Doppelkopf"
    min_seats: ClassVar[int] = 4
    max_seats: ClassVar[int] = 5
    rules_class: ClassVar[type] = DoppelkopfRules
    presets: ClassVar[Mapping[str, Any]] = PRESETS

    def replay(self, document: Mapping[str, Any], *, strict: bool = True) -> MatchResult:
        """Replay, check and score a whole list (see the package docstring)."""
        return replay_document(document, strict=strict, slug=self.slug,
                               min_seats=self.min_seats, max_seats=self.max_seats)

    def random_document(self, *, rng: random.Random, players: Sequence[str],
                        rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A random legal list of 3 to 8 deals, dealt from a seed (4 or 5 players)."""
        return random_document(self, rng=rng, players=players, rules=rules)


ENGINE = DoppelkopfEngine()
