"""One game of Rennen between races: both players' holdings, the stock, the end.

Between two races every card that nobody owns is back in the stock ("Alle Karten des
Rennens ... werden wieder in den Stapel gemischt"), so the stock is always *the 42 cards
minus what the players own*. With a seed the stock is an ordered pile: it is reshuffled from
the canonical order (see :mod:`.deck`) with the label ``game G race R`` when a race begins and
``game G race R move M`` whenever cards go back during a race; the top card is dealt first.
Without a seed the log records every card dealt and the engine checks it was in the stock.

>>> from games.engines.rennen.rules import RennenRules
>>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=7)
>>> len(game.stock), game.over, game.advantages()
(42, False, {'C': None, 'S': None, 'H': None})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..chance import seeded_shuffle
from ..messages import message, render
from .deck import ROW_SUITS, SUIT_NAME, canonical_sorted, initial_stock
from .holdings import Holdings
from .rules import RennenRules

# How a game ends: a complete row, three strikes, the stock cannot deal a race, the stock
# cannot break a tie.
END_ROW, END_STRIKES, END_SHORTAGE, END_NO_TIEBREAK = "row", "strikes", "shortage", "no_tiebreak"

_INITIAL = Counter(initial_stock())


@dataclass
class GameState:
    """Everything that lasts from race to race (mutable, private to the engine)."""

    rules: RennenRules
    players: tuple[str, str]
    number: int
    seed: str | int | None
    seats: list[Holdings]
    stock: list[Card]
    races: int = 0
    winner: int | None = None
    end: str | None = None
    end_suit: str | None = None
    pending_label: str | None = field(default=None, repr=False)

    @classmethod
    def new(cls, rules: RennenRules, players: tuple[str, str], *, number: int,
            seed: str | int | None) -> GameState:
        """A fresh game: the Damen laid out, 42 cards in the stock."""
        return cls(rules=rules, players=players, number=number, seed=seed,
                   seats=[Holdings.new(), Holdings.new()], stock=initial_stock())

    @property
    def over(self) -> bool:
        return self.end is not None

    def advantages(self) -> dict[str, int | None]:
        """Who attached more cards of Kreuz, Pik and Herz (``None``: nobody, or equal).

        >>> from games.engines.rennen.rules import RennenRules
        >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
        >>> game.seats[1].rows["S"] |= 0b001000     # Bert attached KS
        >>> game.advantages()["S"]
        1
        """
        result: dict[str, int | None] = {}
        for suit in ROW_SUITS:
            mine, theirs = self.seats[0].attached(suit), self.seats[1].attached(suit)
            result[suit] = 0 if mine > theirs else 1 if theirs > mine else None
        return result

    def race_conditions(self) -> tuple[int, bool, dict[str, int | None], list[str]]:
        """How the next race is dealt: (cards per hand, card shortage?, advantages in force,
        advantages that lapse).

        Normally 3 cards each (4 for the Pik player). When the stock cannot give the market
        and those hands (Kartenmangel), the market is filled first and each player gets 3, 2
        or 1 card, as many as the stock allows; the Pik- and Herzvorteil lapse then.

        >>> from games.engines.rennen.rules import RennenRules
        >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
        >>> game.stock = game.stock[:9]
        >>> game.race_conditions()[:2]
        (2, True)
        """
        advantages = self.advantages()
        lapsed: list[str] = []
        stock = len(self.stock)
        if stock >= 4 + 6 + (1 if advantages["S"] is not None else 0):
            return 3, False, advantages, lapsed
        hand_size = max((n for n in (1, 2, 3) if 4 + 2 * n <= stock), default=0)
        for suit in ("S", "H"):
            if advantages[suit] is not None:
                lapsed.append(suit)
                advantages[suit] = None
        return hand_size, True, advantages, lapsed

    # -- the stock -------------------------------------------------------------------------

    def reshuffle(self, label: str) -> None:
        """Seeded logs only: the stock in the order the seed and ``label`` give."""
        self.stock = seeded_shuffle(canonical_sorted(self.stock), seed=self._seed(),
                                    label=label)
        self.pending_label = None

    def draw(self, count: int) -> list[Card]:
        """Seeded logs only: the top ``count`` cards (reshuffling first if cards went back).

        >>> from games.engines.rennen.rules import RennenRules
        >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed="x")
        >>> game.reshuffle("game 1 race 1")
        >>> top = game.draw(2)
        >>> game.give_back(top, "game 1 race 1 move 1")
        >>> game.pending_label, len(game.stock)
        ('game 1 race 1 move 1', 42)
        """
        if self.pending_label is not None:
            self.reshuffle(self.pending_label)
        cards, self.stock = self.stock[:count], self.stock[count:]
        return cards

    def remove(self, card: Card) -> bool:
        """Recorded logs: take a named card out of the stock; ``False`` if it is not there."""
        try:
            self.stock.remove(card)
        except ValueError:
            return False
        return True

    def give_back(self, cards: Iterable[Card], label: str) -> None:
        """Cards go back into the stock, which is mixed (with a seed: under ``label``)."""
        self.stock.extend(cards)
        if self.seed is not None:
            self.pending_label = label

    def _seed(self) -> str | int:
        assert self.seed is not None
        return self.seed

    # -- the end ---------------------------------------------------------------------------

    def check_win(self, seat: int) -> bool:
        """End the game if ``seat`` now has a complete row or strikes in all three suits."""
        holdings = self.seats[seat]
        suit = holdings.complete_suit()
        if suit is not None:
            self.winner, self.end, self.end_suit = seat, END_ROW, suit
            return True
        if len(holdings.strike_suits()) == len(ROW_SUITS):
            self.winner, self.end = seat, END_STRIKES
            return True
        return False

    def draw_game(self, end: str) -> None:
        self.winner, self.end = None, end

    def finish_race(self) -> None:
        """All cards of the race go back; the game is drawn if no race can be dealt now.

        A race needs the four market cards and at least one card for each player.
        """
        owned: Counter[Card] = Counter()
        for holdings in self.seats:
            owned.update(holdings.owned())
        self.stock = canonical_sorted((_INITIAL - owned).elements())
        self.pending_label = None
        self.races += 1
        if not self.over and len(self.stock) < 6:
            self.draw_game(END_SHORTAGE)

    def end_text(self) -> str:
        """The end in words: ``Anna completed the Herz row``.

        >>> from games.engines.rennen.rules import RennenRules
        >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
        >>> game.end_text()
        'the game is still running'
        """
        end = self.end_message()
        return render(end["code"], end["params"])

    def end_message(self) -> dict[str, Any]:
        """The end as a message (for errors, which read in the reader's language)."""
        if self.end == END_ROW and self.winner is not None and self.end_suit is not None:
            return message("rennen_end_row", player=self.players[self.winner],
                           suit=SUIT_NAME[self.end_suit])
        if self.end == END_STRIKES and self.winner is not None:
            return message("rennen_end_strikes", player=self.players[self.winner])
        if self.end == END_SHORTAGE:
            return message("rennen_end_shortage", count=len(self.stock))
        if self.end == END_NO_TIEBREAK:
            return message("rennen_end_no_tiebreak")
        return message("rennen_end_running")

    def snapshot(self) -> list[dict[str, object]]:
        """Both players' holdings as JSON, in seat order (``player`` added)."""
        return [{"player": name, **holdings.to_json()}
                for name, holdings in zip(self.players, self.seats, strict=True)]
