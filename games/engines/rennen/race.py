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
from ..messages import message
from .deck import (
    KARO,
    RANK_PLURAL,
    ROW_SUITS,
    SUIT_NAME,
    bomb_rank,
    cards_param,
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
            raise InvalidLogError("rennen_market_size", {"count": len(market)},
                                  field=f"{prefix}market")
        if hands is not None:
            for seat in (0, 1):
                if len(hands[seat]) != sizes[seat]:
                    raise InvalidLogError("rennen_hand_size", {
                        "player": self.players[seat], "size": sizes[seat], "why": why[seat],
                        "count": len(hands[seat])}, field=f"{prefix}hands.{self.players[seat]}")
        if game.seed is not None:
            game.reshuffle(self.label)
            self.market = game.draw(4)
            self.hands = [game.draw(sizes[0]), game.draw(sizes[1])]
            if market is not None and list(market) != self.market:
                raise InvalidLogError("rennen_seed_market", {
                    "seed_cards": cards_param(self.market), "cards": cards_param(market)},
                    field=f"{prefix}market")
            if hands is not None:
                for seat in (0, 1):
                    if list(hands[seat]) != self.hands[seat]:
                        raise InvalidLogError("rennen_seed_hand", {
                            "player": self.players[seat],
                            "seed_cards": cards_param(self.hands[seat]),
                            "cards": cards_param(hands[seat])},
                            field=f"{prefix}hands.{self.players[seat]}")
            return
        if market is None or hands is None:
            raise InvalidLogError("rennen_record_deal", field=f"{prefix}market"
                                  if market is None else f"{prefix}hands")
        self.market, self.hands = [], [[], []]
        for index, card in enumerate(market):
            self._deal_recorded(card, f"{prefix}market[{index}]", None)
            self.market.append(card)
        for seat in (0, 1):
            for index, card in enumerate(hands[seat]):
                self._deal_recorded(card, f"{prefix}hands.{self.players[seat]}[{index}]",
                                    self.players[seat])
                self.hands[seat].append(card)

    def _size_reason(self, seat: int, size: int) -> dict[str, Any]:
        if self.shortage:
            return message("rennen_size_shortage", count=self.stock_at_start,
                           size=self.hand_size)
        if self.pik == seat:
            return message("rennen_size_pik")
        return message("rennen_size_three")

    def _deal_recorded(self, card: Card, field: str, player: str | None) -> None:
        """Take a recorded card from the stock (``player``: dealt to him; ``None``: to the
        market)."""
        if not self.game.remove(card):
            if player is None:
                raise InvalidLogError("rennen_market_card_gone", {
                    "card": str(card), "where": self._whereabouts(card)}, field=field)
            raise InvalidLogError("rennen_hand_card_gone", {
                "player": player, "card": str(card), "where": self._whereabouts(card)},
                field=field)

    def _whereabouts(self, card: Card) -> dict[str, Any]:
        """Where both copies of ``card`` are (a message a player can check)."""
        places: list[dict[str, Any]] = []
        for seat, holdings in enumerate(self.game.seats):
            name = self.players[seat]
            if holdings.in_row(card):
                places.append(message("rennen_place_row", player=name,
                                      suit=SUIT_NAME[card.suit]))
            places += [message("rennen_place_reserve", player=name)] * \
                holdings.reserve.count(card)
            places += [message("rennen_place_strikes", player=name)] * \
                holdings.strikes.count(card)
        places += [message("rennen_place_market")] * getattr(self, "market", []).count(card)
        for seat, hand in enumerate(getattr(self, "hands", [[], []])):
            places += [message("rennen_place_hand", player=self.players[seat])] * \
                hand.count(card)
        places += [message("rennen_place_played")] * getattr(self, "played", []).count(card)
        if not places:
            return message("rennen_where_back")
        return message("rennen_where_both_out", places=places)

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
        {'code': 'rennen_waits_play', 'params': {'played': 0, 'size': 3}}
        """
        if self.game.over:
            end = self.game.end_message()
            if move.actor is None:
                raise self._refuse(move, "rennen_game_over", end=end)
            raise self._refuse(move, "rennen_refused_game_over", player=move.actor,
                               action=self._action(move), end=end)
        if self.phase == PICKED and not isinstance(move, Attach):
            if move.actor is None:
                raise self._refuse(move, "rennen_race_over")
            raise self._refuse(move, "rennen_refused_race_over", player=move.actor,
                               action=self._action(move))
        seat = None if move.actor is None else self.players.index(move.actor)
        handler = {
            Show: self._show, Take: self._take, Keep: self._keep, Discard: self._discard,
            KaroSwap: self._karo, Play: self._play, Tiebreak: self._tiebreak, Pick: self._pick,
            Attach: self._attach,
        }[type(move)]
        handler(move, seat)  # type: ignore[operator]

    def _refuse(self, move: Move, code: str, **params: Any) -> IllegalMoveError:
        return IllegalMoveError(code, params, notation=move.text())

    def _refuse_with(self, move: Move, problem: tuple[str, dict[str, Any]]
                     ) -> IllegalMoveError:
        return IllegalMoveError(problem[0], problem[1], notation=move.text())

    @staticmethod
    def _action(move: Move) -> dict[str, Any]:
        """What a player tried, for a refusal (``Bert cannot pick QD: ...``; a message).

        >>> from games.engines.messages import render
        >>> action = Race._action(KaroSwap("Anna", Card(1, "D"), Card(11, "C")))
        >>> render(action["code"], action["params"])
        'exchange AD for JC'
        """
        if isinstance(move, KaroSwap):
            return message("rennen_action_exchange", karo_card=str(move.karo),
                           card=str(move.card))
        assert move.actor is not None
        return message("rennen_action", notation=move.text()[len(move.actor) + 1:])

    def _event(self, move: Move, note: str, **extra: Any) -> None:
        self.events.append({"move": len(self.events) + 1, "text": move.text(),
                            "kind": move.kind, "player": move.actor, "note": note, **extra})

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def _hand_text(self, seat: int) -> dict[str, Any]:
        return message("rennen_hand_is", player=self._name(seat),
                       cards=cards_param(self.hands[seat]))

    def _pik_pending(self) -> bool:
        return self.pik is not None and self.discarded is None

    def _block(self) -> dict[str, Any] | None:
        """A preparation step that must come before anything later (a message)."""
        if self.phase == TAKE:
            assert self.herz is not None and self.shown is not None
            return message("rennen_block_take", player=self._name(self.herz),
                           cards=cards_param(self.shown))
        if self.phase in (HERZ, PIK) and self._pik_pending():
            assert self.pik is not None
            return message("rennen_block_pik", player=self._name(self.pik),
                           count=len(self.hands[self.pik]))
        return None

    def _situation(self) -> dict[str, Any]:
        """Where the race stands (a message), for moves that come too late or too early."""
        if self.phase in PREPARATION:
            return message("rennen_sit_preparation")
        if self.phase == PLAY:
            return message("rennen_sit_play", played=len(self.plays), size=self.hand_size)
        if self.phase == TIEBREAK:
            return message("rennen_sit_tiebreak", first=self.tricks[0], second=self.tricks[1])
        assert self.winner is not None and self.win is not None
        code = "rennen_sit_simple" if self.win == SIMPLE else "rennen_sit_ultimate"
        if self.phase == PICK:
            picker = self._name(self.pick_order[len(self.picks)])
            return message(code + "_pick", player=self._name(self.winner), picker=picker)
        return message(code, player=self._name(self.winner))

    # Herzvorteil ---------------------------------------------------------------------------

    def _show(self, move: Show, seat: int) -> None:
        name = self._name(seat)
        if self.herz is None:
            raise self._refuse(move, "rennen_show_nobody", player=name,
                               reason=self._nobody("H"))
        if seat == self.herz:
            raise self._refuse(move, "rennen_show_holder", player=name,
                               other=self._name(1 - seat))
        if self.shown is not None:
            raise self._refuse(move, "rennen_shown_already", player=name,
                               cards=cards_param(self.shown))
        if self.phase != HERZ:
            raise self._refuse(move, "rennen_show_now", player=name)
        self._check_in_hand(move, seat, move.cards, "show")
        self.shown = move.cards
        self.herz_used = True
        self.phase = TAKE
        self._event(move, f"{name} shows {cards_text(move.cards)} to "
                          f"{self._name(self.herz)} (Herzvorteil)",
                    cards=[str(card) for card in move.cards])

    def _herz_answer_check(self, move: Move, seat: int, verb: str) -> None:
        params: dict[str, Any] = {"player": self._name(seat),
                                  "verb": message(f"rennen_verb_{verb}")}
        if self.herz is None:
            raise self._refuse(move, "rennen_answer_nobody", **params, reason=self._nobody("H"))
        if seat != self.herz:
            raise self._refuse(move, "rennen_answer_not_holder", **params,
                               holder=self._name(self.herz))
        if self.phase == HERZ:
            raise self._refuse(move, "rennen_answer_not_shown", **params,
                               other=self._name(1 - seat))
        if self.phase != TAKE:
            raise self._refuse(move, "rennen_answer_over", **params)

    def _take(self, move: Take, seat: int) -> None:
        self._herz_answer_check(move, seat, "take")
        assert self.shown is not None
        name, other = self._name(seat), self._name(1 - seat)
        if move.take not in self.shown:
            raise self._refuse(move, "rennen_take_not_shown", player=name,
                               card=str(move.take), other=other,
                               cards=cards_param(self.shown))
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
            raise self._refuse(move, "rennen_discard_nobody", player=name,
                               reason=self._nobody("S"))
        if seat != self.pik:
            raise self._refuse(move, "rennen_discard_not_holder", player=name,
                               holder=self._name(self.pik))
        if self.discarded is not None:
            raise self._refuse(move, "rennen_discarded_already", player=name,
                               card=str(self.discarded))
        block = self._block() if self.phase == TAKE else None
        if block:
            raise self._refuse_with(move, (block["code"], block["params"]))
        self._check_in_hand(move, seat, (move.card,), "discard")
        self.hands[seat].remove(move.card)
        self.discarded = move.card
        self.game.give_back([move.card], f"{self.label} move {len(self.events) + 1}")
        self.phase = KARO_PHASE
        self._event(move, f"{name} discards {move.card} (Pikvorteil); it goes back into the "
                          "stock", card=str(move.card))

    def _nobody(self, suit: str) -> dict[str, Any]:
        advantage = {"S": "Pikvorteil", "H": "Herzvorteil", "C": "Kreuzvorteil"}[suit]
        if suit in self.lapsed:
            return message("rennen_lapses", advantage=advantage)
        return message("rennen_nobody", advantage=advantage)

    # Karo rule -----------------------------------------------------------------------------

    def _karo(self, move: KaroSwap, seat: int) -> None:
        name = self._name(seat)
        if self.phase not in PREPARATION:
            raise self._refuse(move, "rennen_karo_late", player=name,
                               situation=self._situation())
        block = self._block()
        if block:
            raise self._refuse_with(move, (block["code"], block["params"]))
        holdings = self.game.seats[seat]
        if move.karo.suit != KARO:
            raise self._refuse(move, "rennen_karo_only", player=name, card=str(move.karo))
        if move.karo not in holdings.reserve:
            raise self._refuse(move, "rennen_karo_not_reserve", player=name,
                               card=str(move.karo), cards=cards_param(holdings.reserve))
        self._check_in_hand(move, seat, (move.card,), "give_up")
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
                params = {"player": self._name(seat), "verb": message(f"rennen_verb_{verb}"),
                          "card": str(card)}
                if card in self.hands[seat]:
                    raise self._refuse(move, "rennen_twice_in_hand", **params)
                raise self._refuse(move, "rennen_not_in_hand", **params,
                                   hand=self._hand_text(seat))
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

    def _bomb_text(self) -> dict[str, Any]:
        """Who holds which bomb (a message)."""
        parts = []
        for seat, hand in enumerate(self.hands):
            rank = bomb_rank(hand) if self.hand_size == 3 else None
            if rank is not None:
                parts.append(message("rennen_bomb_of", player=self._name(seat),
                                     rank=message(f"rennen_rank_{rank}"),
                                     cards=cards_param(hand)))
        if len(parts) == 2:
            return message("rennen_bombs", first=parts[0], second=parts[1])
        return parts[0]

    def _leave_preparation(self, move: Move, wanted: str, *, commit: bool = True) -> None:
        """Close the preparation for a ``play``/``tiebreak``/``pick``, or refuse the move
        (``commit=False``: only check, so that a refused move changes nothing)."""
        block = self._block()
        if block:
            raise self._refuse_with(move, (block["code"], block["params"]))
        phase, winner, win, by = self._bomb_outcome()
        if phase == TIEBREAK and wanted == TIEBREAK and not self._stock_can_break_tie():
            raise self._refuse(move, "rennen_bombenpatt_no_card", count=len(self.game.stock))
        if phase != wanted:
            if phase == PLAY:
                raise self._not_yet(move, message("rennen_no_bomb"))
            bombs = self._bomb_text()
            if phase == TIEBREAK:
                if move.kind == "pick":
                    raise self._refuse(move, "rennen_pick_bombenpatt", player=move.actor,
                                       bombs=bombs)
                raise self._refuse(move, "rennen_play_bombenpatt", bombs=bombs)
            assert winner is not None
            if move.kind == "pick":
                picker = pick_order(winner, win or ULTIMATE)[0]
                raise self._refuse(move, "rennen_picks_first", player=self._name(picker),
                                   bombs=bombs)
            raise self._refuse(move, "rennen_play_bomb_won", bombs=bombs,
                               player=self._name(winner))
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

    def _not_yet(self, move: Move, why: dict[str, Any]) -> IllegalMoveError:
        if move.kind == "pick":
            return self._refuse(move, "rennen_pick_not_decided", player=move.actor,
                                situation=why)
        return self._refuse(move, "rennen_no_tie", situation=why)

    # The race ------------------------------------------------------------------------------

    def _play(self, move: Play, _seat: None) -> None:
        if self.phase in PREPARATION:
            self._check_cards_in_hands(move)
            self._leave_preparation(move, PLAY)
        elif self.phase != PLAY:
            raise self._refuse(move, "rennen_nothing_to_play", situation=self._situation())
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
                raise self._refuse(move, "rennen_play_not_held", player=self._name(seat),
                                   card=str(card), hand=self._hand_text(seat))

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
            raise self._refuse(move, "rennen_no_tie", situation=self._situation())
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
                raise self._refuse(move, "rennen_seed_tiebreak", seed_cards=cards_param(dealt),
                                   cards=cards_param(move.cards))
            return dealt
        if move.cards is None:
            raise self._refuse(move, "rennen_tiebreak_cards")
        taken: list[Card] = []
        for card in move.cards:
            if not game.remove(card):
                game.stock.extend(taken)
                raise self._refuse(move, "rennen_tiebreak_card_gone", card=str(card),
                                   where=self._whereabouts(card))
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
            raise self._refuse(move, "rennen_pick_not_decided", player=name,
                               situation=self._situation())
        else:
            order = self.pick_order
        turn = order[len(self.picks)]
        if seat != turn:
            raise self._refuse(move, "rennen_pick_turn", player=name, picker=self._name(turn),
                               order=self._order_text())
        if move.card not in self.market:
            raise self._refuse(move, "rennen_pick_not_market", player=name,
                               card=str(move.card), cards=cards_param(self.market))
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

    def _order_text(self) -> dict[str, Any]:
        """Who picks when (a message)."""
        if self.winner is None:  # still in preparation: the bombs decide
            _phase, winner_seat, win, _by = self._bomb_outcome()
            assert winner_seat is not None
        else:
            winner_seat, win = self.winner, self.win
        return message("rennen_order_simple" if win == SIMPLE else "rennen_order_ultimate",
                       winner=self._name(winner_seat), loser=self._name(1 - winner_seat))

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
            raise self._refuse(move, "rennen_attach_auto", player=name, card=str(move.card))
        # A bomb decides the race when the preparation ends: an attach may come before the
        # first pick then, and (like a pick) it ends the preparation.
        bomb_decided = (self.phase in PREPARATION and self._block() is None
                        and self._bomb_outcome()[0] == PICK)
        if self.phase not in (PICK, PICKED) and not bomb_decided:
            raise self._refuse(move, "rennen_attach_early", player=name, card=str(move.card),
                               situation=self._situation())
        problem = attach_problem(self.game, seat, move.card)
        if problem is not None:
            raise self._refuse_with(move, problem)
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

    def expecting(self) -> dict[str, Any]:
        """What must still happen (a message), for the error of a log that stops too early.
        Asked only of a race that is not :attr:`complete`."""
        block = self._block()
        if block:
            return block
        if self.phase in (HERZ, KARO_PHASE, PLAY):
            # An unused Herzvorteil is no step of its own: the race goes on without it.
            outcome, winner, win, _by = (self._bomb_outcome() if self.phase != PLAY
                                         else (PLAY, None, None, None))
            if outcome == PLAY:
                return message("rennen_waits_play", played=len(self.plays),
                               size=self.hand_size)
            if outcome == TIEBREAK:
                return message("rennen_waits_bombenpatt")
            assert winner is not None and win is not None
            return message("rennen_waits_pick", player=self._name(pick_order(winner, win)[0]),
                           picks=0)
        if self.phase == TIEBREAK:
            return message("rennen_waits_tiebreak")
        assert self.phase == PICK
        turn = self.pick_order[len(self.picks)]
        return message("rennen_waits_pick", player=self._name(turn), picks=len(self.picks))

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
