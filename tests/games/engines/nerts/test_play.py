"""Nerts play: the stock and waste, work piles, foundations, conflicts, resets, the call."""

import pytest

from games.engines.nerts.rules import NertsRules

from .helpers import ANNA, BERT, HEARTS, SPADES, actions, layout, play


def stock_of(played, name="Anna"):
    return played.hand.decks[name].snapshot()["stock"]


def waste_of(played, name="Anna"):
    return played.hand.decks[name].snapshot()["waste"]


class TestTurn:
    def test_three_cards_in_order_the_third_on_top(self):
        played = play({"Anna": ANNA, "Bert": BERT}, actions("Anna: turn"))
        # The packet 5C 6C 7C is turned as a block: 7C, the packet's bottom card, on top.
        assert waste_of(played) == ["7C@Anna", "6C@Anna", "5C@Anna"]
        assert played.entries[0]["cards"] == ["5C@Anna", "6C@Anna", "7C@Anna"]
        assert played.entries[0]["stock_left"] == 32

    def test_reversed_order_puts_the_stock_top_on_top(self):
        played = play({"Anna": ANNA, "Bert": BERT}, actions("Anna: turn"),
                      rules=NertsRules(draw_order="reversed"))
        assert waste_of(played) == ["5C@Anna", "6C@Anna", "7C@Anna"]

    def test_one_card_draw(self):
        played = play({"Anna": ANNA, "Bert": BERT}, actions("Anna: turn", "Anna: turn"),
                      rules=NertsRules(draw=1))
        assert waste_of(played) == ["6C@Anna", "5C@Anna"]
        assert len(stock_of(played)) == 33

    def test_named_cards_are_checked(self):
        played = play({"Anna": ANNA, "Bert": BERT}, actions("Anna: turn 5C 6C 7C"))
        assert waste_of(played)[0] == "7C@Anna"

    def test_end_case_last_two_cards_then_the_waste_turns_over(self):
        turns = ["Anna: turn"] * 12
        played = play({"Anna": ANNA, "Bert": BERT}, actions(*turns))
        # 11 turns of three leave 2 cards (QD KD); the 12th turn takes just those two.
        assert played.entries[10]["stock_left"] == 2
        assert played.entries[11]["cards"] == ["QD@Anna", "KD@Anna"]
        assert stock_of(played) == [] and len(waste_of(played)) == 35
        played = play({"Anna": ANNA, "Bert": BERT}, actions(*turns, "Anna: over",
                                                            "Anna: turn 5C 6C 7C"))
        # Turned over, the waste is the stock again in its first order: 5C on top.
        assert played.entries[12] == {"number": 13, "seq": 13, "player": "Anna",
                                      "deck": "Anna", "move": "over", "kind": "over",
                                      "stock_left": 35}
        assert stock_of(played)[:3] == ["8C@Anna", "9C@Anna", "10C@Anna"]

    def test_reversed_end_case_keeps_each_packet_reversed(self):
        rules = NertsRules(draw_order="reversed")
        played = play({"Anna": ANNA, "Bert": BERT}, actions(*["Anna: turn"] * 12),
                      rules=rules)
        assert waste_of(played)[:2] == ["QD@Anna", "KD@Anna"]


class TestWorkPiles:
    TABLE = {"Anna": layout("Anna", "10D QH JS AH 2H 3H 4H 5H 6H 7H 9H 10H JH",
                            "9C 8H 7S KC"), "Bert": BERT}

    def test_builds_slide_under_and_a_run_move(self):
        played = play(self.TABLE, actions(
            "Anna: 8H@Anna > 1",          # red 8 on black 9; pile 2 is empty now
            "Anna: 7S@Anna > 1",          # black 7 on red 8; pile 3 empty
            "Anna: 10D@Anna > under 1",   # the 10D slides under the 9C (an empty pile exists)
            "Anna: QH@Anna > 4",
            "Anna: JS@Anna > 4",
            "Anna: 10D@Anna > 4",         # the whole run 10D 9C 8H 7S onto the JS
        ))
        work = played.hand.decks["Anna"].snapshot()["work"]
        assert work == [[], [], [], ["KC@Anna", "QH@Anna", "JS@Anna", "10D@Anna", "9C@Anna",
                                     "8H@Anna", "7S@Anna"]]
        assert played.entries[2]["kind"] == "under"
        assert played.entries[5]["cards"] == ["10D@Anna", "9C@Anna", "8H@Anna", "7S@Anna"]
        assert played.entries[5]["from"] == "work 1" and played.entries[5]["to"] == "work 4"
        # The Nerts pile lost 10D QH JS: the next card is turned up.
        assert played.hand.decks["Anna"].snapshot()["nerts"][0] == "AH@Anna"

    def test_an_empty_pile_takes_any_card(self):
        played = play(self.TABLE, actions("Anna: 8H@Anna > 1", "Anna: KC@Anna > 2",
                                          "Anna: 10D@Anna > 4"))
        assert played.hand.decks["Anna"].snapshot()["work"] == [
            ["9C@Anna", "8H@Anna"], ["KC@Anna"], ["7S@Anna"], ["10D@Anna"]]

    def test_a_waste_card_goes_onto_a_work_pile(self):
        # Anna's stock starts 5C 6C 7C: after a turn 7C is free; 7C goes on 8H (pile 2).
        table = {"Anna": layout("Anna", "AH 2H 3H 4H 5H 6H 7H 9H 10H JH QH KH AD",
                                "9C 8H 7S KC", "5C 6C 7C"), "Bert": BERT}
        played = play(table, actions("Anna: turn", "Anna: 7C@Anna > 2"))
        assert played.entries[1]["from"] == "waste"
        assert waste_of(played) == ["6C@Anna", "5C@Anna"]
        assert played.hand.decks["Anna"].snapshot()["work"][1] == ["8H@Anna", "7C@Anna"]


