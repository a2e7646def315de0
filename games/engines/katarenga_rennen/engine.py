"""The engine object the registry hands out."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..contract import Engine, MatchResult
from .play import random_document
from .replay import check_board_option, replay_match
from .rules import ENGINE_PRESETS, KatarengaRules


class KatarengaRennenEngine(Engine):
    """Das Rennen on the Katarenga board: replay, check and score a match; random play.

    >>> ENGINE.rules({"preset": "red-yellow", "games": 2}).games
    2
    >>> ENGINE.rules({"board": "RYGB"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidRulesError: rules.board: a board is 64 colour ...; it has 4 letters
    """

    slug: ClassVar[str] = "katarenga-rennen"
    name: ClassVar[str] = "Das Rennen (Katarenga)"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    rules_class: ClassVar[type] = KatarengaRules
    presets: ClassVar[Mapping[str, Any]] = ENGINE_PRESETS

    def rules(self, spec: Mapping[str, Any] | None = None) -> KatarengaRules:
        """The rules for ``{"preset": ..., overrides}``; the ``board`` option is checked too.

        >>> ENGINE.rules({"preset": "blue"}).target_colour
        'blue'
        """
        rules: KatarengaRules = super().rules(spec)
        check_board_option(rules)
        return rules

    def replay(self, document: Mapping[str, Any], *, strict: bool = True) -> MatchResult:
        """Replay, check and score a match document (see the package docstring).

        >>> doc = {"format": "stammtisch-log/1", "game": "katarenga-rennen",
        ...        "players": ["Anna", "Bert"], "deals": [{"moves": ["c1-e2", "resign"]}]}
        >>> [(seat.player, seat.score, seat.rank) for seat in ENGINE.replay(doc).seats]
        [('Anna', 2, 1), ('Bert', 0, 2)]
        """
        envelope = self.envelope(document)
        rules = self.rules(envelope.rules_spec)
        return replay_match(document, rules=rules, players=envelope.players,
                            deals=envelope.deals, game_slug=self.slug, strict=strict)

    def random_document(self, *, rng: random.Random, players: Sequence[str],
                        rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A match of random legal games (a random board per game unless ``board`` is set).

        >>> doc = ENGINE.random_document(rng=random.Random(3), players=["Anna", "Bert"],
        ...                              rules={"move_limit": 40})
        >>> ENGINE.replay(doc).hands[0].source
        'moves'
        """
        spec = dict(rules or {})
        return random_document(rng, players=players, rules=self.rules(spec), rules_spec=spec,
                               game_slug=self.slug)


ENGINE = KatarengaRennenEngine()
