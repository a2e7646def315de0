"""The checking rules of a hand: :func:`apply` one action, :func:`legal_moves` of the table.

Play is simultaneous; the log lists the actions in the order they happened (``seq``) and
the engine applies them one after the other. When a card goes onto a foundation that
already holds a card of that value put there by another player, the later card is *void*:
it goes back where it came from (RULES-NOTES, seed: "die zuerst gespielte Karte bleibt
liegen"), unless the action is marked as a tie (then both stay: seed, "dann bleiben beide
Karten liegen").

>>> from .rules import NertsRules
>>> from .moves import parse_action
>>> from .state import new_hand
>>> from .cards import parse_ncard
>>> def cards(text): return [parse_ncard(c + "@Anna") for c in text.split()]
>>> layout = {"nerts": cards("AH 5C 6C 7C 8C 9C 10C JC QC KC AS 2S 3S"),
...           "work": cards("2H 3H 4H 5H"), "stock": cards("6H 7H 8H 9H 10H JH QH KH "
...           "AC 2C 3C 4C 4S 5S 6S 7S 8S 9S 10S JS QS KS AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD "
...           "QD KD")}
>>> hand = new_hand(NertsRules(), {"Anna": layout}, {"Anna": "Anna"})
>>> apply(hand, parse_action({"seq": 1, "player": "Anna", "move": "AH@Anna > F"}))["to"]
'F1'
>>> apply(hand, parse_action({"seq": 2, "player": "Anna", "move": "3H@Anna > F1"}))
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
games.engines.errors.IllegalMoveError: Anna cannot put 3H@Anna on foundation 1: it needs 2H next...
"""

from __future__ import annotations

from typing import Any

from ..cards import RANK_TEXT
from ..errors import IllegalMoveError, InvalidLogError, shown
from ..messages import message
from .cards import Face, NCard, face_of, suit_words
from .moves import Action, Call, End, Move, Over, Play, Reset, Turn
from .state import Deck, Foundation, Hand, Placed

Value = tuple[int, bool] | None  # (rank, is red) as a work pile sees a card; None: a free joker


def deck_label(hand: Hand, name: str) -> str | dict[str, Any]:
    """How messages name a deck: the player, or ``team Nord`` (a message)."""
    return message("nerts_team", name=name) if hand.rules.partnerships else name


def apply(hand: Hand, action: Action) -> dict[str, Any]:
    """Check ``action`` and make it; return its account for the match page.

    Raises :class:`IllegalMoveError` (or :class:`InvalidLogError` for an unknown player or
    a broken order) without a location: the replay adds deal and move.
    """
    _check_order(hand, action)
    number = hand.moves + 1
    player = action.player
    if player is not None and player not in hand.deck_of:
        raise InvalidLogError("nerts_not_playing", {"value": shown(player),
                                                    "players": list(hand.deck_of)})
    move = action.move
    _check_still_open(hand, action)
    entry: dict[str, Any] = {"number": number, "seq": action.seq, "player": player,
                             "deck": hand.deck_of[player] if player is not None else None,
                             "move": move.text()}
    if action.t is not None:
        entry["t"] = action.t
    if isinstance(move, Play):
        assert player is not None
        entry.update(_play(hand, player, move, action.tie, number))
        if hand.caller is not None:
            hand.in_the_air[player] = number
    elif isinstance(move, Turn):
        assert player is not None
        entry.update(_turn(hand, player, move))
    elif isinstance(move, Over):
        assert player is not None
        entry.update(_over(hand, player))
    elif isinstance(move, Call):
        assert player is not None
        entry.update(_call(hand, player, number))
    elif isinstance(move, Reset):
        entry.update(_reset(hand, number))
    else:
        entry.update(_end(hand, number))
    hand.moves = number
    hand.last_seq = action.seq
    if action.t is not None:
        hand.last_t = action.t
    return entry


def _check_order(hand: Hand, action: Action) -> None:
    if hand.last_seq is not None and action.seq <= hand.last_seq:
        raise InvalidLogError("nerts_seq_order", {"seq": action.seq, "last": hand.last_seq})
    if action.t is not None and hand.last_t is not None and action.t < hand.last_t:
        raise InvalidLogError("nerts_time_order", {"t": action.t, "last": hand.last_t})


