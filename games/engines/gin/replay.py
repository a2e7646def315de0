"""Reading a Gin document: each deal played move by move or taken from the score sheet,
scored by the one scoring path, then aggregated into rounds and the partie."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..chance import seeded_shuffle
from ..contract import Envelope, HandResult, MatchResult, SeatResult, check_moves, ranks_for
from ..errors import EngineError, InvalidLogError, shown
from ..rules import rules_to_json
from .deck import BIT, CARD_TEXT, card_index, texts_of
from .moves import Move
from .partie import Partie
from .rules import GinRules
from .scoring import GinFacts, facts_to_json, read_sheet_facts, score_hand
from .state import DealState

DEAL_KEYS = ("dealer", "hands", "upcard", "moves", "facts", "notes")
#: Moves per deal (``docs/log-format.md``, "Limits"): a deal ends by the time the stock is
#: down to two cards, about 70 moves even with failed knocks; 500 leaves room for anything.
MAX_MOVES = 500
_CANONICAL = tuple(range(52))


def seeded_order(seed: str | int, number: int) -> list[int]:
    """The deck for deal ``number`` (from 1) of a seeded document: label ``deal <n>``.

    >>> order = seeded_order("club-night-7", 1)
    >>> sorted(order) == list(range(52))
    True
    """
    return seeded_shuffle(_CANONICAL, seed=seed, label=f"deal {number}")


class PlayedDeal:
    """A replayed deal: its final state, facts and the page's account of the moves."""

    __slots__ = ("facts", "moves", "state")

    def __init__(self, state: DealState, facts: GinFacts,
                 moves: list[dict[str, Any]]) -> None:
        self.state = state
        self.facts = facts
        self.moves = moves

    def detail(self) -> dict[str, Any]:
        state = self.state
        detail: dict[str, Any] = {
            "dealer": state.dealer,
            "hands": [texts_of(state.initial_hands[0]), texts_of(state.initial_hands[1])],
            "upcard": CARD_TEXT[state.upcard],
            "moves": self.moves,
            "failed_knocks": list(state.failed_knocks),
            "final_hands": [texts_of(state.hands[0]), texts_of(state.hands[1])],
            "stock_left": state.stock_count,
        }
        if state.dead:
            detail.update(ending="dead", melds=None, deadwood_cards=None, layoffs=[],
                          lay_by_engine=False)
            return detail
        state.settle()
        defense = state.defense
        assert defense is not None
        knocker = state.knocker
        melds: list[list[list[str]]] = [[], []]
        dead_cards: list[list[str]] = [[], []]
        melds[knocker] = [texts_of(meld) for meld in state.knock_melds]
        dead_cards[knocker] = texts_of(state.knock_dead_mask)
        melds[1 - knocker] = [texts_of(meld) for meld in defense.melds]
        dead_cards[1 - knocker] = texts_of(defense.deadwood_mask)
        detail.update(ending="gin" if state.gin else "knock", melds=melds,
                      deadwood_cards=dead_cards,
                      layoffs=[[CARD_TEXT[card], number] for card, number in defense.layoffs],
                      lay_by_engine=not state.lay_stated)
        return detail


def _read_hands(deal: Mapping[str, Any], players: Sequence[str], where: str
                ) -> tuple[tuple[int, int], int]:
    hands = deal["hands"]
    if not isinstance(hands, Mapping) or set(hands) != set(players):
        shape = "{" + ", ".join(f'"{name}": [...]' for name in players) + "}"
        raise InvalidLogError("gin_hands_shape", {"shape": shape}, field=f"{where}.hands")
    seen = 0
    masks = []
    for name in players:
        field = f"{where}.hands.{name}"
        try:
            if not isinstance(hands[name], list):
                raise InvalidLogError("gin_hand_not_list")
            cards = [card_index(text) for text in hands[name]]
        except InvalidLogError as error:
            raise error.located(field=field) from None
        if len(cards) != 10:
            raise InvalidLogError("gin_hand_size", {"player": name, "count": len(cards)},
                                  field=field)
        mask = 0
        for card in cards:
            if (seen | mask) & BIT[card]:
                raise InvalidLogError("gin_dealt_twice", {"card": CARD_TEXT[card]},
                                      field=field)
            mask |= BIT[card]
        seen |= mask
        masks.append(mask)
    if "upcard" not in deal:
        raise InvalidLogError("gin_upcard_missing", field=f"{where}.upcard")
    try:
        upcard = card_index(deal["upcard"])
    except InvalidLogError as error:
        raise error.located(field=f"{where}.upcard") from None
    if seen & BIT[upcard]:
        raise InvalidLogError("gin_upcard_dealt", {"card": CARD_TEXT[upcard]},
                              field=f"{where}.upcard")
    return (masks[0], masks[1]), upcard


