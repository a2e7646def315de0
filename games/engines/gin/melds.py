"""Melds, the least-deadwood arrangement and the defender's best lay-offs.

A meld is a run (3 or more cards in sequence of one suit, ace low, no wrap) or a set (3 or 4
cards of one rank); a card belongs to one meld only. Everything works on bitmasks (see
:mod:`.deck`). The search is exact: it enumerates every packing of disjoint melds contained
in the hand (a ten-card hand holds few melds, so this is small) and keeps the one that
leaves the least deadwood. Results are cached by hand mask.

>>> from .deck import mask_of, card_index
>>> hand = mask_of(card_index(c) for c in "3S 4S 5S 7H 7D 7C 9C 10C KD 2H".split())
>>> best = best_arrangement(hand)
>>> best.deadwood, [meld_text(m) for m in best.melds]
(31, ['3S-4S-5S', '7C-7H-7D'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .deck import BIT, CARD_TEXT, RANK, SUIT, SUIT_BITS, VALUE, cards_of, mask_value

# Every run inside one suit's 13 bits: start 0..10, length 3..13-start.
_RUN_PATTERNS: tuple[int, ...] = tuple(((1 << length) - 1) << start
                                       for start in range(11)
                                       for length in range(3, 14 - start))
_RUNS_BY_PATTERN: dict[int, tuple[int, ...]] = {}


def _runs_in_pattern(pattern: int) -> tuple[int, ...]:
    runs = _RUNS_BY_PATTERN.get(pattern)
    if runs is None:
        runs = tuple(run for run in _RUN_PATTERNS if run & pattern == run)
        _RUNS_BY_PATTERN[pattern] = runs
    return runs


def _set_melds(rank0: int, suits: int) -> tuple[int, ...]:
    """The sets of one rank (``rank0`` 0..12) among the suits present (4-bit mask)."""
    members = [BIT[13 * suit + rank0] for suit in range(4) if suits >> suit & 1]
    if len(members) < 3:
        return ()
    if len(members) == 3:
        return (members[0] | members[1] | members[2],)
    full = members[0] | members[1] | members[2] | members[3]
    # The four-card set and each of its four three-card sets: a three-card set can leave
    # the fourth card free for a run.
    return (full, *tuple(full ^ member for member in members))


_SET_TABLE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_set_melds(rank0, suits) for suits in range(16)) for rank0 in range(13))


def melds_in(hand: int) -> list[int]:
    """Every meld (as a mask) made of cards of ``hand``, runs first, then sets.

    >>> from .deck import mask_of, card_index
    >>> [meld_text(m) for m in melds_in(mask_of(card_index(c) for c in "AS 2S 3S 4S".split()))]
    ['AS-2S-3S', 'AS-2S-3S-4S', '2S-3S-4S']
    """
    out: list[int] = []
    a = hand & SUIT_BITS
    b = hand >> 13 & SUIT_BITS
    c = hand >> 26 & SUIT_BITS
    d = hand >> 39 & SUIT_BITS
    for shift, pattern in ((0, a), (13, b), (26, c), (39, d)):
        # A run needs three neighbours: skip suits that cannot hold one.
        if pattern & pattern >> 1 & pattern >> 2:
            out.extend(run << shift for run in _runs_in_pattern(pattern))
    three = (a & b & (c | d)) | (c & d & (a | b))
    while three:
        low = three & -three
        rank0 = low.bit_length() - 1
        suits = (a >> rank0 & 1) | (b >> rank0 & 1) << 1 | (c >> rank0 & 1) << 2 \
            | (d >> rank0 & 1) << 3
        out.extend(_SET_TABLE[rank0][suits])
        three ^= low
    return out


def is_meld(mask: int) -> bool:
    """A valid run or set?

    >>> from .deck import mask_of, card_index
    >>> is_meld(mask_of(card_index(c) for c in "QS KS JS".split()))
    True
    >>> is_meld(mask_of(card_index(c) for c in "QS KS AS".split()))
    False
    """
    cards = cards_of(mask)
    if len(cards) < 3:
        return False
    ranks = {RANK[card] for card in cards}
    if len(ranks) == 1:
        return len(cards) <= 4
    suit = SUIT[cards[0]]
    if any(SUIT[card] != suit for card in cards):
        return False
    pattern = mask >> (13 * suit)
    return pattern & (pattern + (pattern & -pattern)) == 0


def is_set(mask: int) -> bool:
    cards = cards_of(mask)
    return len({RANK[card] for card in cards}) == 1


def meld_value(mask: int) -> int:
    return mask_value(mask)


def meld_cards(mask: int) -> list[int]:
    """A meld's cards in the order a player lays them: a run by rank, a set by suit C S H D."""
    return cards_of(mask)


