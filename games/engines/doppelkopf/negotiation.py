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

from games.engines.cards import Card, format_cards
from games.engines.errors import IllegalMoveError, InvalidLogError

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


def vorfuehren_turn(first: str, other: str) -> str:
    """The refusal when ``other`` would play the vorgeführte Pflichtsolo that is ``first``'s
    (``vorfuehren_order = "front-seat"``).

    >>> vorfuehren_turn("Bert", "Dora").split(": ")[1]
    "this vorgeführtes Pflichtsolo is Bert's, not Dora's"
    """
    return (f"{first} is the owing player nearest the dealer's left: this vorgeführtes "
            f"Pflichtsolo is {first}'s, not {other}'s")


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
            raise InvalidLogError(f"{declaration.player!r} does not sit at this table",
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

    def expecting(self) -> str:
        """What the negotiation waits for, in words (for 'the negotiation is not finished')."""
        phase = self.phase
        if phase == "first":
            missing = [self.name(s) for s in self.order if s not in self.first]
            return "the first declaration of " + ", ".join(missing)
        if phase == "forced":
            return "the vorgeführte solo ('<player>: solo <kind>')"
        if phase == "solo":
            assert self.holder is not None
            return f"{self.name(self.queue[0])}'s answer to {self.name(self.holder)}'s solo"
        if phase == "answer":
            assert self.holder is not None
            return f"{self.name(self.holder)}'s halten or passen"
        if phase == "rebid":
            assert self.bidder is not None
            return f"{self.name(self.bidder)}'s next bid or gesund"
        if phase == "abbieger":
            assert self.abbieger is not None
            return f"{self.name(self.abbieger)}'s game (solo <kind> or normal re/kontra)"
        if phase == "holder-solo":
            assert self.holder is not None
            return f"{self.name(self.holder)}'s solo kind ('solo <kind>')"
        if phase == "nonsolo":
            return f"{self.name(self.queue[0])}'s hochzeit or schieben"
        if phase == "give":
            assert self.pusher is not None
            return f"the trumps {self.name(self.pusher)} gives ('gibt <cards>')"
        if phase == "take":
            return f"{self.name(self.queue[0])}'s nimmt or nimmt nicht"
        if phase == "return":
            assert self.taker is not None
            return f"the cards {self.name(self.taker)} gives back"
        return "nothing"

    # --- the state machine --------------------------------------------------------------
    def declare(self, d: Declaration) -> None:
        """Apply one declaration or raise :class:`IllegalMoveError` (location left blank)."""
        seat = self.seat_of(d)
        handler = getattr(self, "_on_" + self.phase.replace("-", "_"))
        handler(seat, d)
        self.history.append(d)

    def _illegal(self, reason: str, d: Declaration) -> IllegalMoveError:
        return IllegalMoveError(reason, notation=d.text())

    def _on_done(self, seat: int, d: Declaration) -> None:
        raise self._illegal(f"the negotiation is over; {d.player} cannot say "
                            f"{d.text().split(': ', 1)[1]!r} any more", d)

    def _on_forced(self, seat: int, d: Declaration) -> None:
        owing = [s for s in self.order if s in self.owes]
        if d.word != "solo" or seat not in self.owes:
            names = ", ".join(self.name(s) for s in owing)
            raise self._illegal(f"this deal is a vorgeführtes Pflichtsolo: only a player who "
                                f"still owes one ({names}) may declare, with 'solo <kind>'", d)
        if self.rules.vorfuehren_order == "front-seat" and seat != owing[0]:
            raise self._illegal(vorfuehren_turn(self.name(owing[0]), d.player), d)
        self.holder, self.holder_kind = seat, d.arg
        self.phase = "done"

    def _on_first(self, seat: int, d: Declaration) -> None:
        if seat in self.first:
            raise self._illegal(f"{d.player} has already made a first declaration "
                                f"({self.first[seat]})", d)
        if d.word not in ("gesund", "vorbehalt", "solo-vorbehalt"):
            raise self._illegal(f"{d.player} must first say gesund, vorbehalt or "
                                f"solo-vorbehalt (rule A), not {d.text().split(': ', 1)[1]!r}",
                                d)
        if d.word == "vorbehalt" and not (self.can_hochzeit(seat) or self.can_schieben(seat)):
            what = "both Kreuz-Damen" + (" nor 1 to 3 trumps" if self.rules.schieben else "")
            raise self._illegal(f"{d.player} cannot announce a Vorbehalt (kein Solo): "
                                f"{d.player} holds neither {what}", d)
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
            raise self._illegal(f"it is {self.name(speaker)}'s turn to answer "
                                f"{self.name(holder)}'s solo (rule E: in seat order), "
                                f"not {d.player}'s", d)
        if d.word == "gesund":
            self.answers[seat] = "gesund"
            self._next_speaker()
        elif d.word == "vorbehalt":
            if self.first.get(seat) != "vorbehalt":
                raise self._illegal(f"{d.player} can only remind the table of a Vorbehalt "
                                    f"announced first (rule F); {d.player} said "
                                    f"{self.first.get(seat)}", d)
            self.answers[seat] = "vorbehalt"
            self._next_speaker()
        elif d.word == "solo-vorbehalt":
            self._take_over(seat, d)
        elif d.word == "bid":
            self._bid(seat, d)
        else:
            raise self._illegal(f"{d.player} answers {self.name(holder)}'s solo with gesund, "
                                "vorbehalt or an Abbiegen bid (keine 90 ...)", d)

    def _take_over(self, seat: int, d: Declaration) -> None:
        holder = self.holder
        assert holder is not None
        if not self.rules.new_negotiation_after_solo:
            raise self._illegal(f"{d.player}'s first declaration binds (rules C, D); "
                                f"{d.player} can only take over {self.name(holder)}'s solo "
                                "by Abbiegen with keine 90", d)
        if not self.in_front(seat, holder) or self.level:
            raise self._illegal(f"{d.player} sits behind {self.name(holder)}; a solo "
                                "announced further front can only be abgebogen with keine 90",
                                d)
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
            raise self._illegal("these rules have no Abbiegen; answer the solo with gesund", d)
        level = {word: lvl for lvl, word in LEVEL_WORDS.items()}[d.arg]
        if level <= max(self.level, 1):
            raise self._illegal(f"{d.player} must bid higher than "
                                f"{LEVEL_WORDS[self.level]} to abbiegen "
                                f"{self.name(holder)}'s solo", d)
        self.bidder, self.bid = seat, level
        self.phase = "answer"

    def _on_answer(self, seat: int, d: Declaration) -> None:
        holder, bidder = self.holder, self.bidder
        assert holder is not None and bidder is not None
        if seat != holder or d.word not in ("halten", "passen"):
            raise self._illegal(f"{self.name(holder)} must first answer "
                                f"{self.name(bidder)}'s {LEVEL_WORDS[self.bid]} "
                                "with halten or passen", d)
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
            raise self._illegal(f"{self.name(bidder)} must bid higher or say gesund after "
                                "the halten", d)
        if d.word == "bid":
            self._bid(seat, d)
        elif d.word in ("gesund", "vorbehalt"):
            self.phase = "solo"
            self._on_solo(seat, d)
        else:
            raise self._illegal(f"{d.player} bids higher (keine 60 ...) or says gesund", d)

    def _on_abbieger(self, seat: int, d: Declaration) -> None:
        abbieger = self.abbieger
        assert abbieger is not None
        if seat != abbieger or d.word not in ("solo", "normal"):
            raise self._illegal(f"{self.name(abbieger)} has abgebogen and must now say what is "
                                "played: solo <kind> or normal re/kontra", d)
        self.absage = (abbieger, self.level)
        if d.word == "solo":
            self.holder, self.holder_kind = abbieger, d.arg
            self.phase = "solo"
            if not self.queue:
                self.phase = "done"
            return
        has_queen = QC in self.hands[seat]
        if (d.arg == "re") != has_queen:
            party = "RE" if has_queen else "KONTRA"
            raise self._illegal(f"{d.player} is in the {party} party "
                                f"({'holds' if has_queen else 'has no'} Kreuz-Dame), "
                                f"not {d.arg.upper() if d.arg else ''}", d)
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
            raise self._illegal(f"everybody has agreed; {self.name(holder)} now names the "
                                "solo: solo <kind>", d)
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
            raise self._illegal(f"it is {self.name(speaker)}'s turn to say what the Vorbehalt "
                                f"is, not {d.player}'s", d)
        if d.word == "hochzeit" and not self.can_hochzeit(seat):
            raise self._illegal(f"{d.player} cannot play a Hochzeit without both Kreuz-Damen",
                                d)
        if d.word == "schieben" and not self.can_schieben(seat):
            count = len(trumps_of(self.hands[seat]))
            reason = ("these rules have no Schieben" if not self.rules.schieben else
                      f"{d.player} holds {count} trumps; Schieben needs 1 to 3")
            raise self._illegal(f"{d.player} cannot schieben: {reason}", d)
        if d.word == "gesund" and not self.after_abbiegen:
            raise self._illegal(f"{d.player}'s Vorbehalt binds (rule D); say hochzeit or "
                                "schieben", d)
        if d.word not in ("hochzeit", "schieben", "gesund"):
            raise self._illegal(f"{d.player} must say hochzeit or schieben", d)
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
            raise self._illegal(f"{self.name(pusher)} must now give the trumps: "
                                f"gibt {format_cards(trumps)}", d)
        if Counter(d.cards) != Counter(trumps):
            raise self._illegal(f"{d.player} must give exactly the trumps in hand "
                                f"({format_cards(trumps)}), not {format_cards(d.cards)}", d)
        self.given = d.cards
        self.queue = [(pusher + i) % 4 for i in (1, 2, 3)]
        self.phase = "take"

    def _on_take(self, seat: int, d: Declaration) -> None:
        speaker = self.queue[0]
        if seat != speaker or d.word not in ("nimmt", "nimmt nicht"):
            raise self._illegal(f"it is {self.name(speaker)}'s turn to say nimmt or "
                                "nimmt nicht", d)
        if d.word == "nimmt nicht":
            if len(self.queue) == 1 and self.abgebogen:
                raise self._illegal(f"{d.player} must take the trumps: after an abgebogenes "
                                    "Solo a Trumpfabgabe cannot lead to a new deal (rule H)", d)
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
            raise self._illegal(f"{self.name(taker)} must give back {len(self.given)} cards "
                                "(gibt <cards>)", d)
        if len(d.cards) != len(self.given):
            raise self._illegal(f"{d.player} must give back {len(self.given)} cards, not "
                                f"{len(d.cards)}", d)
        hand = Counter(self.hands[taker])
        if Counter(d.cards) - hand:
            missing = format_cards(sorted(Counter(d.cards) - hand, key=str))
            raise self._illegal(f"{d.player} cannot give back {missing}: not in hand", d)
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
