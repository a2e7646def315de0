"""The ``ddv`` preset as the DDV Turnierspielregeln (TSR) define it, case by case with the rule.

- TSR 7.1 (Gewinnstufen und Gewinnkriterien, the cases of 7.1.2): without announcements and
  with RE alone or RE and KONTRA, RE needs 121; when only KONTRA was announced, KONTRA needs
  121 and RE wins 120 : 120. Values by TSR 7.2: won 1, RE/KONTRA announced 2 each, gegen die
  Kreuz-Damen 1, the special points; a solo three times for the soloist.
"""

import pytest

from games.engines.doppelkopf import ENGINE
from games.engines.errors import IllegalMoveError

from .helpers import (
    ALL_GESUND,
    DDV_HERZ10,
    DEAL_N_TRICKS,
    DEAL_O_DECLARATIONS,
    DEAL_O_TRICKS,
    document,
    tricks_to_hands,
)
from .test_scoring import sheet

DDV_RULES = {"preset": "ddv"}


def replay(deal, rules=None):
    return ENGINE.replay(document(deal, rules=rules or DDV_RULES))


def refused(deal, rules=None, kind=IllegalMoveError):
    with pytest.raises(kind) as excinfo:
        replay(deal, rules)
    return excinfo.value


# --- TSR 7.1: KONTRA alone needs 121 -------------------------------------------------------

N_HANDS, N_CARDS = tricks_to_hands(DEAL_N_TRICKS, 3, herz10=DDV_HERZ10)
O_HANDS, O_CARDS = tricks_to_hands(DEAL_O_TRICKS, 0, mode="pik", herz10=DDV_HERZ10)


def deal_n(*announcements):
    return {"dealer": "Carl", "hands": N_HANDS, "declarations": ALL_GESUND,
            "moves": [*announcements, *N_CARDS]}


def deal_o(*announcements):
    return {"dealer": "Anna", "hands": O_HANDS, "declarations": DEAL_O_DECLARATIONS,
            "moves": [*announcements, *O_CARDS]}


class TestKontraAloneNeeds121:
    """TSR 7.1: only KONTRA announced, RE wins 120 : 120. Deal N: RE (Carl, Dora) 120, KONTRA
    (Anna, Bert) 120; KONTRA caught Carl's Fuchs in trick 4 (1 special point)."""

    def test_only_kontra_re_wins_with_120(self):
        # TSR 7.1.2: RE wins with its 120th Auge. Won 1 + KONTRA announced 2 = 3 for RE;
        # KONTRA's Fuchs -1: RE +2 each.
        hand = replay(deal_n("Bert: kontra")).hands[0]
        assert hand.facts["augen"] == {"re": 120, "kontra": 120}
        assert hand.facts["announcements"] == {"re": None, "kontra": "kontra"}
        value = hand.detail["value"]
        assert value["winner"] == "re"
        assert [(c["kind"], c["points"]) for c in value["components"]] == [
            ("gewonnen", 1), ("kontra angesagt", 2)]
        assert [(s["kind"], s["party"]) for s in value["specials"]] == [
            ("fuchs-gefangen", "kontra")]
        assert hand.points == (-2, -2, 2, 2)

    def test_the_seed_gives_120_to_kontra_whoever_announced(self):
        # Seed: KONTRA needs 120. Won 1, doubled by KONTRA = 2, gegen die Alten 1, Fuchs 1.
        hand = replay(deal_n("Bert: kontra"), rules={"preset": "seed"}).hands[0]
        assert hand.detail["value"]["winner"] == "kontra"
        assert hand.points == (4, 4, -4, -4)

    def test_no_announcement_kontra_wins_with_120(self):
        # TSR 7.1.2: without announcements RE needs 121. KONTRA: won 1, gegen die Kreuz-Damen
        # 1, Fuchs 1 = 3.
        hand = replay(deal_n()).hands[0]
        assert hand.detail["value"]["winner"] == "kontra"
        assert hand.points == (3, 3, -3, -3)

    def test_re_and_kontra_kontra_wins_with_120(self):
        # TSR 7.1.2: with RE and KONTRA announced RE needs 121 again. KONTRA: won 1, RE 2,
        # KONTRA 2, gegen die Kreuz-Damen 1, Fuchs 1 = 7.
        hand = replay(deal_n("Carl: re", "Bert: kontra")).hands[0]
        assert hand.detail["value"]["winner"] == "kontra"
        assert hand.points == (7, 7, -7, -7)

    def test_in_a_solo_the_soloist_wins_with_120(self):
        # Deal O: Anna's Pik-Solo, 120 : 120, only KONTRA (Carl) announced. Won 1 + KONTRA 2
        # = 3, the soloist three times: Anna +9, each opponent -3.
        hand = replay(deal_o("Carl: kontra")).hands[0]
        assert (hand.facts["contract"], hand.facts["solo"], hand.facts["augen"]) == (
            "solo", "pik", {"re": 120, "kontra": 120})
        assert hand.detail["value"]["winner"] == "re"
        assert hand.points == (9, -3, -3, -3)
        # Without the announcement the soloist needs 121: the opponents win 1 each.
        assert replay(deal_o()).hands[0].points == (-3, 1, 1, 1)

    @pytest.mark.parametrize(("contract", "re", "solo", "points"), [
        ("normal", ["Carl", "Dora"], None, (-3, -3, 3, 3)),
        ("solo", ["Anna"], "pik", (9, -3, -3, -3)),
    ])
    def test_from_the_score_sheet(self, contract, re, solo, points):
        # The same rule from facts (one scoring path): won 1 + KONTRA 2 = 3 for RE.
        facts = sheet(contract, re=re, re_augen=120, solo=solo,
                      announcements={"re": None, "kontra": "kontra"})
        assert replay(facts).hands[0].points == points

    def test_kontra_with_121_wins(self):
        # KONTRA 121 : RE 119, only KONTRA announced: won 1, KONTRA 2, gegen die Kreuz-Damen 1.
        facts = sheet(re_augen=119, announcements={"re": None, "kontra": "kontra"})
        assert replay(facts).hands[0].points == (-4, 4, -4, 4)

    def test_played_and_sheet_agree(self):
        played = replay(deal_n("Bert: kontra")).hands[0]
        entered = replay({"dealer": "Carl", "facts": played.facts}).hands[0]
        assert entered.points == played.points == (-2, -2, 2, 2)

    def test_a_club_can_switch_it_off(self):
        hand = replay(deal_n("Bert: kontra"),
                      rules={"preset": "ddv", "kontra_alone_needs_121": False}).hands[0]
        # KONTRA wins with 120: won 1, KONTRA 2, gegen die Kreuz-Damen 1, Fuchs 1.
        assert hand.points == (5, 5, -5, -5)
