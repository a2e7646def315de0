"""The Vorbehalt negotiation: rules A) to H), Abbiegen, the flag, Schieben, priorities."""

from dataclasses import replace

import pytest

from games.engines.cards import parse_cards
from games.engines.doppelkopf.moves import parse_declaration
from games.engines.doppelkopf.negotiation import Negotiation
from games.engines.doppelkopf.rules import DDV, SEED
from games.engines.errors import IllegalMoveError
from games.engines.messages import render

from .helpers import DEAL_A_TRICKS, PLAYERS, tricks_to_hands

# Deal A: Anna and Carl hold one Kreuz-Dame each, everybody six trumps.
DEAL_A = [parse_cards(tricks_to_hands(DEAL_A_TRICKS, 0)[0][p]) for p in PLAYERS]
# Made-up hands (the negotiation does not check the deck): 3 trumps, both Kreuz-Damen,
# 2 trumps without Kreuz-Dame, many trumps.
FEW = parse_cards("JC QS 10H AC AC 10C AS 10S AH KH")
PAIR = parse_cards("QC QC QH QD JH JD KD AD 10D KC")
TWO = parse_cards("QS JS AC KC KC 10C AS KS KS KH")
MANY = parse_cards("10H QH QD JC JS JH JD AD 10D KD")


def negotiate(texts, hands=DEAL_A, rules=SEED, **kwargs):
    neg = Negotiation(rules, tuple(PLAYERS), 0, [list(h) for h in hands], **kwargs)
    for text in texts:
        neg.declare(parse_declaration(text))
    return neg


def error_of(texts, **kwargs):
    with pytest.raises(IllegalMoveError) as excinfo:
        negotiate(texts, **kwargs)
    return str(excinfo.value)


GESUND = ["Anna: gesund", "Bert: gesund", "Carl: gesund", "Dora: gesund"]
BERT_SOLO = ["Anna: gesund", "Bert: solo-vorbehalt", "Carl: gesund", "Dora: gesund"]


class TestFirstDeclarations:
    def test_all_gesund_is_a_normal_game(self):
        contract = negotiate(GESUND).contract()
        assert (contract.kind, sorted(contract.re)) == ("normal", [0, 2])

    def test_any_order_but_once(self):
        neg = negotiate(["Dora: gesund", "Anna: gesund", "Carl: gesund", "Bert: gesund"])
        assert neg.finished
        assert error_of(["Anna: gesund", "Anna: gesund"]) == (
            "Anna has already made a first declaration (gesund)")

    def test_first_declaration_words(self):
        assert error_of(["Anna: keine 90"]) == (
            "Anna must first say gesund, vorbehalt or solo-vorbehalt (rule A), not 'keine 90'")

    def test_vorbehalt_needs_a_hochzeit_or_schieben(self):
        assert error_of(["Anna: vorbehalt"]) == (
            "Anna cannot announce a Vorbehalt (kein Solo): Anna holds neither both "
            "Kreuz-Damen nor 1 to 3 trumps")

    def test_stilles_solo(self):
        contract = negotiate(GESUND, hands=[PAIR, FEW, TWO, MANY]).contract()
        assert (contract.kind, contract.soloist) == ("stilles-solo", 0)

    def test_unfinished(self):
        waits = negotiate(GESUND[:3]).expecting()
        assert waits == {"code": "dk_waits_first", "params": {"players": ["Dora"]}}
        assert render(waits["code"], waits["params"]) == "the first declaration of Dora"


