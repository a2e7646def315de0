"""Scoring from score-sheet facts (the same path as replayed deals), worked by hand."""

import pytest

from games.engines.doppelkopf import ENGINE
from games.engines.doppelkopf.tables import SOLO_KINDS
from games.engines.errors import InvalidFactsError

from .helpers import (
    ALL_GESUND,
    DEAL_A_TRICKS,
    DEAL_D_TRICKS,
    DEAL_H_TRICKS,
    document,
    tricks_to_hands,
)


def sheet(contract="normal", re=("Anna", "Carl"), re_augen=121, re_tricks=5,
          announcements=None, specials=(), solo=None, **extra):
    facts = {"contract": contract, "re": list(re),
             "augen": {"re": re_augen, "kontra": 240 - re_augen},
             "tricks": {"re": re_tricks, "kontra": 10 - re_tricks},
             "announcements": announcements or {"re": None, "kontra": None},
             "specials": [{"kind": k, "party": p} for k, p in specials]}
    if solo:
        facts["solo"] = solo
    return {"facts": facts, **extra}


def points(*deals, rules=None):
    result = ENGINE.replay(document(*deals, rules=rules))
    return result.hands[-1].points


class TestPartyGames:
    def test_re_wins_with_121(self):
        assert points(sheet(re_augen=121)) == (1, -1, 1, -1)

    def test_kontra_wins_with_120_gegen_die_alten(self):
        # won 1; gegen die Alten +1 (not doubled): KONTRA 2.
        assert points(sheet(re_augen=120)) == (-2, 2, -2, 2)

    def test_kontra_announced_under_90(self):
        # RE 80: KONTRA won 1 + RE under 90 1 = 2, x2 (kontra) = 4, gegen die Alten 1: 5.
        assert points(sheet(re_augen=80, announcements={"re": None, "kontra": "kontra"})) == (
            -5, 5, -5, 5)

    def test_both_absagen_missed_nobody_wins(self):
        facts = sheet(re_augen=130, announcements={"re": "keine 90", "kontra": "keine 90"})
        result = ENGINE.replay(document(facts))
        assert result.hands[0].detail["value"]["winner"] is None
        assert result.hands[0].points == (0, 0, 0, 0)

    def test_both_absagen_one_reached(self):
        # RE 160: RE's keine 90 reached; won 1, u90 1, RE keine 90 1, KONTRA keine 90 1,
        # "120 gegen keine 90" 1 = 5; RE and KONTRA said: x4 = 20.
        assert points(sheet(re_augen=160, re_tricks=7,
                            announcements={"re": "keine 90", "kontra": "keine 90"})) == (
            20, -20, 20, -20)

    def test_kontra_absage_lets_re_win_with_90(self):
        # KONTRA keine 90, RE 95: RE wins. won 1 + keine 90 abgesagt 1 = 2, x2 = 4.
        assert points(sheet(re_augen=95, announcements={"re": None, "kontra": "keine 90"})) == (
            4, -4, 4, -4)

    def test_schwarz(self):
        # RE all tricks, RE said: won, u90, u60, u30, schwarz = 5, x2 = 10. Unannounced, the
        # 60er-Regel turns it round: KONTRA won 1 + gegen die Alten 1.
        assert points(sheet(re_augen=240, re_tricks=10,
                            announcements={"re": "re", "kontra": None})) == (10, -10, 10, -10)
        assert points(sheet(re_augen=240, re_tricks=10)) == (-2, 2, -2, 2)

    def test_ddv_adds_two_per_announcement(self):
        # won 1 + re 2 + kontra 2 = 5; gegen die Alten not (RE won).
        assert points(sheet(re_augen=121, announcements={"re": "re", "kontra": "kontra"}),
                      rules={"preset": "ddv"}) == (5, -5, 5, -5)

    def test_double_special_points(self):
        # RE said, won 1 x2 = 2; Fuchs for RE doubled too = 2: 4.
        deal = sheet(re_augen=130, announcements={"re": "re", "kontra": None},
                     specials=[("fuchs-gefangen", "re")])
        assert points(deal) == (3, -3, 3, -3)
        assert points(deal, rules={"preset": "seed", "double_special_points": True}) == (
            4, -4, 4, -4)

    @pytest.mark.parametrize("kind", ["doppelkopf", "herz-stich", "fuchs-gefangen",
                                      "charly-letzter-stich", "charly-gefangen",
                                      "fuchs-letzter-stich"])
    def test_each_special_point(self, kind):
        # won 1 + 1 special for RE = 2; the same point for KONTRA: 1 - 1 = 0.
        assert points(sheet(re_augen=130, specials=[(kind, "re")])) == (2, -2, 2, -2)
        assert points(sheet(re_augen=130, specials=[(kind, "kontra")])) == (0, 0, 0, 0)

    def test_ddv_special_points(self):
        # herz-stich, Charly caught and Fuchs in the last trick are house points only.
        deal = sheet(re_augen=130, specials=[("herz-stich", "re"), ("charly-gefangen", "re"),
                                             ("fuchs-letzter-stich", "re")])
        assert points(deal, rules={"preset": "ddv"}) == (1, -1, 1, -1)
        assert points(deal) == (4, -4, 4, -4)

    def test_sixty_rule(self):
        # KONTRA 190 without an announcement: RE wins (won 1). With "kontra" said, KONTRA
        # wins: won, u90, u60 = 3, x2 = 6, gegen die Alten 1 = 7.
        assert points(sheet(re_augen=50)) == (1, -1, 1, -1)
        assert points(sheet(re_augen=50, announcements={"re": None, "kontra": "kontra"})) == (
            -7, 7, -7, 7)


