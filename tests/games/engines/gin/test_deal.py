"""One played game: every ending scored by hand, every illegal move with its exact text."""

import pytest

from games.engines.errors import IllegalMoveError, InvalidLogError

from .helpers import OPENING, deal, document, first_error, one_deal_result


class TestEndings:
    def test_knock_and_undercut_on_more(self):
        # Anna knocks QC: 3S-4S-5S 7C-7H-7D 9C-10C-JC, deadwood 2 (2H). Bert's best: his
        # AC-2C-3C 8S-8H-8D 4D-5D-6D and 6S laid off onto 3S-4S-5S: deadwood 0. 2 >= 0 is an
        # undercut: Bert gets 25 + (2 - 0) = 27.
        hand, _ = one_deal_result([*OPENING, "knock QC"])
        assert hand.points == (0, 27)
        assert hand.source == "moves"
        assert dict(hand.facts) == {"upcard": "9H", "limit": 9, "doubled": False,
                                    "dead": False, "knocker": 0, "gin": False,
                                    "deadwood": [2, 0], "winner": 1, "undercut": True}
        detail = hand.detail
        assert detail["melds"] == [
            [["3S", "4S", "5S"], ["7C", "7H", "7D"], ["9C", "10C", "JC"]],
            [["AC", "2C", "3C"], ["4D", "5D", "6D"], ["8S", "8H", "8D"]]]
        assert detail["layoffs"] == [["6S", 1]]
        assert detail["deadwood_cards"] == [["2H"], []]
        assert detail["lay_by_engine"] is True
        assert detail["ending"] == "knock"
        assert detail["failed_knocks"] == []
        assert detail["moves"][0] == {"seat": 1, "notation": "pass",
                                      "text": "Bert passes the upcard 9H"}
        assert detail["moves"][9] == {
            "seat": 0, "notation": "knock QC",
            "text": "Anna knocks, discarding QC face down: 3S-4S-5S 7C-7H-7D 9C-10C-JC; "
                    "deadwood 2 (2H)"}
        assert detail["stock_left"] == 31 - 4

    def test_knock_win_when_the_defender_lays_nothing_off(self):
        # Same, but Bert states his lay without lay-offs: deadwood 6 (6S); Anna wins 6 - 2 = 4.
        hand, _ = one_deal_result(
            [*OPENING, "knock QC", "lay melds AC-2C-3C 8S-8H-8D 4D-5D-6D off"])
        assert hand.points == (4, 0)
        assert hand.facts["winner"] == 0 and hand.facts["undercut"] is False
        assert hand.detail["lay_by_engine"] is False
        assert hand.detail["moves"][-1]["text"] == (
            "Bert lays AC-2C-3C 8S-8H-8D 4D-5D-6D; deadwood 6 (6S)")

    def test_stated_lay_off_counts(self):
        hand, _ = one_deal_result([*OPENING, "knock QC", "lay off 6S>1"])
        assert hand.points == (0, 27)
        assert hand.detail["layoffs"] == [["6S", 1]]

    def test_stated_melds_count_even_when_worse(self):
        # Bert shows only AC-2C-3C: 8S 8H 8D 4D 5D 6D stay deadwood unless laid off; the
        # engine still lays 6S off for him (the off part is left out): 8+8+8+4+5+6 = 39.
        hand, _ = one_deal_result([*OPENING, "knock QC", "lay melds AC-2C-3C"])
        assert hand.facts["deadwood"] == [2, 39]
        assert hand.points == (37, 0)

    def test_gin(self):
        # Anna knocks 2H: three melds, no deadwood. No lay-offs against gin: Bert keeps 6S.
        # 25 + 6 = 31.
        hand, _ = one_deal_result([*OPENING, "knock 2H"])
        assert hand.points == (31, 0)
        assert hand.facts["gin"] is True
        assert hand.detail["layoffs"] == []
        assert hand.detail["deadwood_cards"] == [[], ["6S"]]
        assert hand.detail["ending"] == "gin"

    def test_spade_upcard_doubles_everything(self):
        # The same gin with first upcard 9S: (25 + 6) * 2 = 62.
        bert = ["AC", "2C", "3C", "8H", "8D", "8C", "6S", "KH", "5D", "6D"]
        hand, _ = one_deal_result([*OPENING, "knock 2H"], upcard="9S", bert=bert)
        assert hand.points == (62, 0)
        assert hand.facts["doubled"] is True

    def test_failed_knock_resumes(self):
        # Move 6: Anna knocks with 2H face down but holds KD: 10 deadwood > 9. The knock fails,
        # 2H is turned up, Bert continues; later Anna goes gin with KD: 25 + 6 = 31.
        moves = ["pass", "pass", "draw 4D", "discard KH", "draw JC", "knock 2H",
                 "draw KS", "discard KS", "draw QC", "knock KD"]
        hand, _ = one_deal_result(moves)
        assert hand.points == (31, 0)
        assert hand.detail["failed_knocks"] == [6]
        assert hand.detail["moves"][5]["text"] == (
            "Anna knocks with 2H face down but has 10 deadwood (the limit is 9): the knock "
            "fails and 2H is turned up")

    def test_failed_knock_card_can_be_taken(self):
        moves = ["pass", "pass", "draw 4D", "discard KH", "draw JC", "knock 2H", "take 2H",
                 "discard 6S", "draw QC", "knock KD"]
        hand, _ = one_deal_result(moves)
        assert hand.facts["gin"] is True

    def test_taking_the_upcard(self):
        # Bert takes 9H and throws KH; Anna may take KH from the discard pile.
        moves = ["take 9H", "discard KH", "take", "discard KH"]
        error = first_error(document([deal(moves)]))
        assert str(error) == ("deal 1, move 4: Anna cannot discard KH: it was just taken from "
                              "the discard pile")

    def test_dealer_may_take_after_non_dealer_passes(self):
        moves = ["pass", "take 9H", "discard KD", "draw 4D", "discard KH"]
        doc = document([deal(moves)])
        error = first_error(doc)
        assert isinstance(error, InvalidLogError)
        assert str(error) == ("deal 1, move 6: the game is not finished: Anna is to draw "
                              "(30 cards in the stock)")
        assert error.field == "deals[0].moves"

    def test_stated_melds_can_make_a_knock_fail(self):
        # Anna shows only 3S-4S-5S 7C-7H-7D: 9C 10C JC 2H are deadwood, 31 > 9: the knock
        # fails (QC turned up). Bert throws AD, Anna draws AH and knocks it: engine's
        # arrangement, deadwood 2; Bert lays 6S off: undercut, 25 + 2 = 27.
        moves = [*OPENING, "knock QC melds 3S-4S-5S 7H-7D-7C", "draw AD", "discard AD",
                 "draw AH", "knock AH"]
        hand, _ = one_deal_result(moves)
        assert hand.detail["failed_knocks"] == [10]
        assert hand.points == (0, 27)

    def test_stated_melds_with_reject(self):
        doc = document([deal([*OPENING, "knock QC melds 3S-4S-5S 7H-7D-7C"])],
                       failed_knock="reject")
        error = first_error(doc)
        assert str(error) == ("deal 1, move 10: Anna cannot knock with 31 deadwood; the limit "
                              "is 9 (first upcard 9H)")


