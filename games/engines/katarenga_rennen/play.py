"""Random play: random boards, random legal games and whole random match documents.

For property tests, benchmarks and demo data. Every choice comes from the ``random.Random``
passed in, so a seed gives the same document every time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..contract import LOG_FORMAT
from ..errors import InvalidRulesError
from .board import Board, parse_board
from .replay import white_seat
from .rules import KatarengaRules
from .state import Game


def random_board(rng: random.Random) -> Board:
    """A board of four random quarter faces (each shows four squares of every colour).

    >>> board = random_board(random.Random(1))
    >>> board.colours.count("G"), parse_board(board.text()).colours == board.colours
    (16, True)
    """
    faces = []
    for _ in range(4):
        face = list("RYGB" * 4)
        rng.shuffle(face)
        faces.append(face)
    colours = []
    for index in range(64):
        file, rank = index % 8, index // 8
        colours.append(faces[file // 4 + 2 * (rank // 4)][(rank % 4) * 4 + file % 4])
    return Board("".join(colours))


def random_game(rng: random.Random, *, rules: KatarengaRules, board: Board,
                names: Sequence[str] = ("White", "Black")) -> Game:
    """Play uniformly random legal moves until the game ends; ``game.history`` holds them.

    Random play almost never finishes the race, so it needs the move limit to end.

    >>> game = random_game(random.Random(5), rules=KatarengaRules(move_limit=30),
    ...                    board=parse_board("latin"))
    >>> game.outcome is not None and len(game.history) == game.ply <= 30
    True
    """
    if not rules.move_limit:
        raise InvalidRulesError("ks_random_needs_limit",
                                field="rules.move_limit")
    game = Game(rules, board, names)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    return game


def random_document(rng: random.Random, *, players: Sequence[str], rules: KatarengaRules,
                    rules_spec: dict[str, Any], game_slug: str) -> dict[str, Any]:
    """A whole match of random legal games, each on a random board unless the rules fix one.

    >>> from .rules import KatarengaRules
    >>> doc = random_document(random.Random(2), players=["Anna", "Bert"],
    ...                       rules=KatarengaRules(games=2, move_limit=20),
    ...                       rules_spec={"games": 2, "move_limit": 20},
    ...                       game_slug="katarenga-rennen")
    >>> [deal["white"] for deal in doc["deals"]], len(doc["deals"][0]["moves"]) <= 20
    (['Anna', 'Bert'], True)
    """
    deals = []
    for number in range(1, rules.games + 1):
        seat = white_seat(number)
        names = (players[seat], players[1 - seat])
        deal: dict[str, Any] = {"white": names[0]}
        if "board" in rules_spec:
            board = parse_board(rules.board)
        else:
            board = random_board(rng)
            deal["board"] = board.text()
        game = random_game(rng, rules=rules, board=board, names=names)
        deal["moves"] = [move.text() for move in game.history]
        deals.append(deal)
    return {"format": LOG_FORMAT, "game": game_slug, "rules": dict(rules_spec),
            "players": list(players), "deals": deals}