class TestJokersOnWorkPiles:
    """A joker under a real card stands for the card one higher in the other colour, so it
    must fit where it lies (seed, Varianten: Joker)."""

    TABLE = {"Anna": layout("Anna", "X1 7C X2 5S AH 2H 3H 4H 5H 6H 7H 9H 10H", "9C 8H 7S KC",
                            jokers=True),
             "Bert": layout("Bert", SPADES, "KD QC JD 10C", jokers=True)}

    def test_jokers_fit_both_ways_and_a_fixed_run_moves(self):
        played = play(self.TABLE, actions(
            "Anna: X1@Anna > 1",    # a free joker goes on any pile: here on 9C
            "Anna: 7C@Anna > 1",    # X1 becomes a red 8: it fits on the black 9C
            "Anna: X2@Anna > 1",
            "Anna: 5S@Anna > 1",    # X2 becomes a red 6 on the 7C
            "Anna: X2@Anna > 3",    # the run X2 (red 6) 5S onto the black 7S
        ), rules=NertsRules(jokers=True))
        work = played.hand.decks["Anna"].snapshot()["work"]
        assert work[0] == ["9C@Anna", "X1@Anna", "7C@Anna"]
        assert work[2] == ["7S@Anna", "X2@Anna", "5S@Anna"]
        assert played.entries[4]["cards"] == ["X2@Anna", "5S@Anna"]


class TestFoundations:
    def test_aces_start_foundations_numbered_in_order(self):
        played = play({"Anna": ANNA, "Bert": BERT}, actions(
            "Anna: AH@Anna > F", "Bert: AS@Bert > F", "Anna: 2H@Anna > F1",
            "Bert: 2S@Bert > F"))
        assert [(f.number, f.suit, len(f.cards)) for f in played.hand.foundations] == [
            (1, "H", 2), (2, "S", 2)]
        assert played.entries[3]["to"] == "F2"

    def test_complete_foundation(self):
        moves = [f"Anna: {card}@Anna > F" for card in HEARTS.split()]
        played = play({"Anna": ANNA, "Bert": BERT}, actions(*moves))
        assert played.hand.foundations[0].complete


class TestConflict:
    """Two players, one value, one foundation: the earlier stands, the later is void."""

    TABLE = {"Anna": ANNA, "Bert": layout("Bert", SPADES, "2H 9C 8D 7C")}

    def test_the_later_card_is_void_and_goes_back(self):
        played = play(self.TABLE, actions(
            "Anna: AH@Anna > F", "Anna: 2H@Anna > F1",
            "Bert: 2H@Bert > F1",       # a moment too late: void
            "Bert: 2H@Bert > F",        # the only hearts foundation already has a 2: void
            "Anna: 3H@Anna > F1"))
        assert played.entries[2]["result"] == "void"
        assert played.entries[2]["reason"] == "Anna was first with 2H@Anna (move 2)"
        assert played.entries[3]["result"] == "void" and played.entries[3]["to"] == "F1"
        assert played.hand.decks["Bert"].work[0][-1].face == "2H"  # back where it came from
        assert [str(p.card) for p in played.hand.foundations[0].cards] == [
            "AH@Anna", "2H@Anna", "3H@Anna"]
        assert played.facts.to_json()["foundation"] == {"Anna": 3, "Bert": 0}

    def test_a_tie_keeps_both_cards(self):
        played = play(self.TABLE, actions(
            "Anna: AH@Anna > F", "Anna: 2H@Anna > F1", "Bert: 2H@Bert > F1 !tie",
            "Anna: 3H@Anna > F1"))
        assert played.entries[2]["result"] == "tie"
        assert played.entries[2]["with"] == "2H@Anna"
        assert played.facts.to_json()["foundation"] == {"Anna": 3, "Bert": 1}

    def test_a_void_joker_shows_what_it_was_announced_as(self):
        table = {"Anna": layout("Anna", "AH X1 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
                                "2C 3D 4C 5D", jokers=True),
                 "Bert": layout("Bert", "2H AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
                                "KD QC JD 10C", jokers=True)}
        played = play(table, actions("Anna: AH@Anna > F", "Bert: 2H@Bert > F1",
                                     "Anna: X1@Anna > F1 =2H"), rules=NertsRules(jokers=True))
        assert played.entries[2] == {
            "number": 3, "seq": 3, "player": "Anna", "deck": "Anna",
            "move": "X1@Anna > F1 =2H", "kind": "foundation", "card": "X1@Anna",
            "cards": ["X1@Anna"], "from": "nerts", "to": "F1", "result": "void",
            "reason": "Bert was first with 2H@Bert (move 2)", "as": "2H",
            "first": {"player": "Bert", "card": "2H@Bert", "move": 2}}
        assert played.hand.decks["Anna"].nerts[-1].face == "X1"  # back on the Nerts pile

    def test_a_void_card_is_no_progress_for_the_pass(self):
        played = play(self.TABLE, actions("Anna: AH@Anna > F", "Anna: 2H@Anna > F1",
                                          "Bert: turn", "Bert: 2H@Bert > F1"))
        assert played.hand.decks["Bert"].turned == 3


