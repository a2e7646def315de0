"""Random legal simultaneous play keeps every card of every deck accounted for."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.nerts import ENGINE
from games.engines.nerts.cards import nerts_deck
from games.engines.nerts.moves import parse_action
from games.engines.nerts.play import apply
from games.engines.nerts.replay import read_table, start_hand
from games.engines.nerts.rules import NertsRules

NAMES = ["Anna", "Bert", "Cora", "Dirk", "Emil", "Fritz"]


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 6), teams=st.booleans(),
       jokers=st.booleans(), draw=st.sampled_from([1, 3]),
       order=st.sampled_from(["kept", "reversed"]), pile=st.sampled_from([11, 12, 13]),
       blocked=st.sampled_from(["pass", "agreed"]))
def test_every_card_stays_accounted_for(seed, seats, teams, jokers, draw, order, pile,
                                        blocked):
    players = NAMES if teams else NAMES[:seats]
    spec = {"target": 25, "partnerships": teams, "jokers": jokers, "draw": draw,
            "draw_order": order, "pile_size": pile, "blocked": blocked}
    doc = ENGINE.random_document(rng=random.Random(seed), players=players, rules=spec)
    result = ENGINE.replay(doc)  # random play is legal play
    rules = NertsRules(**spec)
    table = read_table(doc, players, rules)
    for number, deal in enumerate(doc["deals"], start=1):
        hand = start_hand(rules, table, deal, number=number, seed=doc["seed"])
        for data in deal["moves"]:
            apply(hand, parse_action(data))
            for name in table.deck_names:
                assert hand.census(name) == Counter(nerts_deck(name, jokers=jokers))
        on_foundations = sum(len(f.cards) for f in hand.foundations)
        facts = result.hands[number - 1].facts
        assert sum(facts["foundation"].values()) == on_foundations
    totals = {name: sum(h.points[players.index(table.decks[i][1][0])] for h in result.hands)
              for i, name in enumerate(table.deck_names)}
    assert result.summary["totals"] == totals
    assert sum(result.summary["settlement"].values()) == 0
