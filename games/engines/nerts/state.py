"""The table during a hand: every deck's piles and the shared foundations.

The state is mutable for speed and private to the engine; :mod:`.play` changes it only
through checked moves. Piles are lists from the bottom to the top (``pile[-1]`` is the top),
work piles from the base card to the free card.

A deck's *layout* is how it was dealt, each pile listed **top first** (the order in which
the cards come into play): ``{"nerts": [13 cards], "work": [4 cards], "stock": [the rest]}``.
A seed deals a deck by shuffling it with the label ``hand <n> deck <name>``; the shuffled
deck's first ``pile_size`` cards are the Nerts pile (top first), the next four the work
piles 1-4, the rest the stock (top first).

>>> from .rules import NertsRules
>>> hand = new_hand(NertsRules(), seeded_layouts(NertsRules(), [("Anna", ("Anna",))],
...                 seed="demo", hand=1), {"Anna": "Anna"})
>>> deck = hand.decks["Anna"]
>>> len(deck.nerts), [len(pile) for pile in deck.work], len(deck.stock), len(deck.waste)
(13, [1, 1, 1, 1], 35, 0)
>>> sum(hand.census("Anna").values())
52
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..chance import seeded_shuffle
from ..errors import InvalidLogError, shown
from ..messages import joined, message
from .cards import NCard, nerts_deck, parse_ncard
from .rules import WORK_PILES, NertsRules


class Placed(NamedTuple):
    """A card on a foundation, with the value it counts as (a joker's announced card)."""

    card: NCard
    rank: int
    suit: str
    player: str
    move: int  # the action (numbered from 1) that put it there


@dataclass
class Foundation:
    """A shared foundation, started by an ace, numbered in the order they were started."""

    number: int
    suit: str
    cards: list[Placed] = field(default_factory=list)

    @property
    def top(self) -> Placed:
        return self.cards[-1]

    @property
    def complete(self) -> bool:
        return self.top.rank == 13


@dataclass
class Deck:
    """One deck on the table: the player's (or team's) Nerts pile, work piles, stock, waste."""

    name: str
    players: tuple[str, ...]
    nerts: list[NCard]
    stock: list[NCard]
    waste: list[NCard] = field(default_factory=list)
    work: list[list[NCard]] = field(default_factory=list)
    # Stock cards turned since the last card was played by anyone (or the last reset): the
    # deck has been through its whole stock once this reaches len(stock) + len(waste).
    turned: int = 0

    @property
    def passed(self) -> bool:
        return self.turned >= len(self.stock) + len(self.waste)

    def cards(self) -> Iterable[NCard]:
        """Every card still in front of the player (not on a foundation)."""
        yield from self.nerts
        yield from self.stock
        yield from self.waste
        for pile in self.work:
            yield from pile

    def snapshot(self) -> dict[str, Any]:
        """The piles as the log shows a layout: each pile top first, work piles base first."""
        return {
            "nerts": [str(card) for card in reversed(self.nerts)],
            "work": [[str(card) for card in pile] for pile in self.work],
            "stock": [str(card) for card in reversed(self.stock)],
            "waste": [str(card) for card in reversed(self.waste)],
        }


@dataclass
class Hand:
    """The whole table of one hand."""

    rules: NertsRules
    decks: dict[str, Deck]
    deck_of: dict[str, str]  # player name -> deck name
    foundations: list[Foundation] = field(default_factory=list)
    moves: int = 0  # actions applied so far
    last_seq: int | None = None
    last_t: float | None = None
    caller: str | None = None  # the player who called Nerts
    call_move: int | None = None
    in_the_air: dict[str, int] = field(default_factory=dict)  # player -> move after the call
    ended: str | None = None  # "call" or "stuck"
    end_move: int | None = None
    resets: int = 0
    last_reset_move: int | None = None
    last_card_move: int | None = None
    last_card: str | None = None

    def census(self, deck_name: str) -> Counter[NCard]:
        """How often each card of a deck is on the table (all 1 when nothing is lost)."""
        counts: Counter[NCard] = Counter(self.decks[deck_name].cards())
        for foundation in self.foundations:
            counts.update(placed.card for placed in foundation.cards
                          if placed.card.owner == deck_name)
        return counts

    def on_foundations(self, deck_name: str) -> int:
        return sum(1 for foundation in self.foundations for placed in foundation.cards
                   if placed.card.owner == deck_name)


Layout = Mapping[str, Sequence[NCard]]


def seeded_layouts(rules: NertsRules, decks: Sequence[tuple[str, tuple[str, ...]]], *,
                   seed: str | int, hand: int) -> dict[str, dict[str, list[NCard]]]:
    """Deal every deck from the seed: label ``hand <n> deck <name>``."""
    layouts = {}
    for name, _players in decks:
        cards = seeded_shuffle(nerts_deck(name, jokers=rules.jokers), seed=seed,
                               label=f"hand {hand} deck {name}")
        size = rules.pile_size
        layouts[name] = {"nerts": cards[:size], "work": cards[size:size + WORK_PILES],
                         "stock": cards[size + WORK_PILES:]}
    return layouts


def read_layouts(rules: NertsRules, data: Any, deck_names: Sequence[str], *,
                 field_path: str) -> dict[str, dict[str, list[NCard]]]:
    """Read a played deal's recorded ``decks`` and check each is one whole, own deck."""
    if not isinstance(data, Mapping):
        raise InvalidLogError("nerts_decks_object", field=field_path)
    missing = [name for name in deck_names if name not in data]
    extra = [name for name in data if name not in deck_names]
    if missing:
        raise InvalidLogError("nerts_decks_missing", {"decks": list(deck_names),
                                                      "missing": missing}, field=field_path)
    if extra:
        raise InvalidLogError("nerts_decks_extra", {"decks": list(deck_names),
                                                    "extra": [shown(name) for name in extra]},
                              field=field_path)
    layouts = {}
    for name in deck_names:
        layouts[name] = _read_layout(rules, data[name], name, field_path=f"{field_path}.{name}")
    return layouts


def _read_layout(rules: NertsRules, data: Any, name: str, *,
                 field_path: str) -> dict[str, list[NCard]]:
    if not isinstance(data, Mapping) or set(data) != {"nerts", "work", "stock"}:
        raise InvalidLogError("nerts_layout_parts", {"deck": name}, field=field_path)
    layout: dict[str, list[NCard]] = {}
    for part in ("nerts", "work", "stock"):
        items = data[part]
        if isinstance(items, str):
            items = items.split()
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            raise InvalidLogError("nerts_layout_cards", {"part": part},
                                  field=f"{field_path}.{part}")
        cards = []
        for item in items:
            # A recorded card without an owner belongs to the deck it is listed for.
            text = item if "@" in item else f"{item}@{name}"
            try:
                cards.append(parse_ncard(text))
            except InvalidLogError as error:
                raise error.located(field=f"{field_path}.{part}") from None
        layout[part] = cards
    if len(layout["nerts"]) != rules.pile_size:
        raise InvalidLogError("nerts_pile_size", {"deck": name, "count": len(layout["nerts"]),
                                                  "size": rules.pile_size},
                              field=f"{field_path}.nerts")
    if len(layout["work"]) != WORK_PILES:
        raise InvalidLogError("nerts_work_count", {"deck": name, "piles": WORK_PILES,
                                                   "count": len(layout["work"])},
                              field=f"{field_path}.work")
    dealt = layout["nerts"] + layout["work"] + layout["stock"]
    expected = Counter(nerts_deck(name, jokers=rules.jokers))
    counted = Counter(dealt)
    if counted != expected:
        wrong = sorted(str(card) for card in (counted - expected))
        lost = sorted(str(card) for card in (expected - counted))
        parts = []
        if wrong:
            parts.append(message("nerts_deck_extra_cards", cards=wrong))
        if lost:
            parts.append(message("nerts_deck_missing_cards", cards=lost))
        raise InvalidLogError("nerts_not_whole_deck", {"deck": name, "problems": joined(parts)},
                              field=field_path)
    return layout


def new_hand(rules: NertsRules, layouts: Mapping[str, Layout], deck_of: Mapping[str, str]
             ) -> Hand:
    """Lay out the table: layouts list every pile top first (see the module docstring)."""
    decks = {}
    for name, layout in layouts.items():
        players = tuple(player for player, deck in deck_of.items() if deck == name)
        decks[name] = Deck(name=name, players=players,
                           nerts=list(reversed(layout["nerts"])),
                           stock=list(reversed(layout["stock"])),
                           work=[[card] for card in layout["work"]])
    return Hand(rules=rules, decks=decks, deck_of=dict(deck_of))
