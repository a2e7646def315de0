"""Reproducible chance: how a seed becomes a shuffled deck.

A log either records every card that was dealt and drawn, or gives a ``seed`` from which the
engine deals. The shuffle must give the same order on every machine and in every language,
forever, so it does not depend on Python's ``random`` module (whose algorithms may change):

    the deck is sorted by SHA-256 of ``"<seed>:<label>:<i>"``, where ``i`` is the card's
    position in the game's canonical deck order and ``label`` names the shuffle
    (``"deal 1"``, ``"deal 4 reshuffle 2"``).

Ties are impossible in practice (256-bit keys). ``docs/log-format.md`` documents the rule so
that any other program can deal the same cards.

>>> from games.engines.cards import standard_deck
>>> deck = seeded_shuffle(standard_deck(), seed="club-night-7", label="deal 1")
>>> [str(card) for card in deck[:3]] == [str(card) for card in
...     seeded_shuffle(standard_deck(), seed="club-night-7", label="deal 1")[:3]]
True
>>> sorted(deck) == sorted(standard_deck())
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def seeded_shuffle(items: Sequence[T], *, seed: str | int, label: str) -> list[T]:
    """Return ``items`` in the order the seed and label give (the input is not changed)."""
    prefix = f"{seed}:{label}:".encode()
    keyed = [(hashlib.sha256(prefix + str(index).encode()).digest(), index)
             for index in range(len(items))]
    keyed.sort()
    return [items[index] for _key, index in keyed]
