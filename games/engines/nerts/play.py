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
from ..errors import IllegalMoveError, InvalidLogError
from .cards import COLOUR, Face, NCard, face_of, rank_word, suit_name
from .moves import Action, Call, End, Move, Over, Play, Reset, Turn
from .state import Deck, Foundation, Hand, Placed

Value = tuple[int, bool] | None  # (rank, is red) as a work pile sees a card; None: a free joker


def deck_label(hand: Hand, name: str) -> str:
    """How messages name a deck: the player, or ``team Nord``."""
    return f"team {name}" if hand.rules.partnerships else name


def apply(hand: Hand, action: Action) -> dict[str, Any]:
    """Check ``action`` and make it; return its account for the match page.

    Raises :class:`IllegalMoveError` (or :class:`InvalidLogError` for an unknown player or
    a broken order) without a location: the replay adds deal and move.
    """
    _check_order(hand, action)
    number = hand.moves + 1
    player = action.player
    if player is not None and player not in hand.deck_of:
        raise InvalidLogError(f"{player!r} does not play in this match (the players are "
                              f"{', '.join(hand.deck_of)})")
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
        raise InvalidLogError(f"seq {action.seq} does not follow seq {hand.last_seq}: the "
                              f"actions are listed in the order they happened")
    if action.t is not None and hand.last_t is not None and action.t < hand.last_t:
        raise InvalidLogError(f"t {action.t} is earlier than the action before it "
                              f"(t {hand.last_t})")


def _attempt(action: Action) -> str:
    """Who tried what, for a message: ``Bert cannot turn``, ``the table cannot reset``."""
    move = action.move
    if isinstance(move, Play):
        what = f"play {move.card}"
    elif isinstance(move, Turn):
        what = "turn"
    elif isinstance(move, Over):
        what = "turn the waste over"
    elif isinstance(move, Call):
        what = "call Nerts"
    elif isinstance(move, Reset):
        what = "reset"
    else:
        what = "end the hand"
    return f"{action.player or 'the table'} cannot {what}"


def _check_still_open(hand: Hand, action: Action) -> None:
    if hand.ended == "stuck":
        raise IllegalMoveError(f"{_attempt(action)}: the hand is over, play was stuck for "
                               f"good at move {hand.end_move}")
    if hand.caller is None:
        return
    called = f"{hand.caller} called Nerts at move {hand.call_move}"
    if not hand.rules.in_flight:
        raise IllegalMoveError(f"{_attempt(action)}: the hand is over, {called}")
    if not isinstance(action.move, Play):
        raise IllegalMoveError(f"{_attempt(action)}: the hand is over, {called}; only a card "
                               f"in the air may still be put down")
    player = action.player
    assert player is not None
    if player in hand.in_the_air:
        raise IllegalMoveError(f"{_attempt(action)}: {player} already put down the one card "
                               f"in the air (move {hand.in_the_air[player]}) after {called}")


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
            raise InvalidLogError(f"there is no deck {card.owner!r} at this table (the decks "
                                  f"are {', '.join(hand.decks)})")
        raise IllegalMoveError(f"{player} cannot touch {deck_label(hand, card.owner)}'s "
                               f"cards ({card})")
    deck = hand.decks[own]
    if card.joker and not hand.rules.jokers:
        raise InvalidLogError(f"there are no jokers in this game ({card}; rules.jokers is "
                              f"false)")
    where = _locate(deck, card)
    label = deck_label(hand, own)
    if where is None:
        for foundation in hand.foundations:
            if any(placed.card == card for placed in foundation.cards):
                raise IllegalMoveError(f"{player} cannot play {card}: it is already on "
                                       f"foundation {foundation.number}, and cards never "
                                       f"come back from the foundations")
        raise InvalidLogError(f"{card} is not a card of {label}'s deck")  # pragma: no cover
    place, pile_index, index = where
    if place == "stock":
        raise IllegalMoveError(f"{player} cannot play {card}: it is face down in {label}'s "
                               f"stock")
    if place in ("nerts", "waste"):
        pile = deck.nerts if place == "nerts" else deck.waste
        if index != len(pile) - 1:
            name = "Nerts pile" if place == "nerts" else "waste"
            raise IllegalMoveError(f"{player} cannot play {card}: it lies under {pile[-1]} "
                                   f"in {label}'s {name} (only the top card is free)")
    else:
        work = deck.work[pile_index]
        if index != len(work) - 1 and move.to == "F":
            raise IllegalMoveError(f"{player} cannot put {card} on a foundation: it lies "
                                   f"under {work[index + 1]} in pile {pile_index + 1} (only "
                                   f"the free card of a pile goes onto a foundation)")
        if index != len(work) - 1 and move.to == "under":
            raise IllegalMoveError(f"{player} cannot slide {card} under pile {move.pile}: "
                                   f"only one card slides under, and {work[index + 1]} lies "
                                   f"on it in pile {pile_index + 1}")
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


