"""Random legal play: whole match documents for property tests, benchmarks and demo data.

The players choose uniformly among the legal moves of a kind, with a few habits so that the
games look like games: the Herzvorteil is used three times in four, a Karo exchange is made
now and then, and with explicit Anlegen a fitting card is usually attached.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..contract import LOG_FORMAT, Engine
from .game import GameState
from .moves import Attach, KaroSwap, Keep, Move, Show, Take
from .race import PICKED, Race, legal_moves


def random_document(engine: Engine, *, rng: random.Random, players: Sequence[str],
                    rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A complete match document, dealt from a seed drawn from ``rng``.

    >>> from games.engines.rennen import ENGINE
    >>> document = random_document(ENGINE, rng=random.Random(1), players=["Anna", "Bert"])
    >>> document["seed"], len(ENGINE.replay(document).hands) == len(document["deals"])
    ('random-91b72265b1f5', True)
    """
    resolved = engine.rules(rules)
    names = (players[0], players[1])
    seed = f"random-{rng.getrandbits(48):012x}"
    deals: list[dict[str, Any]] = []
    for number in range(1, resolved.games + 1):
        game = GameState.new(resolved, names, number=number, seed=seed)
        while not game.over:
            race = Race(game)
            moves = play_race(race, rng)
            race.end_of_moves()
            race.finish()
            deals.append({"moves": moves})
    return {"format": LOG_FORMAT, "game": engine.slug,
            "rules": dict(rules) if rules else {"preset": "seed"},
            "players": list(names), "seed": seed, "deals": deals}


def play_race(race: Race, rng: random.Random) -> list[str]:
    """Play ``race`` to its end with random legal moves; returns the moves as written.

    >>> from games.engines.rennen.rules import RennenRules
    >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed="demo")
    >>> race = Race(game)
    >>> moves = play_race(race, random.Random(1))
    >>> race.complete, moves[-1].split()[1]
    (True, 'pick')
    """
    written: list[str] = []
    while not race.complete:
        move = choose(race, legal_moves(race), rng)
        if move is None:
            break
        race.apply(move)
        written.append(move.text())
    return written


def choose(race: Race, options: list[Move], rng: random.Random) -> Move | None:
    """One random move with the habits above (``None``: nothing more to do in this race).

    >>> from games.engines.rennen.rules import RennenRules
    >>> race = Race(GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed="demo"))
    >>> choose(race, legal_moves(race), random.Random(1)).kind
    'play'
    """
    if not options:
        return None
    shows = [move for move in options if isinstance(move, Show)]
    if shows:
        if rng.random() < 0.75:
            return rng.choice(shows)
        options = [move for move in options if not isinstance(move, Show)]
    takes = [move for move in options if isinstance(move, Take)]
    if takes:
        if rng.random() < 0.7:
            return rng.choice(takes)
        return next(move for move in options if isinstance(move, Keep))
    attaches = [move for move in options if isinstance(move, Attach)]
    if attaches and rng.random() < 0.85:
        return rng.choice(attaches)
    karo = [move for move in options if isinstance(move, KaroSwap)]
    if karo and rng.random() < 0.3:
        return rng.choice(karo)
    rest = [move for move in options if not isinstance(move, (Attach, KaroSwap))]
    if not rest or race.phase == PICKED:
        return None
    return rng.choice(rest)