HANDS = ["3S", "4S", "5S", "7H", "7D", "7C", "9C", "10C", "KD", "2H",
         "AC", "2C", "3C", "8H", "8D", "8S", "6S", "KH", "5D", "6D", "9H"]


def stock_cards():
    from games.engines.gin.deck import CARD_TEXT
    rest = [text for text in CARD_TEXT if text not in HANDS and text != "4D"]
    return ["4D", *rest]  # 31 cards: Bert's first draw is 4D


def to_the_wall(last="discard"):
    """Both pass; Bert draws 4D and throws KH (deadwood 6: 6S); then everybody throws what
    he draws. Draw 29 (Bert's) leaves 2 cards in the stock; move 60 is his discard."""
    stock = stock_cards()
    moves = ["pass", "pass", "draw 4D", "discard KH"]
    for card in stock[1:29]:
        moves += [f"draw {card}", f"discard {card}"]
    assert len(moves) == 60 and moves[-2] == f"draw {stock[28]}"
    moves[-1] = f"{last} {stock[28]}"
    return moves


class TestDeadHand:
    def test_discard_at_two_stock_cards_is_a_dead_hand(self):
        hand, _result = one_deal_result(to_the_wall())
        assert hand.points == (0, 0)
        assert dict(hand.facts) == {"upcard": "9H", "limit": 9, "doubled": False,
                                    "dead": True, "knocker": None, "gin": None,
                                    "deadwood": None, "winner": None, "undercut": None}
        assert hand.detail["ending"] == "dead"
        assert hand.detail["stock_left"] == 2
        assert hand.detail["melds"] is None

    def test_the_player_who_drew_down_to_two_may_still_knock(self):
        # Bert knocks with 6 (6S): melds AC-2C-3C 4D-5D-6D 8S-8H-8D. Anna keeps her sets
        # (laying 7D off onto 4D-5D-6D would break 7C-7H-7D): 31. Bert wins 31 - 6 = 25.
        hand, _ = one_deal_result(to_the_wall("knock"))
        assert hand.points == (0, 25)
        assert hand.facts["knocker"] == 1

    def test_no_move_after_a_dead_hand(self):
        doc = document([deal([*to_the_wall(), "draw 5C"])])
        error = first_error(doc)
        assert isinstance(error, IllegalMoveError)
        assert str(error) == ("deal 1, move 61: the game is over: a dead hand after move 60 "
                              "(2 cards left in the stock)")


