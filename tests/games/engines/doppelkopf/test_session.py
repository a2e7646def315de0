"""The list: dealer rotation, Pflichtsoli, the Punktetopf, totals, lenient replay."""

import pytest

from games.engines.doppelkopf import ENGINE
from games.engines.errors import InvalidFactsError, InvalidLogError

from .helpers import document
from .test_scoring import sheet


def normal(re_augen=130):
    return sheet(re_augen=re_augen)


def solo(player, kind="damen", re_augen=130):
    return sheet("solo", re=[player], re_augen=re_augen, solo=kind)


REDEAL = {"facts": {"contract": "redeal"}}


class TestDealerRotation:
    def test_rotation_across_a_session(self):
        deals = [normal(), solo("Bert"), solo("Carl"), solo("Dora"), REDEAL, normal(),
                 solo("Anna"), normal()]
        result = ENGINE.replay(document(*deals))
        rows = result.summary["list"]
        # normal: passes; solo: stays; the third solo in a row: passes; no taker: stays.
        assert [row["dealer"] for row in rows] == [
            "Anna", "Bert", "Bert", "Bert", "Carl", "Carl", "Dora", "Dora"]
        assert result.summary["next_dealer"] == "Anna"

    def test_first_dealer_from_the_log(self):
        result = ENGINE.replay(document(dict(normal(), dealer="Carl"), normal()))
        assert [row["dealer"] for row in result.summary["list"]] == ["Carl", "Dora"]

    def test_a_named_dealer_is_checked(self):
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document(normal(), dict(normal(), dealer="Anna")))
        assert str(excinfo.value) == (
            "deal 2: Bert deals this deal by the rotation (the deal passes clockwise), not Anna")
        assert excinfo.value.field == "deals[1].dealer"

    def test_after_a_solo_the_dealer_stays(self):
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document(solo("Carl"), dict(normal(), dealer="Bert")))
        assert str(excinfo.value) == (
            "deal 2: Anna deals this deal by the rotation (after a solo the dealer stays), "
            "not Bert")

    def test_stilles_solo_passes_the_deal(self):
        deals = [sheet("stilles-solo", re=["Carl"], re_augen=150), normal()]
        rows = ENGINE.replay(document(*deals)).summary["list"]
        assert [row["dealer"] for row in rows] == ["Anna", "Bert"]

    def test_ddv_pflichtsolo_deals_again_lustsolo_passes(self):
        deals = [solo("Carl"), solo("Carl"), normal()]
        rows = ENGINE.replay(document(*deals, rules={"preset": "ddv"})).summary["list"]
        assert [row["dealer"] for row in rows] == ["Anna", "Anna", "Bert"]
        assert [row["pflichtsolo"] for row in rows] == ["Carl", None, None]


class TestPflichtsolo:
    def test_first_solo_of_each_player_is_his_pflichtsolo(self):
        deals = [solo("Bert"), solo("Bert"), normal(), solo("Dora", "kreuz")]
        summary = ENGINE.replay(document(*deals)).summary
        assert [row["pflichtsolo"] for row in summary["list"]] == ["Bert", None, None, "Dora"]
        assert summary["pflichtsoli"] == {
            "Anna": {"owed": 1, "played": []}, "Bert": {"owed": 0, "played": [1]},
            "Carl": {"owed": 1, "played": []}, "Dora": {"owed": 0, "played": [4]}}

    def test_stilles_solo_is_no_pflichtsolo(self):
        summary = ENGINE.replay(document(sheet("stilles-solo", re=["Carl"]))).summary
        assert summary["pflichtsoli"]["Carl"]["owed"] == 1

    RULES = {"preset": "seed", "pot_deals": 2}

    def test_vorfuehren_after_the_pot(self):
        # Two points deals (one is Bert's Pflichtsolo); then Anna, Carl and Dora are
        # vorgeführt, front seat first or in any order they agree; then the list is complete.
        deals = [solo("Bert"), normal(), solo("Carl"), solo("Anna"), solo("Dora")]
        result = ENGINE.replay(document(*deals, rules=self.RULES))
        rows = result.summary["list"]
        assert [row["forced"] for row in rows] == [False, False, True, True, True]
        assert result.summary["finished"] is True
        assert result.summary["pot"] == {"deals": 2, "played": 2, "remaining": 0,
                                         "vorfuehren": False}

    def test_after_the_pot_only_owed_solos(self):
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(document(solo("Bert"), normal(), normal(), rules=self.RULES))
        assert str(excinfo.value) == (
            "deal 3: the Punktetopf is empty: this deal must be the vorgeführte Pflichtsolo "
            "of a player who owes one (Anna, Carl, Dora)")

    def test_the_list_ends(self):
        deals = [solo("Bert"), normal(), solo("Carl"), solo("Anna"), solo("Dora"), normal()]
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document(*deals, rules=self.RULES))
        assert str(excinfo.value) == ("deal 6: the list is complete: the Punktetopf is empty "
                                      "and every Pflichtsolo has been played")

    def test_sixty_rule_in_forced_solos(self):
        # Anna's vorgeführtes solo ends 190 : 50 without an announcement.
        deals = [solo("Bert"), normal(), solo("Carl"), solo("Dora"),
                 solo("Anna", re_augen=190)]
        plain = ENGINE.replay(document(*deals, rules=self.RULES))
        assert plain.hands[-1].points == (9, -3, -3, -3)
        forced = ENGINE.replay(document(*deals, rules=dict(
            self.RULES, sixty_rule="normal-and-forced-solos")))
        assert forced.hands[-1].points == (-3, 1, 1, 1)


class TestTotals:
    def test_totals_and_ranks(self):
        result = ENGINE.replay(document(normal(121), solo("Bert", re_augen=100), normal(80)))
        # +1 RE (Anna, Carl); Bert's solo lost: -3 / +1; KONTRA won with RE under 90:
        # won 1, u90 1, gegen die Alten 1 = 3.
        assert [hand.points for hand in result.hands] == [
            (1, -1, 1, -1), (1, -3, 1, 1), (-3, 3, -3, 3)]
        assert [seat.score for seat in result.seats] == [-1, -1, -1, 3]
        assert [seat.rank for seat in result.seats] == [2, 2, 2, 1]
        assert result.summary["list"][2]["totals"] == [-1, -1, -1, 3]
        assert result.winner == 3

    def test_lenient_replay_collects_and_goes_on(self):
        bad = {"facts": {"contract": "normal", "re": ["Anna"]}}
        result = ENGINE.replay(document(normal(), bad, dict(normal(), dealer="Bert")),
                               strict=False)
        assert [hand.number for hand in result.hands] == [1, 3]
        assert [str(error) for error in result.errors] == [
            "deal 2: the RE party of a Normalspiel has 2 player(s), not 1"]

    def test_same_log_same_result(self):
        document_ = document(normal(), solo("Carl"), normal(90))
        assert ENGINE.replay(document_).to_json() == ENGINE.replay(document_).to_json()