class TestSolos:
    @pytest.mark.parametrize("kind", SOLO_KINDS)
    def test_every_solo_kind(self, kind):
        # Bert 125: won 1, three times for the soloist.
        assert points(sheet("solo", re=["Bert"], re_augen=125, solo=kind)) == (-1, 3, -1, -1)

    def test_solo_lost_with_120(self):
        assert points(sheet("solo", re=["Bert"], re_augen=120, solo="damen")) == (1, -3, 1, 1)

    def test_no_sixty_rule_in_solos_and_only_doppelkopf(self):
        # 190: won, u90, u60 = 3, doppelkopf +1 = 4: 12 / -4.
        deal = sheet("solo", re=["Bert"], re_augen=190, re_tricks=8, solo="buben",
                     specials=[("doppelkopf", "re")])
        assert points(deal) == (-4, 12, -4, -4)
        # With the 60er-Regel in all games the opponents win (1) and the soloist keeps his
        # doppelkopf point: 0.
        assert points(deal, rules={"preset": "seed", "sixty_rule": "all-games"}) == (
            0, 0, 0, 0)

    def test_solo_has_no_fuchs(self):
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(document(sheet("solo", re=["Bert"], solo="pik",
                                         specials=[("fuchs-gefangen", "re")])))
        assert str(excinfo.value) == "deal 1: a Solo has no special point fuchs-gefangen"
        assert excinfo.value.field == "deals[0].facts.specials"

    def test_stilles_solo_and_hochzeit_alone(self):
        assert points(sheet("stilles-solo", re=["Dora"], re_augen=150)) == (-1, -1, -1, 3)
        assert points(sheet("hochzeit", re=["Dora"], re_augen=100)) == (1, 1, 1, -3)

    def test_schwarze_sau_doubled(self):
        # 150: won 1, x2 = 2; the soloist 6.
        deal = sheet("schwarze-sau", re=["Carl"], re_augen=150, solo="kreuz",
                     special="schwarze-sau")
        assert points(deal) == (-2, -2, 6, -2)


class TestHammelrennen:
    def deal(self, augen):
        return {"special": "hammelrennen", "facts": {"contract": "hammelrennen",
                                                      "augen": augen}}

    def test_closest_to_60(self):
        assert points(self.deal({"Anna": 40, "Bert": 80, "Carl": 55, "Dora": 65})) == (
            0, 0, 3, 3)
        assert points(self.deal({"Anna": 40, "Bert": 80, "Carl": 55, "Dora": 65}),
                      rules={"preset": "seed", "hammelrennen_tie": "nobody-scores"}) == (
            0, 0, 0, 0)

    def test_more_than_120(self):
        assert points(self.deal({"Anna": 121, "Bert": 60, "Carl": 59, "Dora": 0})) == (
            3, 0, 0, 0)


