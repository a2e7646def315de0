"""The Vorbehalt negotiation: from the dealt hands and the declarations to the contract.

The seed's procedure, as a state machine over the ordered ``declarations`` of a deal:

1. *First declarations* (rule A): every player once, in the order they were made:
   ``gesund``, ``vorbehalt`` (Vorbehalt, kein Solo) or ``solo-vorbehalt``.
2. If there is a solo-Vorbehalt, the front one (seat order from the forehand; with
   ``pflichtsolo_priority`` a Pflichtsolo first) holds the solo, and the other three answer in
   seat order (rule E): ``gesund`` (consent), ``vorbehalt`` (consent and reminder of a
   Vorbehalt kein Solo, rule F) or an Abbiegen bid ``keine 90`` ... ``schwarz`` (rule G),
   which must be higher than the level at stake ("wer weiter hinten sitzt, muss teurer
   abbiegen"). The soloist answers a bid with ``halten`` (he now plays with that Absage) or
   ``passen`` (the solo is abgebogen); after ``halten`` the bidder bids higher or consents.
   The Abbieger then names ``solo <kind>`` (and the others may abbiegen that one) or
   ``normal re|kontra``; his Absage binds him and his later partner. With
   ``new_negotiation_after_solo`` a player sitting in front of the soloist may answer
   ``solo-vorbehalt`` and take the solo over without an Absage; without it his ``gesund``
   binds (rule C) and only Abbiegen is left to him.
3. The solo holder names ``solo <kind>`` once everybody has consented.
4. Otherwise each standing Vorbehalt kein Solo is revealed in seat order (``hochzeit`` or
   ``schieben``; after an abgebogenes Solo also ``gesund``: rule G "kann, muss aber nicht").
   Hochzeit goes before Schieben, the front Schieben before a later one.
5. Schieben: the player ``gibt`` all his (1-3) trumps, the others in turn ``nimmt`` or
   ``nimmt nicht``, the taker ``gibt`` back as many cards. Nobody takes: a new deal, except
   after an abgebogenes Solo (rule H): then the third player must take.
6. No declared contract: a normal game, or a stilles Solo if one player holds both Kreuz-Damen.

A deal whose Pflichtsolo is vorgeführt has one declaration, ``solo <kind>`` by a player who
still owes one (with ``vorfuehren_order = "front-seat"`` the owing player nearest the dealer's
left).

>>> from games.engines.cards import parse_cards
>>> from games.engines.doppelkopf.rules import SEED
>>> hands = [parse_cards(h) for h in (
...     "QC QC 10H QS JD AD AC AS KS KH", "QH QD JC JS AC 10C KC AS 10S KS",
...     "10H QS QH JC JH 10D KD AH KH KC", "QD JS JH JD AD 10D KD 10C 10S AH")]
>>> neg = Negotiation(SEED, ("Anna", "Bert", "Carl", "Dora"), forehand=0, hands=hands)
>>> for text in ("Anna: vorbehalt", "Bert: gesund", "Carl: gesund", "Dora: gesund",
...              "Anna: hochzeit"):
...     neg.declare(parse_declaration(text))
>>> neg.finished, neg.contract().kind
(True, 'hochzeit')
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engines.cards import Card
from games.engines.errors import IllegalMoveError, InvalidLogError, shown
from games.engines.messages import message

from .moves import LEVEL_WORDS, Declaration, parse_declaration
from .rules import DoppelkopfRules
from .tables import QC, SOLO_KINDS, is_trump

__all__ = ["Contract", "Negotiation", "SchiebenInfo", "parse_declaration"]


@dataclass(frozen=True)
class SchiebenInfo:
    """The Trumpfabgabe as it happened (the log records the real cards)."""

    pusher: int
    taker: int
    given: tuple[Card, ...]
    returned: tuple[Card, ...]

    @property
    def returned_trump(self) -> bool:
        """What the taker declares: "Trumpf" or "kein Trumpf" came back."""
        return any(is_trump(card) for card in self.returned)


@dataclass
class Contract:
    """What the negotiation decided; seats are indexes into the players."""

    kind: str  # normal, stilles-solo, hochzeit, schieben, solo, hammelrennen, schwarze-sau, redeal
    solo_kind: str | None = None
    soloist: int | None = None
    hochzeiter: int | None = None
    re: frozenset[int] | None = None  # None while a Hochzeit has not found its partner
    absage: tuple[int, int] | None = None  # (seat, level) bound in the negotiation
    abgebogen: bool = False
    abbieger: int | None = None
    abgebogen_solo_of: int | None = None
    schieben: SchiebenInfo | None = None
    forced: bool = False  # a vorgeführtes Pflichtsolo

    @property
    def declared_solo(self) -> bool:
        return self.kind == "solo"


def trumps_of(hand: Sequence[Card]) -> list[Card]:
    return [card for card in hand if is_trump(card)]


@dataclass
class Negotiation:
    rules: DoppelkopfRules
    players: tuple[str, ...]
    forehand: int
    hands: list[list[Card]]
    owes: frozenset[int] = frozenset()
    forced: bool = False
    phase: str = "first"
    first: dict[int, str] = field(default_factory=dict)
    answers: dict[int, str] = field(default_factory=dict)
    holder: int | None = None
    holder_kind: str | None = None
    level: int = 0
    queue: list[int] = field(default_factory=list)
    bidder: int | None = None
    bid: int = 0
    abgebogen: bool = False
    abbieger: int | None = None
    abgebogen_solo_of: int | None = None
    absage: tuple[int, int] | None = None
    reveals: dict[int, str] = field(default_factory=dict)
    pusher: int | None = None
    given: tuple[Card, ...] = ()
    taker: int | None = None
    returned: tuple[Card, ...] = ()
    result: Contract | None = None
    history: list[Declaration] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.order = [(self.forehand + i) % 4 for i in range(4)]
        if self.forced:
            self.phase = "forced"

    # --- helpers ------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.players[seat]

    def seat_of(self, declaration: Declaration) -> int:
        try:
            return self.players.index(declaration.player)
        except ValueError:
            raise InvalidLogError("dk_not_at_table", {"value": shown(declaration.player)},
                                  notation=declaration.text()) from None

    def can_hochzeit(self, seat: int) -> bool:
        return self.hands[seat].count(QC) == 2

    def can_schieben(self, seat: int) -> bool:
        return self.rules.schieben and 1 <= len(trumps_of(self.hands[seat])) <= 3

    def in_front(self, a: int, b: int) -> bool:
        return self.order.index(a) < self.order.index(b)

    @property
    def finished(self) -> bool:
        return self.phase == "done"

    def expecting(self) -> dict[str, Any]:
        """What the negotiation waits for (a message, for 'the negotiation is not
        finished')."""
        phase = self.phase
        if phase == "first":
            missing = [self.name(s) for s in self.order if s not in self.first]
            return message("dk_waits_first", players=missing)
        if phase == "forced":
            return message("dk_waits_forced")
        if phase == "solo":
            assert self.holder is not None
            return message("dk_waits_solo_answer", player=self.name(self.queue[0]),
                           holder=self.name(self.holder))
        if phase == "answer":
            assert self.holder is not None
            return message("dk_waits_halten", player=self.name(self.holder))
        if phase == "rebid":
            assert self.bidder is not None
            return message("dk_waits_rebid", player=self.name(self.bidder))
        if phase == "abbieger":
            assert self.abbieger is not None
            return message("dk_waits_abbieger", player=self.name(self.abbieger))
        if phase == "holder-solo":
            assert self.holder is not None
            return message("dk_waits_solo_kind", player=self.name(self.holder))
        if phase == "nonsolo":
            return message("dk_waits_nonsolo", player=self.name(self.queue[0]))
        if phase == "give":
            assert self.pusher is not None
            return message("dk_waits_give", player=self.name(self.pusher))
        if phase == "take":
            return message("dk_waits_take", player=self.name(self.queue[0]))
        assert phase == "return" and self.taker is not None  # "done" waits for nothing
        return message("dk_waits_return", player=self.name(self.taker))

    # --- the state machine --------------------------------------------------------------
    def declare(self, d: Declaration) -> None:
        """Apply one declaration or raise :class:`IllegalMoveError` (location left blank)."""
        seat = self.seat_of(d)
        handler = getattr(self, "_on_" + self.phase.replace("-", "_"))
        handler(seat, d)
        self.history.append(d)

    def _illegal(self, code: str, d: Declaration, **params: Any) -> IllegalMoveError:
        return IllegalMoveError(code, {"player": d.player, **params}, notation=d.text())

    def _on_done(self, seat: int, d: Declaration) -> None:
        raise self._illegal("dk_negotiation_over", d, said=repr(d.text().split(": ", 1)[1]))

    def _on_forced(self, seat: int, d: Declaration) -> None:
        owing = [s for s in self.order if s in self.owes]
        if d.word != "solo" or seat not in self.owes:
            raise self._illegal("dk_forced_solo_only", d, owing=[self.name(s) for s in owing])
        if self.rules.vorfuehren_order == "front-seat" and seat != owing[0]:
            raise self._illegal("dk_vorfuehren_turn", d, first=self.name(owing[0]),
                                other=d.player)
        self.holder, self.holder_kind = seat, d.arg
        self.phase = "done"

    def _on_first(self, seat: int, d: Declaration) -> None:
        if seat in self.first:
            raise self._illegal("dk_first_twice", d, said=self.first[seat])
        if d.word not in ("gesund", "vorbehalt", "solo-vorbehalt"):
            raise self._illegal("dk_first_word", d, said=repr(d.text().split(": ", 1)[1]))
        if d.word == "vorbehalt" and not (self.can_hochzeit(seat) or self.can_schieben(seat)):
            raise self._illegal("dk_vorbehalt_no_reason_schieben" if self.rules.schieben
                                else "dk_vorbehalt_no_reason", d)
        self.first[seat] = d.word
        if len(self.first) == 4:
            self._after_first()

    def _after_first(self) -> None:
        solos = [s for s in self.order if self.first[s] == "solo-vorbehalt"]
        if solos:
            if self.rules.pflichtsolo_priority and any(s in self.owes for s in solos):
                solos = [s for s in solos if s in self.owes]
            self.holder = solos[0]
            self.queue = [s for s in self.order if s != self.holder]
            self.phase = "solo"
        else:
            self._start_nonsolo(after_abbiegen=False)

    def _on_solo(self, seat: int, d: Declaration) -> None:
        holder = self.holder
        assert holder is not None
        speaker = self.queue[0]
        if seat != speaker:
            raise self._illegal("dk_answer_turn", d, speaker=self.name(speaker),
                                holder=self.name(holder))
        if d.word == "gesund":
            self.answers[seat] = "gesund"
            self._next_speaker()
        elif d.word == "vorbehalt":
            if self.first.get(seat) != "vorbehalt":
                raise self._illegal("dk_remind_vorbehalt", d, said=self.first.get(seat))
            self.answers[seat] = "vorbehalt"
            self._next_speaker()
        elif d.word == "solo-vorbehalt":
            self._take_over(seat, d)
        elif d.word == "bid":
            self._bid(seat, d)
        else:
            raise self._illegal("dk_answer_word", d, holder=self.name(holder))

    def _take_over(self, seat: int, d: Declaration) -> None:
        holder = self.holder
        assert holder is not None
        if not self.rules.new_negotiation_after_solo:
            raise self._illegal("dk_first_binds", d, holder=self.name(holder))
        if not self.in_front(seat, holder) or self.level:
            raise self._illegal("dk_sits_behind", d, holder=self.name(holder))
        self.queue.pop(0)
        self.holder, self.holder_kind = seat, None
        self.queue.append(holder)
        self.queue.sort(key=self.order.index)
        self.first[seat] = "solo-vorbehalt"
        if not self.queue:
            self.phase = "holder-solo"

    def _bid(self, seat: int, d: Declaration) -> None:
        holder = self.holder
        assert holder is not None and d.arg is not None
        if not self.rules.abbiegen:
            raise self._illegal("dk_no_abbiegen", d)
        level = {word: lvl for lvl, word in LEVEL_WORDS.items()}[d.arg]
        if level <= max(self.level, 1):
            raise self._illegal("dk_bid_higher", d, word=LEVEL_WORDS[self.level],
                                holder=self.name(holder))
        self.bidder, self.bid = seat, level
        self.phase = "answer"

    def _on_answer(self, seat: int, d: Declaration) -> None:
        holder, bidder = self.holder, self.bidder
        assert holder is not None and bidder is not None
        if seat != holder or d.word not in ("halten", "passen"):
            raise self._illegal("dk_halten_or_passen", d, holder=self.name(holder),
                                bidder=self.name(bidder), word=LEVEL_WORDS[self.bid])
        if d.word == "halten":
            self.level = self.bid
            self.phase = "rebid"
            return
        self.abgebogen = True
        if self.abgebogen_solo_of is None:
            self.abgebogen_solo_of = holder
        self.abbieger = bidder
        self.queue.pop(0)
        self.holder, self.holder_kind = None, None
        self.level = self.bid
        self.phase = "abbieger"

    def _on_rebid(self, seat: int, d: Declaration) -> None:
        bidder = self.bidder
        assert bidder is not None
        if seat != bidder:
            raise self._illegal("dk_rebid_turn", d, bidder=self.name(bidder))
        if d.word == "bid":
            self._bid(seat, d)
        elif d.word in ("gesund", "vorbehalt"):
            self.phase = "solo"
            self._on_solo(seat, d)
        else:
            raise self._illegal("dk_rebid_word", d)

    def _on_abbieger(self, seat: int, d: Declaration) -> None:
        abbieger = self.abbieger
        assert abbieger is not None
        if seat != abbieger or d.word not in ("solo", "normal"):
            raise self._illegal("dk_abbieger_game", d, abbieger=self.name(abbieger))
        self.absage = (abbieger, self.level)
        if d.word == "solo":
            self.holder, self.holder_kind = abbieger, d.arg
            self.phase = "solo"
            if not self.queue:
                self.phase = "done"
            return
        has_queen = QC in self.hands[seat]
        if (d.arg == "re") != has_queen:
            raise self._illegal("dk_abbieger_re" if has_queen else "dk_abbieger_kontra", d,
                                said=d.arg.upper() if d.arg else "")
        self._start_nonsolo(after_abbiegen=True)

    def _next_speaker(self) -> None:
        self.queue.pop(0)
        self.bidder = None
        if self.queue:
            self.phase = "solo"
        elif self.holder_kind is None:
            self.phase = "holder-solo"
        else:
            self.phase = "done"

    def _on_holder_solo(self, seat: int, d: Declaration) -> None:
        holder = self.holder
        assert holder is not None
        if seat != holder or d.word != "solo":
            raise self._illegal("dk_name_solo", d, holder=self.name(holder))
        self.holder_kind = d.arg
        if self.level:
            self.absage = (holder, self.level)
        self.phase = "done"

    def _start_nonsolo(self, *, after_abbiegen: bool) -> None:
        self.after_abbiegen = after_abbiegen
        self.queue = [s for s in self.order if self.first.get(s) == "vorbehalt"
                      and self.answers.get(s) != "gesund"]
        self.phase = "nonsolo" if self.queue else "done"

    def _on_nonsolo(self, seat: int, d: Declaration) -> None:
        speaker = self.queue[0]
        if seat != speaker:
            raise self._illegal("dk_nonsolo_turn", d, speaker=self.name(speaker))
        if d.word == "hochzeit" and not self.can_hochzeit(seat):
            raise self._illegal("dk_hochzeit_queens", d)
        if d.word == "schieben" and not self.can_schieben(seat):
            if not self.rules.schieben:
                raise self._illegal("dk_schieben_off", d)
            raise self._illegal("dk_schieben_trumps", d,
                                count=len(trumps_of(self.hands[seat])))
        if d.word == "gesund" and not self.after_abbiegen:
            raise self._illegal("dk_vorbehalt_binds", d)
        if d.word not in ("hochzeit", "schieben", "gesund"):
            raise self._illegal("dk_hochzeit_or_schieben", d)
        self.reveals[seat] = d.word
        self.queue.pop(0)
        if self.queue:
            return
        hochzeit = [s for s in self.order if self.reveals.get(s) == "hochzeit"]
        schieben = [s for s in self.order if self.reveals.get(s) == "schieben"]
        if hochzeit:
            self.phase = "done"
        elif schieben:
            self.pusher = schieben[0]
            self.phase = "give"
        else:
            self.phase = "done"

    def _on_give(self, seat: int, d: Declaration) -> None:
        pusher = self.pusher
        assert pusher is not None
        trumps = trumps_of(self.hands[pusher])
        if seat != pusher or d.word != "gibt":
            raise self._illegal("dk_give_trumps", d, pusher=self.name(pusher),
                                cards=[str(card) for card in trumps])
        if Counter(d.cards) != Counter(trumps):
            raise self._illegal("dk_give_exactly", d, trump_cards=[str(c) for c in trumps],
                                cards=[str(card) for card in d.cards])
        self.given = d.cards
        self.queue = [(pusher + i) % 4 for i in (1, 2, 3)]
        self.phase = "take"

    def _on_take(self, seat: int, d: Declaration) -> None:
        speaker = self.queue[0]
        if seat != speaker or d.word not in ("nimmt", "nimmt nicht"):
            raise self._illegal("dk_take_turn", d, speaker=self.name(speaker))
        if d.word == "nimmt nicht":
            if len(self.queue) == 1 and self.abgebogen:
                raise self._illegal("dk_must_take", d)
            self.queue.pop(0)
            if not self.queue:
                self.phase = "done"
            return
        pusher = self.pusher
        assert pusher is not None
        self.taker = seat
        for card in self.given:
            self.hands[pusher].remove(card)
        self.hands[seat].extend(self.given)
        self.phase = "return"

    def _on_return(self, seat: int, d: Declaration) -> None:
        taker, pusher = self.taker, self.pusher
        assert taker is not None and pusher is not None
        if seat != taker or d.word != "gibt":
            raise self._illegal("dk_give_back", d, taker=self.name(taker),
                                count=len(self.given))
        if len(d.cards) != len(self.given):
            raise self._illegal("dk_give_back_count", d, count=len(self.given),
                                given=len(d.cards))
        hand = Counter(self.hands[taker])
        if Counter(d.cards) - hand:
            missing = [str(card) for card in sorted(Counter(d.cards) - hand, key=str)]
            raise self._illegal("dk_give_back_missing", d, cards=missing)
        for card in d.cards:
            self.hands[taker].remove(card)
        self.hands[pusher].extend(d.cards)
        self.returned = d.cards
        self.phase = "done"

    # --- outcome ------------------------------------------------------------------------
    def contract(self) -> Contract:
        """The contract once :attr:`finished` (the hands already show any exchange)."""
        assert self.finished
        contract = self._bare_contract()
        contract.abgebogen = self.abgebogen
        contract.abbieger = self.abbieger
        contract.abgebogen_solo_of = self.abgebogen_solo_of
        return contract

    def _bare_contract(self) -> Contract:
        if self.holder is not None and self.holder_kind is not None:
            # The solo is played with the level the holder last held (or bid himself).
            absage = (self.holder, self.level) if self.level else None
            return Contract("solo", solo_kind=self.holder_kind, soloist=self.holder,
                            re=frozenset({self.holder}), absage=absage, forced=self.forced)
        hochzeit = [s for s in self.order if self.reveals.get(s) == "hochzeit"]
        if hochzeit:
            return Contract("hochzeit", hochzeiter=hochzeit[0], absage=self.absage)
        if self.pusher is not None:
            if self.taker is None:
                return Contract("redeal")
            info = SchiebenInfo(self.pusher, self.taker, self.given, self.returned)
            return Contract("schieben", re=frozenset({self.pusher, self.taker}),
                            absage=self.absage, schieben=info)
        pair = [s for s in range(4) if self.hands[s].count(QC) == 2]
        if pair:
            return Contract("stilles-solo", soloist=pair[0], re=frozenset(pair),
                            absage=self.absage)
        re = frozenset(s for s in range(4) if QC in self.hands[s])
        return Contract("normal", re=re, absage=self.absage)

    # --- legal declarations (random play) -----------------------------------------------
    def legal_declarations(self) -> list[Declaration]:
        """Every declaration the state machine accepts next.

        >>> from games.engines.cards import parse_cards
        >>> from games.engines.doppelkopf.rules import SEED
        >>> hands = [parse_cards("QC QS QH QD JC JS JH JD AD KD")] * 4
        >>> neg = Negotiation(SEED, ("A", "B", "C", "D"), forehand=0, hands=hands)
        >>> [d.text() for d in neg.legal_declarations()][:2]
        ['A: gesund', 'A: solo-vorbehalt']
        """
        out: list[Declaration] = []
        for d in self._candidates():
            probe = _copy(self)
            try:
                probe.declare(d)
            except (IllegalMoveError, InvalidLogError):
                continue
            out.append(d)
        return out

    def _candidates(self) -> list[Declaration]:
        names = self.players
        words = ["gesund", "solo-vorbehalt", "vorbehalt", "halten", "passen", "hochzeit",
                 "schieben", "nimmt", "nimmt nicht"]
        bids = [Declaration(n, "bid", w) for n in names for w in LEVEL_WORDS.values()]
        simple = [Declaration(n, w) for n in names for w in words]
        solos = [Declaration(n, "solo", k) for n in names for k in SOLO_KINDS]
        normals = [Declaration(n, "normal", p) for n in names for p in ("re", "kontra")]
        if self.phase == "first":
            return [d for d in simple if d.word in ("gesund", "solo-vorbehalt", "vorbehalt")]
        if self.phase in ("forced", "holder-solo"):
            return solos
        if self.phase == "abbieger":
            return solos + normals
        if self.phase == "give" and self.pusher is not None:
            return [Declaration(names[self.pusher], "gibt",
                                cards=tuple(trumps_of(self.hands[self.pusher])))]
        if self.phase == "return" and self.taker is not None:
            hand = sorted(set(self.hands[self.taker]), key=str)
            pool = [c for c in hand for _ in range(self.hands[self.taker].count(c))]
            combos = {tuple(sorted(combo, key=str))
                      for combo in itertools.combinations(pool, len(self.given))}
            return [Declaration(names[self.taker], "gibt", cards=combo)
                    for combo in sorted(combos, key=lambda c: [str(x) for x in c])]
        return simple + bids


def _copy(neg: Negotiation) -> Negotiation:
    clone = Negotiation.__new__(Negotiation)
    clone.__dict__.update(neg.__dict__)
    for key, value in neg.__dict__.items():
        if isinstance(value, (list, dict)):
            clone.__dict__[key] = value.copy()
    clone.hands = [list(hand) for hand in neg.hands]
    clone.history = []
    return clone
