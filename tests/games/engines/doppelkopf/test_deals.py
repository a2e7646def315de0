"""Hand-computed played deals: every contract, its value and every special point.

The deals and their tricks are written out (with the Augen per trick) in ``helpers.py``.
"""

import pytest

from games.engines.doppelkopf import ENGINE

from .helpers import (
    ALL_GESUND,
    DEAL_A_TRICKS,
    DEAL_D_TRICKS,
    DEAL_H_TRICKS,
    DEAL_P_TRICKS,
    DEAL_S_TRICKS,
    document,
    tricks_to_hands,
)


def deal_a(*, extra_moves=(), declarations=ALL_GESUND, **fields):
    hands, moves = tricks_to_hands(DEAL_A_TRICKS, 0)
    return {"dealer": "Dora", "hands": hands, "declarations": list(declarations),
            "moves": [*extra_moves, *moves], **fields}


def only_hand(doc):
    result = ENGINE.replay(doc)
    assert len(result.hands) == 1
    return result, result.hands[0]


def kinds(hand):
    return sorted((sp["kind"], sp["party"]) for sp in hand.detail["value"]["specials"])


class TestNormalGame:
    def test_re_announced_wins_with_special_points(self):
        # RE 205 : KONTRA 35. Won 1, under 90 1, under 60 1 = 3; RE doubles: 6.
        # Special points RE: herz-stich (3), doppelkopf (4, 42 Augen), Fuchs caught (5),
        # Charly wins the last trick (10) = 4. Value 6 + 4 = 10.
        result, hand = only_hand(document(deal_a(extra_moves=["Anna: re"])))
        assert hand.points == (10, -10, 10, -10)
        assert hand.facts["augen"] == {"re": 205, "kontra": 35}
        assert hand.facts["tricks"] == {"re": 8, "kontra": 2}
        assert hand.detail["value"]["game_points"] == 3
        assert hand.detail["value"]["multiplier"] == 2
        assert kinds(hand) == [("charly-letzter-stich", "re"), ("doppelkopf", "re"),
                               ("fuchs-gefangen", "re"), ("herz-stich", "re")]
        assert [s.score for s in result.seats] == [10, -10, 10, -10]
        assert [s.rank for s in result.seats] == [1, 3, 1, 3]

    def test_sixty_rule_without_announcement(self):
        # RE ends 205 : 35 (above 180 to 60) without an announcement: KONTRA wins (won 1),
        # gegen die Alten +1 for KONTRA; RE keeps its 4 special points: 4 - 1 - 1 = +2 RE.
        _, hand = only_hand(document(deal_a()))
        value = hand.detail["value"]
        assert (value["winner"], value["sixty_rule"]) == ("kontra", True)
        assert value["game_value"] == 1
        assert ("gegen-die-alten", "kontra") in kinds(hand)
        assert hand.points == (2, -2, 2, -2)

    def test_without_sixty_rule(self):
        # Won 1 + under 90 + under 60 = 3, plus RE's 4 special points = 7.
        _, hand = only_hand(document(deal_a(), rules={"preset": "seed", "sixty_rule": "off"}))
        assert hand.points == (7, -7, 7, -7)

    def test_ddv_preset(self):
        # DDV: no 60er-Regel, no herz-stich; RE +2 instead of doubling.
        # 3 (won, under 90, under 60) + 2 (re angesagt) + 3 specials = 8.
        _, hand = only_hand(document(deal_a(extra_moves=["Anna: re"]),
                                     rules={"preset": "ddv"}))
        assert hand.points == (8, -8, 8, -8)
        assert kinds(hand) == [("charly-letzter-stich", "re"), ("doppelkopf", "re"),
                               ("fuchs-gefangen", "re")]

    def test_plus_only_counting(self):
        _, hand = only_hand(document(deal_a(extra_moves=["Anna: re"]),
                                     rules={"preset": "seed", "counting": "plus"}))
        assert hand.points == (10, 0, 10, 0)

    def test_keine_90_and_kontra_double_twice(self):
        # RE keine 90 (after trick 1: in time, RE counts as said), KONTRA says kontra after
        # trick 1 as well. RE reaches its Absage: won 1, u90 1, u60 1, keine 90 abgesagt 1 = 4,
        # x2 (RE) x2 (KONTRA) = 16, plus 4 special points = 20.
        hands, moves = tricks_to_hands(DEAL_A_TRICKS, 0)
        moves = [*moves[:4], "Carl: keine 90", "Bert: kontra", *moves[4:]]
        deal = {"dealer": "Dora", "hands": hands, "declarations": ALL_GESUND, "moves": moves}
        _, hand = only_hand(document(deal))
        assert hand.facts["announcements"] == {"re": "keine 90", "kontra": "kontra"}
        assert hand.detail["value"]["game_points"] == 4
        assert hand.detail["value"]["multiplier"] == 4
        assert hand.points == (20, -20, 20, -20)

    def test_missed_absage_loses(self):
        # RE says keine 30 (KONTRA must stay under 30): KONTRA has 35, so KONTRA wins.
        # Won 1, keine 90/60/30 abgesagt 3 = 4 (KONTRA's 35 reach none of 120/90/60), x2 (RE
        # said) = 8; gegen die Alten +1 for KONTRA; RE's 4 special points: -8 - 1 + 4 = -5.
        hands, moves = tricks_to_hands(DEAL_A_TRICKS, 0)
        _, hand = only_hand(document({"dealer": "Dora", "hands": hands,
                                      "declarations": ALL_GESUND,
                                      "moves": ["Anna: keine 30", *moves]}))
        value = hand.detail["value"]
        assert value["winner"] == "kontra"
        assert [c["kind"] for c in value["components"]] == [
            "gewonnen", "keine 90 abgesagt", "keine 60 abgesagt", "keine 30 abgesagt"]
        assert hand.points == (-5, 5, -5, 5)

    def test_detail_shows_the_tricks(self):
        _, hand = only_hand(document(deal_a()))
        tricks = hand.detail["tricks"]
        assert [t["winner"] for t in tricks] == ["Anna"] * 5 + [
            "Carl", "Dora", "Anna", "Bert", "Carl"]
        assert [t["augen"] for t in tricks] == [29, 29, 30, 42, 35, 11, 17, 19, 18, 10]
        assert tricks[6]["cards"][0] == {"player": "Carl", "card": "QH"}
        assert hand.detail["contract"]["re"] == ["Anna", "Carl"]
        assert hand.source == "moves"


