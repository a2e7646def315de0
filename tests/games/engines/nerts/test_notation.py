"""Move notation: every move kind round-trips; bad notation is named."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engines.errors import InvalidLogError
from games.engines.nerts.cards import Face, NCard
from games.engines.nerts.moves import (
    Action,
    Call,
    End,
    Over,
    Play,
    Reset,
    Turn,
    format_move,
    parse_action,
    parse_move,
)


@pytest.mark.parametrize(("text", "move"), [
    ("turn", Turn()),
    ("turn 5H 9C KD", Turn((Face(5, "H"), Face(9, "C"), Face(13, "D")))),
    ("over", Over()),
    ("nerts", Call()),
    ("reset", Reset()),
    ("end", End()),
    ("8H@Anna > F", Play(NCard(8, "H", "Anna"), "F")),
    ("8H@Anna > F3", Play(NCard(8, "H", "Anna"), "F", 3)),
    ("10D@Team Nord > 2", Play(NCard(10, "D", "Team Nord"), "work", 2)),
    ("QS@Anna > under 4", Play(NCard(12, "S", "Anna"), "under", 4)),
])
def test_round_trip(text, move):
    assert parse_move(text) == move
    assert format_move(move) == text


def test_joker_announcement():
    move = parse_move("X2@Anna > F =QD")
    assert (move.card.joker, str(move.announce)) == (2, "QD")
    assert move.text() == "X2@Anna > F =QD"


@pytest.mark.parametrize(("text", "message"), [
    ("8H@Anna > 2 =8H", "'8H@Anna > 2 =8H': only a joker going onto a foundation is announced "
                        "(= card)"),
    ("X1@Anna > F =X2", "'X1@Anna > F =X2': a joker is announced as a real card, such as =8H"),
    ("8H@Anna > G", "'8H@Anna > G': the target is F, F<number>, a work pile 1 to 4 or "
                    "'under <pile>'"),
    ("1H@Anna > F", "'1H' is not a card (write rank then suit: AS, 10H, QC)"),
    ("turn 5H 1C", "'1C' is not a card (write rank then suit: AS, 10H, QC)"),
    ("", "'' is not a move (write e.g. 'turn' or '8H@Anna > F')"),
    # Numbers are ASCII digits, as the schema says (int() would read these as 2 and 3).
    ("8H@Anna > \uff12", "'8H@Anna > \uff12': the target is F, F<number>, a work pile 1 to 4 "
                         "or 'under <pile>'"),
    ("8H@Anna > F\uff13", "'8H@Anna > F\uff13': the target is F, F<number>, a work pile 1 to "
                          "4 or 'under <pile>'"),
    ("8H@Anna > under \u0663", "'8H@Anna > under \u0663': the target is F, F<number>, a work "
                               "pile 1 to 4 or 'under <pile>'"),
])
def test_bad_notation(text, message):
    with pytest.raises(InvalidLogError) as excinfo:
        parse_move(text)
    assert str(excinfo.value) == message


def test_action_round_trip():
    data = {"seq": 4, "player": "Bert", "move": "2H@Bert > F1", "t": 3.5, "tie": True}
    assert parse_action(data).to_json() == data
    assert parse_action({"seq": 9, "move": "reset"}) == Action(9, None, Reset())


@pytest.mark.parametrize(("data", "message"), [
    ({"seq": -1, "player": "Anna", "move": "turn"}, "seq must be a whole number from 0, not -1"),
    ({"seq": 1, "player": "Anna", "move": "turn", "t": "soon"},
     "t must be seconds since the start of the hand, not 'soon'"),
    ({"seq": 1, "player": "Anna", "move": "turn", "tie": True},
     "only a card played onto a foundation can be a tie"),
    ({"seq": 1, "player": 7, "move": "turn"}, "player must be a name, not 7"),
    (["turn"], "an action is an object such as {\"seq\": 1, \"player\": \"Anna\", \"move\": "
               "\"turn\"}"),
])
def test_bad_actions(data, message):
    with pytest.raises(InvalidLogError) as excinfo:
        parse_action(data)
    assert str(excinfo.value) == message


ranks = st.integers(1, 13)
suits = st.sampled_from("CSHD")
owners = st.text(st.characters(blacklist_characters=">", blacklist_categories=("Cs",)),
                 min_size=1, max_size=8).map(str.strip).filter(bool)
naturals = st.builds(lambda rank, suit, owner: NCard(rank, suit, owner), ranks, suits, owners)
jokers = st.builds(lambda owner, n: NCard(0, "", owner, n), owners, st.sampled_from([1, 2]))


@given(card=st.one_of(naturals, jokers), to=st.sampled_from(["F", "work", "under"]),
       pile=st.integers(1, 4), numbered=st.booleans())
def test_every_card_move_round_trips(card, to, pile, numbered):
    target = pile if (to != "F" or numbered) else None
    announce = Face(pile, "H") if card.joker and to == "F" else None
    move = Play(card, to, target, announce)
    assert parse_move(move.text()) == move