ILLEGAL = [
    # (moves, rules, index of the bad move from 1, message)
    (["draw 4D"], {}, 1,
     "Bert cannot draw from the stock yet: first take or pass the upcard 9H"),
    (["discard 6S"], {}, 1, "Bert must first take or pass the upcard 9H"),
    (["lay"], {}, 1, "Bert cannot lay: nobody has knocked"),
    (["take 8C"], {}, 1, "Bert cannot take 8C: the upcard is 9H"),
    (["pass", "pass", "take"], {}, 3,
     "Bert cannot take the upcard 9H: both passed it, so Bert draws from the stock"),
    (["pass", "pass", "pass"], {}, 3,
     "Bert cannot pass again: both passed the upcard, so Bert draws from the stock"),
    (["pass", "pass", "discard 6S"], {}, 3, "Bert must draw before discarding"),
    (["pass", "pass", "knock 6S"], {}, 3, "Bert must draw before knocking"),
    (["pass", "pass", "draw 4D", "draw JC"], {}, 4,
     "Bert cannot draw twice: discard or knock now"),
    (["pass", "pass", "draw 4D", "take"], {}, 4,
     "Bert cannot take a second card: discard or knock now"),
    (["pass", "pass", "draw 4D", "pass"], {}, 4, "Bert cannot pass now: discard or knock"),
    (["pass", "pass", "draw 4D", "discard QS"], {}, 4,
     "Bert cannot discard QS: Bert does not hold it"),
    (["pass", "pass", "draw 4D", "discard KH", "pass"], {}, 5,
     "Anna cannot pass: the upcard offer is over"),
    (["pass", "pass", "draw 4D", "discard KH", "take 5C"], {}, 5,
     "Anna cannot take 5C: the top of the discard pile is KH"),
    (["take 9H", "discard 9H"], {}, 2,
     "Bert cannot discard 9H: it was just taken from the discard pile"),
    (["take 9H", "knock 9H"], {}, 2,
     "Bert cannot knock with 9H: it was just taken from the discard pile"),
    (["pass", "pass", "draw 4D", "discard KH", "draw JC", "knock 2H"],
     {"failed_knock": "reject"}, 6,
     "Anna cannot knock with 10 deadwood; the limit is 9 (first upcard 9H)"),
    (["pass", "pass", "draw 2C"], {}, 3,
     "Bert cannot draw 2C from the stock: 2C is in Bert's hand"),
    (["pass", "pass", "draw 3S"], {}, 3,
     "Bert cannot draw 3S from the stock: 3S is in Anna's hand"),
    (["pass", "pass", "draw 9H"], {}, 3,
     "Bert cannot draw 9H from the stock: 9H is the first upcard"),
    (["pass", "pass", "draw 4D", "discard KH", "draw KH"], {}, 5,
     "Anna cannot draw KH from the stock: KH is on the discard pile"),
    (["pass", "pass", "draw 4D", "discard KH", "draw 4D"], {}, 5,
     "Anna cannot draw 4D from the stock: 4D is in Bert's hand"),
    ([*OPENING, "knock 2H", "lay off 6S>1"], {}, 11, "Bert cannot lay off 6S against Anna's gin"),
    # Bert's 4D-5D-6D is no meld of Anna's; both cards are named.
    ([*OPENING, "knock 2H", "lay melds AC-2C-3C 8S-8H-8D off 6S>1 4D>1"], {}, 11,
     "Bert cannot lay off 6S, 4D against Anna's gin"),
    ([*OPENING, "knock QC", "lay off 6S>2"], {}, 11,
     "Bert cannot lay off 6S onto meld 2 (7C-7H-7D)"),
    ([*OPENING, "knock QC", "lay off 6S>4"], {}, 11,
     "Bert cannot lay off 6S onto meld 4: Anna shows 3 melds"),
    ([*OPENING, "knock QC", "lay off KS>1"], {}, 11,
     "Bert cannot lay off KS: Bert does not hold it"),
    ([*OPENING, "knock QC", "lay melds 8S-8H-8D 8S-9S-10S"], {}, 11, "Bert shows 8S twice"),
    ([*OPENING, "knock QC", "lay melds 4D-5D-6D off 6D>1"], {}, 11, "Bert shows 6D twice"),
    ([*OPENING, "knock QC", "lay melds 5D-6D-6S"], {}, 11,
     "Bert cannot show 6S-5D-6D: it is not a meld; a run is 3 or more cards in sequence of "
     "one suit (ace low), a set 3 or 4 cards of one rank"),
    ([*OPENING, "knock QC melds 3S-4S-5S 7C-7H-7D 9C-10C-JC-QC"], {}, 10,
     "Anna cannot show QC in 9C-10C-JC-QC: it is the face-down discard"),
    ([*OPENING, "knock QC melds 3S-4S-5S-6S"], {}, 10,
     "Anna cannot show 3S-4S-5S-6S: Anna does not hold 6S"),
    ([*OPENING, "knock QC melds QS-KS-AS"], {}, 10,
     "Anna cannot show AS-QS-KS: Anna does not hold AS"),
    ([*OPENING, "knock QC melds 9C-10C-JC 2H-3S-4S"], {}, 10,
     "Anna cannot show 3S-4S-2H: it is not a meld; a run is 3 or more cards in sequence of "
     "one suit (ace low), a set 3 or 4 cards of one rank"),
    ([*OPENING, "knock QC", "lay", "draw 5C"], {}, 12,
     "the game is over: Anna knocked at move 10 and the cards are laid"),
    ([*OPENING, "knock QC", "draw 5C"], {}, 11,
     "the game is over: Anna knocked at move 10; only Bert's lay may follow"),
    (["take 9H", "knock KH"], {"knock_on_upcard_turn": False}, 2,
     "Bert cannot knock in the turn of taking the first upcard"),
]