class TestHochzeit:
    def hochzeit(self, extra=None, tricks=DEAL_H_TRICKS):
        hands, moves = tricks_to_hands(tricks, 0)
        if extra:
            at, text = extra
            moves = [*moves[:at], text, *moves[at:]]
        return {"dealer": "Dora", "hands": hands, "moves": moves,
                "declarations": ["Anna: vorbehalt", "Bert: gesund", "Carl: gesund",
                                 "Dora: gesund", "Anna: hochzeit"]}

    def test_partner_found_in_the_first_fehl_trick_of_another(self):
        # RE 141 wins: won 1. Specials: RE Fuchs caught (9) = 1; KONTRA herz-stich (3),
        # doppelkopf (4), Charly last trick and Charly caught (10) = 4. 1 + 1 - 4 = -2 for RE.
        _, hand = only_hand(document(self.hochzeit()))
        contract = hand.detail["contract"]
        assert (contract["partner"], contract["finding_kind"], contract["finding_trick"]) == (
            "Bert", "fehl", 2)
        assert hand.facts["augen"] == {"re": 141, "kontra": 99}
        assert kinds(hand) == [("charly-gefangen", "kontra"), ("charly-letzter-stich", "kontra"),
                               ("doppelkopf", "kontra"), ("fuchs-gefangen", "re"),
                               ("herz-stich", "kontra")]
        assert hand.points == (-2, -2, 2, 2)

    def test_hochzeiter_alone_after_the_third_trick(self):
        # Anna takes tricks 1-3 herself: alone, scored as a solo. 195 : 45: won 1, u90 1,
        # u60 1 = 3, plus doppelkopf (trick 4) = 4; Anna 3 x 4 = 12.
        _, hand = only_hand(document(self.hochzeit(tricks=DEAL_S_TRICKS)))
        assert hand.detail["contract"]["alone"] is True
        assert hand.detail["label"] == "Hochzeit (allein)"
        assert hand.points == (12, -4, -4, -4)

    def test_announcement_waits_for_the_finding_trick(self):
        with pytest.raises(Exception) as excinfo:
            ENGINE.replay(document(self.hochzeit(extra=(4, "Anna: re"))))
        assert str(excinfo.value) == (
            "deal 1, move 5: Anna cannot announce before the Hochzeit has found its partner")

    def test_windows_shift_by_the_finding_trick(self):
        # Found in trick 2: RE/KONTRA until the first card of trick 4 (f + 2).
        _, hand = only_hand(document(self.hochzeit(extra=(13, "Carl: kontra"))))
        assert hand.facts["announcements"]["kontra"] == "kontra"
        with pytest.raises(Exception) as excinfo:
            ENGINE.replay(document(self.hochzeit(extra=(16, "Carl: kontra"))))
        assert str(excinfo.value) == (
            "deal 1, move 17: too late for kontra: it must be said by the first card of "
            "trick 4")

    def test_trump_finding_by_the_first_card(self):
        # Deal A's cards with both QC in Anna's hand would need a trump lead; here we only
        # check the kind: the first card of deal S is AC (Fehl).
        _, hand = only_hand(document(self.hochzeit(tricks=DEAL_S_TRICKS)))
        assert hand.detail["contract"]["finding_kind"] == "fehl"