def meld_text(mask: int) -> str:
    """``3S-4S-5S``: the notation of a meld (also used for stated melds in the log)."""
    return "-".join(CARD_TEXT[card] for card in cards_of(mask))


def meld_order_key(mask: int) -> tuple[int, int]:
    """Engine-chosen melds are numbered by their lowest card: rank first, then suit C S H D."""
    low = (mask & -mask).bit_length() - 1
    return RANK[low], SUIT[low]


class Arrangement(NamedTuple):
    """The least deadwood of a hand and one arrangement that reaches it."""

    deadwood: int
    melds: tuple[int, ...]  # meld masks, ordered by :func:`meld_order_key`
    deadwood_mask: int


_CACHE: dict[int, Arrangement] = {}
_CACHE_LIMIT = 400_000


def best_arrangement(hand: int) -> Arrangement:
    """The arrangement of ``hand`` with the least deadwood (exact; cached by mask)."""
    found = _CACHE.get(hand)
    if found is not None:
        return found
    melds = melds_in(hand)
    if not melds:
        found = Arrangement(mask_value(hand), (), hand)
    else:
        values = [mask_value(meld) for meld in melds]
        best_total = 0
        best_chosen: tuple[int, ...] = ()
        count = len(melds)
        # Depth-first over packings of disjoint melds; each packing is visited once.
        stack: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
        while stack:
            start, used, total, chosen = stack.pop()
            if total > best_total:
                best_total, best_chosen = total, chosen
            for index in range(start, count):
                meld = melds[index]
                if not meld & used:
                    stack.append((index + 1, used | meld, total + values[index],
                                  (*chosen, meld)))
        covered = 0
        for meld in best_chosen:
            covered |= meld
        found = Arrangement(mask_value(hand) - best_total,
                            tuple(sorted(best_chosen, key=meld_order_key)), hand & ~covered)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[hand] = found
    return found


def least_deadwood_layouts(hand: int) -> list[tuple[int, ...]]:
    """Every packing of disjoint melds that leaves the least deadwood (each packing's melds
    ordered by :func:`meld_order_key`); a hand without melds has the one empty packing.

    >>> from .deck import mask_of, card_index
    >>> hand = mask_of(card_index(c) for c in "6C 6S 6H 6D 7D 8D 9D 10D JD 2C".split())
    >>> [[meld_text(m) for m in layout] for layout in least_deadwood_layouts(hand)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [['6C-6S-6H-6D', '7D-8D-9D-10D-JD'], ['6C-6S-6H', '6D-7D-8D-9D-10D-JD'],
     ['6C-6S-6H', '6D-7D-8D', '9D-10D-JD']]
    """
    found = _LAYOUTS.get(hand)
    if found is not None:
        return found
    melds = melds_in(hand)
    values = [mask_value(meld) for meld in melds]
    best_total = 0
    best: list[tuple[int, ...]] = [()]
    count = len(melds)
    stack: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
    while stack:
        start, used, total, chosen = stack.pop()
        if total > best_total:
            best_total, best = total, [chosen]
        elif total == best_total and chosen:
            best.append(chosen)
        for index in range(start, count):
            meld = melds[index]
            if not meld & used:
                stack.append((index + 1, used | meld, total + values[index], (*chosen, meld)))
    found = [tuple(sorted(layout, key=meld_order_key)) for layout in best]
    if len(_LAYOUTS) >= _CACHE_LIMIT:
        _LAYOUTS.clear()
    _LAYOUTS[hand] = found
    return found