class TestFactChecks:
    @pytest.mark.parametrize(("facts", "message", "field"), [
        ({"contract": "bock"}, "unknown contract 'bock'; the contracts are normal, hochzeit, "
         "schieben, solo, stilles-solo, schwarze-sau, hammelrennen, redeal", "contract"),
        (sheet(re_augen=130)["facts"] | {"augen": {"re": 130, "kontra": 100}},
         "RE 130 and KONTRA 100 Augen add up to 230, not 240", "augen"),
        (sheet()["facts"] | {"tricks": {"re": 5, "kontra": 4}}, "5 and 4 tricks are not 10",
         "tricks"),
        (sheet(re=["Anna"])["facts"], "the RE party of a Normalspiel has 2 player(s), not 1",
         "re"),
        (sheet(re=["Anna", "Zoe"])["facts"], "re must list players of this table", "re"),
        (sheet("solo", re=["Anna"])["facts"], "a solo names its solo kind: damen, buben, "
         "damen-buben, kreuz, pik, herz, karo", "solo"),
        (sheet(re_augen=0, re_tricks=1)["facts"] | {"tricks": {"re": 0, "kontra": 10},
                                                    "augen": {"re": 5, "kontra": 235}},
         "RE took no trick but has 5 Augen", "tricks.re"),
        (sheet(announcements={"re": "kontra", "kontra": None})["facts"],
         "'kontra' is not an announcement of RE (re, keine 90, keine 60, keine 30, schwarz)",
         "announcements.re"),
        (sheet(specials=[("fuchs-gefangen", "re")] * 3)["facts"],
         "3 x fuchs-gefangen cannot happen in one deal (at most 2)", "specials"),
        (sheet(specials=[("doppelkopf", "re")] * 4, re_augen=130, re_tricks=3)["facts"],
         "RE cannot have 4 tricks of 40+ Augen with 3 tricks and 130 Augen", "specials"),
        (sheet(specials=[("fuchs-letzter-stich", "re"), ("charly-letzter-stich", "re")])["facts"],
         "the last trick is won by one card: Charly or the Fuchs, not both", "specials"),
    ])
    def test_facts_that_cannot_be_true(self, facts, message, field):
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(document({"facts": facts}))
        assert str(excinfo.value) == f"deal 1: {message}"
        assert excinfo.value.field == f"deals[0].facts.{field}"

    def test_special_deals_are_marked(self):
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(document({"facts": {"contract": "hammelrennen", "augen": {
                "Anna": 60, "Bert": 60, "Carl": 60, "Dora": 60}}}))
        assert str(excinfo.value) == ('deal 1: a hammelrennen is played only when the table '
                                      'declares it: mark the deal with "special": '
                                      '"hammelrennen"')


class TestSameScoringPath:
    @pytest.mark.parametrize(("tricks", "declarations", "mode"), [
        (DEAL_A_TRICKS, ALL_GESUND, "normal"),
        (DEAL_H_TRICKS, ["Anna: vorbehalt", "Bert: gesund", "Carl: gesund", "Dora: gesund",
                         "Anna: hochzeit"], "normal"),
        (DEAL_D_TRICKS, ["Anna: solo-vorbehalt", "Bert: gesund", "Carl: gesund",
                         "Dora: gesund", "Bert: gesund", "Carl: gesund", "Dora: gesund",
                         "Anna: solo damen"], "damen"),
    ])
    def test_played_and_sheet_score_the_same(self, tricks, declarations, mode):
        hands, moves = tricks_to_hands(tricks, 0, mode=mode)
        played = ENGINE.replay(document({"dealer": "Dora", "hands": hands,
                                         "declarations": declarations,
                                         "moves": ["Anna: re", *moves] if mode == "normal"
                                         and tricks is DEAL_A_TRICKS else moves}))
        facts = played.hands[0].facts
        entered = ENGINE.replay(document({"dealer": "Dora", "facts": facts}))
        assert entered.hands[0].source == "facts"
        assert entered.hands[0].points == played.hands[0].points
        assert entered.hands[0].facts == facts