class TestSolos:
    def test_damensolo(self):
        # Anna 201 : 39 in a Damensolo: won 1, u90 1, u60 1 = 3; Anna 3 x 3 = 9.
        hands, moves = tricks_to_hands(DEAL_D_TRICKS, 0, mode="damen")
        declarations = ["Anna: solo-vorbehalt", "Bert: gesund", "Carl: gesund",
                        "Dora: gesund", "Bert: gesund", "Carl: gesund", "Dora: gesund",
                        "Anna: solo damen"]
        _, hand = only_hand(document({"dealer": "Dora", "hands": hands,
                                      "declarations": declarations, "moves": moves}))
        assert hand.detail["label"] == "Damensolo"
        assert hand.facts["augen"] == {"re": 201, "kontra": 39}
        assert hand.points == (9, -3, -3, -3)
        assert hand.detail["contract"]["pflichtsolo"] is True

    def test_stilles_solo(self):
        # Both QC with Anna, everybody gesund: a stilles Solo, scored like deal S above.
        hands, moves = tricks_to_hands(DEAL_S_TRICKS, 0)
        _, hand = only_hand(document({"dealer": "Dora", "hands": hands,
                                      "declarations": ALL_GESUND, "moves": moves}))
        assert hand.facts["contract"] == "stilles-solo"
        assert hand.points == (12, -4, -4, -4)

    def test_soloist_leads(self):
        # Bert (second seat) plays a Damensolo with deal D's cards rotated to him: he leads.
        hands, moves = tricks_to_hands(DEAL_D_TRICKS, 1, mode="damen")
        declarations = ["Anna: gesund", "Bert: solo-vorbehalt", "Carl: gesund", "Dora: gesund",
                        "Anna: gesund", "Carl: gesund", "Dora: gesund", "Bert: solo damen"]
        _, hand = only_hand(document({"dealer": "Dora", "hands": hands,
                                      "declarations": declarations, "moves": moves}))
        assert hand.detail["tricks"][0]["leader"] == "Bert"
        assert hand.points == (-3, 9, -3, -3)