_LAYOUTS: dict[int, list[tuple[int, ...]]] = {}


def knock_layout(hand: int, defender: int, *, layoffs: bool = True) -> Arrangement:
    """The melds a knocker shows when the log does not state them: the least deadwood, and
    among layouts with equal least deadwood the one that leaves the defender the least to
    lay off, as a knocker lays out to his own advantage (RULES-NOTES, Gin: recorded melds).

    "Least to lay off" is measured as the defender's deadwood after his best showing against
    the layout: the higher it stays, the fewer points he could lay off. A remaining tie
    scores the same either way; it goes to the layout whose melds (ordered by their lowest
    card) list the lower cards first in the deck order (clubs, spades, hearts, diamonds; ace
    to king; a meld that is a beginning of another comes first), so that the choice never
    depends on the search order.

    >>> from .deck import mask_of, card_index
    >>> hand = mask_of(card_index(c) for c in "4C 5C AS 5S 2H 3H 4H 5H 2D 5D".split())
    >>> defender = mask_of(card_index(c) for c in "6H 9S 9C KC QD JS 8D 7S 3C 10H".split())
    >>> [meld_text(m) for m in best_arrangement(hand).melds]  # the search's first layout
    ['2H-3H-4H-5H', '5C-5S-5D']
    >>> [meld_text(m) for m in knock_layout(hand, defender).melds]  # 6H has nowhere to go
    ['2H-3H-4H', '5C-5S-5H-5D']
    """
    layouts = least_deadwood_layouts(hand)
    if len(layouts) == 1:
        return best_arrangement(hand)

    def giveaway(layout: tuple[int, ...]) -> tuple[int, list[list[int]]]:
        order = [cards_of(meld) for meld in layout]
        if not layoffs:
            return 0, order
        return -best_defense(defender, layout).deadwood, order

    chosen = min(layouts, key=giveaway)
    covered = 0
    for meld in chosen:
        covered |= meld
    return Arrangement(mask_value(hand & ~covered), chosen, hand & ~covered)


def deadwood(hand: int) -> int:
    """The least deadwood of a hand.

    >>> from .deck import mask_of, card_index
    >>> deadwood(mask_of(card_index(c) for c in "AC 2C 3C 4C 4S 4H 9D 9S 9H KD".split()))
    10
    """
    return best_arrangement(hand).deadwood


def packings(hand: int) -> list[tuple[int, int]]:
    """Every packing of disjoint melds in ``hand`` as ``(covered mask, melded value)``,
    the empty packing included."""
    melds = melds_in(hand)
    values = [mask_value(meld) for meld in melds]
    out = [(0, 0)]
    count = len(melds)
    stack: list[tuple[int, int, int]] = [(0, 0, 0)]
    while stack:
        start, used, total = stack.pop()
        for index in range(start, count):
            meld = melds[index]
            if not meld & used:
                covered, melded = used | meld, total + values[index]
                out.append((covered, melded))
                stack.append((index + 1, covered, melded))
    return out


def discard_deadwoods(hand: int) -> dict[int, int]:
    """For an 11-card hand: the least deadwood left after discarding each card.

    One pass over the packings of the whole hand serves every discard, because the best
    arrangement of ``hand - card`` is the best packing of ``hand`` that does not use ``card``.

    >>> from .deck import mask_of, card_index
    >>> hand = mask_of(card_index(c) for c in "AC 2C 3C 4C 4S 4H 9D 9S 9H KD 5D".split())
    >>> result = discard_deadwoods(hand)
    >>> result[card_index("KD")], result[card_index("5D")], result[card_index("4C")]
    (5, 10, 23)
    """
    total = mask_value(hand)
    packs = packings(hand)
    out: dict[int, int] = {}
    for card in cards_of(hand):
        bit = BIT[card]
        best = 0
        for covered, melded in packs:
            if melded > best and not covered & bit:
                best = melded
        out[card] = total - VALUE[card] - best
    return out


def min_discard_deadwood(hand: int) -> int:
    """The least deadwood reachable by discarding one card of an 11-card hand."""
    return min(discard_deadwoods(hand).values())


# ---------------------------------------------------------------------------------------
# Lay-offs


