"""Replaying the games of a match, scoring them, and the match aggregate.

A deal of the log is one game. Its White is the first player in games 1, 3, 5 .. and the
second player in games 2, 4, 6 .. (the colours change every game). A played game gives its
``board`` (a named layout or 64 letters; the rule ``board`` when left out) and its ``moves``;
a score-sheet game gives ``facts``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..contract import HandResult, MatchResult, SeatResult, check_moves, ranks_for
from ..errors import EngineError, InvalidLogError, InvalidRulesError, shown
from ..messages import message
from ..rules import rules_to_json
from .board import BLACK, MOVES_LIKE, WHITE, Board, parse_board, square_name
from .moves import STEP, Move
from .rules import KatarengaRules
from .scoring import GameFacts, check_facts, score_game
from .state import SIDES, Game

DEAL_FIELDS = ("board", "white", "moves", "facts", "notes")
#: Moves per game (``docs/log-format.md``, "Limits"): the seed's games last well under a
#: hundred moves, the move limit option allows up to 10,000; without limit or repetition a
#: log could otherwise grow without end (the stored outcome keeps each move's position).
MAX_MOVES = 10_000

def white_seat(number: int) -> int:
    """The seat that has White in game ``number`` (from 1).

    >>> [white_seat(n) for n in (1, 2, 3)]
    [0, 1, 0]
    """
    return (number - 1) % 2


def check_board_option(rules: KatarengaRules) -> Board:
    """The board named by the rule ``board``; :class:`InvalidRulesError` if it is no board.

    >>> check_board_option(KatarengaRules(board="checker")).name
    'checker'
    """
    try:
        return parse_board(rules.board)
    except InvalidLogError as error:
        raise InvalidRulesError(str(error.code), error.params, field="rules.board") from None


def replay_game(deal: Mapping[str, Any], *, number: int, players: Sequence[str],
                rules: KatarengaRules) -> HandResult:
    """Replay or check one game (deal ``number``, from 1) and score it.

    Errors carry the game's number and, for a move, its number and JSON path.

    >>> hand = replay_game({"moves": ["c1-e2", "resign"]}, number=1, players=("Anna", "Bert"),
    ...                    rules=KatarengaRules())
    >>> hand.points, hand.facts
    ((2, 0), {'white': 'Anna', 'winner': 'Anna', 'end': 'resigned'})
    >>> replay_game({"moves": ["c1-c3"]}, number=2, players=("Anna", "Bert"),
    ...             rules=KatarengaRules())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.IllegalMoveError: move 1: Bert's piece on c1 ... knight's move away
    """
    index = number - 1
    for name in deal:
        if name not in DEAL_FIELDS:
            # Typos such as "move" or "fact" would otherwise pass unnoticed.
            raise InvalidLogError("ks_game_field", {"name": shown(name),
                                                    "fields": list(DEAL_FIELDS)},
                                  field=f"deals[{index}].{name}")
    seat = white_seat(number)
    names = (players[seat], players[1 - seat])
    if "white" in deal and deal["white"] != names[WHITE]:
        raise InvalidLogError("ks_white", {"player": names[WHITE], "number": number,
                                           "value": shown(deal["white"])},
                              field=f"deals[{index}].white")
    has_moves, has_facts = "moves" in deal, "facts" in deal
    if has_moves == has_facts:
        raise InvalidLogError("ks_moves_and_facts" if has_moves else "ks_moves_or_facts",
                              field=f"deals[{index}]")
    try:
        # A score-sheet game may name its board too: it is checked, not used.
        board = parse_board(deal["board"]) if "board" in deal else parse_board(rules.board)
    except InvalidLogError as error:
        raise error.located(field=f"deals[{index}].board") from None
    if has_facts:
        try:
            facts = GameFacts.from_json(deal["facts"], players=players, white=names[WHITE],
                                        rules=rules)
        except EngineError as error:
            raise error.located(field=f"deals[{index}].facts") from None
        sheet: dict[str, Any] = {
            "white": names[WHITE], "black": names[BLACK],
            "end": {"kind": facts.end, "winner": facts.winner, "moves": facts.moves,
                    "reason": None}}
        return HandResult(number=number, source="facts",
                          points=score_game(facts, players=players, rules=rules),
                          facts=facts.to_json(), detail=sheet)
    moves = deal["moves"]
    if not isinstance(moves, list):
        raise InvalidLogError("ks_moves_list", field=f"deals[{index}].moves")
    check_moves(moves, limit=MAX_MOVES, deal=number, field=f"deals[{index}].moves")
    game = Game(rules, board, names)
    detail = _game_detail(game)
    played: list[dict[str, Any]] = []
    for move_index, text in enumerate(moves):
        try:
            move = Move.parse(text, player=names[game.to_move])
            record = _move_record(game, move, move_index + 1)
            game.apply(move)
        except EngineError as error:
            if error.notation is None:
                error.notation = text if isinstance(text, str) else shown(text)
            raise error.located(move=move_index + 1,
                                field=f"deals[{index}].moves[{move_index}]") from None
        record["position"] = game.position_text()
        record["pending"] = None if game.pending is None else square_name(game.pending)
        played.append(record)
    outcome = game.outcome
    if outcome is None:
        side = game.to_move
        raise InvalidLogError("ks_not_over_one" if game.ply == 1 else "ks_not_over", {
            "count": game.ply, "player": names[side],
            "side": message(f"ks_{SIDES[side]}_side")}, field=f"deals[{index}].moves")
    winner = None if outcome.winner is None else names[outcome.winner]
    facts = GameFacts(white=names[WHITE], winner=winner, end=outcome.end)
    check_facts(facts, white=names[WHITE], rules=rules)  # a replay always passes; guards drift
    detail["moves"] = played
    detail["end"] = {"kind": outcome.end, "winner": winner, "moves": outcome.moves,
                     "reason": outcome.reason}
    detail["final"] = game.position_text()
    return HandResult(number=number, source="moves",
                      points=score_game(facts, players=players, rules=rules),
                      facts=facts.to_json(), detail=detail)


def _game_detail(game: Game) -> dict[str, Any]:
    rules = game.rules
    return {
        "white": game.names[WHITE],
        "black": game.names[BLACK],
        "board": game.board.colours,
        "layout": game.board.name,
        "start_colour": rules.start_colour,
        "target_colour": rules.target_colour,
        "targets": {SIDES[side]: [square_name(s) for s in game.targets[side]]
                    for side in (WHITE, BLACK)},
        "start": game.position_text(),
    }


def _move_record(game: Game, move: Move, number: int) -> dict[str, Any]:
    """The page's line for a move, taken before the move is made."""
    side = game.to_move
    step = move.kind == STEP
    return {
        "number": number,
        "player": game.names[side],
        "side": SIDES[side],
        "notation": move.text(),
        "kind": move.kind,
        "from": square_name(move.origin) if step else None,
        "to": square_name(move.target) if step else None,
        "moves_like": MOVES_LIKE[game.colours[move.origin]] if step else None,
        "displaces": move.displaces,
        "reply": step and game.pending is not None,
    }


