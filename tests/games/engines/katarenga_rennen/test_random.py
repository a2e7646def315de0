"""Random legal play never crashes and ends in a valid finished state or a draw."""

import json
import random
from pathlib import Path

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.katarenga_rennen import ENGINE
from games.engines.katarenga_rennen.board import WHITE, parse_board, square_index
from games.engines.katarenga_rennen.play import random_board

ROOT = Path(__file__).resolve().parents[4]
VALIDATOR = jsonschema.Draft202012Validator(
    json.loads((ROOT / "docs/schemas/katarenga-rennen.schema.json").read_text()))

RULES = st.fixed_dictionaries(
    {"preset": st.sampled_from(sorted(ENGINE.presets)),
     "move_limit": st.integers(min_value=1, max_value=160)},
    optional={"games": st.integers(min_value=1, max_value=2),
              "no_move": st.sampled_from(["pass", "lose", "draw"]),
              "repetition": st.sampled_from([0, 2, 3]),
              "reply_may_displace": st.booleans(),
              "board": st.sampled_from(["stammtisch", "latin", "stripes", "checker"])})


@settings(max_examples=60)
@given(seed=st.integers(min_value=0, max_value=2**32), rules=RULES)
def test_random_legal_play_ends_in_a_valid_state_or_a_draw(seed, rules):
    document = ENGINE.random_document(rng=random.Random(seed), players=["Anna", "Bert"],
                                      rules=rules)
    assert VALIDATOR.is_valid(document)
    result = ENGINE.replay(document)
    resolved = ENGINE.rules(rules)
    assert len(result.hands) == resolved.games
    for hand in result.hands:
        detail, end = hand.detail, hand.detail["end"]
        assert hand.source == "moves"
        assert end["moves"] == len(detail["moves"]) <= resolved.move_limit
        final = detail["final"]
        pending = detail["moves"][-1]["pending"] if detail["moves"] else None
        # Nothing is ever captured: eight pieces a side, one possibly displaced and waiting.
        assert final.count("W") + final.count("B") + (pending is not None) == 16
        if end["winner"] is None:
            assert end["kind"] in ("blocked", "repetition", "move_limit", "no_move")
            assert list(hand.points) == [resolved.draw_points] * 2
        else:
            assert end["kind"] in ("race", "no_move")
            assert sorted(hand.points) == [0, resolved.win_points]
        if end["kind"] == "race":
            mark = "W" if end["winner"] == detail["white"] else "B"
            side = "white" if mark == "W" else "black"
            assert all(final[square_index(s)] == mark for s in detail["targets"][side])
    # The same log always gives the same result.
    assert ENGINE.replay(document).to_json() == result.to_json()


@settings(max_examples=30)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_boards_keep_the_quarter_rule(seed):
    board = random_board(random.Random(seed))
    assert parse_board(board.text()).colours == board.colours
    assert len(board.squares_of("G", WHITE)) == 8