def layoff_options(meld: int, hand: int) -> list[int]:
    """The masks of cards from ``hand`` that can be laid off onto one knocker's meld.

    A set of three takes its fourth card; a run takes a chain at either end (4S, then 5S
    onto 1-2-3S). The empty choice (lay nothing) comes first.

    >>> from .deck import mask_of, card_index
    >>> run = mask_of(card_index(c) for c in "AS 2S 3S".split())
    >>> opts = layoff_options(run, mask_of(card_index(c) for c in "4S 5S 7S".split()))
    >>> [" ".join(CARD_TEXT[c] for c in cards_of(o)) for o in opts]
    ['', '4S', '4S 5S']
    """
    options = [0]
    cards = cards_of(meld)
    if is_set(meld):
        if len(cards) == 3:
            rank0 = cards[0] % 13
            for suit in range(4):
                card = 13 * suit + rank0
                if not meld & BIT[card] and hand & BIT[card]:
                    options.append(BIT[card])
        return options
    low, high = cards[0], cards[-1]
    lows = [0]
    chain = 0
    card = low
    while card % 13 and hand & BIT[card - 1]:
        card -= 1
        chain |= BIT[card]
        lows.append(chain)
    highs = [0]
    chain = 0
    card = high
    while card % 13 != 12 and hand & BIT[card + 1]:
        card += 1
        chain |= BIT[card]
        highs.append(chain)
    return [lo | hi for lo in lows for hi in highs]


def layoff_combinations(knocker_melds: Sequence[int], hand: int) -> list[tuple[int, ...]]:
    """Every choice of lay-offs over all knocker's melds: one mask per meld, disjoint."""
    per_meld = [layoff_options(meld, hand) for meld in knocker_melds]
    combos: list[tuple[tuple[int, ...], int]] = [((), 0)]
    for options in per_meld:
        combos = [((*chosen, option), used | option)
                  for chosen, used in combos for option in options if not option & used]
    return [chosen for chosen, _used in combos]


class Defense(NamedTuple):
    """The defender's showing: his melds, his lay-offs (card, meld number from 1), deadwood."""

    deadwood: int
    melds: tuple[int, ...]
    layoffs: tuple[tuple[int, int], ...]
    deadwood_mask: int


def best_defense(hand: int, knocker_melds: Sequence[int], *, fixed_melds: tuple[int, ...]
                 | None = None, allow_layoffs: bool = True) -> Defense:
    """The least deadwood the defender can reach: the minimum over every lay-off choice and
    the best arrangement of the rest. With ``fixed_melds`` (stated in the log) his melds are
    those, and only the lay-offs of the remaining cards are chosen.

    >>> from .deck import mask_of, card_index
    >>> knocker = [mask_of(card_index(c) for c in "AS 2S 3S".split())]
    >>> hand = mask_of(card_index(c) for c in "4S 5S 6S 7S 9D 9H 9C KD QD JH".split())
    >>> d = best_defense(hand, knocker)
    >>> d.deadwood, [meld_text(m) for m in d.melds], [(CARD_TEXT[c], n) for c, n in d.layoffs]
    (30, ['4S-5S-6S-7S', '9C-9H-9D'], [])
    """
    combos = layoff_combinations(knocker_melds, hand) if allow_layoffs else [()]
    best: Defense | None = None
    if fixed_melds is not None:
        covered = 0
        for meld in fixed_melds:
            covered |= meld
        rest = hand & ~covered
    for combo in combos:
        laid = 0
        for option in combo:
            laid |= option
        if fixed_melds is None:
            if laid and laid & hand != laid:  # pragma: no cover - options come from hand
                continue
            arrangement = best_arrangement(hand & ~laid)
            dead, melds, dead_mask = arrangement
        else:
            if laid & ~rest:
                continue
            dead_mask = rest & ~laid
            dead, melds = mask_value(dead_mask), fixed_melds
        if best is None or dead < best.deadwood:
            layoffs = tuple((card, number + 1) for number, option in enumerate(combo)
                            for card in cards_of(option))
            best = Defense(dead, melds, layoffs, dead_mask)
    assert best is not None
    return best
