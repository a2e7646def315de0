"""One race: deal, preparation (Herz, Pik, Karo), bombs, tricks, tie-breaks, market picks.

:class:`Race` is the checking state machine: :meth:`Race.apply` takes one move and raises
:class:`~games.engines.errors.IllegalMoveError` (reason only; the replay adds deal, move and
field) when the rules do not allow it; :func:`legal_moves` lists what may come next.

The order inside a race (``docs/logs/rennen.md``):

1. deal: four market cards, then the hands (seat 1, then seat 2; the Pik player gets four);
2. Herzvorteil (optional): the opponent ``show``\\ s two cards, the Herz player ``take``\\ s
   one of them for one of his or ``keep``\\ s;
3. Pikvorteil: the Pik player ``discard``\\ s one card (it goes back into the stock);
4. Karo rule: both players ``karo`` any number of times, in any order;
5. bombs are found by the engine once preparation is over (the first ``play``, ``pick`` or
   ``tiebreak``); otherwise up to three ``play`` events, then ``tiebreak`` events for a tie;
6. the market ``pick``\\ s in the order the win gives (and ``attach`` moves when explicit).

>>> from games.engines.cards import parse_cards
>>> from games.engines.rennen.game import GameState
>>> from games.engines.rennen.moves import parse_move
>>> from games.engines.rennen.rules import RennenRules
>>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
>>> race = Race(game, market=parse_cards("AH QD 10C 9H"),
...             hands=[parse_cards("AC 9S KC"), parse_cards("AS 10S JH")])
>>> for text in ["play AC AS", "play 9S 10S", "play KC JH"]:
...     race.apply(parse_move(text, game.players))
>>> race.tricks, race.phase
([1, 1], 'tiebreak')
>>> race.apply(parse_move("tiebreak KS 9C", game.players))
>>> race.winner, race.win, race.pick_order
(0, 'simple', (1, 0, 0))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..errors import IllegalMoveError, InvalidLogError
from .deck import (
    KARO,
    RANK_PLURAL,
    ROW_SUITS,
    SUIT_NAME,
    bomb_rank,
    cards_text,
    strength,
)
from .game import END_NO_TIEBREAK, GameState
from .moves import (
    Attach,
    Discard,
    KaroSwap,
    Keep,
    Move,
    Pick,
    Play,
    Show,
    Take,
    Tiebreak,
)
from .scoring import (
    SIMPLE,
    ULTIMATE,
    AttachFact,
    PickFact,
    RaceFacts,
    attach_card,
    attach_problem,
    pick_order,
    take_card,
)

HERZ, TAKE, PIK, KARO_PHASE, PLAY, TIEBREAK, PICK, PICKED, OVER = (
    "herz", "take", "pik", "karo", "play", "tiebreak", "pick", "picked", "over")
PREPARATION = (HERZ, TAKE, PIK, KARO_PHASE)


class Race:
    """A race in progress (mutable; the game it belongs to is changed by the picks)."""

    def __init__(self, game: GameState, *, market: Sequence[Card] | None = None,
                 hands: Sequence[Sequence[Card]] | None = None, prefix: str = "") -> None:
        self.game = game
        self.rules = game.rules
        self.players = game.players
        self.number = game.races + 1
        self.label = f"game {game.number} race {self.number}"
        self.stock_at_start = len(game.stock)
        self.hand_size, self.shortage, advantages, self.lapsed = game.race_conditions()
        self.advantages = advantages
        self.kreuz = advantages["C"]
        self.herz = advantages["H"]
        self.pik = advantages["S"]
        sizes = [self.hand_size + (1 if self.pik == seat else 0) for seat in (0, 1)]
        self._deal(market, hands, sizes, prefix)
        self.market_dealt = list(self.market)
        self.dealt = [list(hand) for hand in self.hands]
        self.events: list[dict[str, Any]] = []
        self.shown: tuple[Card, Card] | None = None
        self.herz_used = False
        self.discarded: Card | None = None
        self.karo: list[list[Card]] = [[], []]
        self.ready: list[list[Card]] | None = None
        self.bombs: list[int | None] = [None, None]
        self.plays: list[dict[str, Any]] = []
        self.tricks = [0, 0]
        self.tiebreaks: list[dict[str, Any]] = []
        self.played: list[Card] = []  # trick and tie-break cards, for a reshuffle
        self.winner: int | None = None
        self.win: str | None = None
        self.decided_by: str | None = None
        self.pick_order: tuple[int, ...] = ()
        self.picks: list[PickFact] = []
        self.pick_detail: list[dict[str, Any]] = []
        self.attaches: list[AttachFact] = []
        self.ended_game = False
        self.finished = False
        if self.herz is not None:
            self.phase = HERZ
        elif self.pik is not None:
            self.phase = PIK
        else:
            self.phase = KARO_PHASE

    # -- the deal --------------------------------------------------------------------------

    def _deal(self, market: Sequence[Card] | None, hands: Sequence[Sequence[Card]] | None,
              sizes: list[int], prefix: str) -> None:
        game = self.game
        why = [self._size_reason(seat, sizes[seat]) for seat in (0, 1)]
        if market is not None and len(market) != 4:
            raise InvalidLogError(f"the market is 4 cards, not {len(market)}",
                                  field=f"{prefix}market")
        if hands is not None:
            for seat in (0, 1):
                if len(hands[seat]) != sizes[seat]:
                    raise InvalidLogError(
                        f"{self.players[seat]} is dealt {sizes[seat]} cards this race "
                        f"({why[seat]}), not {len(hands[seat])}",
                        field=f"{prefix}hands.{self.players[seat]}")
        if game.seed is not None:
            game.reshuffle(self.label)
            self.market = game.draw(4)
            self.hands = [game.draw(sizes[0]), game.draw(sizes[1])]
            if market is not None and list(market) != self.market:
                raise InvalidLogError(f"the seed deals the market {cards_text(self.market)}, "
                                      f"not {cards_text(market)}", field=f"{prefix}market")
            if hands is not None:
                for seat in (0, 1):
                    if list(hands[seat]) != self.hands[seat]:
                        raise InvalidLogError(
                            f"the seed deals {self.players[seat]} "
                            f"{cards_text(self.hands[seat])}, not {cards_text(hands[seat])}",
                            field=f"{prefix}hands.{self.players[seat]}")
            return
        if market is None or hands is None:
            raise InvalidLogError("the market and both hands must be recorded when the log has "
                                  "no seed", field=f"{prefix}market" if market is None
                                  else f"{prefix}hands")
        self.market, self.hands = [], [[], []]
        for index, card in enumerate(market):
            self._deal_recorded(card, f"{prefix}market[{index}]", "the market card")
            self.market.append(card)
        for seat in (0, 1):
            for index, card in enumerate(hands[seat]):
                self._deal_recorded(card, f"{prefix}hands.{self.players[seat]}[{index}]",
                                    f"{self.players[seat]}'s card")
                self.hands[seat].append(card)

    def _size_reason(self, seat: int, size: int) -> str:
        if self.shortage:
            return (f"the stock holds {self.stock_at_start} cards: card shortage, "
                    f"{self.hand_size} each")
        if self.pik == seat:
            return "3 and one more for the Pikvorteil"
        return "3 each"

    def _deal_recorded(self, card: Card, field: str, what: str) -> None:
        if not self.game.remove(card):
            raise InvalidLogError(f"{what} {card} is not in the stock ({self._whereabouts(card)})",
                                  field=field)

    def _whereabouts(self, card: Card) -> str:
        """Where both copies of ``card`` are, for a message a player can check."""
        places = []
        for seat, holdings in enumerate(self.game.seats):
            name = self.players[seat]
            if holdings.in_row(card):
                places.append(f"{name}'s {SUIT_NAME[card.suit]} row")
            places += [f"{name}'s reserve"] * holdings.reserve.count(card)
            places += [f"{name}'s strikes"] * holdings.strikes.count(card)
        places += ["the market"] * getattr(self, "market", []).count(card)
        for seat, hand in enumerate(getattr(self, "hands", [[], []])):
            places += [f"{self.players[seat]}'s hand"] * hand.count(card)
        places += ["played in this race"] * getattr(self, "played", []).count(card)
        if not places:
            return "it went back into the stock during this race"
        return "both copies are out: " + ", ".join(places)

    # -- moves -----------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Check ``move`` and make it; raise :class:`IllegalMoveError` if it is not allowed.

        A refused move changes nothing.

        >>> from games.engines.cards import parse_cards
        >>> from games.engines.rennen.moves import parse_move
        >>> from games.engines.rennen.rules import RennenRules
        >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
        >>> race = Race(game, market=parse_cards("AH QD 10C 9H"),
        ...             hands=[parse_cards("AC 9S KC"), parse_cards("AS 10S JH")])
        >>> race.apply(parse_move("play KS AS", game.players))
        Traceback (most recent call last):
        ...
        games.engines.errors.IllegalMoveError: Anna cannot play KS: Anna's hand is AC 9S KC
        >>> race.expecting()
        'the race has not been played (0 of 3 cards are played)'
        """
        if self.game.over:
            raise self._refuse(move, f"{self._cannot(move)}the game is over: "
                                     f"{self.game.end_text()}")
        if self.phase == PICKED and not isinstance(move, Attach):
            raise self._refuse(move, f"{self._cannot(move)}the race is over: all three market "
                                     "cards are picked; the next race is the next deal")
        seat = None if move.actor is None else self.players.index(move.actor)
        handler = {
            Show: self._show, Take: self._take, Keep: self._keep, Discard: self._discard,
            KaroSwap: self._karo, Play: self._play, Tiebreak: self._tiebreak, Pick: self._pick,
            Attach: self._attach,
        }[type(move)]
        handler(move, seat)  # type: ignore[operator]

    def _refuse(self, move: Move, reason: str) -> IllegalMoveError:
        return IllegalMoveError(reason, notation=move.text())

    @staticmethod
    def _cannot(move: Move) -> str:
        """How the refusal of a player's move begins (``Bert cannot pick QD: ``); empty for
        the simultaneous ``play`` and ``tiebreak``, whose cards the message names itself.

        >>> Race._cannot(KaroSwap("Anna", Card(1, "D"), Card(11, "C")))
        'Anna cannot exchange AD for JC: '
        """
        if move.actor is None:
            return ""
        if isinstance(move, KaroSwap):
            return f"{move.actor} cannot exchange {move.karo} for {move.card}: "
        return f"{move.actor} cannot {move.text()[len(move.actor) + 1:]}: "

    def _event(self, move: Move, note: str, **extra: Any) -> None:
        self.events.append({"move": len(self.events) + 1, "text": move.text(),
                            "kind": move.kind, "player": move.actor, "note": note, **extra})

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def _hand_text(self, seat: int) -> str:
        return f"{self._name(seat)}'s hand is {cards_text(self.hands[seat])}"

    def _pik_pending(self) -> bool:
        return self.pik is not None and self.discarded is None

    def _block(self) -> str | None:
        """A preparation step that must come before anything later."""
        if self.phase == TAKE:
            assert self.herz is not None and self.shown is not None
            return (f"{self._name(self.herz)} must first take one of the shown cards "
                    f"({cards_text(self.shown)}) or keep")
        if self.phase in (HERZ, PIK) and self._pik_pending():
            assert self.pik is not None
            return (f"{self._name(self.pik)} must first discard a card for the Pikvorteil "
                    f"({self._name(self.pik)} holds {len(self.hands[self.pik])} cards)")
        return None

    def _situation(self) -> str:
        """Where the race stands, for messages about moves that come too late or too early."""
        if self.phase in PREPARATION:
            return "the preparation is still going on"
        if self.phase == PLAY:
            return f"{len(self.plays)} of {self.hand_size} cards are played"
        if self.phase == TIEBREAK:
            return ("the tie must be broken with one card each from the stock "
                    f"(tricks {self.tricks[0]}:{self.tricks[1]})")
        assert self.winner is not None and self.win is not None
        decided = self._decision_text()
        if self.phase == PICK:
            picker = self._name(self.pick_order[len(self.picks)])
            return f"{decided}; it is {picker}'s pick"
        return decided

    def _decision_text(self) -> str:
        assert self.winner is not None and self.win is not None
        return f"the race is decided: {self.win} win for {self._name(self.winner)}"

    # Herzvorteil ---------------------------------------------------------------------------

    def _show(self, move: Show, seat: int) -> None:
        name = self._name(seat)
        if self.herz is None:
            raise self._refuse(move, f"{name} cannot show cards: {self._nobody('H')}")
        if seat == self.herz:
            raise self._refuse(move, f"{name} holds the Herzvorteil; "
                                     f"{self._name(1 - seat)} shows the cards")
        if self.shown is not None:
            raise self._refuse(move, f"{name} has already shown {cards_text(self.shown)}")
        if self.phase != HERZ:
            raise self._refuse(move, f"{name} cannot show cards now: the Herzvorteil comes "
                                     "first, before the Pik discard, the Karo exchanges and "
                                     "the race")
        self._check_in_hand(move, seat, move.cards, "show")
        self.shown = move.cards
        self.herz_used = True
        self.phase = TAKE
        self._event(move, f"{name} shows {cards_text(move.cards)} to "
                          f"{self._name(self.herz)} (Herzvorteil)",
                    cards=[str(card) for card in move.cards])

    def _herz_answer_check(self, move: Move, seat: int, verb: str) -> None:
        name = self._name(seat)
        if self.herz is None:
            raise self._refuse(move, f"{name} cannot {verb}: {self._nobody('H')}")
        if seat != self.herz:
            raise self._refuse(move, f"{name} cannot {verb}: the Herzvorteil is "
                                     f"{self._name(self.herz)}'s")
        if self.phase == HERZ:
            raise self._refuse(move, f"{name} cannot {verb}: {self._name(1 - seat)} has not "
                                     "shown two cards")
        if self.phase != TAKE:
            raise self._refuse(move, f"{name} cannot {verb} now: the Herz exchange is over")

    def _take(self, move: Take, seat: int) -> None:
        self._herz_answer_check(move, seat, "take a card")
        assert self.shown is not None
        name, other = self._name(seat), self._name(1 - seat)
        if move.take not in self.shown:
            raise self._refuse(move, f"{name} cannot take {move.take}: {other} showed "
                                     f"{cards_text(self.shown)}")
        self._check_in_hand(move, seat, (move.give,), "give")
        self.hands[1 - seat].remove(move.take)
        self.hands[seat].remove(move.give)
        self.hands[seat].append(move.take)
        self.hands[1 - seat].append(move.give)
        self.phase = PIK if self._pik_pending() else KARO_PHASE
        self._event(move, f"{name} takes {move.take} from {other} and gives {move.give}",
                    take=str(move.take), give=str(move.give))

    def _keep(self, move: Keep, seat: int) -> None:
        self._herz_answer_check(move, seat, "keep")
        self.phase = PIK if self._pik_pending() else KARO_PHASE
        self._event(move, f"{self._name(seat)} keeps the hand after seeing "
                          f"{cards_text(self.shown or ())}")

    # Pikvorteil ----------------------------------------------------------------------------

    def _discard(self, move: Discard, seat: int) -> None:
        name = self._name(seat)
        if self.pik is None:
            raise self._refuse(move, f"{name} cannot discard: {self._nobody('S')}")
        if seat != self.pik:
            raise self._refuse(move, f"{name} cannot discard: {name} does not hold the "
                                     f"Pikvorteil ({self._name(self.pik)} does)")
        if self.discarded is not None:
            raise self._refuse(move, f"{name} has already discarded {self.discarded}")
        block = self._block() if self.phase == TAKE else None
        if block:
            raise self._refuse(move, block)
        self._check_in_hand(move, seat, (move.card,), "discard")
        self.hands[seat].remove(move.card)
        self.discarded = move.card
        self.game.give_back([move.card], f"{self.label} move {len(self.events) + 1}")
        self.phase = KARO_PHASE
        self._event(move, f"{name} discards {move.card} (Pikvorteil); it goes back into the "
                          "stock", card=str(move.card))

    def _nobody(self, suit: str) -> str:
        advantage = {"S": "Pikvorteil", "H": "Herzvorteil", "C": "Kreuzvorteil"}[suit]
        if suit in self.lapsed:
            return f"the {advantage} lapses in a card shortage"
        return f"nobody holds the {advantage} this race"

    # Karo rule -----------------------------------------------------------------------------

    def _karo(self, move: KaroSwap, seat: int) -> None:
        name = self._name(seat)
        if self.phase not in PREPARATION:
            raise self._refuse(move, f"{name} cannot exchange Karo cards now: the preparation "
                                     f"is over ({self._situation()})")
        block = self._block()
        if block:
            raise self._refuse(move, block)
        holdings = self.game.seats[seat]
        if move.karo.suit != KARO:
            raise self._refuse(move, f"{name} cannot exchange {move.karo}: only Karo cards "
                                     "from the reserve can be exchanged")
        if move.karo not in holdings.reserve:
            raise self._refuse(move, f"{name} cannot exchange {move.karo}: it is not in "
                                     f"{name}'s reserve (reserve: "
                                     f"{cards_text(holdings.reserve)})")
        self._check_in_hand(move, seat, (move.card,), "give up")
        holdings.reserve.remove(move.karo)
        self.hands[seat].remove(move.card)
        self.hands[seat].append(move.karo)
        self.karo[seat].append(move.karo)
        self.game.give_back([move.card], f"{self.label} move {len(self.events) + 1}")
        self.phase = KARO_PHASE
        self._event(move, f"{name} brings {move.karo} from the reserve into the hand; "
                          f"{move.card} goes back into the stock",
                    karo=str(move.karo), card=str(move.card))

    def _check_in_hand(self, move: Move, seat: int, cards: Sequence[Card], verb: str) -> None:
        hand = Counter(self.hands[seat])
        for card in cards:
            if hand[card] <= 0:
                name = self._name(seat)
                if card in self.hands[seat]:
                    raise self._refuse(move, f"{name} cannot {verb} {card} twice: {name} holds "
                                             f"one {card}")
                raise self._refuse(move, f"{name} cannot {verb} {card}: {self._hand_text(seat)}")
            hand[card] -= 1

    # The end of the preparation: bombs -----------------------------------------------------

    def _bomb_outcome(self) -> tuple[str, int | None, str | None, str | None]:
        """(next phase, winner, kind of win, decided by) once preparation is over."""
        if self.hand_size != 3:
            return PLAY, None, None, None
        bombs = [bomb_rank(hand) for hand in self.hands]
        mine, theirs = bombs
        if mine is None and theirs is None:
            return PLAY, None, None, None
        if mine is None or theirs is None:
            return PICK, 0 if theirs is None else 1, ULTIMATE, "bomb"
        if mine != theirs:
            high = 0 if strength(self.hands[0][0]) > strength(self.hands[1][0]) else 1
            return PICK, high, ULTIMATE, "higher_bomb"
        if self.kreuz is not None:
            return PICK, self.kreuz, self.rules.kreuz_bomb_win, "kreuz_bomb"
        return TIEBREAK, None, None, None

    def _bomb_text(self) -> str:
        parts = []
        for seat, hand in enumerate(self.hands):
            rank = bomb_rank(hand) if self.hand_size == 3 else None
            if rank is not None:
                parts.append(f"{self._name(seat)} holds a bomb of {RANK_PLURAL[rank]} "
                             f"({cards_text(hand)})")
        return " and ".join(parts)

    def _leave_preparation(self, move: Move, wanted: str, *, commit: bool = True) -> None:
        """Close the preparation for a ``play``/``tiebreak``/``pick``, or refuse the move
        (``commit=False``: only check, so that a refused move changes nothing)."""
        block = self._block()
        if block:
            raise self._refuse(move, block)
        phase, winner, win, by = self._bomb_outcome()
        if phase == TIEBREAK and wanted == TIEBREAK and not self._stock_can_break_tie():
            raise self._refuse(move, f"no card can be dealt for the Bombenpatt: the stock "
                                     f"holds {len(self.game.stock)} cards; the game is drawn "
                                     "and the race ends here")
        if phase != wanted:
            bombs = self._bomb_text()
            if phase == PLAY:
                raise self._refuse(move, self._not_yet(move, "no bomb: the race is played "
                                                             "card by card"))
            if phase == TIEBREAK:
                lead = (f"{move.actor} cannot pick yet" if move.kind == "pick"
                        else "no card is played")
                raise self._refuse(move, f"{lead}: {bombs}; the Bombenpatt is broken with one "
                                         "card each from the stock (tiebreak)")
            assert winner is not None
            if move.kind == "pick":
                picker = pick_order(winner, win or ULTIMATE)[0]
                raise self._refuse(move, f"{self._name(picker)} picks first: {bombs}")
            raise self._refuse(move, f"no card is played: {bombs}; {self._name(winner)} wins "
                                     "the race")
        if not commit:
            return
        self.ready = [list(hand) for hand in self.hands]
        self.bombs = [bomb_rank(hand) if self.hand_size == 3 else None for hand in self.hands]
        self.phase = phase
        if winner is not None:
            assert win is not None and by is not None
            self._decide(winner, win, by)
        elif phase == TIEBREAK:
            self.decided_by = None
            self._tie_needs_cards(move)

    def _not_yet(self, move: Move, why: str) -> str:
        if move.kind == "pick":
            return f"{move.actor} cannot pick yet: the race is not decided ({why})"
        return f"no tie to break: {why}"

    # The race ------------------------------------------------------------------------------

    def _play(self, move: Play, _seat: None) -> None:
        if self.phase in PREPARATION:
            self._check_cards_in_hands(move)
            self._leave_preparation(move, PLAY)
        elif self.phase != PLAY:
            raise self._refuse(move, "no card is left to play: " + self._situation())
        self._check_cards_in_hands(move)
        first, second = move.cards
        self.hands[0].remove(first)
        self.hands[1].remove(second)
        self.played += [first, second]
        trick_winner, by = self._compare(first, second)
        if trick_winner is not None:
            self.tricks[trick_winner] += 1
        record = {"move": len(self.events) + 1, "cards": [str(first), str(second)],
                  "winner": None if trick_winner is None else self._name(trick_winner),
                  "by": by}
        self.plays.append(record)
        if trick_winner is None:
            note = f"{first} and {second} are equal: the trick is set aside"
        elif by == "kreuz":
            note = (f"{first} and {second} are equal: {self._name(trick_winner)} takes the trick "
                    "with the Kreuzvorteil")
        else:
            won, lost = (first, second) if trick_winner == 0 else (second, first)
            note = f"{self._name(trick_winner)} wins the trick ({won} against {lost})"
        self._event(move, note, cards=record["cards"], winner=record["winner"], by=by,
                    tricks=list(self.tricks))
        if len(self.plays) == self.hand_size:
            self._after_last_card(move)

    def _check_cards_in_hands(self, move: Play) -> None:
        for seat, card in enumerate(move.cards):
            if card not in self.hands[seat]:
                raise self._refuse(move, f"{self._name(seat)} cannot play {card}: "
                                         f"{self._hand_text(seat)}")

    def _compare(self, first: Card, second: Card) -> tuple[int | None, str]:
        if strength(first) > strength(second):
            return 0, "rank"
        if strength(second) > strength(first):
            return 1, "rank"
        if self.kreuz is not None:
            return self.kreuz, "kreuz"
        return None, "tie"

    def _after_last_card(self, move: Move) -> None:
        mine, theirs = self.tricks
        if mine != theirs:
            winner = 0 if mine > theirs else 1
            self._decide(winner, ULTIMATE if abs(mine - theirs) >= 2 else SIMPLE, "tricks")
        elif self.kreuz is not None and self.rules.kreuz_decides_final_tie:
            self._decide(self.kreuz, SIMPLE, "kreuz_final_tie")
        else:
            self.phase = TIEBREAK
            self._tie_needs_cards(move)

    def _stock_can_break_tie(self) -> bool:
        """Can one card each be dealt now (after the optional reshuffle of played cards)?

        A reshuffle that brings back only cards of one rank could tie for ever, so it counts
        as no cards."""
        stock = self.game.stock
        if len(stock) >= 2:
            return True
        if self.rules.tiebreak_without_stock != "reshuffle":
            return False
        pool = stock + self.played
        return len(pool) >= 2 and len({card.rank for card in pool}) > 1

    def _tie_needs_cards(self, move: Move | None) -> None:
        """A tie must be broken from the stock; with too few cards the game is drawn."""
        game = self.game
        if len(game.stock) >= 2:
            return
        if self._stock_can_break_tie():
            # Called after the move that made the tie was logged: it is the last event.
            game.give_back(self.played, f"{self.label} move {len(self.events)}")
            self.played = []
            return
        game.draw_game(END_NO_TIEBREAK)
        self.phase = OVER
        self.ended_game = True

    def _tiebreak(self, move: Tiebreak, _seat: None) -> None:
        if self.phase in PREPARATION:
            self._leave_preparation(move, TIEBREAK)
        elif self.phase != TIEBREAK:
            raise self._refuse(move, f"no tie to break: {self._situation()}")
        cards = self._tiebreak_cards(move)
        first, second = cards
        self.played += [first, second]
        winner, by = self._compare(first, second)
        record = {"move": len(self.events) + 1, "cards": [str(first), str(second)],
                  "winner": None if winner is None else self._name(winner), "by": by}
        self.tiebreaks.append(record)
        if winner is None:
            note = f"{first} and {second} are equal: the tie stands, one more card each"
        elif by == "kreuz":
            note = (f"{first} and {second} are equal: {self._name(winner)} wins with the "
                    "Kreuzvorteil")
        else:
            won, lost = (first, second) if winner == 0 else (second, first)
            note = f"{self._name(winner)} breaks the tie ({won} against {lost})"
        # With a seed the move may be a bare "tiebreak"; the page shows the cards dealt.
        self._event(Tiebreak(cards), note, cards=record["cards"], winner=record["winner"], by=by)
        if winner is None:
            self._tie_needs_cards(move)
        else:
            bombs = self.bombs[0] is not None
            self._decide(winner, SIMPLE, "bombenpatt" if bombs else "tiebreak")

    def _tiebreak_cards(self, move: Tiebreak) -> tuple[Card, Card]:
        game = self.game
        if game.seed is not None:
            drawn = game.draw(2)
            dealt = (drawn[0], drawn[1])
            if move.cards is not None and move.cards != dealt:
                game.stock[:0] = drawn
                raise self._refuse(move, f"the seed deals {cards_text(dealt)} for the "
                                         f"tiebreak, not {cards_text(move.cards)}")
            return dealt
        if move.cards is None:
            raise self._refuse(move, "write the tie-break cards when the log has no seed "
                                     "(tiebreak 9C KH, in seat order)")
        taken: list[Card] = []
        for card in move.cards:
            if not game.remove(card):
                game.stock.extend(taken)
                raise self._refuse(move, f"{card} cannot be dealt for the tiebreak: it is not "
                                         f"in the stock ({self._whereabouts(card)})")
            taken.append(card)
        return move.cards

    def _decide(self, winner: int, win: str, by: str) -> None:
        self.winner, self.win, self.decided_by = winner, win, by
        self.pick_order = pick_order(winner, win)
        self.phase = PICK

    # The market ----------------------------------------------------------------------------

    def _pick(self, move: Pick, seat: int) -> None:
        name = self._name(seat)
        if self.phase in PREPARATION:
            self._leave_preparation(move, PICK, commit=False)
            _phase, winner, win, _by = self._bomb_outcome()
            assert winner is not None and win is not None
            order: tuple[int, ...] = pick_order(winner, win)
        elif self.phase != PICK:
            raise self._refuse(move, f"{name} cannot pick yet: the race is not decided "
                                     f"({self._situation()})")
        else:
            order = self.pick_order
        turn = order[len(self.picks)]
        if seat != turn:
            raise self._refuse(move, f"{name} cannot pick now: it is {self._name(turn)}'s pick "
                                     f"({self._order_text()})")
        if move.card not in self.market:
            raise self._refuse(move, f"{name} cannot pick {move.card}: the market holds "
                                     f"{cards_text(self.market)}")
        if self.phase in PREPARATION:
            self._leave_preparation(move, PICK)
        self.market.remove(move.card)
        self.picks.append(PickFact(seat, move.card))
        placement = take_card(self.game, seat, move.card)
        self.pick_detail.append({"move": len(self.events) + 1, "player": name,
                                 "card": str(move.card), **placement})
        self._event(move, self._placement_note(name, move.card, placement),
                    card=str(move.card), **placement)
        if self.game.over:
            self.phase = OVER
            self.ended_game = True
        elif len(self.picks) == len(self.pick_order):
            self.phase = PICKED

    def _order_text(self) -> str:
        if self.winner is None:  # still in preparation: the bombs decide
            _phase, winner_seat, win, _by = self._bomb_outcome()
            assert winner_seat is not None
        else:
            winner_seat, win = self.winner, self.win
        winner, loser = self._name(winner_seat), self._name(1 - winner_seat)
        if win == SIMPLE:
            return f"simple win for {winner}: {loser} picks one card, then {winner} two"
        return f"ultimate win for {winner}: {winner} picks, then {loser}, then {winner}"

    def _placement_note(self, name: str, card: Card, placement: dict[str, Any]) -> str:
        if placement["to"] == "strike":
            note = f"{name} takes {card}: a second {card}, a {SUIT_NAME[card.suit]} strike"
            if card.suit == KARO:
                note = (f"{name} takes {card}: a second {card}, set aside (Karo strikes do "
                        "not count)")
        elif placement["to"] == "row":
            note = f"{name} takes {card} and attaches " + " ".join(placement["attached"])
        else:
            note = f"{name} takes {card} into the reserve"
            if placement["attached"]:
                note += " and attaches " + " ".join(placement["attached"])
        if self.game.over:
            note += f"; {self.game.end_text()}"
        return note

    def _attach(self, move: Attach, seat: int) -> None:
        name = self._name(seat)
        if self.rules.attach != "explicit":
            raise self._refuse(move, f"{name} cannot attach {move.card}: attach moves are not "
                                     "used: cards are attached automatically (rules.attach is "
                                     "'auto')")
        # A bomb decides the race when the preparation ends: an attach may come before the
        # first pick then, and (like a pick) it ends the preparation.
        bomb_decided = (self.phase in PREPARATION and self._block() is None
                        and self._bomb_outcome()[0] == PICK)
        if self.phase not in (PICK, PICKED) and not bomb_decided:
            raise self._refuse(move, f"{name} cannot attach {move.card} now: cards are attached "
                                     f"once the race is decided ({self._situation()})")
        problem = attach_problem(self.game, seat, move.card)
        if problem is not None:
            raise self._refuse(move, problem)
        if bomb_decided:
            self._leave_preparation(move, PICK)
        attach_card(self.game, seat, move.card)
        self.attaches.append(AttachFact(seat, move.card, len(self.picks)))
        note = f"{name} attaches {move.card}"
        if self.game.over:
            note += f"; {self.game.end_text()}"
            self.phase = OVER
            self.ended_game = True
        self._event(move, note, card=str(move.card))

    # The end -------------------------------------------------------------------------------

    @property
    def complete(self) -> bool:
        """Is the race over (all picks made, or the game ended during it)?"""
        return self.phase in (PICKED, OVER)

    def expecting(self) -> str:
        """What must still happen, for the error of a log that stops too early."""
        block = self._block()
        if block:
            return block
        if self.phase in (HERZ, KARO_PHASE, PLAY):
            # An unused Herzvorteil is no step of its own: the race goes on without it.
            outcome, winner, win, _by = (self._bomb_outcome() if self.phase != PLAY
                                         else (PLAY, None, None, None))
            if outcome == PLAY:
                return (f"the race has not been played ({len(self.plays)} of {self.hand_size} "
                        "cards are played)")
            if outcome == TIEBREAK:
                return "the Bombenpatt must be broken with one card each (tiebreak)"
            assert winner is not None and win is not None
            return (f"{self._name(pick_order(winner, win)[0])} must still pick from the market "
                    "(0 of 3 picks made)")
        if self.phase == TIEBREAK:
            return "the tie must be broken with one card each from the stock (tiebreak)"
        if self.phase == PICK:
            turn = self.pick_order[len(self.picks)]
            return (f"{self._name(turn)} must still pick from the market "
                    f"({len(self.picks)} of 3 picks made)")
        return "nothing"

    def end_of_moves(self) -> None:
        """The log's moves for this race are over: a Bombenpatt that the stock cannot break
        ends the game drawn here (no move can say so, since no card is dealt)."""
        if self.phase in (HERZ, PIK, KARO_PHASE) and self._block() is None:
            outcome = self._bomb_outcome()[0]
            if outcome == TIEBREAK and not self._stock_can_break_tie():
                self.ready = [list(hand) for hand in self.hands]
                self.bombs = [bomb_rank(hand) for hand in self.hands]
                self.game.draw_game(END_NO_TIEBREAK)
                self.phase = OVER
                self.ended_game = True

    def finish(self) -> RaceFacts:
        """Close the race (all its cards go back into the stock) and return its facts.

        >>> from games.engines.cards import parse_cards
        >>> from games.engines.rennen.moves import parse_move
        >>> from games.engines.rennen.rules import RennenRules
        >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
        >>> race = Race(game, market=parse_cards("AH QD 10C 9H"),
        ...             hands=[parse_cards("KC KS KH"), parse_cards("AS 10S JH")])
        >>> for text in ["Anna pick AH", "Bert pick QD", "Anna pick 10C"]:
        ...     race.apply(parse_move(text, game.players))
        >>> race.finish().to_json(game.players)["win"], len(game.stock)
        ('ultimate', 39)
        """
        assert self.complete, self.expecting()
        self.finished = True
        self.game.finish_race()
        return self.facts()

    def facts(self) -> RaceFacts:
        return RaceFacts(self.winner, self.win, (tuple(self.karo[0]), tuple(self.karo[1])),
                         tuple(self.picks), tuple(self.attaches))

    def detail(self) -> dict[str, Any]:
        """The race for the match page (shape in the package docstring)."""
        names = self.players

        def seats(cards: Sequence[Sequence[Card]] | None) -> list[list[str]] | None:
            return None if cards is None else [[str(card) for card in hand] for hand in cards]

        return {
            "game": self.game.number,
            "race": self.number,
            "stock": self.stock_at_start,
            "hand_size": self.hand_size,
            "shortage": self.shortage,
            "advantages": {suit: None if self.advantages[suit] is None
                           else names[self.advantages[suit]]  # type: ignore[index]
                           for suit in ROW_SUITS},
            "lapsed": list(self.lapsed),
            "market": [str(card) for card in self.market_dealt],
            "hands": seats(self.dealt),
            "herz": None if not self.herz_used else {
                "shown": [str(card) for card in self.shown or ()],
                "events": [e for e in self.events if e["kind"] in ("show", "take", "keep")]},
            "discard": None if self.discarded is None else str(self.discarded),
            "karo": [[str(card) for card in cards] for cards in self.karo],
            "ready": seats(self.ready),
            "bombs": [None if rank is None else RANK_PLURAL[rank] for rank in self.bombs],
            "plays": list(self.plays),
            "tricks": list(self.tricks),
            "tiebreaks": list(self.tiebreaks),
            "winner": None if self.winner is None else names[self.winner],
            "win": self.win,
            "decided_by": self.decided_by,
            "picks": list(self.pick_detail),
            "leftover": [str(card) for card in self.market],
            "events": list(self.events),
        }