def _attempt(action: Action) -> dict[str, Any]:
    """Who tried what (a message): ``Bert cannot turn``, ``the table cannot reset``."""
    move = action.move
    who: str | dict[str, Any] = action.player or message("nerts_the_table")
    if isinstance(move, Play):
        return message("nerts_attempt_play", player=who, card=str(move.card))
    if isinstance(move, Turn):
        return message("nerts_attempt_turn", player=who)
    if isinstance(move, Over):
        return message("nerts_attempt_over", player=who)
    if isinstance(move, Call):
        return message("nerts_attempt_call", player=who)
    if isinstance(move, Reset):
        return message("nerts_attempt_reset", player=who)
    return message("nerts_attempt_end", player=who)


def _check_still_open(hand: Hand, action: Action) -> None:
    if hand.ended == "stuck":
        raise IllegalMoveError("nerts_over_stuck", {"attempt": _attempt(action),
                                                    "number": hand.end_move})
    if hand.caller is None:
        return
    called = {"attempt": _attempt(action), "caller": hand.caller, "number": hand.call_move}
    if not hand.rules.in_flight:
        raise IllegalMoveError("nerts_over_called", called)
    if not isinstance(action.move, Play):
        raise IllegalMoveError("nerts_over_called_air", called)
    player = action.player
    assert player is not None
    if player in hand.in_the_air:
        raise IllegalMoveError("nerts_air_once", {**called, "player": player,
                                                  "air": hand.in_the_air[player]})


# --- card moves --------------------------------------------------------------------------

def _locate(deck: Deck, card: NCard) -> tuple[str, int, int] | None:
    """Where a card lies in front of its player: (place, work pile index, index)."""
    for place, pile in (("nerts", deck.nerts), ("waste", deck.waste), ("stock", deck.stock)):
        if card in pile:
            return place, 0, pile.index(card)
    for number, pile in enumerate(deck.work):
        if card in pile:
            return "work", number, pile.index(card)
    return None


def _source(hand: Hand, player: str, card: NCard, move: Play) -> tuple[str, int, int]:
    """Check that ``player`` may take ``card`` for ``move``; return where it lies."""
    own = hand.deck_of[player]
    if card.owner != own:
        if card.owner not in hand.decks:
            raise InvalidLogError("nerts_no_deck", {"value": shown(card.owner),
                                                    "decks": list(hand.decks)})
        raise IllegalMoveError("nerts_touch", {"player": player,
                                               "deck": deck_label(hand, card.owner),
                                               "card": str(card)})
    deck = hand.decks[own]
    if card.joker and not hand.rules.jokers:
        raise InvalidLogError("nerts_no_jokers", {"card": str(card)})
    where = _locate(deck, card)

    def params(**extra: Any) -> dict[str, Any]:  # built only for a refusal
        return {"player": player, "card": str(card), "deck": deck_label(hand, own), **extra}

    if where is None:
        # Every card of the deck is in front of its player or on a foundation.
        foundation = next(f for f in hand.foundations
                          if any(placed.card == card for placed in f.cards))
        raise IllegalMoveError("nerts_on_foundation", params(number=foundation.number))
    place, pile_index, index = where
    if place == "stock":
        raise IllegalMoveError("nerts_face_down", params())
    if place in ("nerts", "waste"):
        pile = deck.nerts if place == "nerts" else deck.waste
        if index != len(pile) - 1:
            raise IllegalMoveError("nerts_under_nerts" if place == "nerts"
                                   else "nerts_under_waste", params(top_card=str(pile[-1])))
    else:
        work = deck.work[pile_index]
        if index != len(work) - 1 and move.to == "F":
            raise IllegalMoveError("nerts_not_free", params(top_card=str(work[index + 1]),
                                                            pile=pile_index + 1))
        if index != len(work) - 1 and move.to == "under":
            raise IllegalMoveError("nerts_slide_one", params(target=move.pile,
                                                             top_card=str(work[index + 1]),
                                                             pile=pile_index + 1))
    return where


def _take(deck: Deck, where: tuple[str, int, int]) -> list[NCard]:
    """Remove the card (and, in a work pile, the cards on it) from where it lies."""
    place, pile_index, index = where
    if place == "nerts":
        pile = deck.nerts
    elif place == "waste":
        pile = deck.waste
    else:
        pile = deck.work[pile_index]
    moved = pile[index:]
    del pile[index:]
    return moved


def _from_text(where: tuple[str, int, int]) -> str:
    return f"work {where[1] + 1}" if where[0] == "work" else where[0]