class TestIllegalMoves:
    @pytest.mark.parametrize(("moves", "rules", "index", "message"), ILLEGAL)
    def test_exact_error(self, moves, rules, index, message):
        doc = document([deal(moves)], **rules)
        error = first_error(doc)
        assert isinstance(error, IllegalMoveError), error
        assert error.reason == message
        assert (error.deal, error.move) == (1, index)
        assert error.field == f"deals[0].moves[{index - 1}]"
        assert error.notation == moves[index - 1]
        assert str(error) == f"deal 1, move {index}: {message}"

    def test_a_recorded_draw_must_name_its_card(self):
        error = first_error(document([deal(["pass", "pass", "draw"])]))
        assert isinstance(error, InvalidLogError)
        assert str(error) == ("deal 1, move 3: Bert's draw must name the card: this deal "
                              "records its cards (write draw 5H)")
        assert (error.field, error.notation) == ("deals[0].moves[2]", "draw")

    def test_the_taken_card_may_be_discarded_with_the_option(self):
        moves = ["take 9H", "discard 9H", "draw 4D", "discard KD"]
        doc = document([deal(moves)], may_discard_taken_card=True)
        error = first_error(doc)  # only unfinished, the discard itself is fine
        assert isinstance(error, InvalidLogError) and error.move == 5

    def test_error_in_a_later_deal_names_that_deal(self):
        from .helpers import sheet
        doc = document([sheet("9H", "Anna", 0, 20, dealer="Anna"),
                        deal(["pass", "pass", "draw 4D", "draw JC"], dealer=None)])
        error = first_error(doc)
        assert str(error) == "deal 2, move 4: Anna cannot draw twice: discard or knock now"
        assert error.field == "deals[1].moves[3]"


class TestMalformed:
    @pytest.mark.parametrize(("text", "message"), [
        ("drew 5H", "'drew 5H' is not a move; write pass, take, draw, discard, knock or lay"),
        ("discard", "'discard' must name the card: discard 9C"),
        ("discard 1H", "'discard 1H': '1H' is not a card (write rank then suit: AS, 10H, QC)"),
        ("knock", "'knock' must name the card discarded face down: knock 9C"),
        ("lay off 6S", "'lay off 6S': a lay-off is CARD>N, the knocker's meld number from 1 "
                       "(e.g. off 4S>1), not '6S'"),
        ("", "an empty move; write pass, take, draw, discard, knock or lay"),
    ])
    def test_bad_notation(self, text, message):
        error = first_error(document([deal(["pass", "pass", "draw 4D", text])]))
        assert isinstance(error, InvalidLogError)
        assert str(error) == f"deal 1, move 4: {message}"
        assert error.notation == text