class TestSchieben:
    GIVEN, RETURNED = "JC QS 10H", "AH KH AS"

    def hands(self):
        # Deal P's hands are after the exchange; before it Anna held JC QS 10H and Carl the
        # AH KH AS he gave back.
        post, moves = tricks_to_hands(DEAL_P_TRICKS, 0)
        anna, carl = post["Anna"].split(), post["Carl"].split()
        for card in self.RETURNED.split():
            anna.remove(card)
            carl.append(card)
        for card in self.GIVEN.split():
            carl.remove(card)
            anna.append(card)
        return dict(post, Anna=" ".join(anna), Carl=" ".join(carl)), moves

    def declarations(self, *taking):
        return ["Anna: vorbehalt", "Bert: gesund", "Carl: gesund", "Dora: gesund",
                "Anna: schieben", f"Anna: gibt {self.GIVEN}", *taking]

    def test_taker_becomes_partner(self):
        # RE (Anna, Carl) 222 : 18 with "Carl: re": won, u90, u60, u30 = 4, x2 = 8; RE caught
        # both Fuchs = +2: 10. KONTRA took a trick: not schwarz.
        hands, moves = self.hands()
        declarations = self.declarations("Bert: nimmt nicht", "Carl: nimmt",
                                         f"Carl: gibt {self.RETURNED}")
        _, hand = only_hand(document({"dealer": "Dora", "hands": hands,
                                      "declarations": declarations,
                                      "moves": ["Carl: re", *moves]}))
        assert hand.facts["re"] == ["Anna", "Carl"]
        schieben = hand.detail["negotiation"]["schieben"]
        assert schieben == {"pusher": "Anna", "taker": "Carl", "given": "JC QS 10H",
                            "returned": "AH KH AS", "returned_trump": False}
        assert hand.points == (10, -10, 10, -10)

    def test_no_gegen_die_alten_after_schieben(self):
        # Without the announcement the 60er-Regel gives KONTRA the game (won 1) but no
        # "gegen die Alten"; RE keeps its 2 Fuchs points: 2 - 1 = +1 for RE.
        hands, moves = self.hands()
        declarations = self.declarations("Bert: nimmt nicht", "Carl: nimmt",
                                         f"Carl: gibt {self.RETURNED}")
        _, hand = only_hand(document({"dealer": "Dora", "hands": hands,
                                      "declarations": declarations, "moves": moves}))
        assert hand.detail["value"]["winner"] == "kontra"
        assert "gegen-die-alten" not in [sp["kind"] for sp in hand.detail["value"]["specials"]]
        assert hand.points == (1, -1, 1, -1)

    def test_nobody_takes_new_deal_same_dealer(self):
        hands, _ = self.hands()
        declarations = self.declarations("Bert: nimmt nicht", "Carl: nimmt nicht",
                                         "Dora: nimmt nicht")
        redeal = {"dealer": "Dora", "hands": hands, "declarations": declarations, "moves": []}
        again = deal_a()
        result = ENGINE.replay(document(redeal, again))
        assert result.hands[0].facts == {"contract": "redeal"}
        assert result.hands[0].points == (0, 0, 0, 0)
        assert [row["dealer"] for row in result.summary["list"]] == ["Dora", "Dora"]