def work_value(pile: list[NCard], index: int) -> Value:
    """A work-pile card's value: a joker is free until a real card lies above it, then it
    stands for what that card needs under it: one rank higher in the other colour for each
    card between them (seed, Varianten: Joker: "dann liegt der Wert und die Farbe des
    Jokers fest").

    >>> from .cards import parse_ncard
    >>> pile = [parse_ncard(c + "@Anna") for c in "X1 X2 5H".split()]
    >>> work_value(pile, 1), work_value(pile, 0), work_value(pile[:2], 0)
    ((6, False), (7, True), None)
    """
    card = pile[index]
    if not card.joker:
        return card.rank, card.is_red
    for above in range(index + 1, len(pile)):
        real = pile[above]
        if not real.joker:
            steps = above - index
            return real.rank + steps, real.is_red != (steps % 2 == 1)
    return None


def build_reason(value: Value, top: NCard | None) -> dict[str, Any] | None:
    """Why a card of ``value`` cannot go on ``top`` of a work pile (a message; ``None``: it
    can).

    >>> from .cards import parse_ncard
    >>> build_reason((8, True), parse_ncard("9D@Anna"))
    {'code': 'nerts_both_red', 'params': {}}
    >>> build_reason((7, False), parse_ncard("9D@Anna"))["params"]
    {'rank_word': {'code': 'nerts_rank_8', 'params': {}}}
    >>> build_reason(None, parse_ncard("AS@Anna")) is None
    True
    """
    if top is None or value is None:
        return None
    rank, red = value
    if top.joker:
        return message("nerts_above_king") if rank == 13 else None
    if top.rank == 1:
        return message("nerts_on_ace")
    if rank != top.rank - 1:
        return message("nerts_down_by_one", rank_word=message(f"nerts_rank_{top.rank - 1}"))
    if red == top.is_red:
        return message("nerts_both_red" if red else "nerts_both_black")
    return None


def pile_reason(value: Value, pile: list[NCard]) -> dict[str, Any] | None:
    """Why a card of ``value`` cannot go onto work pile ``pile`` (a message; ``None``: it
    can).

    Free jokers at the top of the pile take the values the card needs under it; the lowest
    of them must then fit on the real card below it (a joker stands for a card, so the pile
    stays a pile built down in alternating colours).

    >>> from .cards import parse_ncard
    >>> from ..messages import render
    >>> pile = [parse_ncard(c + "@Anna") for c in "9C X1".split()]
    >>> pile_reason((7, False), pile) is None      # X1 a red 8 on the 9C
    True
    >>> reason = pile_reason((7, True), pile)
    >>> render(reason["code"], reason["params"])  # doctest: +ELLIPSIS
    'X1@Anna would then stand for a black 8 on 9C@Anna: both are black, and a work pile...'
    >>> pile_reason((7, False), pile[1:]) is None
    True
    """
    if not pile or value is None:
        return None
    top = pile[-1]
    if not top.joker:
        return build_reason(value, top)
    free = 0
    while free < len(pile) and pile[-1 - free].joker:
        free += 1
    rank, red = value
    if rank + free > 13:
        if free == 1:
            return build_reason(value, top)
        return message("nerts_joker_above_king", card=str(pile[-free]))
    if free == len(pile):
        return None
    below = pile[-1 - free]
    lowest = (rank + free, red != (free % 2 == 1))
    reason = build_reason(lowest, below)
    if reason is None:
        return None
    return message("nerts_joker_would_stand", card=str(pile[-free]),
                   value=_value_words(lowest), below_card=str(below), reason=reason)


def _value_words(value: tuple[int, bool]) -> dict[str, Any]:
    """``a black 8``: the value a joker stands for (a message)."""
    return message("nerts_red_rank" if value[1] else "nerts_black_rank",
                   rank=RANK_TEXT[value[0]])


def _describe(card: NCard, value: Value) -> str | dict[str, Any]:
    if card.joker and value is not None:
        return message("nerts_joker_standing", card=str(card), value=_value_words(value))
    return str(card)