class TestSeedRulesPlayed:
    """Seed section 3 rules in played deals, each worked out by hand."""

    def test_deal_order_from_a_shuffled_deck(self):
        # Deck in canonical order (index 0 = AC ... 12 = KC, 13 = AS ... 25 = KS, ...).
        # Anna (seat 0) deals: the non-dealer Bert gets positions 0, 2, ..., 18, Anna 1, 3,
        # ..., 19; position 20 (8S) is the first upcard, 21 (9S) the top of the stock.
        from games.engines.gin import GinRules
        from games.engines.gin.deck import texts_of
        from games.engines.gin.state import DealState
        state = DealState.from_order(GinRules(), ("Anna", "Bert"), dealer=0,
                                     order=list(range(52)))
        assert texts_of(state.initial_hands[1]) == ["AC", "3C", "5C", "7C", "9C", "JC", "KC",
                                                    "2S", "4S", "6S"]
        assert texts_of(state.initial_hands[0]) == ["2C", "4C", "6C", "8C", "10C", "QC", "AS",
                                                    "3S", "5S", "7S"]
        assert state.upcard_text == "8S" and state.turn == 1
        state.apply(state.legal_moves()[0])  # Bert passes
        assert state.turn == 0                # then the dealer is offered the upcard
        state.apply(state.legal_moves()[0])  # Anna passes
        assert state.turn == 1
        assert [m.text() for m in state.legal_moves()] == ["draw 9S"]
        # Bert deals: Anna is the non-dealer and gets the even positions.
        state = DealState.from_order(GinRules(), ("Anna", "Bert"), dealer=1,
                                     order=list(range(52)))
        assert texts_of(state.initial_hands[0])[:3] == ["AC", "3C", "5C"]
        assert state.turn == 0

    def test_limit_and_spade_doubling_stay_when_the_upcard_is_taken(self):
        # Upcard 9S: limit 9, a spade. Bert takes it and throws KH, so KH (10) lies on top.
        # Anna draws JC and knocks 2H: 3S-4S-5S 7C-7H-7D 9C-10C-JC, deadwood KD = 10 > 9: the
        # knock fails (the limit is still the first upcard's, not the top card's). Bert draws
        # 4D and throws 9S; Anna draws QC and knocks KD: 3S-4S-5S 7C-7H-7D 9C-10C-JC-QC, gin.
        # Bert: AC-2C-3C 8C-8H-8D 4D-5D-6D, 6S = 6, no lay-off against gin.
        # Spade upcard, although taken: (25 + 6) * 2 = 62.
        bert = ["AC", "2C", "3C", "8H", "8D", "8C", "6S", "KH", "5D", "6D"]
        moves = ["take 9S", "discard KH", "draw JC", "knock 2H", "draw 4D", "discard 9S",
                 "draw QC", "knock KD"]
        hand, _ = one_deal_result(moves, upcard="9S", bert=bert)
        assert hand.detail["failed_knocks"] == [4]
        assert hand.detail["moves"][3]["text"] == (
            "Anna knocks with 2H face down but has 10 deadwood (the limit is 9): the knock "
            "fails and 2H is turned up")
        assert (hand.facts["limit"], hand.facts["doubled"], hand.facts["gin"]) == (9, True, True)
        assert hand.points == (62, 0)

    def test_ace_upcard_allows_only_gin(self):
        # Upcard AH: limit 0. Anna's knock with QC leaves 2H = 2 > 0: it fails. Bert draws AD
        # and throws it; Anna draws 8C (8C-9C-10C-JC) and knocks 2H: gin. Bert: AC-2C-3C
        # 8S-8H-8D 4D-5D-6D, 6S: 25 + 6 = 31 (hearts: not doubled).
        moves = [*OPENING, "knock QC", "draw AD", "discard AD", "draw 8C", "knock 2H"]
        hand, _ = one_deal_result(moves, upcard="AH")
        assert hand.detail["moves"][9]["text"] == (
            "Anna knocks with QC face down but has 2 deadwood (only gin is allowed): the knock "
            "fails and QC is turned up")
        assert hand.detail["failed_knocks"] == [10]
        assert hand.facts["limit"] == 0 and hand.facts["gin"] is True
        assert hand.points == (31, 0)
        error = first_error(document([deal([*OPENING, "knock QC"], upcard="AH")],
                                     failed_knock="reject"))
        assert str(error) == ("deal 1, move 10: Anna cannot knock with 2 deadwood; the first "
                              "upcard AH allows only gin")

    def test_face_card_upcard_allows_ten_and_a_knock_at_the_limit(self):
        # Upcard QH: limit 10. Anna draws JC and knocks 2H: 3S-4S-5S 7C-7H-7D 9C-10C-JC, KD = 10,
        # not above the limit: a knock. Bert: AC-2C-3C 8S-8H-8D 4D-5D-6D and 6S laid off onto
        # 3S-4S-5S: 0. 10 >= 0 is an undercut: 25 + (10 - 0) = 35 to Bert.
        moves = ["pass", "pass", "draw 4D", "discard KH", "draw JC", "knock 2H"]
        for rule in ("resume", "reject"):
            hand, _ = one_deal_result(moves, upcard="QH", rules={"failed_knock": rule})
            assert hand.facts["limit"] == 10
            assert hand.facts["deadwood"] == [10, 0]
            assert hand.detail["layoffs"] == [["6S", 1]]
            assert hand.points == (0, 35)

    def test_a_failed_knock_at_two_stock_cards_makes_the_hand_dead(self):
        # Draw 29 (Bert's 10D) leaves 2 cards. Bert knocks 8S: AC-2C-3C 4D-5D-6D, deadwood
        # 8H 8D 6S 10D = 32 > 9: the knock fails, 8S is turned up, and the game is dead.
        moves = to_the_wall()
        assert moves[-2] == "draw 10D"
        moves[-1] = "knock 8S"
        hand, _ = one_deal_result(moves)
        assert hand.detail["failed_knocks"] == [60]
        assert hand.detail["ending"] == "dead" and hand.detail["stock_left"] == 2
        assert hand.facts["dead"] is True and hand.points == (0, 0)

    def test_lay_off_chain_onto_one_meld(self):
        # Bert holds 6S and 7S (and 8C instead of 8S, QH instead of 5D 6D). Anna knocks QC:
        # 3S-4S-5S (1) 7C-7H-7D (2) 9C-10C-JC (3), deadwood 2H = 2. Bert: AC-2C-3C 8C-8H-8D,
        # 6S then 7S onto meld 1 (3S..7S), deadwood QH + 4D = 14: Anna wins 14 - 2 = 12.
        # 7S alone cannot go onto 3S-4S-5S.
        bert = ["AC", "2C", "3C", "8H", "8D", "8C", "6S", "7S", "KH", "QH"]
        hand, _ = one_deal_result([*OPENING, "knock QC", "lay off 6S>1 7S>1"], bert=bert)
        assert hand.detail["layoffs"] == [["6S", 1], ["7S", 1]]
        assert hand.facts["deadwood"] == [2, 14]
        assert hand.points == (12, 0)
        # The engine's best reaches the same 14 (7S could also go onto 7C-7H-7D).
        hand, _ = one_deal_result([*OPENING, "knock QC"], bert=bert)
        assert hand.facts["deadwood"] == [2, 14] and hand.points == (12, 0)
        error = first_error(document([deal([*OPENING, "knock QC", "lay off 7S>1"], bert=bert)]))
        assert str(error) == ("deal 1, move 11: Bert cannot lay off 7S onto meld 1 "
                              "(3S-4S-5S)")

    def test_meld_numbers_follow_the_stated_knock(self):
        # Anna shows her melds in the order 9C-10C-JC, 7C-7H-7D, 3S-4S-5S: 3S-4S-5S is meld 3.
        # Bert lays 6S off onto it: deadwood 0 against Anna's 2: undercut, 25 + 2 = 27.
        knock = "knock QC melds 9C-10C-JC 7C-7H-7D 3S-4S-5S"
        hand, _ = one_deal_result([*OPENING, knock, "lay off 6S>3"])
        assert hand.detail["melds"][0] == [["9C", "10C", "JC"], ["7C", "7H", "7D"],
                                           ["3S", "4S", "5S"]]
        assert hand.points == (0, 27)
        error = first_error(document([deal([*OPENING, knock, "lay off 6S>1"])]))
        assert str(error) == ("deal 1, move 11: Bert cannot lay off 6S onto meld 1 "
                              "(9C-10C-JC)")