def replay_match(document: Mapping[str, Any], *, rules: KatarengaRules, players: Sequence[str],
                 deals: Sequence[Mapping[str, Any]], game_slug: str,
                 strict: bool = True) -> MatchResult:
    """Replay every game, collect errors when not ``strict``, and add up the match.

    >>> result = replay_match({}, rules=KatarengaRules(games=2), players=("Anna", "Bert"),
    ...                       deals=[{"moves": ["resign"]}, {"moves": ["oops"]}],
    ...                       game_slug="katarenga-rennen", strict=False)
    >>> [(s.player, s.score) for s in result.seats], len(result.errors)
    ([('Anna', 0), ('Bert', 2)], 1)
    """
    if len(deals) != rules.games:
        raise InvalidLogError("ks_game_count_one" if rules.games == 1 else "ks_game_count",
                              {"games": rules.games, "count": len(deals)}, field="deals")
    hands: list[HandResult] = []
    errors: list[EngineError] = []
    for index, deal in enumerate(deals):
        try:
            hands.append(replay_game(deal, number=index + 1, players=players, rules=rules))
        except EngineError as error:
            error.located(deal=index + 1, field=f"deals[{index}]")
            if strict:
                raise
            errors.append(error)
    summary = match_summary(hands, players=players)
    totals = summary["points"]
    seats = tuple(SeatResult(player, score, rank)
                  for player, score, rank in zip(players, totals, ranks_for(totals),
                                                 strict=True))
    return MatchResult(game=game_slug, players=tuple(players), rules=rules_to_json(rules),
                       seats=seats, hands=tuple(hands), summary=summary, errors=tuple(errors))


def match_summary(hands: Sequence[HandResult], *, players: Sequence[str]) -> dict[str, Any]:
    """Totals, wins, draws and a line per scored game with the running totals.

    >>> hand = HandResult(number=1, source="facts", points=(1, 1),
    ...                   facts={"white": "Anna", "winner": None, "end": "repetition"})
    >>> match_summary([hand], players=("Anna", "Bert"))["points"]
    [1, 1]
    """
    totals = [0] * len(players)
    wins = [0] * len(players)
    draws = 0
    lines = []
    for hand in hands:
        totals = [total + points for total, points in zip(totals, hand.points, strict=True)]
        winner = hand.facts["winner"]
        if winner is None:
            draws += 1
        else:
            wins[players.index(winner)] += 1
        lines.append({"number": hand.number, "white": hand.facts["white"], "winner": winner,
                      "end": hand.facts["end"], "points": list(hand.points),
                      "totals": list(totals)})
    return {"points": totals, "wins": wins, "draws": draws, "games": lines}


__all__ = ["check_board_option", "match_summary", "replay_game", "replay_match", "white_seat"]