def _play(hand: Hand, player: str, move: Play, tie: bool, number: int) -> dict[str, Any]:
    card = move.card
    where = _source(hand, player, card, move)
    deck = hand.decks[hand.deck_of[player]]
    if move.to == "F":
        return _to_foundation(hand, player, deck, where, move, tie, number)
    assert move.pile is not None
    target = deck.work[move.pile - 1]
    if where[0] == "work" and where[1] == move.pile - 1:
        raise IllegalMoveError("nerts_same_pile", {"player": player, "card": str(card),
                                                   "pile": move.pile})
    if move.to == "under":
        return _slide_under(hand, player, deck, where, move, number)
    pile = deck.work[where[1]] if where[0] == "work" else [card]
    index = where[2] if where[0] == "work" else 0
    value = work_value(pile, index)
    top = target[-1] if target else None
    reason = pile_reason(value, target)
    if reason:
        raise IllegalMoveError("nerts_work_build", {
            "player": player, "card": _describe(card, value), "top_card": str(top),
            "pile": move.pile, "reason": reason})
    moved = _take(deck, where)
    target.extend(moved)
    _card_moved(hand, card, number)
    return {"kind": "work", "card": str(card), "cards": [str(c) for c in moved],
            "from": _from_text(where), "to": f"work {move.pile}", "result": "played"}


def _slide_under(hand: Hand, player: str, deck: Deck, where: tuple[str, int, int],
                 move: Play, number: int) -> dict[str, Any]:
    card = move.card
    if not hand.rules.slide_under:
        raise IllegalMoveError("nerts_slide_off", {"player": player, "card": str(card),
                                                   "pile": move.pile})
    assert move.pile is not None
    target = deck.work[move.pile - 1]
    if not target:
        raise IllegalMoveError("nerts_slide_empty", {"player": player, "card": str(card),
                                                     "pile": move.pile,
                                                     "notation": f"{card} > {move.pile}"})
    base = target[0]
    if all(pile for pile in deck.work):
        raise IllegalMoveError("nerts_slide_needs_empty", {
            "player": player, "card": str(card), "base_card": str(base), "pile": move.pile})
    value = work_value(target, 0)
    reason = build_reason(value, card)
    if reason:
        raise IllegalMoveError("nerts_slide_build", {
            "player": player, "card": str(card), "base_card": _describe(base, value),
            "pile": move.pile, "reason": reason})
    _take(deck, where)
    target.insert(0, card)
    _card_moved(hand, card, number)
    return {"kind": "under", "card": str(card), "cards": [str(card)],
            "from": _from_text(where), "to": f"under {move.pile}", "result": "played"}


def _to_foundation(hand: Hand, player: str, deck: Deck, where: tuple[str, int, int],
                   move: Play, tie: bool, number: int) -> dict[str, Any]:
    card = move.card
    if card.joker:
        if move.announce is None:
            raise IllegalMoveError("nerts_announce_first", {
                "player": player, "card": str(card), "notation": f"{card} > F =8H"})
        rank, suit = move.announce.rank, move.announce.suit
    else:
        if move.announce is not None:
            raise IllegalMoveError("nerts_announce_real", {
                "player": player, "card": str(card), "as_card": str(move.announce)})
        rank, suit = card.rank, card.suit
    shown: str | dict[str, Any] = (
        message("nerts_joker_as", card=str(card), as_card=f"{RANK_TEXT[rank]}{suit}")
        if card.joker else str(card))

    def said(**extra: Any) -> dict[str, Any]:  # built only for a refusal
        return {"player": player, "card": shown, "pile": move.pile, **extra}

    count = len(hand.foundations)
    foundation: Foundation | None = None
    if move.pile is None:
        if rank == 1:
            foundation = None
        else:
            foundation = next((f for f in hand.foundations if f.suit == suit
                               and f.top.rank == rank - 1), None)
            if foundation is None:
                return _void_or_tie(hand, player, deck, where, move, shown, rank, suit, tie,
                                    number, _auto_conflict(hand, player, rank, suit))
    elif move.pile == count + 1:
        if rank != 1:
            raise IllegalMoveError("nerts_ace_starts", said())
    elif not 1 <= move.pile <= count:
        raise IllegalMoveError("nerts_no_foundation", said(count=count, next=count + 1))
    else:
        foundation = hand.foundations[move.pile - 1]
        top = foundation.top
        if rank == 1:
            raise IllegalMoveError("nerts_ace_new_foundation", said(next=count + 1))
        if foundation.suit != suit:
            raise IllegalMoveError("nerts_foundation_suit", said(
                suit=suit_words(foundation.suit), top_card=str(top.card)))
        if top.rank != rank - 1:
            return _void_or_tie(hand, player, deck, where, move, shown, rank, suit, tie,
                                number, foundation)
    if tie:
        if foundation is None:
            raise IllegalMoveError("nerts_tie_not_late_new", said(pile=count + 1))
        raise IllegalMoveError("nerts_tie_not_late", said(pile=foundation.number))
    _take(deck, where)
    if foundation is None:
        foundation = Foundation(count + 1, suit)
        hand.foundations.append(foundation)
    foundation.cards.append(Placed(card, rank, suit, player, number))
    _card_moved(hand, card, number)
    entry: dict[str, Any] = {"kind": "foundation", "card": str(card), "cards": [str(card)],
                             "from": _from_text(where), "to": f"F{foundation.number}",
                             "result": "played"}
    if card.joker:
        entry["as"] = f"{RANK_TEXT[rank]}{suit}"
    return entry


