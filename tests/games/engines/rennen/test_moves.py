"""Move notation: every move round-trips through its text."""

from hypothesis import given
from hypothesis import strategies as st

from games.engines.cards import Card
from games.engines.rennen.deck import full_deck
from games.engines.rennen.moves import (
    Attach,
    Discard,
    KaroSwap,
    Keep,
    Move,
    Pick,
    Play,
    Show,
    Take,
    Tiebreak,
    format_move,
    parse_move,
)

PLAYERS = ("Anna", "Anna B", "Bert")  # a name that starts another name
cards = st.sampled_from(full_deck())
names = st.sampled_from(PLAYERS)
moves = st.one_of(
    st.builds(Show, names, st.tuples(cards, cards)),
    st.builds(Take, names, cards, cards),
    st.builds(Keep, names),
    st.builds(Discard, names, cards),
    st.builds(KaroSwap, names, cards, cards),
    st.builds(Play, st.tuples(cards, cards)),
    st.builds(Tiebreak, st.none() | st.tuples(cards, cards)),
    st.builds(Pick, names, cards),
    st.builds(Attach, names, cards),
)


@given(moves)
def test_round_trip(move):
    assert parse_move(format_move(move), PLAYERS) == move
    assert Move.parse(move.text(), PLAYERS) == move


def test_examples():
    assert parse_move("Anna B karo ad FOR 9c", PLAYERS) == KaroSwap("Anna B", Card(1, "D"),
                                                                    Card(9, "C"))
    assert parse_move("  play 10H qs ", PLAYERS).text() == "play 10H QS"
    assert str(Keep("Bert")) == "Bert keep"