def legal_moves(race: Race) -> list[Move]:
    """Every move allowed now (cards named once even if both copies are in the hand).

    >>> from games.engines.cards import parse_cards
    >>> from games.engines.rennen.game import GameState
    >>> from games.engines.rennen.rules import RennenRules
    >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
    >>> race = Race(game, market=parse_cards("AH QD 10C 9H"),
    ...             hands=[parse_cards("AC AC JC"), parse_cards("AS 10S JH")])
    >>> [move.text() for move in legal_moves(race)][:4]
    ['play JC JH', 'play JC 10S', 'play JC AS', 'play AC JH']
    """
    if race.game.over or race.phase == OVER:
        return []
    names = race.players
    moves: list[Move] = []
    phase = race.phase
    if phase == HERZ:
        assert race.herz is not None
        opponent = 1 - race.herz
        hand = race.hands[opponent]
        pairs = {tuple(sorted((hand[i], hand[j]), key=_order))
                 for i in range(len(hand)) for j in range(i + 1, len(hand))}
        moves += [Show(names[opponent], (a, b)) for a, b in sorted(pairs, key=_pair_order)]
        phase = PIK if race._pik_pending() else KARO_PHASE
    if phase == TAKE:
        assert race.herz is not None and race.shown is not None
        holder = race.herz
        moves += [Take(names[holder], take, give) for take in _distinct(race.shown)
                  for give in _distinct(race.hands[holder])]
        moves.append(Keep(names[holder]))
        return moves
    if phase == PIK:
        assert race.pik is not None
        return moves + [Discard(names[race.pik], card) for card in _distinct(race.hands[race.pik])]
    if phase == KARO_PHASE:
        for seat in (0, 1):
            karo = _distinct(card for card in race.game.seats[seat].reserve if card.suit == KARO)
            moves += [KaroSwap(names[seat], k, card) for k in karo
                      for card in _distinct(race.hands[seat])]
        outcome, winner, win, _by = race._bomb_outcome()
        if outcome == PLAY:
            moves += _plays(race)
        elif outcome == TIEBREAK:
            moves += _tiebreaks(race)
        else:
            assert winner is not None and win is not None
            picker = pick_order(winner, win)[0]
            moves += [Pick(names[picker], card) for card in _distinct(race.market)]
            moves += _attaches(race)
        return moves
    if phase == PLAY:
        return _plays(race)
    if phase == TIEBREAK:
        return _tiebreaks(race)
    if phase == PICK:
        picker = race.pick_order[len(race.picks)]
        moves += [Pick(names[picker], card) for card in _distinct(race.market)]
    if phase in (PICK, PICKED):
        moves += _attaches(race)
    return moves


