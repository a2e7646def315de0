"""The meld search against brute force over all meld subsets, and the lay-off search
against brute force over every assignment of cards to the knocker's melds."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.gin.deck import BIT, RANK, SUIT, VALUE, card_index, mask_of
from games.engines.gin.melds import (
    best_arrangement,
    best_defense,
    discard_deadwoods,
    is_meld,
    meld_text,
)


def brute_is_meld(cards):
    if len(cards) < 3:
        return False
    if len({RANK[c] for c in cards}) == 1:
        return len(cards) <= 4
    if len({SUIT[c] for c in cards}) != 1:
        return False
    ranks = sorted(RANK[c] for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def brute_melds(cards):
    return [frozenset(combo) for size in range(3, len(cards) + 1)
            for combo in itertools.combinations(cards, size) if brute_is_meld(combo)]


def brute_deadwood(cards):
    """Least deadwood by trying every set of pairwise disjoint melds."""
    melds = brute_melds(cards)
    total = sum(VALUE[c] for c in cards)
    best = 0

    def walk(start, used, melded):
        nonlocal best
        best = max(best, melded)
        for index in range(start, len(melds)):
            if not melds[index] & used:
                walk(index + 1, used | melds[index], melded + sum(VALUE[c] for c in melds[index]))

    walk(0, frozenset(), 0)
    return total - best


def brute_defense(hand, knocker_melds):
    """Try every subset of the hand as lay-offs, with every assignment to melds."""
    best = brute_deadwood(hand)
    candidates = [c for c in hand
                  if any(RANK[c] == RANK[min(m)] or SUIT[c] == SUIT[min(m)]
                         for m in knocker_melds)]
    for size in range(1, len(candidates) + 1):
        for laid in itertools.combinations(candidates, size):
            for targets in itertools.product(range(len(knocker_melds)), repeat=size):
                extended = [set(m) for m in knocker_melds]
                for card, target in zip(laid, targets, strict=False):
                    extended[target].add(card)
                if all(brute_is_meld(sorted(e)) for e in extended):
                    rest = [c for c in hand if c not in laid]
                    best = min(best, brute_deadwood(rest))
    return best


# Hands drawn from a small corner of the deck are full of melds and overlaps.
CROWDED = [13 * suit + rank for suit in range(4) for rank in range(2, 8)]
crowded_hands = st.lists(st.sampled_from(CROWDED), min_size=10, max_size=10, unique=True)
any_hands = st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True)


class TestBestArrangement:
    @given(st.one_of(crowded_hands, any_hands))
    @settings(max_examples=150)
    def test_matches_brute_force(self, cards):
        found = best_arrangement(mask_of(cards))
        assert found.deadwood == brute_deadwood(cards)
        # The arrangement itself is consistent: real melds, disjoint, the rest is deadwood.
        covered = 0
        for meld in found.melds:
            assert is_meld(meld) and not meld & covered
            covered |= meld
        assert covered | found.deadwood_mask == mask_of(cards)
        assert sum(VALUE[c] for c in cards if BIT[c] & found.deadwood_mask) == found.deadwood

    def test_seeded_random_hands(self):
        rng = random.Random(2026)
        for _ in range(300):
            cards = rng.sample(CROWDED if rng.random() < 0.7 else range(52), 10)
            assert best_arrangement(mask_of(cards)).deadwood == brute_deadwood(cards)

    def test_a_card_counts_in_one_meld_only(self):
        # 7C 7H 7D 7S and 5S 6S 7S 8S: 7S goes to one of them. With the run, 7C-7H-7D
        # stay a set; deadwood 2H KD QD = 22.
        cards = [card_index(c) for c in "7C 7H 7D 5S 6S 7S 8S 2H KD QD".split()]  # noqa: SIM905
        assert best_arrangement(mask_of(cards)).deadwood == 22
        cards = [card_index(c) for c in "7C 7H 7D 5S 6S 7S 2H KD QD JD".split()]  # noqa: SIM905
        # 7S with the set leaves 5S 6S (11) + 2H = 13; with the run, 7C 7H 7D stay a set.
        found = best_arrangement(mask_of(cards))
        assert found.deadwood == 2
        assert [meld_text(m) for m in found.melds] == ["5S-6S-7S", "7C-7H-7D", "JD-QD-KD"]

    def test_a_tie_gets_one_fixed_arrangement(self):
        # docs/rules/gin.md: 2H-3H-4H-5H + 5C-5S-5D leaves 4C AS 2D = 4 + 1 + 2 = 7, and so
        # does 2H-3H-4H + 5C-5S-5H-5D. The engine takes the first; a log wanting the other
        # states the melds.
        cards = [card_index(c) for c in "4C 5C AS 5S 2H 3H 4H 5H 2D 5D".split()]  # noqa: SIM905
        found = best_arrangement(mask_of(cards))
        assert found.deadwood == 7
        assert [meld_text(m) for m in found.melds] == ["2H-3H-4H-5H", "5C-5S-5D"]

    def test_ace_is_low_only(self):
        cards = [card_index(c) for c in ["QS", "KS", "AS"]]
        assert not is_meld(mask_of(cards))
        assert best_arrangement(mask_of(cards)).deadwood == 21


class TestDiscards:
    @given(st.lists(st.sampled_from(CROWDED), min_size=11, max_size=11, unique=True))
    @settings(max_examples=60)
    def test_every_discard_matches_brute_force(self, cards):
        result = discard_deadwoods(mask_of(cards))
        for card in cards:
            assert result[card] == brute_deadwood([c for c in cards if c != card])


class TestDefense:
    def test_chain_lay_off(self):
        # 4S then 5S onto AS-2S-3S.
        knocker = [mask_of(card_index(c) for c in ["AS", "2S", "3S"])]
        hand = [card_index(c) for c in ["4S", "5S", "9D", "9H", "KC", "QC", "JH", "2D", "7C", "8H"]]
        defense = best_defense(mask_of(hand), knocker)
        assert [(c, n) for c, n in defense.layoffs] == [(card_index("4S"), 1),
                                                        (card_index("5S"), 1)]
        assert defense.deadwood == brute_defense(hand, [frozenset(
            card_index(c) for c in ["AS", "2S", "3S"])])

    @given(st.lists(st.sampled_from(CROWDED), min_size=20, max_size=20, unique=True))
    @settings(max_examples=40)
    def test_matches_brute_force(self, cards):
        knocker_cards, hand = cards[:10], cards[10:]
        melds = best_arrangement(mask_of(knocker_cards)).melds
        found = best_defense(mask_of(hand), melds)
        sets = [frozenset(c for c in range(52) if BIT[c] & m) for m in melds]
        assert found.deadwood == brute_defense(hand, sets)
        # The lay-offs found are valid and the count is right.
        per_meld = {}
        for card, number in found.layoffs:
            per_meld[number] = per_meld.get(number, 0) | BIT[card]
        for number, laid in per_meld.items():
            assert is_meld(melds[number - 1] | laid)
