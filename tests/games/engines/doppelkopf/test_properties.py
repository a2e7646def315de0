"""Property: random legal lists always account for 240 Augen and score consistently."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.doppelkopf import ENGINE

from .helpers import PLAYERS

RULE_SETS = [
    {"preset": "seed"},
    {"preset": "ddv"},
    {"preset": "seed", "new_negotiation_after_solo": True, "pot_deals": 3},
    {"preset": "seed", "schwarze_sau_tricks": "solo-only", "herz10": "second-except-last-trick"},
    {"preset": "seed", "counting": "plus", "hochzeit_finding": "any"},
]


def as_score_sheet(document, result):
    """The same list written as a club's score sheet: every deal as its facts."""
    deals = []
    for deal, hand in zip(document["deals"], result.hands, strict=True):
        entry = {"dealer": hand.detail["dealer"], "facts": hand.facts}
        if "special" in deal:
            entry["special"] = deal["special"]
        deals.append(entry)
    return dict(document, deals=deals, seed=None)


@settings(max_examples=40)
@given(seed=st.integers(min_value=0, max_value=2**32), rules=st.sampled_from(RULE_SETS))
def test_random_lists_account_for_240_augen_and_a_consistent_value(seed, rules):
    document = ENGINE.random_document(rng=random.Random(seed), players=PLAYERS, rules=rules)
    result = ENGINE.replay(document)
    assert result.errors == ()
    assert len(result.hands) == len(document["deals"])
    for hand in result.hands:
        facts, detail, points = hand.facts, hand.detail, hand.points
        if facts["contract"] == "redeal":
            assert points == (0, 0, 0, 0)
            continue
        # Every card was played and every Auge went to someone.
        tricks = detail["tricks"]
        assert len(tricks) == 10
        assert sum(t["augen"] for t in tricks) == 240
        if facts["contract"] == "hammelrennen":
            assert sum(facts["augen"].values()) == 240
            # Only the winner (or the tied winners) score, 3 points each.
            assert all(p in (0, 3) for p in points)
            continue
        counted = facts["augen"]["re"] + facts["augen"]["kontra"]
        counted_tricks = facts["tricks"]["re"] + facts["tricks"]["kontra"]
        if facts["contract"] == "schwarze-sau" and rules.get("schwarze_sau_tricks"):
            start = detail["contract"]["solo_from_trick"] or 11
            assert counted == sum(t["augen"] for t in tricks if t["number"] >= start)
        else:
            assert (counted, counted_tricks) == (240, 10)
            re_augen = sum(t["augen"] for t in tricks if t["winner"] in facts["re"])
            assert re_augen == facts["augen"]["re"]
        # The value: every seat moves by the same amount, the soloist three times.
        value = detail["value"]["total"]
        solo = detail["value"]["solo_factor"] == 3
        expected = [(3 if solo and p in facts["re"] else 1) * value for p in PLAYERS]
        if rules.get("counting") != "plus":
            assert [abs(p) for p in points] == expected
            assert sum(points) == 0
        else:
            assert all(p in (0, e) for p, e in zip(points, expected, strict=True))
    # The score sheet of the same list scores exactly the same.
    sheet = ENGINE.replay(as_score_sheet(document, result))
    assert [h.points for h in sheet.hands] == [h.points for h in result.hands]
    assert sheet.summary["totals"] == result.summary["totals"]
    assert [row["dealer"] for row in sheet.summary["list"]] == [
        row["dealer"] for row in result.summary["list"]]
