"""Stages: qualification rules as data and the playoff's seeded list, worked out by hand."""

import pytest

from tournaments.pairing.stages import (
    BestOfPlace,
    GroupEntry,
    TopPlaces,
    qualify,
    rule_from_json,
)


def group(*entries):
    return [GroupEntry(player, key) for player, *key in entries]


# Keys: (points, difference).
GROUPS = {
    "A": group(("a1", 9, 5), ("a2", 6, 2), ("a3", 3, -1), ("a4", 0, -6)),
    "B": group(("b1", 7, 4), ("b2", 6, 3), ("b3", 4, 0), ("b4", 0, -7)),
    "C": group(("c1", 9, 7), ("c2", 4, 1), ("c3", 3, 0), ("c4", 1, -8)),
    "D": group(("d1", 6, 1), ("d2", 6, 0), ("d3", 1, -5), ("d4", 0, -1)),
}


def seeds(qualifiers):
    return [q.player for q in qualifiers]


class TestQualify:
    def test_top_two_and_the_best_two_thirds(self):
        # Winners by key: c1 (9, 7), a1 (9, 5), b1 (7, 4), d1 (6, 1). Runners-up: b2
        # (6, 3), a2 (6, 2), d2 (6, 0), c2 (4, 1). Thirds: b3 (4, 0), c3 (3, 0), a3
        # (3, -1), d3: the best two are b3 and c3 (c3 ahead of a3 on difference).
        qualifiers = qualify(GROUPS, [TopPlaces(2), BestOfPlace(3, 2)])
        assert seeds(qualifiers) == ["c1", "a1", "b1", "d1", "b2", "a2", "d2", "c2", "b3",
                                     "c3"]
        assert [(q.seed, q.group, q.place, q.rule) for q in qualifiers[-2:]] == [
            (9, "B", 3, "best 2 of the 3rd places"), (10, "C", 3, "best 2 of the 3rd places")]
        assert qualifiers[0].rule == "top 2 of each group"

    def test_no_first_round_meeting_of_one_group(self):
        # Plain seeding: 1 c1 v 8 c2 (both group C). The nearest runner-up whose swap
        # fixes it is seed 7, d2: 1 c1 v 8 d2 and 2 a1 v 7 c2.
        assert seeds(qualify(GROUPS, [TopPlaces(2)], avoid_same_group=False)) == [
            "c1", "a1", "b1", "d1", "b2", "a2", "d2", "c2"]
        assert seeds(qualify(GROUPS, [TopPlaces(2)])) == [
            "c1", "a1", "b1", "d1", "b2", "a2", "c2", "d2"]

    def test_group_winners_only(self):
        assert seeds(qualify(GROUPS, [TopPlaces(1)])) == ["c1", "a1", "b1", "d1"]

    def test_level_keys_fall_back_to_the_group_name(self):
        groups = {"Y": group(("y1", 3)), "X": group(("x1", 3))}
        assert seeds(qualify(groups, [TopPlaces(1)])) == ["x1", "y1"]

    def test_a_short_group_gives_what_it_has(self):
        groups = {"A": group(("a1", 3), ("a2", 0)), "B": group(("b1", 1))}
        assert seeds(qualify(groups, [TopPlaces(2)])) == ["a1", "b1", "a2"]

    def test_overlapping_rules(self):
        with pytest.raises(ValueError, match="best 1 of the 2nd places and top 2 of each "
                                             "group both take the 2nd place of group"):
            qualify(GROUPS, [TopPlaces(2), BestOfPlace(2, 1)])

    def test_more_than_there_are(self):
        with pytest.raises(ValueError, match="only 4 groups have a 3rd place"):
            qualify(GROUPS, [BestOfPlace(3, 5)])


class TestRulesAsData:
    def test_json_round_trip(self):
        for rule in (TopPlaces(2), BestOfPlace(3, 4)):
            assert rule_from_json(rule.to_json()) == rule
        assert BestOfPlace(3, 4).to_json() == {"best": 4, "place": 3}

    def test_descriptions(self):
        assert [BestOfPlace(place, 1).describe() for place in (1, 2, 3, 4, 11)] == [
            "best 1 of the 1st places", "best 1 of the 2nd places", "best 1 of the 3rd places",
            "best 1 of the 4th places", "best 1 of the 11th places"]

    def test_not_a_rule(self):
        with pytest.raises(ValueError, match="not a qualification rule"):
            rule_from_json({"top": 2, "best": 1})
