"""The Das Rennen match page: the match score, and each game move by move on a drawn board.

The template shows, for every played game, the board after one selected move (``?game=G&move=N``,
default: the last move), the list of moves as links to every position, and a stepper; the
JavaScript in ``static/sheets/katarenga-rennen.js`` only redraws that board from the positions
given here. Nothing is computed beyond what the engine's ``detail`` holds: the squares are laid
out for drawing (rank 8 on top) and the moves paired as White/Black rows.
"""

from __future__ import annotations

import math
from typing import Any

from games.engines.katarenga_rennen.board import COLOUR_NAMES, FILES
from games.models import Match, MatchLog
from games.web.sheets.common import hand_rows

# The chess piece a Katarenga piece moves like, drawn next to a move.
PIECE_SYMBOLS = {"knight": "♘", "rook": "♖", "bishop": "♗", "king": "♔"}
# Where the arrow of a move stops short of the destination's centre (in squares), so that its
# head touches the piece there (the JavaScript uses the same).
ARROW_GAP = 0.5


def present(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    summary = (log.outcome or {}).get("summary", {})
    games = {game["number"]: game for game in map(_game, hand_rows(log))}
    # The match score: the summary's line of each game, with the game's black and its end.
    lines = [{**line, "black": games[line["number"]]["black"],
              "source": games[line["number"]]["source"],
              "moves": games[line["number"]]["end"].get("moves")}
             for line in summary.get("games", []) if line["number"] in games]
    return {"template": "games/sheets/katarenga-rennen.html", "games": list(games.values()),
            "lines": lines, "points": summary.get("points", []),
            "wins": summary.get("wins", []), "draws": summary.get("draws", 0)}


def _end(end: dict[str, Any], white: str | None, black: str | None) -> dict[str, Any]:
    winner = end.get("winner")
    loser = None
    if winner is not None:
        loser = black if winner == white else white
    return {**end, "loser": loser}


def _game(hand: dict[str, Any]) -> dict[str, Any]:
    detail, facts = hand["detail"] or {}, hand["facts"] or {}
    number = hand["number"]
    white = detail.get("white", facts.get("white"))
    black = detail.get("black")
    game: dict[str, Any] = {
        "number": number, "key": str(number), "source": hand["source"],
        "white": white, "black": black, "points": hand["points"],
        "end": _end(detail.get("end") or {}, white, black),
        "played": "moves" in detail, "anchor": f"kr-game-{number}",
    }
    if not game["played"]:
        return game
    colours = detail["board"]
    targets = detail.get("targets", {})
    target_of = {square: side for side in ("white", "black") for square in targets.get(side, [])}
    ranks = []
    for rank in range(8, 0, -1):
        squares = []
        for file_index, file in enumerate(FILES):
            index = (rank - 1) * 8 + file_index
            name = f"{file}{rank}"
            squares.append({"name": name, "index": index,
                            "colour": COLOUR_NAMES[colours[index]],
                            "target": target_of.get(name)})
        ranks.append({"rank": rank, "squares": squares})

    moves = [_move(move, number) for move in detail["moves"]]
    positions = [{"number": 0, "token": f"{number}.0", "position": detail["start"],
                  "move": None, "pending": None, "last": not moves}]
    for move in moves:
        positions.append({"number": move["number"], "token": f"{number}.{move['number']}",
                          "position": move["position"], "move": move,
                          "pending": move["pending"], "last": move is moves[-1]})
    if moves:
        moves[-1]["last"] = True
    # White begins and every entry is one turn, so the moves pair up as in chess.
    rows = [{"number": index // 2 + 1,
             "pair": [moves[index], moves[index + 1] if index + 1 < len(moves) else None]}
            for index in range(0, len(moves), 2)]
    script = {
        "game": number,
        "last": len(moves),
        "positions": [{"p": pos["position"], "f": (pos["move"] or {}).get("origin"),
                       "t": (pos["move"] or {}).get("dest"), "w": pos["pending"],
                       "d": bool((pos["move"] or {}).get("displaces")),
                       "s": (pos["move"] or {}).get("side")} for pos in positions],
    }
    game.update({
        "layout": detail.get("layout"), "start_colour": detail.get("start_colour"),
        "target_colour": detail.get("target_colour"), "targets": targets,
        "colour_roles": [("start", detail.get("start_colour")),
                         ("target", detail.get("target_colour"))],
        "ranks": ranks, "files": list(FILES), "moves": moves, "rows": rows,
        "positions": positions, "tokens": [pos["token"] for pos in positions],
        "last": len(moves), "script": script, "script_id": f"kr-data-{number}",
    })
    return game


def _arrow(origin: str, dest: str) -> dict[str, str]:
    """The arrow of a move in board units (a square is 1, rank 8 on top), from the centre of
    ``origin`` to just before the piece on ``dest``."""
    x1, y1 = FILES.index(origin[0]) + 0.5, 8.5 - int(origin[1])
    x2, y2 = FILES.index(dest[0]) + 0.5, 8.5 - int(dest[1])
    length = math.hypot(x2 - x1, y2 - y1)
    x2 -= (x2 - x1) / length * ARROW_GAP
    y2 -= (y2 - y1) / length * ARROW_GAP
    # As text: a number would be localized ("3,797" in German), which SVG cannot read.
    return {"x1": f"{x1:g}", "y1": f"{y1:g}", "x2": f"{x2:.3f}", "y2": f"{y2:.3f}"}


def _move(move: dict[str, Any], game_number: int) -> dict[str, Any]:
    origin, dest = move.get("from"), move.get("to")
    return {**move, "origin": origin, "dest": dest,
            "arrow": _arrow(origin, dest) if origin and dest else None,
            "symbol": PIECE_SYMBOLS.get(move.get("moves_like") or ""),
            "token": f"{game_number}.{move['number']}", "last": False,
            "href": f"?game={game_number}&move={move['number']}#kr-game-{game_number}"}