def _auto_conflict(hand: Hand, player: str, rank: int, suit: str) -> Foundation | None:
    """For ``> F``: the foundation where another player's card of this value already lies
    (the one where it is the top first, so that a tie can stand)."""
    holding = [f for f in hand.foundations if f.suit == suit
               and any(p.rank == rank and p.player != player for p in f.cards)]
    holding.sort(key=lambda f: f.top.rank != rank)
    return holding[0] if holding else None


def _void_or_tie(hand: Hand, player: str, deck: Deck, where: tuple[str, int, int], move: Play,
                 shown: str | dict[str, Any], rank: int, suit: str, tie: bool, number: int,
                 foundation: Foundation | None) -> dict[str, Any]:
    """The card does not fit: void if another player was first with this value, else illegal."""
    card = move.card
    earlier = None
    if foundation is not None:
        earlier = next((p for p in foundation.cards if p.rank == rank and p.player != player),
                       None)
    if earlier is None:
        if foundation is not None:
            said = {"player": player, "card": shown, "pile": foundation.number,
                    "top_card": str(foundation.top.card)}
            if foundation.complete:
                raise IllegalMoveError("nerts_foundation_complete", said)
            raise IllegalMoveError("nerts_foundation_needs", {
                **said,
                "needed_card": f"{RANK_TEXT[foundation.top.rank + 1]}{foundation.suit}"})
        same = [f for f in hand.foundations if f.suit == suit and not f.complete]
        if not same:
            raise IllegalMoveError("nerts_no_suit_foundation", {
                "player": player, "card": shown, "suit": suit_words(suit)})
        needs = [message("nerts_needs_on", card=f"{RANK_TEXT[f.top.rank + 1]}{suit}",
                         pile=f.number) for f in same]
        raise IllegalMoveError("nerts_suit_foundations_need", {
            "player": player, "card": shown, "suit": suit_words(suit), "needs": needs})
    assert foundation is not None
    if tie:
        if not hand.rules.ties_stand:
            raise IllegalMoveError("nerts_ties_off", {"player": player, "card": shown})
        top = foundation.top
        if top.rank != rank or top.player == player:
            raise IllegalMoveError("nerts_tie_top_only", {
                "player": player, "pile": foundation.number, "top_card": str(top.card)})
        _take(deck, where)
        foundation.cards.append(Placed(card, rank, suit, player, number))
        _card_moved(hand, card, number)
        entry: dict[str, Any] = {"kind": "foundation", "card": str(card), "cards": [str(card)],
                                 "from": _from_text(where), "to": f"F{foundation.number}",
                                 "result": "tie", "with": str(top.card)}
        if card.joker:
            entry["as"] = f"{RANK_TEXT[rank]}{suit}"
        return entry
    # Void: the card goes back where it came from, so the table does not change at all.
    void: dict[str, Any] = {
        "kind": "foundation", "card": str(card), "cards": [str(card)],
        "from": _from_text(where), "to": f"F{foundation.number}", "result": "void",
        "reason": f"{earlier.player} was first with {earlier.card} (move {earlier.move})",
        "first": {"player": earlier.player, "card": str(earlier.card), "move": earlier.move}}
    if card.joker:
        void["as"] = f"{RANK_TEXT[rank]}{suit}"
    return void


def _card_moved(hand: Hand, card: NCard, number: int) -> None:
    hand.last_card_move = number
    hand.last_card = str(card)
    for deck in hand.decks.values():
        deck.turned = 0


# --- stock, call, reset, end ---------------------------------------------------------