class TestSolo:
    def test_consent_in_seat_order_then_the_kind(self):
        neg = negotiate([*BERT_SOLO, "Anna: gesund", "Carl: gesund", "Dora: gesund",
                         "Bert: solo pik"])
        contract = neg.contract()
        assert (contract.kind, contract.solo_kind, contract.soloist) == ("solo", "pik", 1)

    def test_answers_in_seat_order(self):
        assert error_of([*BERT_SOLO, "Carl: gesund"]) == (
            "it is Anna's turn to answer Bert's solo (rule E: in seat order), not Carl's")

    def test_front_solo_holds(self):
        neg = negotiate(["Anna: gesund", "Bert: solo-vorbehalt", "Carl: gesund",
                         "Dora: solo-vorbehalt", "Anna: gesund", "Carl: gesund"])
        # Dora, sitting behind Bert, may only abbiegen.
        neg.declare(parse_declaration("Dora: keine 90"))
        neg.declare(parse_declaration("Bert: passen"))
        neg.declare(parse_declaration("Dora: solo buben"))
        contract = neg.contract()
        assert (contract.soloist, contract.solo_kind, contract.absage) == (3, "buben", (3, 2))
        assert contract.abgebogen_solo_of == 1

    def test_gesund_binds_without_the_flag(self):
        assert error_of([*BERT_SOLO, "Anna: solo-vorbehalt"]) == (
            "Anna's first declaration binds (rules C, D); Anna can only take over Bert's solo "
            "by Abbiegen with keine 90")

    def test_new_negotiation_flag_lets_the_front_seat_take_over(self):
        rules = replace(SEED, new_negotiation_after_solo=True)
        neg = negotiate([*BERT_SOLO, "Anna: solo-vorbehalt", "Bert: gesund", "Carl: gesund",
                         "Dora: gesund", "Anna: solo damen"], rules=rules)
        contract = neg.contract()
        assert (contract.soloist, contract.solo_kind, contract.absage) == (0, "damen", None)

    def test_flag_back_seat_must_abbiegen(self):
        rules = replace(SEED, new_negotiation_after_solo=True)
        assert error_of([*BERT_SOLO, "Anna: gesund", "Carl: solo-vorbehalt"], rules=rules) == (
            "Carl sits behind Bert; a solo announced further front can only be abgebogen with "
            "keine 90")

    def test_reminder_only_for_a_vorbehalt(self):
        assert error_of([*BERT_SOLO, "Anna: vorbehalt"]) == (
            "Anna can only remind the table of a Vorbehalt announced first (rule F); Anna said "
            "gesund")


class TestAbbiegen:
    def test_halten_then_the_bidder_gives_up(self):
        neg = negotiate([*BERT_SOLO, "Anna: keine 90", "Bert: halten", "Anna: gesund",
                         "Carl: gesund", "Dora: gesund", "Bert: solo buben"])
        contract = neg.contract()
        assert (contract.soloist, contract.solo_kind, contract.absage) == (1, "buben", (1, 2))
        assert not contract.abgebogen

    def test_raise_after_halten(self):
        neg = negotiate([*BERT_SOLO, "Anna: keine 90", "Bert: halten", "Anna: keine 60",
                         "Bert: passen", "Anna: normal re"])
        contract = neg.contract()
        assert (contract.kind, contract.absage, contract.abbieger) == ("normal", (0, 3), 0)

    def test_a_bid_must_be_higher(self):
        assert error_of([*BERT_SOLO, "Anna: keine 90", "Bert: halten", "Anna: keine 90"]) == (
            "Anna must bid higher than keine 90 to abbiegen Bert's solo")

    def test_the_soloist_answers_first(self):
        assert error_of([*BERT_SOLO, "Anna: keine 90", "Carl: gesund"]) == (
            "Bert must first answer Anna's keine 90 with halten or passen")

    def test_abbieger_names_the_game(self):
        assert error_of([*BERT_SOLO, "Anna: keine 90", "Bert: passen", "Carl: gesund"]) == (
            "Anna has abgebogen and must now say what is played: solo <kind> or normal "
            "re/kontra")

    def test_no_abbiegen_in_ddv(self):
        assert error_of([*BERT_SOLO, "Anna: keine 90"], rules=DDV) == (
            "these rules have no Abbiegen; answer the solo with gesund")

    def test_hochzeit_after_abbiegen_rule_g(self):
        hands = [FEW, PAIR, TWO, MANY]
        # Bert (both QC) says vorbehalt, Carl announces a solo, Dora abbiegt to a normal game
        # (she has no Kreuz-Dame: KONTRA); Bert then plays his Hochzeit.
        neg = negotiate(["Anna: gesund", "Bert: vorbehalt", "Carl: solo-vorbehalt",
                         "Dora: gesund", "Anna: gesund", "Bert: vorbehalt", "Dora: keine 90",
                         "Carl: passen", "Dora: normal kontra", "Bert: hochzeit"], hands=hands)
        contract = neg.contract()
        assert (contract.kind, contract.hochzeiter, contract.absage) == ("hochzeit", 1, (3, 2))

    def test_rule_h_no_new_deal_after_abbiegen(self):
        hands = [FEW, TWO, PAIR, MANY]
        texts = ["Anna: vorbehalt", "Bert: solo-vorbehalt", "Carl: gesund", "Dora: gesund",
                 "Anna: vorbehalt", "Carl: keine 90", "Bert: passen", "Carl: normal re",
                 "Anna: schieben", "Anna: gibt 10H QS JC", "Bert: nimmt nicht",
                 "Carl: nimmt nicht", "Dora: nimmt nicht"]
        assert error_of(texts, hands=hands) == (
            "Dora must take the trumps: after an abgebogenes Solo a Trumpfabgabe cannot lead "
            "to a new deal (rule H)")


