"""Every illegal action, with its exact message, its move index and its JSON path."""

import pytest

from games.engines.errors import IllegalMoveError, InvalidLogError
from games.engines.nerts import ENGINE

from .helpers import ANNA, BERT, HEARTS, SPADES, actions, document, layout

RACE = {"Anna": ANNA, "Bert": BERT}
# Anna's work piles 9C 8H 7S 9D; her Nerts pile starts 10D QH JS.
WORK = {"Anna": layout("Anna", "10D QH JS AH 2H 3H 4H 5H 6H 7H 9H 10H JH", "9C 8H 7S 9D"),
        "Bert": BERT}
ACE_PILE = {"Anna": layout("Anna", HEARTS, "AC 2D 3C 4D"), "Bert": BERT}
GAP = {"Anna": layout("Anna", "AH 3H 2H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "2C 3D 4C 5D"),
       "Bert": BERT}
JOKERS = {"Anna": layout("Anna", "X1 QD KD AH 2H 3H 4H 5H 6H 7H 9H 10H JH", "9C 8H 7S KC",
                         jokers=True),
          "Bert": layout("Bert", SPADES, "KD QC JD 10C", jokers=True)}
TIE = {"Anna": ANNA, "Bert": layout("Bert", SPADES, "2H 9C 8D 7C")}
# Anna's Nerts pile starts X1 7H X2 QD 5H; her work piles are 9C 8H 7S KC.
JOKER_RUN = {"Anna": layout("Anna", "X1 7H X2 QD 5H AH 2H 3H 4H 6H 9H 10H JH", "9C 8H 7S KC",
                            jokers=True),
             "Bert": layout("Bert", SPADES, "KD QC JD 10C", jokers=True)}
HEARTS_OUT = [f"Anna: {card}@Anna > F" for card in HEARTS.split()]
PASS = ["Anna: turn", "Bert: turn"] * 12

ILLEGAL = IllegalMoveError
INVALID = InvalidLogError

CASES = [
    # Work piles: colour, rank, aces, the same pile.
    ("wrong colour", WORK, None, ["Anna: 8H@Anna > 4"], ILLEGAL,
     "Anna cannot put 8H@Anna on 9D@Anna in pile 4: both are red, and a work pile "
     "alternates colours"),
    ("wrong rank on a work pile", WORK, None, ["Anna: 7S@Anna > 4"], ILLEGAL,
     "Anna cannot put 7S@Anna on 9D@Anna in pile 4: a work pile goes down by one, so only "
     "an 8 fits"),
    ("nothing on an ace", ACE_PILE, None, ["Anna: AH@Anna > 1"], ILLEGAL,
     "Anna cannot put AH@Anna on AC@Anna in pile 1: nothing goes on an ace in a work pile"),
    ("to its own pile", WORK, None, ["Anna: 9C@Anna > 1"], ILLEGAL,
     "Anna cannot move 9C@Anna to pile 1: it is already there"),
    # Foundations: suit, rank, numbers, aces.
    ("wrong suit on a foundation", RACE, None,
     ["Anna: AH@Anna > F", "Bert: AS@Bert > F", "Bert: 2S@Bert > F1"], ILLEGAL,
     "Bert cannot put 2S@Bert on foundation 1: it is built in hearts (top AH@Anna)"),
    ("not the next rank", GAP, None, ["Anna: AH@Anna > F", "Anna: 3H@Anna > F1"], ILLEGAL,
     "Anna cannot put 3H@Anna on foundation 1: it needs 2H next (top AH@Anna)"),
    ("no foundation takes it", GAP, None, ["Anna: AH@Anna > F", "Anna: 3H@Anna > F"], ILLEGAL,
     "Anna cannot put 3H@Anna on a foundation: the hearts foundations need 2H (F1)"),
    ("no foundation of the suit", WORK, None, ["Anna: 8H@Anna > F"], ILLEGAL,
     "Anna cannot put 8H@Anna on a foundation: no hearts foundation takes it (only an ace "
     "starts one)"),
    ("no such foundation", RACE, None, ["Anna: AH@Anna > F3"], ILLEGAL,
     "Anna cannot put AH@Anna on foundation 3: there is no such foundation (there are 0; an "
     "ace starts F1)"),
    ("only an ace starts one", GAP, None, ["Anna: AH@Anna > F", "Anna: 3H@Anna > F2"], ILLEGAL,
     "Anna cannot start foundation 2 with 3H@Anna: only an ace starts a foundation"),
    ("an ace on a started foundation", RACE, None,
     ["Anna: AH@Anna > F", "Bert: AS@Bert > F1"], ILLEGAL,
     "Bert cannot put AS@Bert on foundation 1: an ace starts a new foundation (F2)"),
    # Whose cards, and which are free.
    ("touching another player's cards", RACE, None, ["Anna: AS@Bert > F"], ILLEGAL,
     "Anna cannot touch Bert's cards (AS@Bert)"),
    ("a deck that is not at the table", RACE, None, ["Anna: AS@Cora > F"], INVALID,
     "there is no deck 'Cora' at this table (the decks are Anna, Bert)"),
    ("from under the top of the Nerts pile", RACE, None, ["Anna: 2H@Anna > F"], ILLEGAL,
     "Anna cannot play 2H@Anna: it lies under AH@Anna in Anna's Nerts pile (only the top "
     "card is free)"),
    ("from under the top of the waste", RACE, None, ["Anna: turn", "Anna: 6C@Anna > 1"],
     ILLEGAL, "Anna cannot play 6C@Anna: it lies under 7C@Anna in Anna's waste (only the top "
     "card is free)"),
    ("from the stock", RACE, None, ["Anna: 5C@Anna > 1"], ILLEGAL,
     "Anna cannot play 5C@Anna: it is face down in Anna's stock"),
    ("from under the top of a work pile", WORK, None,
     ["Anna: 8H@Anna > 1", "Anna: 9C@Anna > F"], ILLEGAL,
     "Anna cannot put 9C@Anna on a foundation: it lies under 8H@Anna in pile 1 (only the "
     "free card of a pile goes onto a foundation)"),
    ("back from a foundation", RACE, None, ["Anna: AH@Anna > F", "Anna: AH@Anna > 1"],
     ILLEGAL, "Anna cannot play AH@Anna: it is already on foundation 1, and cards never come "
     "back from the foundations"),
    # Sliding under.
    ("slide without an empty pile", WORK, None, ["Anna: 10D@Anna > under 1"], ILLEGAL,
     "Anna cannot slide 10D@Anna under 9C@Anna in pile 1: sliding under needs an empty work "
     "pile"),
    ("slide under a card that does not fit", WORK, None,
     ["Anna: 8H@Anna > 1", "Anna: 10D@Anna > under 4"], ILLEGAL,
     "Anna cannot slide 10D@Anna under 9D@Anna in pile 4: both are red, and a work pile "
     "alternates colours"),
    ("slide a covered card", WORK, None, ["Anna: 8H@Anna > 1", "Anna: 9C@Anna > under 4"],
     ILLEGAL, "Anna cannot slide 9C@Anna under pile 4: only one card slides under, and "
     "8H@Anna lies on it in pile 1"),
    ("slide under an empty pile", WORK, None,
     ["Anna: 8H@Anna > 1", "Anna: 10D@Anna > under 2"], ILLEGAL,
     "Anna cannot slide 10D@Anna under pile 2: the pile is empty (put the card on it: "
     "10D@Anna > 2)"),
    ("slide under not allowed", WORK, {"slide_under": False},
     ["Anna: 8H@Anna > 1", "Anna: 10D@Anna > under 1"], ILLEGAL,
     "Anna cannot slide 10D@Anna under pile 1: sliding under is not allowed here "
     "(rules.slide_under is false)"),
    # Stock and waste.
    ("turn an empty stock", RACE, None, ["Anna: turn"] * 13, ILLEGAL,
     "Anna cannot turn: Anna's stock is empty (turn the waste over first: over)"),
    ("turn the waste over too early", RACE, None, ["Anna: turn"] * 11 + ["Anna: over"],
     ILLEGAL, "Anna cannot turn the waste over while 2 cards remain in Anna's stock (turn "
     "them onto the waste first)"),
    ("turned cards that the stock does not give", RACE, None, ["Anna: turn 5C 6C 8C"],
     ILLEGAL, "Anna turns 5C 6C 8C, but Anna's stock gives 5C 6C 7C"),
    # The call and the end of the hand.
    ("call with cards left", RACE, None, ["Anna: nerts"], ILLEGAL,
     "Anna cannot call Nerts with 13 cards left in Anna's Nerts pile (top AH@Anna)"),
    ("turn after the call", RACE, None, [*HEARTS_OUT, "Anna: nerts", "Bert: turn"], ILLEGAL,
     "Bert cannot turn: the hand is over, Anna called Nerts at move 14; only a card in the air "
     "may still be put down"),
    ("two cards in the air", RACE, None,
     [*HEARTS_OUT, "Anna: nerts", "Bert: AS@Bert > F", "Bert: 2S@Bert > F2"], ILLEGAL,
     "Bert cannot play 2S@Bert: Bert already put down the one card in the air (move 15) after "
     "Anna called Nerts at move 14"),
    ("no card in the air", RACE, {"in_flight": False},
     [*HEARTS_OUT, "Anna: nerts", "Bert: AS@Bert > F"], ILLEGAL,
     "Bert cannot play AS@Bert: the hand is over, Anna called Nerts at move 14"),
    ("after the end", RACE, {"blocked": "agreed"}, ["end", "Anna: turn"], ILLEGAL,
     "Anna cannot turn: the hand is over, play was stuck for good at move 1"),
    ("a reset after the call", RACE, None, [*HEARTS_OUT, "Anna: nerts", "reset"], ILLEGAL,
     "the table cannot reset: the hand is over, Anna called Nerts at move 14; only a card in "
     "the air may still be put down"),
    ("reset before anyone passed", RACE, None, ["Anna: turn", "reset"], ILLEGAL,
     "the table cannot reset yet: Anna and Bert have not turned through the whole stock "
     "since the last card was played"),
    ("reset before Bert passed", RACE, None,
     ["Anna: AH@Anna > F", *["Anna: turn"] * 12, "reset"], ILLEGAL,
     "the table cannot reset yet: Bert has not turned through the whole stock since the "
     "last card was played (move 1, AH@Anna)"),
    ("end without a reset", RACE, None, [*PASS, "end"], ILLEGAL,
     "play is not stuck for good: there has been no reset in this hand yet (when all are "
     "blocked, the table resets)"),
    ("end after a card since the reset", RACE, None,
     [*PASS, "reset", "Anna: AH@Anna > F", "end"], ILLEGAL,
     "play is not stuck for good: AH@Anna was played at move 26, after the last reset "
     "(move 25)"),
    ("end before a pass after the reset", RACE, None, [*PASS, "reset", "end"], ILLEGAL,
     "play is not stuck for good: Anna and Bert have not turned through the whole stock "
     "since the last card was played"),
    # Jokers.
    ("joker without announcement", JOKERS, {"jokers": True}, ["Anna: X1@Anna > F"], ILLEGAL,
     "Anna must announce the card X1@Anna stands for before it goes onto a foundation (e.g. "
     "X1@Anna > F =8H)"),
    ("announcing a real card", RACE, None, ["Anna: AH@Anna > F =AH"], ILLEGAL,
     "Anna cannot announce AH@Anna as AH: only a joker is announced"),
    ("announced card that does not fit", JOKERS, {"jokers": True},
     ["Anna: X1@Anna > F =5D"], ILLEGAL,
     "Anna cannot put X1@Anna (as 5D) on a foundation: no diamonds foundation takes it (only "
     "an ace starts one)"),
    ("king on a joker", JOKERS, {"jokers": True},
     ["Anna: X1@Anna > 1", "Anna: QD@Anna > 4", "Anna: KD@Anna > 1"],
     ILLEGAL, "Anna cannot put KD@Anna on X1@Anna in pile 1: nothing ranks above a king, so "
     "a king cannot go on a joker"),
    ("a covered joker keeps its value", JOKERS, {"jokers": True},
     ["Anna: 8H@Anna > 1", "Anna: X1@Anna > 2", "Anna: QD@Anna > 2", "Anna: X1@Anna > 4"],
     ILLEGAL, "Anna cannot put X1@Anna (standing for a black K) on KC@Anna in pile 4: a work "
     "pile goes down by one, so only a queen fits"),
    # A joker under a real card stands for the card one higher in the other colour, and
    # that card must fit where the joker lies (seed, Varianten: Joker).
    ("a joker takes the colour it must have", JOKER_RUN, {"jokers": True},
     ["Anna: X1@Anna > 1", "Anna: 7H@Anna > 1"],
     # 7H on X1 makes X1 a black 8, and a black 8 cannot lie on the black 9C.
     ILLEGAL, "Anna cannot put 7H@Anna on X1@Anna in pile 1: X1@Anna would then stand for a "
     "black 8 on 9C@Anna: both are black, and a work pile alternates colours"),
    ("a joker takes the rank it must have", JOKER_RUN, {"jokers": True},
     ["Anna: X1@Anna > 1", "Anna: 7S@Anna > 2", "Anna: 7H@Anna > 3", "Anna: X2@Anna > 3",
      "Anna: QD@Anna > 1"],
     # QD on X1 makes X1 a black K, and a king cannot lie on the 9C.
     ILLEGAL, "Anna cannot put QD@Anna on X1@Anna in pile 1: X1@Anna would then stand for a "
     "black K on 9C@Anna: a work pile goes down by one, so only an 8 fits"),
    ("two jokers cannot rise above a king", JOKER_RUN, {"jokers": True},
     ["Anna: 8H@Anna > 1", "Anna: 7S@Anna > 1", "Anna: X1@Anna > 2", "Anna: 7H@Anna > 3",
      "Anna: X2@Anna > 2", "Anna: QD@Anna > 2"],
     # Pile 2 is X1 X2: QD on it makes X2 a black K and X1 one higher still.
     ILLEGAL, "Anna cannot put QD@Anna on X2@Anna in pile 2: X1@Anna under it would have to "
     "rank above a king"),
    ("a joker run is fixed by the card over the jokers", JOKER_RUN, {"jokers": True},
     ["Anna: 8H@Anna > 1", "Anna: 7S@Anna > 1", "Anna: X1@Anna > 2", "Anna: 7H@Anna > 3",
      "Anna: X2@Anna > 2", "Anna: QD@Anna > 4", "Anna: 5H@Anna > 2", "Anna: X1@Anna > 1"],
     # Pile 2 is X1 X2 5H: X2 stands for a black 6, X1 for a red 7; a 7 on the 7S is wrong.
     ILLEGAL, "Anna cannot put X1@Anna (standing for a red 7) on 7S@Anna in pile 1: a work "
     "pile goes down by one, so only a 6 fits"),
    ("a joker without jokers", RACE, None, ["Anna: X1@Anna > 1"], INVALID,
     "there are no jokers in this game (X1@Anna; rules.jokers is false)"),
    # Ties.
    ("a tie on a card that is not late", RACE, None, ["Anna: AH@Anna > F !tie"], ILLEGAL,
     "Anna marks a tie, but AH@Anna is not late: a new foundation F1 takes it"),
    ("a tie with a card that is covered", TIE, None,
     ["Anna: AH@Anna > F", "Anna: 2H@Anna > F1", "Anna: 3H@Anna > F1",
      "Bert: 2H@Bert > F1 !tie"], ILLEGAL,
     "Bert marks a tie, but a tie is only with the top card of foundation 1, and that is "
     "3H@Anna"),
    ("a tie where ties do not stand", TIE, {"ties_stand": False},
     ["Anna: AH@Anna > F", "Anna: 2H@Anna > F1", "Bert: 2H@Bert > F1 !tie"], ILLEGAL,
     "Bert marks a tie, but ties do not stand here (rules.ties_stand is false): leave the "
     "mark out and 2H@Bert is void"),
    # The action itself.
    ("a player who does not play", RACE, None, ["Cora: turn"], INVALID,
     "'Cora' does not play in this match (the players are Anna, Bert)"),
    ("a work pile that does not exist", RACE, None, ["Anna: AH@Anna > 5"], INVALID,
     "'AH@Anna > 5': the work piles are 1 to 4"),
    ("a card without its owner", RACE, None, ["Anna: AH > F"], INVALID,
     "'AH' names no owner; write the deck after @, e.g. AH@Anna"),
    ("an unknown move", RACE, None, ["Anna: draw"], INVALID,
     "'draw' is not a move: write turn, over, nerts, reset, end or a card and its target "
     "such as '8H@Anna > F'"),
    ("no player", RACE, None, [{"seq": 1, "move": "turn"}], INVALID,
     "an action needs the player who made it"),
    ("an unknown field", RACE, None,
     [{"seq": 1, "player": "Anna", "move": "turn", "tei": True}], INVALID,
     "unknown action field 'tei' (the fields are seq, player, move, t, tie, note)"),
    ("seq out of order", RACE, None,
     [{"seq": 5, "player": "Anna", "move": "turn"}, {"seq": 5, "player": "Bert",
                                                    "move": "turn"}], INVALID,
     "seq 5 does not follow seq 5: the actions are listed in the order they happened"),
    ("time going backwards", RACE, None,
     [{"seq": 1, "player": "Anna", "move": "turn", "t": 4.5},
      {"seq": 2, "player": "Bert", "move": "turn", "t": 3.0}], INVALID,
     "t 3.0 is earlier than the action before it (t 4.5)"),
]


@pytest.mark.parametrize(("name", "decks", "rules", "moves", "kind", "reason"), CASES,
                         ids=[case[0] for case in CASES])
def test_illegal_action(name, decks, rules, moves, kind, reason):
    logged = actions(*moves)
    doc = document(decks, logged, rules=rules)
    with pytest.raises(kind) as excinfo:
        ENGINE.replay(doc)
    error = excinfo.value
    index = len(logged) - 1
    assert type(error) is kind
    assert str(error) == f"deal 1, move {index + 1}: {reason}"
    assert (error.deal, error.move, error.field) == (1, index + 1, f"deals[0].moves[{index}]")
    assert error.notation == logged[-1]["move"]


def test_the_error_is_found_in_a_later_deal():
    hand = actions(*HEARTS_OUT, "Anna: nerts")
    doc = document(RACE, hand, actions("Anna: turn", "Anna: 6C@Anna > 1"))
    with pytest.raises(IllegalMoveError) as excinfo:
        ENGINE.replay(doc)
    assert str(excinfo.value).startswith("deal 2, move 2: Anna cannot play 6C@Anna")
    assert excinfo.value.field == "deals[1].moves[1]"


def test_a_hand_must_end():
    with pytest.raises(InvalidLogError) as excinfo:
        ENGINE.replay(document(RACE, actions("Anna: turn")))
    assert str(excinfo.value) == ("deal 1: hand 1 ends without a Nerts call and without 'end' "
                                  "(a stuck hand ends with the table action 'end')")
    assert excinfo.value.field == "deals[0].moves"