class TestHammelrennenAndSchwarzeSau:
    def test_hammelrennen_more_than_120_wins(self):
        # Deal A's tricks: Anna 184, Bert 18, Carl 21, Dora 17. Anna > 120: only she scores 3.
        hands, moves = tricks_to_hands(DEAL_A_TRICKS, 0)
        _, hand = only_hand(document({"dealer": "Dora", "special": "hammelrennen",
                                      "hands": hands, "moves": moves}))
        assert hand.facts == {"contract": "hammelrennen",
                              "augen": {"Anna": 184, "Bert": 18, "Carl": 21, "Dora": 17}}
        assert hand.points == (3, 0, 0, 0)

    def test_no_announcements_in_hammelrennen(self):
        hands, moves = tricks_to_hands(DEAL_A_TRICKS, 0)
        with pytest.raises(Exception) as excinfo:
            ENGINE.replay(document({"dealer": "Dora", "special": "hammelrennen",
                                    "hands": hands, "moves": ["Anna: re", *moves]}))
        assert str(excinfo.value) == (
            "deal 1, move 1: there are no announcements in a Hammelrennen")

    def sau(self, kind="karo", rules=None):
        # The second QS falls in trick 8, which Anna takes: she names her solo (karo keeps
        # the normal trump order, so tricks 9 and 10 stay as in deal A).
        hands, moves = tricks_to_hands(DEAL_A_TRICKS, 0)
        moves = [*moves[:32], f"Anna: solo {kind}", *moves[32:]]
        return only_hand(document({"dealer": "Dora", "special": "schwarze-sau",
                                   "hands": hands, "moves": moves}, rules=rules))

    def test_schwarze_sau_all_tricks(self):
        # Anna 184 : 56: won 1, u90 1, u60 1 = 3, doubled = 6; Anna 3 x 6 = 18.
        _, hand = self.sau()
        assert hand.detail["contract"]["sau_taker"] == "Anna"
        assert hand.detail["contract"]["solo_from_trick"] == 9
        assert hand.facts["augen"] == {"re": 184, "kontra": 56}
        assert hand.points == (18, -6, -6, -6)

    def test_schwarze_sau_solo_tricks_only(self):
        # Only tricks 9 and 10 count (28 Augen), Anna took neither: she loses schwarz:
        # won 1, u90 1, u60 1, u30 1, schwarz 1 = 5, doubled = 10; Anna -30.
        _, hand = self.sau(rules={"preset": "seed", "schwarze_sau_tricks": "solo-only"})
        assert hand.facts["augen"] == {"re": 0, "kontra": 28}
        assert hand.points == (-30, 10, 10, 10)

    def test_the_taker_must_name_the_solo_first(self):
        hands, moves = tricks_to_hands(DEAL_A_TRICKS, 0)
        with pytest.raises(Exception) as excinfo:
            ENGINE.replay(document({"dealer": "Dora", "special": "schwarze-sau",
                                    "hands": hands, "moves": moves}))
        assert str(excinfo.value) == (
            "deal 1, move 33: Anna took the second Pik-Dame and names the solo first "
            "('solo <kind>')")


class TestAbbiegen:
    def test_abbiegen_to_a_normal_game_with_keine_90(self):
        # Anna (gesund) abbiegt Bert's solo with keine 90 and plays a normal game as RE.
        # 205 : 35, RE keine 90 reached: won, u90, u60, keine 90 abgesagt = 4, x2 = 8,
        # plus RE's 4 special points = 12.
        declarations = ["Anna: gesund", "Bert: solo-vorbehalt", "Carl: gesund", "Dora: gesund",
                        "Anna: keine 90", "Bert: passen", "Anna: normal re"]
        _, hand = only_hand(document(deal_a(declarations=declarations)))
        negotiation = hand.detail["negotiation"]
        assert negotiation["abgebogen"] is True
        assert negotiation["abbieger"] == "Anna"
        assert negotiation["absage"] == {"player": "Anna", "word": "keine 90"}
        assert hand.facts["announcements"] == {"re": "keine 90", "kontra": None}
        assert hand.points == (12, -12, 12, -12)

    def test_abbieger_party_is_checked(self):
        declarations = ["Anna: gesund", "Bert: solo-vorbehalt", "Carl: gesund", "Dora: gesund",
                        "Anna: keine 90", "Bert: passen", "Anna: normal kontra"]
        with pytest.raises(Exception) as excinfo:
            ENGINE.replay(document(deal_a(declarations=declarations)))
        assert str(excinfo.value) == (
            "deal 1: declaration 7: Anna is in the RE party (holds Kreuz-Dame), not KONTRA")
        assert excinfo.value.field == "deals[0].declarations[6]"