def build_reason(value: Value, top: NCard | None) -> str | None:
    """Why a card of ``value`` cannot go on ``top`` of a work pile (``None``: it can).

    >>> from .cards import parse_ncard
    >>> build_reason((8, True), parse_ncard("9D@Anna"))
    'both are red, and a work pile alternates colours'
    >>> build_reason((7, False), parse_ncard("9D@Anna"))
    'a work pile goes down by one, so only an 8 fits'
    >>> build_reason(None, parse_ncard("AS@Anna")) is None
    True
    """
    if top is None or value is None:
        return None
    rank, red = value
    if top.joker:
        return ("nothing ranks above a king, so a king cannot go on a joker" if rank == 13
                else None)
    if top.rank == 1:
        return "nothing goes on an ace in a work pile"
    if rank != top.rank - 1:
        return f"a work pile goes down by one, so only {rank_word(top.rank - 1)} fits"
    if red == top.is_red:
        return f"both are {COLOUR[red]}, and a work pile alternates colours"
    return None


def pile_reason(value: Value, pile: list[NCard]) -> str | None:
    """Why a card of ``value`` cannot go onto work pile ``pile`` (``None``: it can).

    Free jokers at the top of the pile take the values the card needs under it; the lowest
    of them must then fit on the real card below it (a joker stands for a card, so the pile
    stays a pile built down in alternating colours).

    >>> from .cards import parse_ncard
    >>> pile = [parse_ncard(c + "@Anna") for c in "9C X1".split()]
    >>> pile_reason((7, False), pile) is None      # X1 a red 8 on the 9C
    True
    >>> pile_reason((7, True), pile)  # doctest: +ELLIPSIS
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
        return f"{pile[-free]} under it would have to rank above a king"
    if free == len(pile):
        return None
    below = pile[-1 - free]
    lowest = (rank + free, red != (free % 2 == 1))
    reason = build_reason(lowest, below)
    if reason is None:
        return None
    return (f"{pile[-free]} would then stand for a {COLOUR[lowest[1]]} "
            f"{RANK_TEXT[lowest[0]]} on {below}: {reason}")


def _describe(card: NCard, value: Value) -> str:
    if card.joker and value is not None:
        return f"{card} (standing for a {COLOUR[value[1]]} {RANK_TEXT[value[0]]})"
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
        raise IllegalMoveError(f"{player} cannot move {card} to pile {move.pile}: it is "
                               f"already there")
    if move.to == "under":
        return _slide_under(hand, player, deck, where, move, number)
    pile = deck.work[where[1]] if where[0] == "work" else [card]
    index = where[2] if where[0] == "work" else 0
    value = work_value(pile, index)
    top = target[-1] if target else None
    reason = pile_reason(value, target)
    if reason:
        raise IllegalMoveError(f"{player} cannot put {_describe(card, value)} on {top} in "
                               f"pile {move.pile}: {reason}")
    moved = _take(deck, where)
    target.extend(moved)
    _card_moved(hand, card, number)
    return {"kind": "work", "card": str(card), "cards": [str(c) for c in moved],
            "from": _from_text(where), "to": f"work {move.pile}", "result": "played"}


def _slide_under(hand: Hand, player: str, deck: Deck, where: tuple[str, int, int],
                 move: Play, number: int) -> dict[str, Any]:
    card = move.card
    if not hand.rules.slide_under:
        raise IllegalMoveError(f"{player} cannot slide {card} under pile {move.pile}: "
                               f"sliding under is not allowed here (rules.slide_under is "
                               f"false)")
    assert move.pile is not None
    target = deck.work[move.pile - 1]
    if not target:
        raise IllegalMoveError(f"{player} cannot slide {card} under pile {move.pile}: the "
                               f"pile is empty (put the card on it: {card} > {move.pile})")
    base = target[0]
    if all(pile for pile in deck.work):
        raise IllegalMoveError(f"{player} cannot slide {card} under {base} in pile "
                               f"{move.pile}: sliding under needs an empty work pile")
    value = work_value(target, 0)
    reason = build_reason(value, card)
    if reason:
        raise IllegalMoveError(f"{player} cannot slide {card} under "
                               f"{_describe(base, value)} in pile {move.pile}: {reason}")
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
            raise IllegalMoveError(f"{player} must announce the card {card} stands for before "
                                   f"it goes onto a foundation (e.g. {card} > F =8H)")
        rank, suit = move.announce.rank, move.announce.suit
    else:
        if move.announce is not None:
            raise IllegalMoveError(f"{player} cannot announce {card} as "
                                   f"{move.announce}: only a joker is announced")
        rank, suit = card.rank, card.suit
    shown = f"{card} (as {RANK_TEXT[rank]}{suit})" if card.joker else str(card)
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
            raise IllegalMoveError(f"{player} cannot start foundation {move.pile} with "
                                   f"{shown}: only an ace starts a foundation")
    elif not 1 <= move.pile <= count:
        raise IllegalMoveError(f"{player} cannot put {shown} on foundation {move.pile}: there "
                               f"is no such foundation (there are {count}; an ace starts "
                               f"F{count + 1})")
    else:
        foundation = hand.foundations[move.pile - 1]
        top = foundation.top
        if rank == 1:
            raise IllegalMoveError(f"{player} cannot put {shown} on foundation {move.pile}: "
                                   f"an ace starts a new foundation (F{count + 1})")
        if foundation.suit != suit:
            raise IllegalMoveError(f"{player} cannot put {shown} on foundation {move.pile}: "
                                   f"it is built in {suit_name(foundation.suit)} (top "
                                   f"{top.card})")
        if top.rank != rank - 1:
            return _void_or_tie(hand, player, deck, where, move, shown, rank, suit, tie,
                                number, foundation)
    if tie:
        raise IllegalMoveError(f"{player} marks a tie, but {shown} is not late: "
                               f"{_where_it_goes(foundation, count)} takes it")
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


def _where_it_goes(foundation: Foundation | None, count: int) -> str:
    return f"foundation {foundation.number}" if foundation else f"a new foundation F{count + 1}"


def _auto_conflict(hand: Hand, player: str, rank: int, suit: str) -> Foundation | None:
    """For ``> F``: the foundation where another player's card of this value already lies
    (the one where it is the top first, so that a tie can stand)."""
    holding = [f for f in hand.foundations if f.suit == suit
               and any(p.rank == rank and p.player != player for p in f.cards)]
    holding.sort(key=lambda f: f.top.rank != rank)
    return holding[0] if holding else None


def _void_or_tie(hand: Hand, player: str, deck: Deck, where: tuple[str, int, int], move: Play,
                 shown: str, rank: int, suit: str, tie: bool, number: int,
                 foundation: Foundation | None) -> dict[str, Any]:
    """The card does not fit: void if another player was first with this value, else illegal."""
    card = move.card
    earlier = None
    if foundation is not None:
        earlier = next((p for p in foundation.cards if p.rank == rank and p.player != player),
                       None)
    if earlier is None:
        if foundation is not None and foundation.complete:
            raise IllegalMoveError(f"{player} cannot put {shown} on foundation "
                                   f"{foundation.number}: it is complete (top "
                                   f"{foundation.top.card})")
        if foundation is not None:
            needed = f"{RANK_TEXT[foundation.top.rank + 1]}{foundation.suit}"
            raise IllegalMoveError(f"{player} cannot put {shown} on foundation "
                                   f"{foundation.number}: it needs {needed} next (top "
                                   f"{foundation.top.card})")
        same = [f for f in hand.foundations if f.suit == suit and not f.complete]
        if not same:
            raise IllegalMoveError(f"{player} cannot put {shown} on a foundation: no "
                                   f"{suit_name(suit)} foundation takes it (only an ace "
                                   f"starts one)")
        needs = ", ".join(f"{RANK_TEXT[f.top.rank + 1]}{suit} (F{f.number})" for f in same)
        raise IllegalMoveError(f"{player} cannot put {shown} on a foundation: the "
                               f"{suit_name(suit)} foundations need {needs}")
    assert foundation is not None
    if tie:
        if not hand.rules.ties_stand:
            raise IllegalMoveError(f"{player} marks a tie, but ties do not stand here "
                                   f"(rules.ties_stand is false): leave the mark out and "
                                   f"{shown} is void")
        top = foundation.top
        if top.rank != rank or top.player == player:
            raise IllegalMoveError(f"{player} marks a tie, but a tie is only with the top "
                                   f"card of foundation {foundation.number}, and that is "
                                   f"{top.card}")
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
    label = deck_label(hand, deck.name)
    if not deck.stock:
        if deck.waste:
            raise IllegalMoveError(f"{player} cannot turn: {label}'s stock is empty (turn the "
                                   f"waste over first: over)")
        raise IllegalMoveError(f"{player} cannot turn: {label}'s stock and waste are empty")
    count = min(hand.rules.draw, len(deck.stock))
    packet = deck.stock[-count:]  # bottom to top; packet[-1] is the stock's top card
    # Kept order: the packet is turned over as a block, so the stock's top card lands at the
    # bottom and the packet's bottom card becomes the waste top. Reversed: the other way.
    landing = list(reversed(packet)) if hand.rules.draw_order == "kept" else packet
    if move.cards is not None and list(move.cards) != [face_of(c) for c in landing]:
        named = " ".join(str(face) for face in move.cards)
        actual = " ".join(c.face for c in landing)
        raise IllegalMoveError(f"{player} turns {named}, but {label}'s stock gives {actual}")
    del deck.stock[-count:]
    deck.waste.extend(landing)
    deck.turned += count
    return {"kind": "turn", "cards": [str(c) for c in landing], "stock_left": len(deck.stock)}


def _over(hand: Hand, player: str) -> dict[str, Any]:
    deck = hand.decks[hand.deck_of[player]]
    label = deck_label(hand, deck.name)
    if deck.stock:
        left = len(deck.stock)
        raise IllegalMoveError(f"{player} cannot turn the waste over while {left} "
                               f"card{'s' if left > 1 else ''} remain{'' if left > 1 else 's'} "
                               f"in {label}'s stock (turn them onto the waste first)")
    if not deck.waste:
        raise IllegalMoveError(f"{player} cannot turn the waste over: {label}'s waste is empty")
    deck.stock = list(reversed(deck.waste))  # the first card turned is on top again
    deck.waste = []
    return {"kind": "over", "stock_left": len(deck.stock)}


def _call(hand: Hand, player: str, number: int) -> dict[str, Any]:
    deck = hand.decks[hand.deck_of[player]]
    if deck.nerts:
        left = len(deck.nerts)
        raise IllegalMoveError(f"{player} cannot call Nerts with {left} "
                               f"card{'s' if left > 1 else ''} left in "
                               f"{deck_label(hand, deck.name)}'s Nerts pile (top "
                               f"{deck.nerts[-1]})")
    hand.caller = player
    hand.call_move = number
    hand.ended = "call"
    hand.end_move = number
    return {"kind": "nerts"}


def _not_passed(hand: Hand) -> list[str]:
    return [deck_label(hand, deck.name) for deck in hand.decks.values() if not deck.passed]


def _blocked_reason(hand: Hand) -> str | None:
    waiting = _not_passed(hand)
    if not waiting:
        return None
    since = (f" (move {hand.last_card_move}, {hand.last_card})" if hand.last_card_move
             else "")
    who = (", ".join(waiting[:-1]) + " and " + waiting[-1]) if len(waiting) > 1 else waiting[0]
    return (f"{who} {'have' if len(waiting) > 1 else 'has'} not turned through the whole "
            f"stock since the last card was played{since}")


def _reset(hand: Hand, number: int) -> dict[str, Any]:
    if hand.rules.blocked == "pass":
        reason = _blocked_reason(hand)
        if reason:
            raise IllegalMoveError(f"the table cannot reset yet: {reason}")
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
            raise IllegalMoveError("play is not stuck for good: there has been no reset in "
                                   "this hand yet (when all are blocked, the table resets)")
        assert hand.last_reset_move is not None
        if hand.last_card_move and hand.last_card_move > hand.last_reset_move:
            raise IllegalMoveError(f"play is not stuck for good: {hand.last_card} was played "
                                   f"at move {hand.last_card_move}, after the last reset "
                                   f"(move {hand.last_reset_move})")
        reason = _blocked_reason(hand)
        if reason:
            raise IllegalMoveError(f"play is not stuck for good: {reason}")
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
