"""Illegal cards and announcement windows, each with its exact text, deal and move index."""

import pytest

from games.engines.doppelkopf import ENGINE
from games.engines.errors import IllegalMoveError, InvalidLogError

from .helpers import ALL_GESUND, DEAL_A_TRICKS, document, tricks_to_hands

HANDS, CARDS = tricks_to_hands(DEAL_A_TRICKS, 0)


def replay_error(moves, *, deal_index=0, kind=IllegalMoveError):
    deal = {"dealer": "Dora", "hands": HANDS, "declarations": ALL_GESUND, "moves": moves}
    deals = [deal]
    if deal_index:
        # A correct deal in front; then the deal passes to Anna and Bert leads the second,
        # so deal A's tricks are rotated by one seat.
        first = dict(deal, moves=["Anna: re", *CARDS])
        bert_hands, bert_moves = tricks_to_hands(DEAL_A_TRICKS, 1)
        deals = [first, {"hands": bert_hands, "declarations": [
            "Bert: gesund", "Carl: gesund", "Dora: gesund", "Anna: gesund"],
            "moves": moves(bert_moves) if callable(moves) else moves}]
    with pytest.raises(kind) as excinfo:
        ENGINE.replay(document(*deals))
    return excinfo.value


def with_inserted(at, text, cards=CARDS):
    return [*cards[:at], text, *cards[at:]]


class TestIllegalCards:
    def test_not_following_suit(self):
        error = replay_error(["AC", "QS", *CARDS[2:]])
        assert str(error) == ("deal 1, move 2: Bert must follow Kreuz (led AC) with KC 10C "
                              "and cannot play QS")
        assert (error.deal, error.move, error.field, error.notation) == (
            1, 2, "deals[0].moves[1]", "QS")

    def test_not_following_trump(self):
        error = replay_error(["10H", "KC"])
        assert str(error) == ("deal 1, move 2: Bert must follow Trumpf (led 10H) with "
                              "AD QS JD QD QH KD and cannot play KC")

    def test_card_not_in_hand(self):
        error = replay_error(["QS"])
        assert str(error) == ("deal 1, move 1: Anna does not hold QS (holds AC AS AH AC 10H QD "
                              "JH QC JS JC)")

    def test_a_played_card_is_gone(self):
        # Anna led AC in trick 1 and leads trick 2; her second AC is still there, the AS
        # is not yet played, but KC went to Bert's trick 1 card: she never held it.
        error = replay_error([*CARDS[:4], "KC"])
        assert str(error) == ("deal 1, move 5: Anna does not hold KC (holds AS AH AC 10H QD JH "
                              "QC JS JC)")

    def test_wrong_player_named(self):
        error = replay_error(["Bert: AC"])
        assert str(error) == "deal 1, move 1: it is Anna's turn to play, not Bert's"
        assert error.notation == "Bert: AC"

    def test_unknown_player(self):
        error = replay_error(["Zoe: re"], kind=InvalidLogError)
        assert str(error) == "deal 1, move 1: 'Zoe' does not sit at this table"

    def test_not_a_move(self):
        error = replay_error(["XX"], kind=InvalidLogError)
        assert str(error) == ("deal 1, move 1: 'XX' is neither a card (QC, 10H) nor an "
                              "announcement (re, kontra, keine 90, keine 60, keine 30, schwarz)")

    def test_a_card_after_the_tenth_trick(self):
        error = replay_error([*CARDS, "AC"])
        assert str(error) == "deal 1, move 41: all ten tricks have been played"

    def test_deal_stops_early(self):
        error = replay_error(CARDS[:39], kind=InvalidLogError)
        assert str(error) == "deal 1: the deal stops after 39 cards; all 40 cards are played"
        assert error.field == "deals[0].moves"

    def test_error_in_a_later_deal_is_located(self):
        error = replay_error(lambda moves: [moves[0], "QS"], deal_index=1)
        assert (error.deal, error.move, error.field) == (2, 2, "deals[1].moves[1]")
        assert str(error) == ("deal 2, move 2: Carl must follow Kreuz (led AC) with KC 10C "
                              "and cannot play QS")


class TestAnnouncementWindows:
    @pytest.mark.parametrize(("word", "last_ok", "deadline"), [
        ("re", 5, 2), ("keine 90", 9, 3), ("keine 60", 13, 4), ("keine 30", 17, 5),
        ("schwarz", 21, 6),
    ])
    def test_each_level_one_trick_later(self, word, last_ok, deadline):
        # Level k is open until the first card of trick k + 1 lies (RE: after the 5th card).
        result = ENGINE.replay(document({"dealer": "Dora", "hands": HANDS,
                                         "declarations": ALL_GESUND,
                                         "moves": with_inserted(last_ok, f"Anna: {word}")}))
        assert result.hands[0].facts["announcements"]["re"] == word
        late = last_ok + 3  # the next window: after the trick is complete
        error = replay_error(with_inserted(late, f"Anna: {word}"))
        assert str(error) == (f"deal 1, move {late + 1}: too late for {word}: it must be said "
                              f"by the first card of trick {deadline}")

    def test_not_in_the_middle_of_a_trick(self):
        error = replay_error(with_inserted(2, "Anna: re"))
        assert str(error) == ("deal 1, move 3: Anna cannot announce in the middle of trick 1: "
                              "only before its first card or right after it")

    def test_no_gaps(self):
        moves = ["Anna: re", *CARDS[:8], "Anna: keine 90", *CARDS[8:]]
        error = replay_error(moves)
        assert str(error) == ("deal 1, move 10: no gaps: RE announced in trick 1, so a raise "
                              "had to come by the first card of trick 2")

    def test_raise_in_the_next_trick_is_fine(self):
        moves = ["Anna: re", *CARDS[:4], "Carl: keine 90", *CARDS[4:8], "Anna: keine 60",
                 *CARDS[8:]]
        result = ENGINE.replay(document({"dealer": "Dora", "hands": HANDS,
                                         "declarations": ALL_GESUND, "moves": moves}))
        assert result.hands[0].facts["announcements"]["re"] == "keine 60"

    def test_skipped_levels_count(self):
        # keine 60 straight away: RE and keine 90 count as said. 205 : 35 reaches keine 60:
        # won, u90, u60, keine 90 and keine 60 abgesagt = 5, x2 = 10, + 4 specials = 14.
        result = ENGINE.replay(document({"dealer": "Dora", "hands": HANDS,
                                         "declarations": ALL_GESUND,
                                         "moves": ["Anna: keine 60", *CARDS]}))
        assert result.hands[0].points == (14, -14, 14, -14)

    def test_party_word(self):
        error = replay_error(["Bert: re"])
        assert str(error) == "deal 1, move 1: Bert is in the KONTRA party and says kontra, not re"

    def test_no_raise(self):
        error = replay_error(["Anna: re", "Carl: re"])
        assert str(error) == "deal 1, move 2: RE has already announced re; re is no raise"

    def test_after_the_last_trick(self):
        error = replay_error([*CARDS, "Anna: re"])
        assert str(error) == ("deal 1, move 41: the deal is over; announcements come before "
                              "the last trick")
