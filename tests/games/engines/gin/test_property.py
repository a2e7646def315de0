"""Random legal play always ends in a valid, scorable state; a score sheet built from the
facts of every played game scores identically."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.gin import ENGINE, GinRules
from games.engines.gin.deck import cards_of
from games.engines.gin.play import random_playout
from games.engines.gin.scoring import GinFacts, facts_to_sheet, read_sheet_facts, score_hand

RULE_SETS = [
    {"preset": "seed", "rounds": 1},
    {"preset": "seed", "rounds": 2, "failed_knock": "reject"},
    {"preset": "seed", "rounds": 1, "may_discard_taken_card": True,
     "undercut_on_equal": False, "round_target": 60, "dead_hand_stock": 5},
]


def as_sheet(document, result):
    """The same partie as a club's score sheet: every deal replaced by its facts."""
    players = document["players"]
    deals = []
    for deal, hand in zip(document["deals"], result.hands, strict=False):
        facts = hand.facts
        if facts["dead"]:
            sheet_facts = {"upcard": facts["upcard"], "dead": True}
        else:
            sheet_facts = {"upcard": facts["upcard"], "knocker": players[facts["knocker"]],
                           "gin": facts["gin"],
                           "deadwood": dict(zip(players, facts["deadwood"], strict=False))}
        out = {"facts": sheet_facts}
        if "dealer" in deal:
            out = {"dealer": deal["dealer"], **out}
        deals.append(out)
    return {**document, "deals": deals}


class TestRandomParties:
    @given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS))
    @settings(max_examples=25)
    def test_replays_and_matches_its_score_sheet(self, seed, rules):
        document = ENGINE.random_document(rng=random.Random(seed), players=["Ann", "Ben"],
                                          rules=rules)
        result = ENGINE.replay(document)
        assert result.errors == ()
        assert result.summary["partie"]["complete"] is True
        assert len(result.hands) == len(document["deals"])
        assert all(hand.source == "moves" for hand in result.hands)
        credits = [0, 0]
        for round_ in result.summary["rounds"]:
            assert round_["complete"]
            if round_["credit"]["seat"] is not None:
                credits[round_["credit"]["seat"]] += round_["credit"]["points"]
        assert [seat.score for seat in result.seats] == credits
        sheet = ENGINE.replay(as_sheet(document, result))
        assert [h.points for h in sheet.hands] == [h.points for h in result.hands]
        assert [dict(h.facts) for h in sheet.hands] == [dict(h.facts) for h in result.hands]
        assert sheet.summary == result.summary
        assert sheet.seats == result.seats
        # The same log always gives the same result.
        assert ENGINE.replay(document).to_json() == result.to_json()


class TestUniformPlayouts:
    @given(seed=st.integers(0, 2**32), reject=st.booleans())
    @settings(max_examples=60)
    def test_every_playout_ends_in_a_valid_scorable_state(self, seed, reject):
        rules = GinRules(failed_knock="reject" if reject else "resume")
        state = random_playout(rules, random.Random(seed))
        assert state.finished
        # Every card is somewhere, once.
        cards = cards_of(state.hands[0]) + cards_of(state.hands[1]) + list(state.discard)
        stock = cards_of(state.stock_mask)
        assert len(stock) == state.stock_count
        knocked_card = 0 if state.dead else 1  # the face-down card is in no pile
        assert len(cards) + len(stock) + knocked_card == 52
        assert len(set(cards) | set(stock)) == len(cards) + len(stock)
        if state.dead:
            assert state.stock_count == rules.dead_hand_stock
            facts = GinFacts(state.upcard, True)
        else:
            assert state.knock_deadwood <= state.limit
            facts = GinFacts(state.upcard, False, state.knocker, state.gin, state.deadwoods())
        score = score_hand(facts, rules)
        assert min(score.points) == 0
        # The score-sheet form of the facts reads back to the same facts.
        sheet = facts_to_sheet(facts, state.names)
        assert read_sheet_facts(sheet, state.names, field="facts") == facts