class TestReset:
    """All blocked: each waste goes back on its stock and the top card goes to the bottom."""

    PASS = ["Anna: turn", "Bert: turn"] * 12

    def test_reset_after_both_passed(self):
        played = play({"Anna": ANNA, "Bert": BERT}, actions(*self.PASS, "reset",
                                                            "Anna: turn 6C 7C 8C"))
        assert played.entries[24] == {"number": 25, "seq": 25, "player": None, "deck": None,
                                      "move": "reset", "kind": "reset",
                                      "bottom": {"Anna": "5C@Anna", "Bert": "AC@Bert"}}
        # 5C went from the top of the stock to the bottom: the packets shift by one card.
        assert stock_of(played)[-1] == "5C@Anna"
        assert stock_of(played, "Bert")[0] == "2C@Bert" and stock_of(played, "Bert")[-1] == (
            "AC@Bert")

    def test_reset_with_cards_left_in_the_stock(self):
        # Anna turned 4 packets, went back to the start by 'over' and on: the waste goes on
        # top of what is left of the stock.
        moves = ["Anna: turn"] * 12 + ["Anna: over"] + ["Anna: turn"] * 11 + ["Bert: turn"] * 12
        played = play({"Anna": ANNA, "Bert": BERT}, actions(*moves, "reset"))
        # Anna had QD KD in the stock and 33 cards on the waste (5C at the bottom).
        assert stock_of(played)[:3] == ["6C@Anna", "7C@Anna", "8C@Anna"]
        assert stock_of(played)[-3:] == ["QD@Anna", "KD@Anna", "5C@Anna"]

    def test_end_after_a_fruitless_pass(self):
        played = play({"Anna": ANNA, "Bert": BERT}, actions(*self.PASS, "reset", *self.PASS,
                                                            "end"))
        assert played.hand.ended == "stuck"
        assert played.facts.to_json() == {"caller": None,
                                          "foundation": {"Anna": 0, "Bert": 0},
                                          "nerts_left": {"Anna": 13, "Bert": 13}}

    def test_agreed_reset_needs_no_pass(self):
        played = play({"Anna": ANNA, "Bert": BERT}, actions("Anna: turn", "reset", "end"),
                      rules=NertsRules(blocked="agreed"))
        assert played.entries[1]["bottom"] == {"Anna": "5C@Anna", "Bert": "AC@Bert"}
        assert played.hand.ended == "stuck"


class TestCall:
    def test_call_and_one_card_in_the_air(self):
        moves = ["Anna: AH@Anna > F", "Bert: AS@Bert > F"]
        moves += [f"Anna: {card}@Anna > F" for card in HEARTS.split()[1:]]
        played = play({"Anna": ANNA, "Bert": BERT},
                      actions(*moves, "Anna: nerts", "Bert: 2S@Bert > F2"))
        assert played.hand.ended == "call" and played.hand.caller == "Anna"
        assert played.facts.to_json() == {"caller": "Anna",
                                          "foundation": {"Anna": 13, "Bert": 2},
                                          "nerts_left": {"Anna": 0, "Bert": 11}}

    def test_calling_later_is_allowed(self):
        moves = [f"Anna: {card}@Anna > F" for card in HEARTS.split()]
        played = play({"Anna": ANNA, "Bert": BERT},
                      actions(*moves, "Anna: turn", "Anna: turn", "Anna: nerts"))
        assert played.facts.caller == "Anna"


@pytest.mark.parametrize("rules", [NertsRules(), NertsRules(jokers=True)])
def test_legal_moves_are_all_accepted(rules):
    """Every move legal_moves offers at the start applies without error."""
    from games.engines.nerts.moves import Action
    from games.engines.nerts.play import apply, legal_moves
    from games.engines.nerts.replay import read_table, start_hand

    table = read_table({}, ["Anna", "Bert"], rules)
    start = start_hand(rules, table, {}, number=1, seed="legal")
    offered = legal_moves(start)
    assert offered
    for player, move in offered:
        hand = start_hand(rules, table, {}, number=1, seed="legal")
        apply(hand, Action(1, player, move))
