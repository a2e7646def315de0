"""One Gin game (a deal) as a state machine: ``legal_moves`` and the checking ``apply``.

The state is mutable for speed and private to the engine; the replay and the random player
drive it. Phases::

    offer (non-dealer) -> offer (dealer) -> draw/discard turns -> knocked -> over
                                                              \\-> over (dead hand)

>>> from .deck import card_index, mask_of
>>> from .rules import GinRules
>>> from .moves import Move
>>> deck = list(range(52))
>>> state = DealState.from_order(GinRules(), ("Anna", "Bert"), dealer=0, order=deck)
>>> state.upcard_text, state.limit, state.turn
('8S', 8, 1)
>>> state.apply(Move.parse("pass"))
'Bert passes the upcard 8S'
>>> [m.text() for m in state.legal_moves()]
['pass', 'take 8S']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import IllegalMoveError, InvalidLogError
from ..messages import message
from .deck import BIT, CARD_TEXT, FULL, cards_of, format_mask, knock_limit, mask_value
from .melds import (
    Defense,
    best_arrangement,
    best_defense,
    discard_deadwoods,
    is_meld,
    knock_layout,
    meld_text,
)
from .moves import DISCARD, DRAW, KNOCK, LAY, PASS, TAKE, Move
from .rules import GinRules

OFFER_NONDEALER, OFFER_DEALER, DRAW_PHASE, DISCARD_PHASE, KNOCKED, OVER = range(6)

PASS_MOVE = Move(PASS)
DRAW_ANY = Move(DRAW)
LAY_BEST = Move(LAY)
TAKE_MOVES = tuple(Move(TAKE, card) for card in range(52))
DRAW_MOVES = tuple(Move(DRAW, card) for card in range(52))
DISCARD_MOVES = tuple(Move(DISCARD, card) for card in range(52))
KNOCK_MOVES = tuple(Move(KNOCK, card) for card in range(52))


class DealState:
    """A game in progress. ``hands`` are masks; the stock is either known in order (seeded
    or shuffled) or, for a deal recorded from the table, only as the set of unseen cards."""

    __slots__ = (
        "dead",
        "dealer",
        "defense",
        "discard",
        "end_move",
        "failed_knocks",
        "gin",
        "hands",
        "initial_hands",
        "knock_dead_mask",
        "knock_deadwood",
        "knock_melds",
        "knock_move",
        "knocker",
        "lay_stated",
        "limit",
        "moves_made",
        "names",
        "phase",
        "rules",
        "stock_count",
        "stock_mask",
        "stock_only",
        "stock_order",
        "stock_pos",
        "taken",
        "turn",
        "upcard",
        "upcard_turn",
    )

    def __init__(self, rules: GinRules, names: Sequence[str], *, dealer: int,
                 hands: tuple[int, int], upcard: int, stock_order: list[int] | None) -> None:
        self.rules = rules
        self.names = tuple(names)
        self.dealer = dealer
        self.upcard = upcard
        self.limit = knock_limit(upcard)
        self.hands = [hands[0], hands[1]]
        self.initial_hands = hands
        self.stock_mask = FULL & ~hands[0] & ~hands[1] & ~BIT[upcard]
        self.stock_count = 52 - 21
        self.stock_order = stock_order
        self.stock_pos = 0
        self.discard = [upcard]
        self.turn = 1 - dealer
        self.phase = OFFER_NONDEALER
        self.stock_only = False  # both passed: the non-dealer's first draw is from the stock
        self.taken = -1  # the card taken from the discard pile this turn
        self.upcard_turn = False
        self.moves_made = 0
        self.failed_knocks: list[int] = []
        self.knocker = -1
        self.knock_move = 0
        self.knock_melds: tuple[int, ...] = ()
        self.knock_deadwood = 0
        self.knock_dead_mask = 0
        self.gin = False
        self.defense: Defense | None = None
        self.lay_stated = False
        self.dead = False
        self.end_move = 0

    @classmethod
    def from_order(cls, rules: GinRules, names: Sequence[str], *, dealer: int,
                   order: Sequence[int]) -> DealState:
        """Deal from a shuffled deck: one card at a time, the non-dealer first; card 21 is
        the first upcard, the rest the stock (top first)."""
        nondealer = 1 - dealer
        hands = [0, 0]
        for position in range(20):
            seat = nondealer if position % 2 == 0 else dealer
            hands[seat] |= BIT[order[position]]
        return cls(rules, names, dealer=dealer, hands=(hands[0], hands[1]), upcard=order[20],
                   stock_order=list(order[21:]))

    # -- views ---------------------------------------------------------------------------

    @property
    def upcard_text(self) -> str:
        return CARD_TEXT[self.upcard]

    @property
    def finished(self) -> bool:
        """The game has an outcome: a successful knock (a lay may still follow) or dead."""
        return self.phase >= KNOCKED

    @property
    def over(self) -> bool:
        """Nothing more may follow."""
        return self.phase == OVER

    def describe_phase(self) -> dict[str, Any]:
        """What is expected next (a message), for "the game is not finished" errors."""
        name = self.names[self.turn]
        if self.phase in (OFFER_NONDEALER, OFFER_DEALER):
            return message("gin_to_take_or_pass", player=name, upcard=self.upcard_text)
        if self.phase == DRAW_PHASE:
            return message("gin_to_draw", player=name, stock=self.stock_count)
        return message("gin_to_discard", player=name)

    def location(self, card: int) -> dict[str, Any]:
        """Where a card is (a message), for a recorded card that is not in the stock."""
        bit = BIT[card]
        text = CARD_TEXT[card]
        for seat in (0, 1):
            if self.hands[seat] & bit:
                return message("gin_card_in_hand", card=text, player=self.names[seat])
        if card == self.upcard and self.discard and self.discard[0] == card \
                and len(self.discard) == 1:
            return message("gin_card_is_upcard", card=text)
        if card in self.discard:
            return message("gin_card_discarded", card=text)
        return message("gin_card_not_in_stock", card=text)  # pragma: no cover

    # -- legal moves ---------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move. A draw from a recorded stock is the generic ``draw`` (any unseen
        card may come); a knock is listed without stated melds and the defender's lay as the
        engine's best (``lay``): stated variants are checked by :meth:`apply` too."""
        phase = self.phase
        if phase == DISCARD_PHASE:
            hand = self.hands[self.turn]
            if self.taken >= 0 and not self.rules.may_discard_taken_card:
                hand &= ~BIT[self.taken]
            cards = cards_of(hand)
            moves = [DISCARD_MOVES[card] for card in cards]
            if self.upcard_turn and not self.rules.knock_on_upcard_turn:
                return moves
            if self.rules.failed_knock == "resume":
                moves.extend(KNOCK_MOVES[card] for card in cards)
            else:
                limit = self.limit
                for card, dead in discard_deadwoods(self.hands[self.turn]).items():
                    if dead <= limit and BIT[card] & hand:
                        moves.append(KNOCK_MOVES[card])
            return moves
        if phase == DRAW_PHASE:
            moves = [DRAW_ANY if self.stock_order is None
                     else DRAW_MOVES[self.stock_order[self.stock_pos]]]
            if not self.stock_only and self.discard:
                moves.append(TAKE_MOVES[self.discard[-1]])
            return moves
        if phase in (OFFER_NONDEALER, OFFER_DEALER):
            return [PASS_MOVE, TAKE_MOVES[self.upcard]]
        if phase == KNOCKED:
            return [LAY_BEST]
        return []

    # -- apply ---------------------------------------------------------------------------

    def apply(self, move: Move) -> str:
        """Check and play ``move`` for the player to move; return the page's sentence.

        Raises :class:`IllegalMoveError` (or :class:`InvalidLogError` for a recorded draw
        without its card), without location: the replay adds it."""
        kind = move.kind
        phase = self.phase
        name = self.names[self.turn]
        if phase == DISCARD_PHASE and kind == DISCARD:
            return self._discard(move, name)
        if phase == DRAW_PHASE and kind == DRAW:
            return self._draw(move, name)
        if phase == DRAW_PHASE and kind == TAKE:
            return self._take(move, name)
        if phase == DISCARD_PHASE and kind == KNOCK:
            return self._knock(move, name)
        if phase in (OFFER_NONDEALER, OFFER_DEALER) and kind in (PASS, TAKE):
            return self._offer(move, name)
        if phase == KNOCKED and kind == LAY:
            return self._lay(move, name)
        raise self._out_of_phase(kind, name)

    def _out_of_phase(self, kind: str, name: str) -> IllegalMoveError:
        phase = self.phase
        if phase in (OVER, KNOCKED):
            if self.dead:
                return IllegalMoveError("gin_over_dead", {"number": self.end_move,
                                                          "stock": self.stock_count})
            knocker = self.names[self.knocker]
            if phase == KNOCKED:
                return IllegalMoveError("gin_over_lay_follows", {
                    "knocker": knocker, "number": self.knock_move,
                    "player": self.names[self.turn]})
            return IllegalMoveError("gin_over_laid", {"knocker": knocker,
                                                      "number": self.knock_move})
        if kind == LAY:
            return IllegalMoveError("gin_lay_no_knock", {"player": name})
        if phase in (OFFER_NONDEALER, OFFER_DEALER):
            code = "gin_draw_before_offer" if kind == DRAW else "gin_offer_first"
            return IllegalMoveError(code, {"player": name, "upcard": self.upcard_text})
        if phase == DRAW_PHASE:
            if kind == PASS:
                code = "gin_pass_again" if self.stock_only else "gin_pass_offer_over"
            else:
                code = "gin_draw_before_knock" if kind == KNOCK else "gin_draw_before_discard"
            return IllegalMoveError(code, {"player": name})
        # discard phase
        if kind == DRAW:
            return IllegalMoveError("gin_draw_twice", {"player": name})
        if kind == TAKE:
            return IllegalMoveError("gin_take_twice", {"player": name})
        return IllegalMoveError("gin_pass_now", {"player": name})

    def _offer(self, move: Move, name: str) -> str:
        up = self.upcard_text
        if move.kind == PASS:
            if self.phase == OFFER_NONDEALER:
                self.phase = OFFER_DEALER
                self.turn = self.dealer
            else:
                # Both passed: the non-dealer draws from the stock.
                self.phase = DRAW_PHASE
                self.turn = 1 - self.dealer
                self.stock_only = True
            self.moves_made += 1
            return f"{name} passes the upcard {up}"
        if move.card is not None and move.card != self.upcard:
            raise IllegalMoveError("gin_take_not_upcard", {
                "player": name, "card": CARD_TEXT[move.card], "upcard": up})
        self.discard.pop()
        self.hands[self.turn] |= BIT[self.upcard]
        self.taken = self.upcard
        self.upcard_turn = True
        self.phase = DISCARD_PHASE
        self.moves_made += 1
        return f"{name} takes the upcard {up}"

    def _take(self, move: Move, name: str) -> str:
        if self.stock_only:
            raise IllegalMoveError("gin_take_after_passes", {"player": name,
                                                             "upcard": self.upcard_text})
        top = self.discard[-1]  # never empty in a draw phase: a discard ended the last turn
        if move.card is not None and move.card != top:
            raise IllegalMoveError("gin_take_not_top", {
                "player": name, "card": CARD_TEXT[move.card], "top_card": CARD_TEXT[top]})
        self.discard.pop()
        self.hands[self.turn] |= BIT[top]
        self.taken = top
        self.phase = DISCARD_PHASE
        self.moves_made += 1
        return f"{name} takes {CARD_TEXT[top]} from the discard pile"

    def _draw(self, move: Move, name: str) -> str:
        card = move.card
        if self.stock_order is not None:
            top = self.stock_order[self.stock_pos]
            if card is not None and card != top:
                if self.stock_mask & BIT[card]:
                    reason = message("gin_stock_top", card=CARD_TEXT[top])
                else:
                    reason = self.location(card)
                raise IllegalMoveError("gin_draw_wrong", {"player": name,
                                                          "card": CARD_TEXT[card],
                                                          "reason": reason})
            card = top
            self.stock_pos += 1
        else:
            if card is None:
                # Missing information, not a wrong move: the log is incomplete.
                raise InvalidLogError("gin_draw_names_card", {"player": name})
            if not self.stock_mask & BIT[card]:
                raise IllegalMoveError("gin_draw_not_in_stock", {
                    "player": name, "card": CARD_TEXT[card], "reason": self.location(card)})
        self.stock_mask &= ~BIT[card]
        self.stock_count -= 1
        self.hands[self.turn] |= BIT[card]
        self.taken = -1
        self.stock_only = False
        self.phase = DISCARD_PHASE
        self.moves_made += 1
        return f"{name} draws {CARD_TEXT[card]} from the stock"

    def _check_discardable(self, card: int, name: str, kind: str) -> None:
        if not self.hands[self.turn] & BIT[card]:
            raise IllegalMoveError("gin_knock_not_held" if kind == KNOCK
                                   else "gin_discard_not_held",
                                   {"player": name, "card": CARD_TEXT[card]})
        if card == self.taken and not self.rules.may_discard_taken_card:
            raise IllegalMoveError("gin_knock_just_taken" if kind == KNOCK
                                   else "gin_discard_just_taken",
                                   {"player": name, "card": CARD_TEXT[card]})

    def _end_turn(self) -> None:
        self.turn = 1 - self.turn
        self.taken = -1
        self.upcard_turn = False
        if self.stock_count <= self.rules.dead_hand_stock:
            # Nobody knocked and the stock is down to the dead-hand level: a draw.
            self.dead = True
            self.phase = OVER
            self.end_move = self.moves_made
        else:
            self.phase = DRAW_PHASE

    def _discard(self, move: Move, name: str) -> str:
        card = move.card
        assert card is not None
        self._check_discardable(card, name, DISCARD)
        self.hands[self.turn] &= ~BIT[card]
        self.discard.append(card)
        self.moves_made += 1
        self._end_turn()
        return f"{name} discards {CARD_TEXT[card]}"

    def _stated_melds(self, stated: tuple[tuple[int, ...], ...], hand: int, name: str,
                      *, face_down: int = -1) -> tuple[int, ...]:
        """Check melds as written in the log: real melds, cards held, each card once."""
        seen = 0
        masks = []
        for meld in stated:
            shown_meld = [CARD_TEXT[card] for card in meld]
            mask = 0
            for card in meld:
                bit = BIT[card]
                if seen & bit or mask & bit:
                    raise IllegalMoveError("gin_shows_twice", {"player": name,
                                                               "card": CARD_TEXT[card]})
                if card == face_down:
                    raise IllegalMoveError("gin_shows_face_down", {
                        "player": name, "card": CARD_TEXT[card], "meld": shown_meld})
                if not hand & bit:
                    raise IllegalMoveError("gin_shows_not_held", {
                        "player": name, "meld": shown_meld, "card": CARD_TEXT[card]})
                mask |= bit
            if not is_meld(mask):
                raise IllegalMoveError("gin_not_a_meld", {"player": name, "meld": shown_meld})
            seen |= mask
            masks.append(mask)
        return tuple(masks)

    def _knock(self, move: Move, name: str) -> str:
        card = move.card
        assert card is not None
        if self.upcard_turn and not self.rules.knock_on_upcard_turn:
            raise IllegalMoveError("gin_knock_upcard_turn", {"player": name})
        self._check_discardable(card, name, KNOCK)
        seat = self.turn
        hand = self.hands[seat] & ~BIT[card]
        if move.melds is not None:
            melds = self._stated_melds(move.melds, hand, name, face_down=card)
            covered = 0
            for meld in melds:
                covered |= meld
            dead_mask = hand & ~covered
            dead = mask_value(dead_mask)
        else:
            dead, melds, dead_mask = knock_layout(hand, self.hands[1 - seat],
                                                  layoffs=best_arrangement(hand).deadwood > 0)
        self.moves_made += 1
        number = self.moves_made
        if dead > self.limit:
            if self.rules.failed_knock == "reject":
                self.moves_made -= 1
                if self.limit == 0:
                    raise IllegalMoveError("knock_only_gin", {
                        "player": name, "deadwood": dead, "upcard": self.upcard_text})
                raise IllegalMoveError("knock_over_limit", {
                    "player": name, "deadwood": dead, "limit": self.limit,
                    "upcard": self.upcard_text})
            # The seed's failed knock: cards back, the face-down card turned up, the
            # opponent continues.
            self.hands[seat] = hand
            self.discard.append(card)
            self.failed_knocks.append(number)
            self._end_turn()
            allowed = ("only gin is allowed" if self.limit == 0
                       else f"the limit is {self.limit}")
            return (f"{name} knocks with {CARD_TEXT[card]} face down but has {dead} deadwood "
                    f"({allowed}): the knock fails and {CARD_TEXT[card]} is turned up")
        self.hands[seat] = hand
        self.knocker = seat
        self.knock_move = number
        self.knock_melds = melds
        self.knock_deadwood = dead
        self.knock_dead_mask = dead_mask
        self.gin = dead == 0
        self.phase = KNOCKED
        self.turn = 1 - seat
        self.end_move = number
        shown = " ".join(meld_text(meld) for meld in melds) or "no melds"
        if self.gin:
            return f"{name} goes gin, discarding {CARD_TEXT[card]} face down: {shown}"
        return (f"{name} knocks, discarding {CARD_TEXT[card]} face down: {shown}; deadwood "
                f"{dead} ({format_mask(dead_mask)})")

    def _lay(self, move: Move, name: str) -> str:
        seat = self.turn
        hand = self.hands[seat]
        knocker = self.names[self.knocker]
        if self.gin and move.offs:
            raise IllegalMoveError("gin_layoff_against_gin", {
                "player": name, "card": [CARD_TEXT[card] for card, _number in move.offs],
                "knocker": knocker})
        melds = (self._stated_melds(move.melds, hand, name) if move.melds is not None
                 else None)
        if move.offs is not None:
            used = 0
            for meld in melds or ():
                used |= meld
            per_meld: dict[int, int] = {}
            for card, number in move.offs:
                bit = BIT[card]
                if used & bit:
                    raise IllegalMoveError("gin_shows_twice", {"player": name,
                                                               "card": CARD_TEXT[card]})
                if not hand & bit:
                    raise IllegalMoveError("gin_layoff_not_held", {"player": name,
                                                                   "card": CARD_TEXT[card]})
                if not 1 <= number <= len(self.knock_melds):
                    raise IllegalMoveError("gin_layoff_no_meld", {
                        "player": name, "card": CARD_TEXT[card], "number": number,
                        "knocker": knocker, "count": len(self.knock_melds)})
                used |= bit
                per_meld[number] = per_meld.get(number, 0) | bit
            for card, number in move.offs:
                target = self.knock_melds[number - 1]
                if not is_meld(target | per_meld[number]):
                    raise IllegalMoveError("gin_layoff_does_not_fit", {
                        "player": name, "card": CARD_TEXT[card], "number": number,
                        "meld": [CARD_TEXT[c] for c in cards_of(target)]})
            laid = 0
            for mask in per_meld.values():
                laid |= mask
            layoffs = tuple((card, number) for card, number in move.offs)
            if melds is not None:
                rest = hand & ~laid
                for meld in melds:
                    rest &= ~meld
                defense = Defense(mask_value(rest), melds, layoffs, rest)
            else:
                dead, own, dead_mask = best_arrangement(hand & ~laid)
                defense = Defense(dead, own, layoffs, dead_mask)
        else:
            defense = best_defense(hand, self.knock_melds, fixed_melds=melds,
                                   allow_layoffs=not self.gin)
        self.defense = defense
        self.lay_stated = True
        self.moves_made += 1
        self.phase = OVER
        return self.describe_defense(name)

    def describe_defense(self, name: str) -> str:
        defense = self.defense
        assert defense is not None
        shown = " ".join(meld_text(meld) for meld in defense.melds) or "no melds"
        text = f"{name} lays {shown}"
        if defense.layoffs:
            text += ", lays off " + ", ".join(f"{CARD_TEXT[card]} onto meld {number}"
                                             for card, number in defense.layoffs)
        return text + f"; deadwood {defense.deadwood}" + (
            f" ({format_mask(defense.deadwood_mask)})" if defense.deadwood_mask else "")

    def settle(self) -> None:
        """After a knock without a recorded lay: the defender's best showing."""
        if self.phase == KNOCKED and self.defense is None:
            self.defense = best_defense(self.hands[1 - self.knocker], self.knock_melds,
                                        allow_layoffs=not self.gin)

    def deadwoods(self) -> tuple[int, int]:
        """Both deadwood counts after lay-offs (knocked games only)."""
        self.settle()
        assert self.defense is not None
        out = [0, 0]
        out[self.knocker] = self.knock_deadwood
        out[1 - self.knocker] = self.defense.deadwood
        return out[0], out[1]
