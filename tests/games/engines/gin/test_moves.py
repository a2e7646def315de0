"""Move notation: parse and text round-trip."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engines.gin.moves import DISCARD, DRAW, KNOCK, LAY, PASS, TAKE, Move, parse_move

cards = st.integers(0, 51)
melds = st.lists(st.lists(cards, min_size=3, max_size=4, unique=True).map(
    lambda m: tuple(sorted(m))), max_size=3).map(tuple)
offs = st.lists(st.tuples(cards, st.integers(1, 4)), max_size=3).map(tuple)
moves = st.one_of(
    st.just(Move(PASS)),
    st.builds(Move, st.sampled_from([TAKE, DRAW]), st.one_of(st.none(), cards)),
    st.builds(Move, st.just(DISCARD), cards),
    st.builds(Move, st.just(KNOCK), cards, st.one_of(st.none(), melds)),
    st.builds(Move, st.just(LAY), st.none(), st.one_of(st.none(), melds),
              st.one_of(st.none(), offs)),
)


class TestNotation:
    @given(moves)
    def test_round_trip(self, move):
        assert Move.parse(move.text()) == move
        assert parse_move(str(move)) == move

    @pytest.mark.parametrize(("text", "canonical"), [
        ("PASS", "pass"),
        (" take  7s ", "take 7S"),
        ("draw", "draw"),
        ("knock 9c melds 7h-7d-7c", "knock 9C melds 7C-7H-7D"),
        ("knock 9C melds", "knock 9C melds"),
        ("lay", "lay"),
        ("lay melds off", "lay melds off"),
        ("lay melds 8d-8h-8c off 4s>1 5s>1", "lay melds 8C-8H-8D off 4S>1 5S>1"),
    ])
    def test_canonical_text(self, text, canonical):
        assert Move.parse(text).text() == canonical

    @pytest.mark.parametrize(("text", "message"), [
        ("pass 7S", "'pass 7S': pass takes nothing after it"),
        ("draw 7S 8S", "'draw 7S 8S': write draw or draw CARD"),
        ("knock 9C 3S-4S-5S", "'knock 9C 3S-4S-5S': after the card write melds and the "
                              "melds, e.g. knock 9C melds 3S-4S-5S 7H-7D-7C"),
        ("lay off 4S>1 melds 3S-4S-5S", "'lay off 4S>1 melds 3S-4S-5S': write melds once, "
                                        "before off"),
        ("lay 3S-4S-5S", "'lay 3S-4S-5S': write lay melds ... off CARD>N ..."),
        ("lay off 4S>0", "'lay off 4S>0': a lay-off is CARD>N, the knocker's meld number "
                         "from 1 (e.g. off 4S>1), not '4S>0'"),
        (17, "a move is a text such as \"draw 5H\", not 17"),
        # str.isdigit() is true for a superscript two, int() is not: the error must still be
        # an InvalidLogError, not a crash of the replay.
        ("lay off 4S>\u00b2", "'lay off 4S>\u00b2': a lay-off is CARD>N, the knocker's meld "
                               "number from 1 (e.g. off 4S>1), not '4S>\u00b2'"),
    ])
    def test_malformed(self, text, message):
        from games.engines.errors import InvalidLogError
        with pytest.raises(InvalidLogError) as excinfo:
            Move.parse(text)
        assert str(excinfo.value) == message