def _turn(hand: Hand, player: str, move: Turn) -> dict[str, Any]:
    deck = hand.decks[hand.deck_of[player]]
    if not deck.stock:
        raise IllegalMoveError("nerts_turn_stock_empty" if deck.waste
                               else "nerts_turn_all_empty",
                               {"player": player, "deck": deck_label(hand, deck.name)})
    count = min(hand.rules.draw, len(deck.stock))
    packet = deck.stock[-count:]  # bottom to top; packet[-1] is the stock's top card
    # Kept order: the packet is turned over as a block, so the stock's top card lands at the
    # bottom and the packet's bottom card becomes the waste top. Reversed: the other way.
    landing = list(reversed(packet)) if hand.rules.draw_order == "kept" else packet
    if move.cards is not None and list(move.cards) != [face_of(c) for c in landing]:
        raise IllegalMoveError("nerts_turn_named", {
            "player": player, "named_cards": [str(face) for face in move.cards],
            "deck": deck_label(hand, deck.name), "cards": [c.face for c in landing]})
    del deck.stock[-count:]
    deck.waste.extend(landing)
    deck.turned += count
    return {"kind": "turn", "cards": [str(c) for c in landing], "stock_left": len(deck.stock)}


def _over(hand: Hand, player: str) -> dict[str, Any]:
    deck = hand.decks[hand.deck_of[player]]
    label = deck_label(hand, deck.name)
    if deck.stock:
        left = len(deck.stock)
        raise IllegalMoveError("nerts_over_one_left" if left == 1 else "nerts_over_cards_left",
                               {"player": player, "count": left, "deck": label})
    if not deck.waste:
        raise IllegalMoveError("nerts_over_waste_empty", {"player": player, "deck": label})
    deck.stock = list(reversed(deck.waste))  # the first card turned is on top again
    deck.waste = []
    return {"kind": "over", "stock_left": len(deck.stock)}


def _call(hand: Hand, player: str, number: int) -> dict[str, Any]:
    deck = hand.decks[hand.deck_of[player]]
    if deck.nerts:
        left = len(deck.nerts)
        raise IllegalMoveError("nerts_call_one_left" if left == 1 else "nerts_call_cards_left",
                               {"player": player, "count": left,
                                "deck": deck_label(hand, deck.name),
                                "top_card": str(deck.nerts[-1])})
    hand.caller = player
    hand.call_move = number
    hand.ended = "call"
    hand.end_move = number
    return {"kind": "nerts"}


def _not_passed(hand: Hand) -> list[str | dict[str, Any]]:
    return [deck_label(hand, deck.name) for deck in hand.decks.values() if not deck.passed]


def _blocked_reason(hand: Hand) -> dict[str, Any] | None:
    """Who has not yet turned through the whole stock (a message; ``None``: all have)."""
    waiting = _not_passed(hand)
    if not waiting:
        return None
    since = {"number": hand.last_card_move, "card": hand.last_card} if hand.last_card_move \
        else {}
    suffix = "_since" if since else ""
    if len(waiting) == 1:
        return message("nerts_not_turned_one" + suffix, deck=waiting[0], **since)
    return message("nerts_not_turned_many" + suffix, decks=waiting[:-1], last=waiting[-1],
                   **since)


def _reset(hand: Hand, number: int) -> dict[str, Any]:
    if hand.rules.blocked == "pass":
        reason = _blocked_reason(hand)
        if reason:
            raise IllegalMoveError("nerts_reset_early", {"reason": reason})
    bottom: dict[str, str | None] = {}
    for deck in hand.decks.values():
        # The waste goes face down onto the stock (its first card on top), then the top
        # card of the stock goes to the bottom (seed: "schiebt dann die oberste Karte ...").
        deck.stock.extend(reversed(deck.waste))
        deck.waste = []
        moved = deck.stock.pop() if deck.stock else None
        if moved is not None:
            deck.stock.insert(0, moved)
        bottom[deck.name] = str(moved) if moved else None
        deck.turned = 0
    hand.resets += 1
    hand.last_reset_move = number
    return {"kind": "reset", "bottom": bottom}


