"""Trick play: cards and announcements of one deal, checked move by move.

:class:`DealPlay` holds a deal from the first card to the tenth trick. ``legal_moves()``
lists what may come next (cards of the player to move, announcements of any player whose
window is open, the Schwarze Sau solo); ``apply(move)`` checks and plays it; ``facts()``
gives the :class:`~games.engines.doppelkopf.facts.DealFacts` at the end.

Announcement times. A Hochzeit moves them by ``s`` once its Findungsstich ``f`` has decided
the parties (``hochzeit_shift``: ``s = f`` in the seed, ``s = f - 1`` in the DDV TSR 6.4.2);
otherwise ``s = 0``. Nobody announces before the parties are known. An announcement includes
the lower levels its party has not said yet (they count). Levels: 1 RE/KONTRA, 2 keine 90,
3 keine 60, 4 keine 30, 5 schwarz.

- ``announcement_timing = "tricks"`` (seed): only when no card or just the first card of a
  trick lies; the announced level ``k`` until the first card of trick ``s + k + 1`` (RE/KONTRA:
  trick 2, "nach der 5. Karte"); and no gaps: once a party has announced in trick ``t``, its
  next raise must come by trick ``t + 1``.
- ``announcement_timing = "own-cards"`` (DDV TSR 6.2.2, 6.3.4): at any moment, by the cards
  the player has played himself: the lowest level ``k`` the announcement includes while he
  has played at most ``s + k`` cards (RE/KONTRA until he plays his second card, i.e. while he
  holds 9 of his 10 cards, as the TSR's 11 of 12).

>>> from games.engines.cards import parse_cards
>>> from games.engines.doppelkopf.negotiation import Contract
>>> from games.engines.doppelkopf.rules import SEED
>>> hands = [parse_cards(h) for h in (
...     "QC 10H QS JD AD AC AS KS KH 10C", "QH QD JC JS AC 10C KC AS 10S KS",
...     "10H QS QH JC JH 10D KD AH KH KC", "QC QD JS JH JD AD 10D KD 10S AH")]
>>> play = DealPlay(SEED, ("Anna", "Bert", "Carl", "Dora"), hands,
...                 Contract("normal", re=frozenset({0, 3})), leader=0)
>>> for text in ("AC", "KC", "KC", "10S", "Dora: re"):
...     play.apply(parse_move(text))
>>> play.tricks[0].winner, play.tricks[0].augen
(0, 29)
>>> play.apply(parse_move("Bert: re"))
Traceback (most recent call last):
...
games.engines.errors.IllegalMoveError: Bert is in the KONTRA party and says kontra, not re
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engines.cards import Card
from games.engines.errors import IllegalMoveError, InvalidLogError, shown

from .facts import DealFacts, Special
from .moves import Announcement, CardPlay, Move, SoloChoice, level_word, parse_move
from .negotiation import Contract
from .rules import DoppelkopfRules
from .tables import AD, AH, AUGEN, JC, KH, QS, SOLO_KINDS, TABLES, group_name, trick_winner

__all__ = ["DealPlay", "Trick", "parse_move"]


@dataclass(frozen=True)
class Trick:
    number: int  # 1..10
    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int  # seat
    augen: int
    mode: str


class DealPlay:
    def __init__(self, rules: DoppelkopfRules, players: Sequence[str],
                 hands: Sequence[Sequence[Card]], contract: Contract, *, leader: int) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.hands = [list(hand) for hand in hands]
        self.contract = contract
        self.kind = contract.kind
        self.mode = ("normal" if contract.kind != "solo" or contract.solo_kind is None
                     else _mode_of(contract.solo_kind))
        self.leader = leader
        self.to_move = leader
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.tricks: list[Trick] = []
        self.cards_played = 0
        self.re: frozenset[int] | None = contract.re
        self.finding = 0 if self.re is not None else None  # tricks until parties are known
        self.hochzeit_alone = False
        self.levels = {"re": 0, "kontra": 0}
        self.last_window: dict[str, int | None] = {"re": None, "kontra": None}
        self.announcements: list[dict[str, object]] = []
        self.pending_absage = contract.absage
        self.sau_queens = 0
        self.sau_taker: int | None = None
        self.sau_solo: str | None = None
        self.sau_from: int | None = None  # first trick number of the Sau solo
        self.sau_waiting = False
        self.no_announcements = contract.kind in ("hammelrennen", "schwarze-sau")
        if self.re is not None:
            self._bind_absage()

    # --- helpers ------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return len(self.tricks) == 10

    def party(self, seat: int) -> str:
        assert self.re is not None
        return "re" if seat in self.re else "kontra"

    def name(self, seat: int) -> str:
        return self.players[seat]

    def _bind_absage(self) -> None:
        """The Abbieger's (or holding soloist's) Absage from the negotiation, once the
        parties are known; it counts as said at the start of trick ``f + 1``."""
        if self.pending_absage is None or self.re is None:
            return
        seat, level = self.pending_absage
        party = self.party(seat)
        assert self.finding is not None
        self.levels[party] = max(self.levels[party], level)
        self.last_window[party] = self.finding + 1
        self.announcements.append({"player": self.name(seat), "party": party,
                                   "word": level_word(level, party), "level": level,
                                   "after_cards": 0, "negotiation": True})
        self.pending_absage = None

    @property
    def shift(self) -> int:
        """How far the announcement times are moved: by the Hochzeit's Findungsstich."""
        finding = self.finding or 0
        if self.rules.hochzeit_shift == "finding-trick-minus-one":
            return max(finding - 1, 0)
        return finding

    def cards_needed(self, level: int) -> int:
        """With own-card timing: the cards a player must still hold to say ``level``."""
        return 10 - level - self.shift

    def window(self) -> int | None:
        """The trick whose announcement window is open now, or ``None`` mid-trick."""
        n = self.cards_played
        return n // 4 + 1 if n % 4 in (0, 1) else None

    # --- moves --------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        """Check and play one move (raises :class:`IllegalMoveError` without a location)."""
        if isinstance(move, CardPlay):
            self._play(move)
        elif isinstance(move, Announcement):
            self._announce(move)
        else:
            self._choose_sau_solo(move)

    def _seat(self, player: str, notation: str) -> int:
        try:
            return self.players.index(player)
        except ValueError:
            raise InvalidLogError("dk_not_at_table", {"value": shown(player)},
                                  notation=notation) from None

    def _play(self, move: CardPlay) -> None:
        # The hot path of every replay: kept lean (the benchmark's 2,000 deals per second).
        if self.cards_played >= 40:
            raise IllegalMoveError("dk_all_tricks_played")
        if self.sau_waiting:
            assert self.sau_taker is not None
            raise IllegalMoveError("dk_sau_names_solo", {"player": self.name(self.sau_taker)})
        seat = self.to_move
        if move.player is not None and self._seat(move.player, move.text()) != seat:
            raise IllegalMoveError("dk_play_turn", {"speaker": self.name(seat),
                                                    "player": move.player})
        hand = self.hands[seat]
        card = move.card
        try:
            index = hand.index(card)
        except ValueError:
            raise IllegalMoveError("dk_not_held", {
                "player": self.name(seat), "card": str(card),
                "hand_cards": [str(held) for held in hand]}) from None
        trick = self.trick
        if trick:
            table = TABLES[self.mode]
            lead = table[trick[0]][0]
            if table[card][0] != lead:
                same = [c for c in hand if table[c][0] == lead]
                if same:
                    raise IllegalMoveError("dk_must_follow", {
                        "player": self.name(seat), "group": group_name(lead),
                        "led_card": str(trick[0]), "cards": [str(c) for c in same],
                        "card": str(card)})
        del hand[index]
        trick.append(card)
        self.trick_seats.append(seat)
        self.cards_played += 1
        if len(trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        number = len(self.tricks) + 1
        index = trick_winner(self.trick, self.mode, self.rules.herz10, last=number == 10)
        winner = self.trick_seats[index]
        trick = Trick(number, self.trick_seats[0], tuple(self.trick_seats), tuple(self.trick),
                      winner, sum(AUGEN[c] for c in self.trick), self.mode)
        self.tricks.append(trick)
        self.trick, self.trick_seats = [], []
        self.leader = self.to_move = winner
        if self.kind == "hochzeit" and self.re is None:
            self._hochzeit_finding(trick)
        if self.kind == "schwarze-sau" and self.sau_taker is None:
            self.sau_queens += trick.cards.count(QS)
            if self.sau_queens == 2:
                self.sau_taker = winner
                self.re = frozenset({winner})
                if number < 10:
                    self.sau_waiting = True

    def _hochzeit_finding(self, trick: Trick) -> None:
        hochzeiter = self.contract.hochzeiter
        assert hochzeiter is not None
        finding = self.rules.hochzeit_finding
        first_trump = TABLES["normal"][self.tricks[0].cards[0]][0] == "T"
        lead_trump = TABLES["normal"][trick.cards[0]][0] == "T"
        if finding == "any":
            counts = True
        elif finding == "fehl" or not first_trump:
            counts = not lead_trump
        else:
            counts = lead_trump
        if counts and trick.winner != hochzeiter:
            self.re = frozenset({hochzeiter, trick.winner})
        elif trick.number >= self.rules.hochzeit_tricks:
            self.re = frozenset({hochzeiter})
            self.hochzeit_alone = True
        if self.re is not None:
            self.finding = trick.number
            self._bind_absage()

    def hochzeit_kind(self) -> str | None:
        """``fehl``, ``trumpf`` or ``any``: what kind of trick finds the Hochzeit partner."""
        if self.kind != "hochzeit" or not self.tricks:
            return None
        if self.rules.hochzeit_finding in ("any", "fehl"):
            return self.rules.hochzeit_finding
        return "trumpf" if TABLES["normal"][self.tricks[0].cards[0]][0] == "T" else "fehl"

    def _choose_sau_solo(self, move: SoloChoice) -> None:
        notation = move.text()
        if not self.sau_waiting:
            raise IllegalMoveError("dk_solo_only_in_sau", notation=notation)
        assert self.sau_taker is not None
        if self._seat(move.player, notation) != self.sau_taker:
            raise IllegalMoveError("dk_sau_taker_names", {"taker": self.name(self.sau_taker),
                                                          "player": move.player},
                                   notation=notation)
        self.sau_solo = move.kind
        self.mode = _mode_of(move.kind)
        self.sau_from = len(self.tricks) + 1
        self.sau_waiting = False

    def _announce(self, move: Announcement) -> None:
        notation = move.text()
        seat = self._seat(move.player, notation)
        if self.no_announcements:
            label = "Hammelrennen" if self.kind == "hammelrennen" else "Schwarze Sau"
            raise IllegalMoveError("dk_no_announcements", {"label": label},
                                   notation=notation)
        if self.finished:
            raise IllegalMoveError("dk_announce_over", notation=notation)
        if self.re is None:
            raise IllegalMoveError("dk_announce_hochzeit", {"player": move.player},
                                   notation=notation)
        party = self.party(seat)
        level = move.level
        if level == 1 and move.word != party:
            raise IllegalMoveError("dk_announce_party", {
                "player": move.player, "party": party.upper(), "own": party,
                "word": move.word}, notation=notation)
        current = self.levels[party]
        if level <= current:
            raise IllegalMoveError("dk_announce_no_raise", {
                "party": party.upper(), "said": level_word(current, party),
                "word": move.word}, notation=notation)
        if self.rules.announcement_timing == "own-cards":
            self._check_own_cards(seat, party, move)
        else:
            self._check_trick_window(party, move)
        self.levels[party] = level
        self.last_window[party] = self.window()
        self.announcements.append({"player": move.player, "party": party, "word": move.word,
                                   "level": level, "after_cards": self.cards_played,
                                   "negotiation": False})

    def _check_own_cards(self, seat: int, party: str, move: Announcement) -> None:
        # The lowest level not yet said has the earliest deadline; the higher levels the
        # announcement includes are then in time as well.
        lowest = self.levels[party] + 1
        held, needed = len(self.hands[seat]), self.cards_needed(lowest)
        if held < needed:
            params = {"word": move.word, "player": move.player, "held": held,
                      "level": level_word(lowest, party), "needed": needed}
            raise IllegalMoveError("dk_announce_cards_late" if lowest == move.level
                                   else "dk_announce_cards_late_included", params,
                                   notation=move.text())

    def _check_trick_window(self, party: str, move: Announcement) -> None:
        notation, level = move.text(), move.level
        window = self.window()
        if window is None:
            raise IllegalMoveError("dk_announce_mid_trick", {
                "player": move.player, "trick": self.cards_played // 4 + 1},
                notation=notation)
        deadline = self.shift + 1 + level
        if window > deadline:
            raise IllegalMoveError("dk_announce_late", {"word": move.word, "trick": deadline},
                                   notation=notation)
        last = self.last_window[party]
        if last is not None and window > last + 1:
            raise IllegalMoveError("dk_announce_gap", {
                "party": party.upper(), "trick": last, "next": last + 1}, notation=notation)

    # --- what may come next -------------------------------------------------------------
    def legal_cards(self) -> list[Card]:
        if self.finished or self.sau_waiting:
            return []
        hand = self.hands[self.to_move]
        if not self.trick:
            return sorted(set(hand), key=hand.index)
        table = TABLES[self.mode]
        lead = table[self.trick[0]][0]
        same = [c for c in hand if table[c][0] == lead]
        return sorted(set(same or hand), key=hand.index)

    def legal_announcements(self) -> list[Announcement]:
        """The lowest raise of every player who may announce now (a higher one, which skips
        levels, is legal as well)."""
        if self.no_announcements or self.re is None or self.finished or self.sau_waiting:
            return []
        if self.rules.announcement_timing == "own-cards":
            out = []
            for seat in range(4):
                party = self.party(seat)
                level = self.levels[party] + 1
                if level <= 5 and len(self.hands[seat]) >= self.cards_needed(level):
                    out.append(Announcement(self.name(seat), level_word(level, party)))
            return out
        window = self.window()
        if window is None:
            return []
        out = []
        for seat in range(4):
            party = self.party(seat)
            last = self.last_window[party]
            if last is not None and window > last + 1:
                continue
            for level in range(self.levels[party] + 1, 6):
                if window <= self.shift + 1 + level:
                    out.append(Announcement(self.name(seat), level_word(level, party)))
                    break  # the lowest raise is enough; higher ones skip levels
        return out

    def legal_moves(self) -> list[Move]:
        """Cards of the player to move, open announcements, or the Sau solo.

        >>> from games.engines.cards import parse_cards
        >>> from games.engines.doppelkopf.rules import SEED
        >>> hands = [parse_cards("QC QS QH QD JC JS JH JD AD KD")] * 4
        >>> play = DealPlay(SEED, "ABCD", hands, Contract("normal",
        ...                 re=frozenset({0, 1})), leader=0)
        >>> [m.text() for m in play.legal_moves()][-4:]
        ['A: re', 'B: re', 'C: kontra', 'D: kontra']
        """
        if self.sau_waiting:
            assert self.sau_taker is not None
            return [SoloChoice(self.name(self.sau_taker), kind) for kind in SOLO_KINDS]
        moves: list[Move] = [CardPlay(card) for card in self.legal_cards()]
        moves.extend(self.legal_announcements())
        return moves

    # --- the end ------------------------------------------------------------------------
    def seat_augen(self) -> list[int]:
        augen = [0, 0, 0, 0]
        for trick in self.tricks:
            augen[trick.winner] += trick.augen
        return augen

    def facts(self) -> DealFacts:
        """What the finished deal leaves for scoring."""
        assert self.finished
        if self.kind == "hammelrennen":
            return DealFacts("hammelrennen", seat_augen=tuple(self.seat_augen()))
        assert self.re is not None
        counted = self.tricks
        if self.kind == "schwarze-sau" and self.rules.schwarze_sau_tricks == "solo-only":
            start = self.sau_from or 11
            counted = [t for t in self.tricks if t.number >= start]
        re_augen = sum(t.augen for t in counted if t.winner in self.re)
        kontra_augen = sum(t.augen for t in counted if t.winner not in self.re)
        re_tricks = sum(1 for t in counted if t.winner in self.re)
        kind = self.kind
        solo = self.contract.solo_kind if kind == "solo" else self.sau_solo
        return DealFacts(kind, solo, tuple(sorted(self.re)), re_augen, kontra_augen,
                         re_tricks, len(counted) - re_tricks, self.levels["re"],
                         self.levels["kontra"], tuple(self.specials()))

    def specials(self) -> list[Special]:
        """Special points as the seed lists them (which count is the scoring's business)."""
        if self.kind in ("hammelrennen", "schwarze-sau"):
            return []
        assert self.re is not None
        solo = self.kind in ("solo", "stilles-solo") or self.hochzeit_alone
        out: list[Special] = []
        for trick in self.tricks:
            party = self.party(trick.winner)
            if trick.augen >= 40:
                out.append(Special("doppelkopf", party, trick.number))
            if solo:
                continue
            if sorted(trick.cards) == sorted((AH, AH, KH, KH)):
                out.append(Special("herz-stich", party, trick.number))
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                if card == AD and self.party(seat) != party:
                    out.append(Special("fuchs-gefangen", party, trick.number))
            if trick.number == 10:
                winning = trick.cards[trick.seats.index(trick.winner)]
                if winning == JC:
                    out.append(Special("charly-letzter-stich", party, 10))
                for seat, card in zip(trick.seats, trick.cards, strict=True):
                    if card == JC and self.party(seat) != party:
                        out.append(Special("charly-gefangen", party, 10))
                if winning == AD:
                    out.append(Special("fuchs-letzter-stich", party, 10))
        return out


def _mode_of(solo_kind: str) -> str:
    return "normal" if solo_kind == "karo" else solo_kind