class TestHochzeitAndSchieben:
    HANDS = [FEW, PAIR, TWO, MANY]

    def test_hochzeit_goes_before_schieben(self):
        neg = negotiate(["Anna: vorbehalt", "Bert: vorbehalt", "Carl: gesund", "Dora: gesund",
                         "Anna: schieben", "Bert: hochzeit"], hands=self.HANDS)
        assert (neg.contract().kind, neg.contract().hochzeiter) == ("hochzeit", 1)

    def test_front_schieben_goes_first(self):
        hands = [FEW, MANY, TWO, PAIR]
        neg = negotiate(["Anna: vorbehalt", "Bert: gesund", "Carl: vorbehalt", "Dora: gesund",
                         "Anna: schieben", "Carl: schieben", "Anna: gibt 10H QS JC",
                         "Bert: nimmt"], hands=hands)
        assert neg.phase == "return" and neg.pusher == 0

    def test_hochzeit_needs_both_kreuz_damen(self):
        assert error_of(["Anna: vorbehalt", "Bert: gesund", "Carl: gesund", "Dora: gesund",
                         "Anna: hochzeit"], hands=self.HANDS) == (
            "Anna cannot play a Hochzeit without both Kreuz-Damen")

    def test_give_exactly_the_trumps(self):
        texts = ["Anna: vorbehalt", *GESUND[1:], "Anna: schieben", "Anna: gibt JC QS"]
        assert error_of(texts, hands=self.HANDS) == (
            "Anna must give exactly the trumps in hand (JC QS 10H), not JC QS")

    def test_give_back_as_many(self):
        texts = ["Anna: vorbehalt", *GESUND[1:], "Anna: schieben", "Anna: gibt JC QS 10H",
                 "Bert: nimmt", "Bert: gibt KC"]
        assert error_of(texts, hands=self.HANDS) == "Bert must give back 3 cards, not 1"

    def test_return_and_statement(self):
        texts = ["Anna: vorbehalt", *GESUND[1:], "Anna: schieben", "Anna: gibt JC QS 10H",
                 "Bert: nimmt nicht", "Carl: nimmt", "Carl: gibt QS KC KC"]
        contract = negotiate(texts, hands=self.HANDS).contract()
        assert contract.kind == "schieben" and sorted(contract.re) == [0, 2]
        assert contract.schieben is not None and contract.schieben.returned_trump is True

    def test_no_schieben_in_ddv(self):
        assert error_of(["Anna: vorbehalt"], hands=self.HANDS, rules=DDV) == (
            "Anna cannot announce a Vorbehalt (kein Solo): Anna holds neither both Kreuz-Damen")

    def test_nobody_takes(self):
        texts = ["Anna: vorbehalt", *GESUND[1:], "Anna: schieben", "Anna: gibt JC QS 10H",
                 "Bert: nimmt nicht", "Carl: nimmt nicht", "Dora: nimmt nicht"]
        assert negotiate(texts, hands=self.HANDS).contract().kind == "redeal"


class TestPflichtsolo:
    def test_priority_in_ddv(self):
        texts = ["Anna: solo-vorbehalt", "Bert: solo-vorbehalt", "Carl: gesund",
                 "Dora: gesund", "Anna: gesund", "Carl: gesund", "Dora: gesund",
                 "Bert: solo damen"]
        neg = negotiate(texts, rules=DDV, owes=frozenset({1}))
        assert neg.contract().soloist == 1
        # In the seed preset a Pflichtsolo has no priority: Anna sits in front.
        assert error_of(texts, owes=frozenset({1})) == (
            "it is Bert's turn to answer Anna's solo (rule E: in seat order), not Anna's")

    def test_forced_solo(self):
        neg = negotiate(["Carl: solo herz"], forced=True, owes=frozenset({2, 3}))
        assert (neg.contract().soloist, neg.contract().solo_kind) == (2, "herz")
        assert error_of(["Anna: solo herz"], forced=True, owes=frozenset({2, 3})) == (
            "this deal is a vorgeführtes Pflichtsolo: only a player who still owes one "
            "(Carl, Dora) may declare, with 'solo <kind>'")