def _attaches(race: Race) -> list[Move]:
    """With explicit Anlegen: every reserve card that fits now, both players."""
    if race.rules.attach != "explicit":
        return []
    moves: list[Move] = []
    for seat in (0, 1):
        holdings = race.game.seats[seat]
        moves += [Attach(race.players[seat], card) for card in _distinct(holdings.reserve)
                  if holdings.fits(card)]
    return moves


def _order(card: Card) -> tuple[int, int]:
    return (strength(card), "CSHD".index(card.suit))


def _pair_order(pair: tuple[Card, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(_order(card) for card in pair)


def _distinct(cards: Any) -> list[Card]:
    return sorted(set(cards), key=_order)


def _plays(race: Race) -> list[Move]:
    return [Play((a, b)) for a in _distinct(race.hands[0]) for b in _distinct(race.hands[1])]


def _tiebreaks(race: Race) -> list[Move]:
    game = race.game
    if len(game.stock) < 2:
        # Only a Bombenpatt gets here (a tie in tricks reshuffles or ends the game first): no
        # card can be dealt, and the game is drawn when the race's moves end.
        return []
    if game.seed is not None:
        if game.pending_label is not None:
            game.reshuffle(game.pending_label)  # the same order a draw would see
        return [Tiebreak((game.stock[0], game.stock[1]))]
    stock = Counter(game.stock)
    return [Tiebreak((a, b)) for a in _distinct(stock) for b in _distinct(stock)
            if a != b or stock[a] >= 2]
