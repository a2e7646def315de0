"""The Das Rennen sheet: one row per game, played on the board or written as one line.

On the board (``mode`` ``board``) a game is its moves, entered on the page by clicking a
piece and its target; the check answers the position after them, whose turn it is and every
legal move (the page highlights the targets), and the end once the game is over. Where a
club notes only the winner, how the game ended and the number of moves, the row is one line
(``mode`` ``line``): the engine's score-sheet facts.

>>> from games.engines import get_engine
>>> ctx = SheetContext("katarenga-rennen", ("Anna", "Bert"),
...                    get_engine("katarenga-rennen").rules({}), {})
>>> state = SHEET.live({"mode": "board", "moves": "c1-e2"}, 1, ctx)
>>> state["to_move"], state["side"], state["legal"][:2]
('Bert', 'black', ['b5-a3', 'b5-c3'])
>>> SHEET.read_row({"mode": "line", "winner": "1", "end": "race", "count": "41"}, ctx)
{'facts': {'winner': 'Bert', 'end': 'race', 'moves': 41}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines import EngineError
from games.engines.katarenga_rennen.board import parse_board, square_name
from games.engines.katarenga_rennen.moves import STEP, Move
from games.engines.katarenga_rennen.replay import white_seat
from games.engines.katarenga_rennen.state import ENDS, SIDES, Game

from .base import Row, RowError, Sheet, SheetContext, _, choice, value, whole_number

MODES = ("board", "line")
NOBODY = "none"


class KatarengaRennenSheet(Sheet):
    slug = "katarenga-rennen"

    def fields(self, ctx: SheetContext) -> list[str]:
        return ["mode", "board", "moves", "winner", "end", "count"]

    def read_row(self, row: Row, ctx: SheetContext) -> dict[str, Any]:
        mode = choice(row, "mode", MODES, required=False) or (
            "board" if value(row, "moves") else "line")
        if mode == "board":
            moves = value(row, "moves").split()
            if not moves:
                raise RowError("moves", _("Play the game on the board."), missing=True)
            deal: dict[str, Any] = {"moves": moves}
            if value(row, "board"):
                deal = {"board": value(row, "board"), **deal}
            return deal
        winner = choice(row, "winner", (NOBODY, "0", "1"))
        end = choice(row, "end", ENDS)
        facts: dict[str, Any] = {"winner": None if winner == NOBODY
                                 else ctx.players[int(winner)], "end": end}
        count = whole_number(row, "count", low=0, high=10000, required=False)
        if count is not None:
            facts["moves"] = count
        return {"facts": facts}

    def row_of(self, deal: Mapping[str, Any], ctx: SheetContext) -> dict[str, str] | None:
        if isinstance(deal.get("moves"), list):
            row = {"mode": "board", "moves": " ".join(str(m) for m in deal["moves"])}
            if deal.get("board"):
                row["board"] = str(deal["board"])
            return row
        facts = deal.get("facts")
        if not isinstance(facts, Mapping):
            return None
        winner = facts.get("winner")
        row = {"mode": "line", "end": str(facts.get("end", "")),
               "winner": str(ctx.players.index(winner)) if winner in ctx.players else NOBODY}
        if facts.get("moves") is not None:
            row["count"] = str(facts["moves"])
        return row

    def field_of(self, path: str, ctx: SheetContext) -> str | None:
        prefixes = (("moves", "moves"), ("board", "board"), ("facts.winner", "winner"),
                    ("facts.end", "end"), ("facts.moves", "count"), ("white", "winner"))
        return next((field for prefix, field in prefixes if path.startswith(prefix)), None)

    def live(self, row: Row, number: int, ctx: SheetContext) -> dict[str, Any] | None:
        """The game on the board after the moves so far (see the module docstring)."""
        mode = value(row, "mode") or ("board" if value(row, "moves") else "")
        if mode != "board":
            return None
        rules = ctx.rules
        try:
            board = parse_board(value(row, "board") or rules.board)
        except EngineError:
            board = parse_board(rules.board)
        white = white_seat(number)
        names = (ctx.players[white], ctx.players[1 - white])
        game = Game(rules, board, names)
        played: list[str] = []
        error: dict[str, Any] | None = None
        for index, text in enumerate(value(row, "moves").split()):
            try:
                move = Move.parse(text, player=names[game.to_move])
                game.apply(move)
            except EngineError as problem:
                error = {"move": index + 1, "notation": text, "reason": problem.reason}
                break
            played.append(move.text())
        legal = [move.text() for move in game.legal_moves()]
        state: dict[str, Any] = {
            "game": number, "white": names[0], "black": names[1],
            "colours": board.colours, "position": game.position_text(),
            "targets": {SIDES[side]: [square_name(s) for s in game.targets[side]]
                        for side in (0, 1)},
            "moves": played, "to_move": names[game.to_move], "side": SIDES[game.to_move],
            "pending": None if game.pending is None else square_name(game.pending),
            "legal": legal,
            "can_pass": "pass" in legal, "can_resign": rules.resignation and not game.outcome,
            "over": game.outcome is not None, "error": error,
        }
        if game.outcome is not None:
            outcome = game.outcome
            state["outcome"] = {"end": outcome.end, "moves": outcome.moves,
                                "winner": None if outcome.winner is None
                                else names[outcome.winner], "reason": outcome.reason}
        last = game.history[-1] if game.history else None
        state["last"] = ({"from": square_name(last.origin), "to": square_name(last.target)}
                         if last is not None and last.kind == STEP else None)
        return state

    def answers(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[int, dict[str, Any]]:
        out = super().answers(result, ctx)
        for hand in result.get("hands", []):
            end = (hand.get("detail") or {}).get("end") or {}
            out[int(hand["number"])].update({"winner": end.get("winner"),
                                             "end": end.get("kind"),
                                             "moves": end.get("moves")})
        return out


SHEET = KatarengaRennenSheet()