def _end(hand: Hand, number: int) -> dict[str, Any]:
    if hand.rules.blocked == "pass":
        if not hand.resets:
            raise IllegalMoveError("nerts_not_stuck_no_reset")
        assert hand.last_reset_move is not None
        if hand.last_card_move and hand.last_card_move > hand.last_reset_move:
            raise IllegalMoveError("nerts_not_stuck_played", {
                "card": hand.last_card, "number": hand.last_card_move,
                "reset": hand.last_reset_move})
        reason = _blocked_reason(hand)
        if reason:
            raise IllegalMoveError("nerts_not_stuck", {"reason": reason})
    hand.ended = "stuck"
    hand.end_move = number
    return {"kind": "end"}


# --- legal moves -------------------------------------------------------------------------

def card_moves(hand: Hand, name: str) -> list[tuple[Play, str, int]]:
    """Every legal card move of deck ``name``: (move, source place, index in the source pile).

    Void plays are left out (they change nothing). Foundations are named by number.
    """
    deck = hand.decks[name]
    found: list[tuple[Play, str, int]] = []
    free: list[tuple[NCard, str, int, int]] = []  # card, place, work pile index, index
    if deck.nerts:
        free.append((deck.nerts[-1], "nerts", 0, len(deck.nerts) - 1))
    if deck.waste:
        free.append((deck.waste[-1], "waste", 0, len(deck.waste) - 1))
    for number, pile in enumerate(deck.work):
        if pile:
            free.append((pile[-1], "work", number, len(pile) - 1))
    count = len(hand.foundations)
    open_tops = [f for f in hand.foundations if not f.complete]
    for card, place, _pile_index, index in free:
        if card.joker:
            for f in open_tops:
                found.append((Play(card, "F", f.number, Face(f.top.rank + 1, f.suit)),
                              place, index))
            for suit in ("C", "S", "H", "D"):
                found.append((Play(card, "F", count + 1, Face(1, suit)), place, index))
        elif card.rank == 1:
            found.append((Play(card, "F", count + 1), place, index))
        else:
            for f in open_tops:
                if f.suit == card.suit and f.top.rank == card.rank - 1:
                    found.append((Play(card, "F", f.number), place, index))
    sources: list[tuple[list[NCard], int, str, int]] = []  # pile, index, place, work index
    if deck.nerts:
        sources.append(([deck.nerts[-1]], 0, "nerts", -1))
    if deck.waste:
        sources.append(([deck.waste[-1]], 0, "waste", -1))
    for number, pile in enumerate(deck.work):
        for index in range(len(pile)):
            sources.append((pile, index, "work", number))
    for pile, index, place, source_pile in sources:
        value = work_value(pile, index)
        for number, target in enumerate(deck.work):
            if number == source_pile or (not target and place == "work" and index == 0):
                continue  # moving a whole pile to an empty pile changes nothing
            if pile_reason(value, target) is None:
                found.append((Play(pile[index], "work", number + 1), place, index))
    if hand.rules.slide_under and not all(deck.work):
        for card, place, pile_index, index in free:
            for number, target in enumerate(deck.work):
                if not target or (place == "work" and pile_index == number):
                    continue
                if build_reason(work_value(target, 0), card) is None:
                    found.append((Play(card, "under", number + 1), place, index))
    return found


def deck_moves(hand: Hand, name: str) -> list[Move]:
    """Every legal move of one deck (card moves, turning, the call)."""
    if hand.ended is not None:
        return []
    deck = hand.decks[name]
    moves: list[Move] = [move for move, _place, _index in card_moves(hand, name)]
    if deck.stock:
        moves.append(Turn())
    elif deck.waste:
        moves.append(Over())
    if not deck.nerts:
        moves.append(Call())
    return moves


def legal_moves(hand: Hand) -> list[tuple[str | None, Move]]:
    """Every legal action of the table as ``(player, move)``; table actions have no player.

    After a Nerts call only the cards in the air are left (one card move per player).
    """
    actions: list[tuple[str | None, Move]] = []
    if hand.ended == "stuck":
        return actions
    if hand.caller is not None:
        if not hand.rules.in_flight:
            return actions
        for player, name in hand.deck_of.items():
            if player not in hand.in_the_air:
                actions.extend((player, move) for move, _p, _i in card_moves(hand, name))
        return actions
    for player, name in hand.deck_of.items():
        actions.extend((player, move) for move in deck_moves(hand, name))
    blocked = hand.rules.blocked == "agreed" or not _not_passed(hand)
    if blocked:
        actions.append((None, Reset()))
        if hand.rules.blocked == "agreed" or (
                hand.resets and (hand.last_card_move or 0) < (hand.last_reset_move or 0)):
            actions.append((None, End()))
    return actions