def play_deal(rules: GinRules, players: Sequence[str], deal: Mapping[str, Any], *,
              number: int, dealer: int, seed: str | int | None,
              describe: bool = True) -> PlayedDeal:
    """Replay one played deal; errors carry the deal, the move and the field."""
    where = f"deals[{number - 1}]"
    if "hands" in deal or "upcard" in deal:
        if "hands" not in deal:
            raise InvalidLogError("gin_hands_missing", field=f"{where}.hands")
        hands, upcard = _read_hands(deal, players, where)
        state = DealState(rules, players, dealer=dealer, hands=hands, upcard=upcard,
                          stock_order=None)
    elif seed is not None:
        state = DealState.from_order(rules, players, dealer=dealer,
                                     order=seeded_order(seed, number))
    else:
        raise InvalidLogError("gin_no_cards", field=where)
    moves = deal.get("moves")
    if not isinstance(moves, list):
        raise InvalidLogError("gin_moves_not_list", field=f"{where}.moves")
    check_moves(moves, limit=MAX_MOVES, deal=number, field=f"{where}.moves")
    account: list[dict[str, Any]] = []
    for index, text in enumerate(moves):
        seat = state.turn
        try:
            move = Move.parse(text)
            sentence = state.apply(move)
        except EngineError as error:
            error.notation = text if isinstance(text, str) else shown(text)
            raise error.located(deal=number, move=index + 1,
                                field=f"{where}.moves[{index}]") from None
        if describe:
            account.append({"seat": seat, "notation": move.text(), "text": sentence})
    if not state.finished:
        raise InvalidLogError("gin_not_finished", {"state": state.describe_phase()},
                              deal=number, move=len(moves) + 1, field=f"{where}.moves")
    if state.dead:
        facts = GinFacts(state.upcard, True)
    else:
        facts = GinFacts(state.upcard, False, state.knocker, state.gin, state.deadwoods())
    return PlayedDeal(state, facts, account)


def _dealer(deal: Mapping[str, Any], partie: Partie, number: int) -> int:
    where = f"deals[{number - 1}]"
    players = partie.players
    stated = deal.get("dealer")
    if stated is not None and stated not in players:
        raise InvalidLogError("gin_dealer_not_player", {"value": shown(stated)},
                              deal=number, field=f"{where}.dealer")
    expected = partie.next_dealer
    if stated is None:
        if expected is None:
            raise InvalidLogError("gin_dealer_missing", {"number": number,
                                                         "reason": partie.lot_reason()},
                                  deal=number, field=f"{where}.dealer")
        return expected
    seat = players.index(stated)
    if expected is not None and partie.certain and seat != expected:
        raise InvalidLogError("gin_dealer_wrong", {"expected": players[expected],
                                                   "value": stated,
                                                   "reason": partie.dealer_reason},
                              deal=number, field=f"{where}.dealer")
    return seat


def replay_document(envelope: Envelope, rules: GinRules, *, strict: bool) -> MatchResult:
    players = envelope.players
    partie = Partie(rules, players)
    hands: list[HandResult] = []
    errors: list[EngineError] = []
    for index, deal in enumerate(envelope.deals):
        number = index + 1
        where = f"deals[{index}]"
        dealer: int | None = None
        try:
            if partie.finished:
                raise InvalidLogError("gin_partie_over", {
                    "rounds": partie.complete_rounds, "total": rules.rounds,
                    "number": partie.last_hand}, deal=number, field=where)
            for key in deal:
                if key not in DEAL_KEYS:
                    raise InvalidLogError("gin_unknown_deal_field", {
                        "name": shown(key), "fields": list(DEAL_KEYS)}, deal=number,
                        field=f"{where}.{key}")
            dealer = _dealer(deal, partie, number)
            if "facts" in deal:
                if any(key in deal for key in ("moves", "hands", "upcard")):
                    raise InvalidLogError("gin_moves_and_facts", deal=number, field=where)
                try:
                    facts = read_sheet_facts(deal["facts"], players, field=f"{where}.facts")
                except EngineError as error:
                    raise error.located(deal=number) from None
                detail: dict[str, Any] = {"dealer": dealer}
                source = "facts"
            else:
                if "moves" not in deal:
                    raise InvalidLogError("gin_no_moves_or_facts", deal=number, field=where)
                played = play_deal(rules, players, deal, number=number, dealer=dealer,
                                   seed=envelope.seed)
                facts = played.facts
                detail = played.detail()
                source = "moves"
        except EngineError as error:
            error.located(deal=number)
            if strict:
                raise
            errors.append(error)
            if not partie.finished:
                partie.hand_left_out(dealer)
            continue
        score = score_hand(facts, rules)
        partie.add_hand(number, dealer, score.points, score.winner)
        hands.append(HandResult(number=number, source=source, points=score.points,
                                facts=facts_to_json(facts, rules), detail=detail))
    if not partie.finished:
        unfinished = InvalidLogError("gin_partie_unfinished", {"standing": partie.standing()},
                                     field="deals")
        if strict:
            raise unfinished
        errors.append(unfinished)
    accounts = partie.accounts
    ranks = ranks_for(accounts)
    seats = tuple(SeatResult(player=players[seat], score=accounts[seat], rank=ranks[seat])
                  for seat in (0, 1))
    return MatchResult(game="gin", players=tuple(players), rules=rules_to_json(rules),
                       seats=seats, hands=tuple(hands), summary=partie.summary(),
                       errors=tuple(errors))
