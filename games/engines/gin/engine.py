"""The Gin engine object that the registry hands out."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..contract import Engine, MatchResult
from . import play
from .replay import replay_document
from .rules import PRESETS, GinRules


class GinEngine(Engine):
    """Gin Rommé with the first-upcard knock limit, rounds to 100 and a partie of rounds.

    >>> import random
    >>> engine = GinEngine()
    >>> doc = engine.random_document(rng=random.Random(1), players=["Anna", "Bert"],
    ...                              rules={"rounds": 1})
    >>> result = engine.replay(doc)
    >>> result.summary["partie"]["complete"], len(result.seats)
    (True, 2)
    """

    slug: ClassVar[str] = "gin"
    name: ClassVar[str] = "Gin Rommé"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    rules_class: ClassVar[type] = GinRules
    presets: ClassVar[Mapping[str, Any]] = PRESETS

    def replay(self, document: Mapping[str, Any], *, strict: bool = True) -> MatchResult:
        """Replay, check and score a whole partie (see the package docstring)."""
        envelope = self.envelope(document)
        rules: GinRules = self.rules(envelope.rules_spec)
        return replay_document(envelope, rules, strict=strict)

    def random_document(self, *, rng: random.Random, players: Sequence[str],
                        rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A complete partie of recorded deals played by a randomised greedy player."""
        spec = dict(rules) if rules is not None else {"preset": "seed"}
        resolved: GinRules = self.rules(spec)
        return play.random_document(resolved, spec, rng=rng, players=players)


ENGINE = GinEngine()
