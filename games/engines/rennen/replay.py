"""Replaying a Rennen match document: races into games, games into the match.

Each deal is one race, played (``moves``, with ``market`` and ``hands`` unless the envelope
has a ``seed``) or from the score sheet (``facts``). Races follow each other until the game
ends (a complete row, three strikes, or a draw when the stock runs out); then the next deal
starts the next game, up to ``rules.games`` games.

Lenient replay (``strict=False``) cannot continue a game after a faulty race (what the players
own afterwards is unknown); it records the error, skips the rest of that game and goes on with
the next deal that says it belongs to the next game (``"game": n``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, parse_card
from ..contract import Engine, HandResult, MatchResult, SeatResult, check_moves, ranks_for
from ..errors import EngineError, InvalidLogError, shown
from ..rules import rules_to_json
from .deck import ROW_SUITS, read_card
from .game import GameState
from .moves import parse_move
from .race import Race
from .rules import RennenRules
from .scoring import RaceFacts, race_points, settle_facts

DEAL_KEYS = {"game", "race", "market", "hands", "moves", "facts", "note"}
#: Moves per race (``docs/log-format.md``, "Limits"): a race has a preparation of a few
#: moves, at most four tricks, the tie-breaks the stock allows and three picks.
MAX_MOVES = 200


def replay_document(engine: Engine, document: Mapping[str, Any], *,
                    strict: bool = True) -> MatchResult:
    """Replay, check and score a whole document (see :class:`~.engine.RennenEngine`).

    >>> from games.engines.rennen import ENGINE
    >>> replay_document(ENGINE, {"format": "stammtisch-log/1", "game": "rennen",
    ...                          "players": ["Anna", "Bert"], "deals": []})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: deals: the log ends before game 1 is over (0 races ...
    """
    envelope = engine.envelope(document)
    rules: RennenRules = engine.rules(envelope.rules_spec)
    players = (envelope.players[0], envelope.players[1])
    seed = envelope.seed
    hands: list[HandResult] = []
    errors: list[EngineError] = []
    games: list[dict[str, Any]] = []

    def fail(error: EngineError) -> None:
        if strict:
            raise error
        errors.append(error)

    game_number = 1
    game = GameState.new(rules, players, number=1, seed=seed)
    record = _game_record(game)
    games.append(record)
    broken_at: int | None = None  # deal number of the race the game could not get past
    for index, deal in enumerate(envelope.deals):
        number = index + 1
        where = f"deals[{index}]"
        declared = deal.get("game")
        if game.over or broken_at is not None:
            starts_next = broken_at is None or declared == game_number + 1
            if starts_next and game_number < rules.games:
                game_number += 1
                game = GameState.new(rules, players, number=game_number, seed=seed)
                record = _game_record(game)
                games.append(record)
                broken_at = None
            elif broken_at is not None:
                fail(InvalidLogError("rennen_not_replayed", {"game": game_number,
                                                             "number": broken_at},
                                     deal=number, field=where))
                continue
            else:
                fail(InvalidLogError("rennen_deal_too_many", {
                    "game": game_number, "end": game.end_message(), "games": rules.games},
                    deal=number, field=where))
                continue
        try:
            hand = _replay_deal(game, deal, index, players)
        except EngineError as error:
            _relocate(error, index)
            fail(error)
            broken_at = number
            record["broken"] = True
            continue
        hands.append(hand)
        record["deals"].append(number)
        record["races"] = game.races
        if game.over:
            record.update(_end_json(game))
        record["seats"] = hand.detail["seats"]  # the holdings after this race
    if broken_at is None and not game.over:
        fail(InvalidLogError("rennen_log_ends_in_game", {"game": game_number,
                                                         "races": game.races},
                             field="deals"))
    elif game_number < rules.games:
        fail(InvalidLogError("rennen_log_ends_early", {"game": game_number,
                                                       "games": rules.games}, field="deals"))
    won = [0, 0]
    for hand in hands:
        won[0] += hand.points[0]
        won[1] += hand.points[1]
    ranks = ranks_for(won)
    seats = tuple(SeatResult(player=name, score=won[seat], rank=ranks[seat])
                  for seat, name in enumerate(players))
    summary = {"games": games, "games_won": won, "games_drawn":
               sum(1 for item in games if item["end"] is not None and item["winner"] is None)}
    return MatchResult(game=engine.slug, players=players, rules=rules_to_json(rules),
                       seats=seats, hands=tuple(hands), summary=summary, errors=tuple(errors))


def _game_record(game: GameState) -> dict[str, Any]:
    return {"number": game.number, "deals": [], "races": 0, "winner": None, "end": None,
            "suit": None, "text": game.end_text(), "broken": False, "seats": game.snapshot()}


def _end_json(game: GameState) -> dict[str, Any]:
    return {"winner": None if game.winner is None else game.players[game.winner],
            "end": game.end, "suit": game.end_suit, "text": game.end_text()}


def _relocate(error: EngineError, index: int) -> None:
    """Fields raised relative to a deal (``facts.picks[1]``) get the deal's path."""
    prefix = f"deals[{index}]"
    if error.field is None:
        error.field = prefix
    elif not error.field.startswith("deals["):
        error.field = f"{prefix}.{error.field}"
    error.located(deal=index + 1)


def _replay_deal(game: GameState, deal: Mapping[str, Any], index: int,
                 players: tuple[str, str]) -> HandResult:
    for key in deal:
        if key not in DEAL_KEYS:
            raise InvalidLogError("rennen_deal_field", {"name": shown(key),
                                                        "fields": sorted(DEAL_KEYS)},
                                  field=f"deals[{index}].{key}")
    for key, expected in (("game", game.number), ("race", game.races + 1)):
        if key in deal and deal[key] != expected:
            raise InvalidLogError("rennen_deal_number", {"key": key, "expected": expected,
                                                         "value": shown(deal[key])},
                                  field=f"deals[{index}].{key}")
    if ("moves" in deal) == ("facts" in deal):
        raise InvalidLogError("rennen_moves_or_facts", field=f"deals[{index}]")
    if "facts" in deal:
        for key in ("market", "hands"):
            if key in deal:
                raise InvalidLogError("rennen_sheet_has_no", {"name": key},
                                      field=f"deals[{index}].{key}")
        return _sheet_race(game, deal["facts"], index, players)
    return _played_race(game, deal, index, players)


def _sheet_race(game: GameState, data: Any, index: int,
                players: tuple[str, str]) -> HandResult:
    facts = RaceFacts.from_json(data, players)
    hand_size, shortage, advantages, lapsed = game.race_conditions()
    detail: dict[str, Any] = {
        "game": game.number, "race": game.races + 1, "stock": len(game.stock),
        "hand_size": hand_size, "shortage": shortage,
        "advantages": {suit: None if advantages[suit] is None
                       else players[advantages[suit]]  # type: ignore[index]
                       for suit in ROW_SUITS},
        "lapsed": lapsed,
    }
    points, placements = settle_facts(game, facts)
    # The same keys as a played race; what a score sheet does not know is empty.
    detail.update({
        "market": None, "hands": None, "herz": None, "discard": None,
        "karo": [[str(card) for card in cards] for cards in facts.karo],
        "ready": None, "bombs": [None, None], "plays": [], "tricks": None, "tiebreaks": [],
        "winner": None if facts.winner is None else players[facts.winner],
        "win": facts.win, "decided_by": None,
        "picks": placements, "leftover": None, "events": [],
        "seats": game.snapshot(),
        "end": _end_json(game) if game.over else None,
    })
    return HandResult(number=index + 1, source="facts", points=points,
                      facts=facts.to_json(players), detail=detail)


def _played_race(game: GameState, deal: Mapping[str, Any], index: int,
                 players: tuple[str, str]) -> HandResult:
    where = f"deals[{index}]"
    market = _card_list(deal["market"], f"{where}.market") if "market" in deal else None
    hands = _hands(deal["hands"], players, f"{where}.hands") if "hands" in deal else None
    race = Race(game, market=market, hands=hands, prefix=f"{where}.")
    moves = deal["moves"]
    if not isinstance(moves, list):
        raise InvalidLogError("rennen_moves_list", field=f"{where}.moves")
    check_moves(moves, limit=MAX_MOVES, deal=index + 1, field=f"{where}.moves")
    for position, text in enumerate(moves):
        try:
            race.apply(parse_move(text, players))
        except EngineError as error:
            if error.notation is None and isinstance(text, str):
                error.notation = text
            raise error.located(deal=index + 1, move=position + 1,
                                field=f"{where}.moves[{position}]") from None
    race.end_of_moves()
    if not race.complete:
        raise InvalidLogError("rennen_race_unfinished", {"waits": race.expecting()},
                              deal=index + 1, move=len(moves) + 1, field=f"{where}.moves")
    ended = race.ended_game
    facts = race.finish()
    detail = race.detail()
    detail["seats"] = game.snapshot()
    detail["end"] = _end_json(game) if game.over else None
    return HandResult(number=index + 1, source="moves",
                      points=race_points(game, ended_now=ended),
                      facts=facts.to_json(players), detail=detail)


def _card_list(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise InvalidLogError("rennen_cards_list", field=where)
    cards = []
    for index, text in enumerate(value):
        try:
            if not isinstance(text, str):
                parse_card(text)  # raises: only text is a card
            cards.append(read_card(text))
        except InvalidLogError as error:
            raise error.located(field=f"{where}[{index}]") from None
    return cards


def _hands(value: Any, players: Sequence[str], where: str) -> list[list[Card]]:
    if not isinstance(value, Mapping) or set(value) != set(players):
        example = ", ".join(f'"{name}": [...]' for name in players)
        raise InvalidLogError("rennen_hands_shape", {"shape": f"{{{example}}}"}, field=where)
    return [_card_list(value[name], f"{where}.{name}") for name in players]


def recorded_document(engine: Engine, document: Mapping[str, Any]) -> dict[str, Any]:
    """The same match with every dealt card written out and no seed: what a club would type
    in from the table. Score-sheet deals stay as they are.

    >>> import random
    >>> from games.engines.rennen import ENGINE
    >>> seeded = ENGINE.random_document(rng=random.Random(3), players=["Anna", "Bert"])
    >>> typed = recorded_document(ENGINE, seeded)
    >>> "seed" in typed, ENGINE.replay(typed).seats == ENGINE.replay(seeded).seats
    (False, True)
    """
    result = engine.replay(document)
    players = list(result.players)
    copy = {key: value for key, value in document.items() if key not in ("seed", "deals")}
    deals: list[dict[str, Any]] = []
    for hand in result.hands:
        if hand.source == "facts":
            deals.append({"facts": dict(hand.facts)})
            continue
        detail = hand.detail
        deals.append({
            "game": detail["game"], "race": detail["race"],
            "market": list(detail["market"]),
            "hands": {name: list(cards) for name, cards in zip(players, detail["hands"],
                                                                strict=True)},
            "moves": [event["text"] for event in detail["events"]],
        })
    copy["deals"] = deals
    return copy