def club(contract="normal", re=("Anna", "Carl"), winner="re", loser_under=None,
         announcements=None, specials=(), solo=None):
    """A deal as a club's list writes it: no tricks, the result instead of the Augen."""
    facts = {"contract": contract, "re": list(re),
             "result": {"winner": winner, "loser_under": loser_under},
             "announcements": announcements or {"re": None, "kontra": None},
             "specials": [{"kind": k, "party": p} for k, p in specials]}
    if solo:
        facts["solo"] = solo
    return {"facts": facts}


def augen_only(re_augen, **kwargs):
    """The same deal with the Augen, but without trick counts."""
    deal = sheet(re_augen=re_augen, **kwargs)
    del deal["facts"]["tricks"]
    return deal


class TestAsAClubWritesIt:
    """A written result scores as every Augen it stands for; no trick counts are needed."""

    @pytest.mark.parametrize(("result", "augen"), [
        (("re", None), (121, 135, 150)), (("re", 90), (151, 165, 180)),
        (("kontra", None), (90, 105, 120)), (("kontra", 90), (60, 75, 89)),
        (("kontra", 60), (30, 45, 59)), (("kontra", 30), (8, 15, 29)),
    ])
    def test_a_result_scores_as_its_augen(self, result, augen):
        winner, under = result
        # RE and KONTRA both said, so that the 60er-Regel does not turn the big wins.
        said = {"re": "re", "kontra": "kontra"}
        expected = points(club(winner=winner, loser_under=under, announcements=said))
        for value in augen:
            assert points(augen_only(value, announcements=said)) == expected
        assert points(sheet(re_augen=augen[1], re_tricks=5, announcements=said)) == expected

    def test_schwarz_without_tricks(self):
        # RE schwarz, RE said: won 1 + u90 + u60 + u30 + schwarz = 5, x2 = 10.
        deal = club(winner="re", loser_under="schwarz", announcements={"re": "re",
                                                                       "kontra": None})
        assert points(deal) == (10, -10, 10, -10)
        assert points(augen_only(240, announcements={"re": "re", "kontra": None})) == (
            10, -10, 10, -10)

    def test_the_facts_keep_what_was_written(self):
        result = ENGINE.replay(document(club(winner="kontra", loser_under=90,
                                             specials=[("fuchs-gefangen", "kontra")])))
        hand = result.hands[0]
        assert hand.facts["result"] == {"winner": "kontra", "loser_under": 90}
        assert "augen" not in hand.facts and "tricks" not in hand.facts
        assert hand.detail["result"] == {"winner": "kontra", "loser_under": 90}
        assert "augen" not in hand.detail and "tricks_won" not in hand.detail
        # KONTRA won 1 + RE under 90 = 2, Fuchs 1, gegen die Alten 1: 4.
        assert hand.points == (-4, 4, -4, 4)

    @pytest.mark.parametrize(("deal", "message", "field"), [
        (club(winner="re", loser_under=60), "RE cannot have won this deal: above 180 Augen "
         "without an announcement of its own RE loses (60er-Regel); write the Augen of RE",
         "result"),
        (club(winner="re", loser_under=None, announcements={"re": "keine 90", "kontra": None}),
         "RE cannot have won this deal: RE announced keine 90, which KONTRA with 90 or more "
         "does not fulfil", "result"),
        (club(winner="kontra", announcements={"re": "keine 90", "kontra": None}),
         "RE announced keine 90: then the exact Augen decide what counts; write the Augen of "
         "RE", "result"),
        (club(winner="kontra", loser_under="schwarz", specials=[("fuchs-gefangen", "re")]),
         "RE took no trick and cannot score a special point", "specials"),
        (club(winner="nobody"), "the winner of a result is re or kontra, not 'nobody'",
         "result.winner"),
        (club(loser_under=45), "loser_under is null, 90, 60, 30 or schwarz, not 45",
         "result.loser_under"),
    ])
    def test_results_that_cannot_be(self, deal, message, field):
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(document(deal))
        assert str(excinfo.value) == f"deal 1: {message}"
        assert excinfo.value.field == f"deals[0].facts.{field}"

    def test_augen_and_result_together_are_refused(self):
        deal = club()
        deal["facts"]["augen"] = {"re": 130, "kontra": 110}
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(document(deal))
        assert str(excinfo.value) == "deal 1: a deal gives its augen or its result, not both"
