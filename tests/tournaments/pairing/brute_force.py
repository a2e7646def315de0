"""Brute force for the Swiss tests: the fewest floats, then the shortest float distance, of
any pairing of an even field without rematches. No matching library: every float pattern
is tried, and every choice of floating players in it."""

from __future__ import annotations

import itertools
from functools import cache


def met(one, other):
    return other.id in one.opponents or one.id in other.opponents


def pairable(players):
    """Whether ``players`` can all be paired without a rematch (exhaustive search)."""
    players = tuple(players)

    @cache
    def search(left):
        if not left:
            return True
        first, rest = left[0], left[1:]
        return any(not met(players[first], players[other])
                   and search(rest[:index] + rest[index + 1:])
                   for index, other in enumerate(rest))

    return len(players) % 2 == 0 and search(tuple(range(len(players))))


def patterns(group_pairs, odd, floats):
    """Every multiset of ``floats`` group pairs after which exactly the ``odd`` groups
    have floated an odd number of players, as ``(distance, pattern)``."""
    found = []

    def extend(pattern, start, wrong):
        left = floats - len(pattern)
        if len(wrong) > 2 * left:
            return  # too few floats left to mend the parities
        if not left:
            found.append((sum(lower - upper for upper, lower in pattern), tuple(pattern)))
            return
        for index in range(start, len(group_pairs)):
            upper, lower = group_pairs[index]
            extend([*pattern, (upper, lower)], index, wrong ^ {upper, lower})

    extend([], 0, frozenset(odd))
    return sorted(found)


class FloatSearch:
    """Whether a float pattern can be played by these players."""

    def __init__(self, players, group_of):
        self.groups = {}
        for player in players:
            self.groups.setdefault(group_of[player.score], []).append(player)
        self.removable = {}

    def can_remove(self, group, chosen):
        """Whether the rest of ``group`` pairs among itself once ``chosen`` float."""
        key = (group, frozenset(p.id for p in chosen))
        if key not in self.removable:
            self.removable[key] = pairable([p for p in self.groups[group] if p not in chosen])
        return self.removable[key]

    def possible(self, pattern):
        out = dict.fromkeys(self.groups, 0)
        for upper, lower in pattern:
            out[upper] += 1
            out[lower] += 1
        if any(out[g] > len(members) for g, members in self.groups.items()):
            return False
        if not all(self.can_remove(g, ()) for g in self.groups if not out[g]):
            return False
        floating = [g for g in self.groups if out[g]]
        return self._choose(floating, out, pattern, {})

    def _choose(self, floating, out, pattern, chosen):
        if len(chosen) == len(floating):
            return self._assign(list(pattern), chosen, frozenset())
        group = floating[len(chosen)]
        for subset in itertools.combinations(self.groups[group], out[group]):
            if self.can_remove(group, subset) and self._choose(
                    floating, out, pattern, {**chosen, group: subset}):
                return True
        return False

    def _assign(self, todo, chosen, used):
        if not todo:
            return True
        (upper, lower), rest = todo[0], todo[1:]
        return any(one.id not in used and other.id not in used and not met(one, other)
                   and self._assign(rest, chosen, used | {one.id, other.id})
                   for one in chosen[upper] for other in chosen[lower])


def fewest_floats(players, group_of):
    """``(floats, distance)`` of the best pairing of ``players`` without rematches, or
    ``None``: the float patterns are tried in order of (floats, distance)."""
    search = FloatSearch(players, group_of)
    indices = sorted(search.groups)
    odd = {g for g in indices if len(search.groups[g]) % 2}
    group_pairs = list(itertools.combinations(indices, 2))
    for floats in range(len(odd) // 2, len(players) // 2 + 1):
        for distance, pattern in patterns(group_pairs, odd, floats):
            if search.possible(pattern):
                return floats, distance
    return None
