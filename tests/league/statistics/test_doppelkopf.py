"""Doppelkopf statistics on two hand-built lists of the docs, through the real results flow:
the 14 played deals of liste-hausregeln.json (every kind of game of the house rules) and the
6 score-sheet deals of liste-zettel.json. The figures below are read off the lists deal by
deal (the match page shows the same list)."""

from __future__ import annotations

import pytest

from games.models import Player
from league.models import GameRecord
from tests.league.statistics.helpers import basis, example, figures, play

pytestmark = pytest.mark.django_db

# Anna's deals in liste-hausregeln.json (party, won?, the party's Augen, her points):
#   1 normal     Re (Anna, Bert)  won   164  +10  Anna said "re"
#   2 Hochzeit   Re (Carl's)      won   167   +3
#   3 Schieben   Re (Anna, Carl)  lost   92   -2
#   4 Damensolo  Re alone         lost   18  -12  her Pflichtsolo
#   5 Bubensolo (Bert)  Kontra    won   155   +2
#   6 Damen-Buben-Solo (Carl) Kontra won 211  +5
#   7 Kreuz-Solo Re alone         lost   58  -18  Anna said "re"
#   8 Pik-Solo (Bert)   Kontra    won   221   +4
#   9 Herz-Solo (Carl)  Kontra    won   223   +4
#  10 Karo-Solo  Re alone         lost   73   -9
#  11 normal (Carl, Dora) Kontra  won   161   +9  Carl's keine 90 from the negotiation
#  12 Hammelrennen  (Bert wins)   lost   56    0  her own Augen
#  13 Schwarze Sau (Bert) Kontra  won   168   +4
#  14 stilles Solo (Dora) Kontra  won   207   +3
# liste-zettel.json (score sheet):
#   1 normal Re (Anna, Carl) won 154 +5 · 2 normal Kontra won 128 +4 · 3 Bubensolo (Carl)
#   Kontra lost 109 -1 · 4 Hochzeit Re (Anna, Bert) lost 96 -3 · 5 Hammelrennen (Carl wins)
#   45 0 · 6 Schieben Re (Anna, Dora) lost 125 -4


@pytest.fixture
def lists():
    played = play(example("doppelkopf/liste-hausregeln.json"))
    sheet = play(example("doppelkopf/liste-zettel.json"))
    return played, sheet


def test_deals_as_re_and_kontra_and_their_win_rates(lists):
    anna = figures("Anna", "doppelkopf")
    assert anna["deals", "deals", None] == 20
    assert (anna["parties", "deals", "re"], anna["parties", "won", "re"],
            anna["parties", "win_rate", "re"]) == (9, 3, 0.3333)
    assert (anna["parties", "deals", "kontra"], anna["parties", "won", "kontra"],
            anna["parties", "win_rate", "kontra"]) == (9, 8, 0.8889)


def test_points_per_deal_and_average_augen(lists):
    anna = figures("Anna", "doppelkopf")
    # Points 3 (the list's total) + 1; Augen 1974 + 657 over 20 deals.
    assert anna["deals", "points_per_deal", None] == 0.2
    assert anna["deals", "augen", None] == 131.55
    assert (anna["deals", "hammelrennen", None], anna["deals", "hammelrennen_won", None]) == (
        2, 0)


def test_solos_by_kind_played_and_won(lists):
    anna, carl = figures("Anna", "doppelkopf"), figures("Carl", "doppelkopf")
    for kind in ("damen", "kreuz", "karo"):
        assert (anna["solos", "played", kind], anna["solos", "won", kind]) == (1, 0)
    assert (anna["solos", "played", "all"], anna["solos", "win_rate", "all"]) == (3, 0.0)
    assert anna["solos", "played", "buben"] == 0
    # Carl: Damen-Buben (lost), Herz (lost) played, Buben from the sheet (won).
    assert (carl["solos", "played", "buben"], carl["solos", "win_rate", "buben"]) == (1, 1.0)
    assert (carl["solos", "played", "all"], carl["solos", "won", "all"]) == (3, 1)
    assert carl["solos", "win_rate", "damen-buben"] == 0.0
    dora = figures("Dora", "doppelkopf")
    assert (dora["solos", "played", "stilles-solo"], dora["solos", "won", "stilles-solo"]) == (
        1, 0)
    # A Schwarze Sau is no solo of the player's choice: Bert's counts nowhere.
    assert figures("Bert", "doppelkopf")["solos", "played", "all"] == 2


def test_hochzeiten_and_pflichtsoli(lists):
    anna, carl = figures("Anna", "doppelkopf"), figures("Carl", "doppelkopf")
    # In the Re party of a Hochzeit: deal 2 (won) and the sheet's deal 4 (lost).
    assert (anna["hochzeiten", "hochzeit_deals", None], anna["hochzeiten",
            "hochzeit_deal_win_rate", None]) == (2, 0.5)
    # Who declared it is known from the moves only: Carl, in deal 2.
    assert (carl["hochzeiten", "hochzeiten", None], carl["hochzeiten", "hochzeiten_won", None],
            anna["hochzeiten", "hochzeiten", None]) == (1, 1, 0)
    assert basis("Carl", "doppelkopf")["hochzeiten", "hochzeiten", None] == ("logs", 14)
    assert (anna["pflichtsoli", "pflichtsoli", None], anna["pflichtsoli", "pflichtsoli_won",
            None], anna["pflichtsoli", "vorgefuehrt", None]) == (1, 0, 0)
    assert (carl["pflichtsoli", "pflichtsoli", None],
            carl["pflichtsoli", "pflichtsolo_win_rate", None]) == (2, 0.5)


def test_announcements_made_and_won_by_level(lists):
    anna, carl = figures("Anna", "doppelkopf"), figures("Carl", "doppelkopf")
    # Anna said "re" in deal 1 (won) and deal 7 (lost); the sheet's announcements name no
    # player and are not counted.
    assert (anna["announcements", "made", "re-kontra"], anna["announcements", "won",
            "re-kontra"], anna["announcements", "win_rate", "re-kontra"]) == (2, 1, 0.5)
    # Carl: "kontra" in deal 1 (lost) and keine 90 as the Abbieger in deal 11 (lost).
    assert (carl["announcements", "made", "re-kontra"], carl["announcements", "won",
            "re-kontra"]) == (1, 0)
    assert (carl["announcements", "made", "keine-90"], carl["announcements", "won",
            "keine-90"]) == (1, 0)
    assert basis("Anna", "doppelkopf")["announcements", "made", "re-kontra"] == ("logs", 14)


def test_special_points_taken_and_given(lists):
    anna = figures("Anna", "doppelkopf")
    # Taken: Fuchs 1, 2 and sheet 1; Doppelkopf 1, 6, 11 and sheet 2; gegen die Alten 11 and
    # sheet 2. Given: Fuchs 3 and 11; Doppelkopf 10; Karlchen (Charly's last trick) and
    # gegen die Alten in the sheet's Hochzeit.
    assert (anna["specials", "taken", "fuchs-gefangen"],
            anna["specials", "given", "fuchs-gefangen"]) == (3, 2)
    assert (anna["specials", "taken", "doppelkopf"], anna["specials", "given", "doppelkopf"]) == (
        4, 1)
    assert (anna["specials", "taken", "charly-letzter-stich"],
            anna["specials", "given", "charly-letzter-stich"]) == (0, 1)
    assert (anna["specials", "taken", "gegen-die-alten"],
            anna["specials", "given", "gegen-die-alten"]) == (2, 1)


def test_the_largest_deal_is_a_record_of_each_list(lists):
    played, sheet = lists
    anna, bert, carl = (Player.objects.get(name=name).pk for name in ("Anna", "Bert", "Carl"))
    first = GameRecord.objects.get(match=played)
    assert (first.kind, first.value, first.deal) == ("doppelkopf-deal", 10, 1)
    assert first.holders == [{"id": anna, "name": "Anna"}, {"id": bert, "name": "Bert"}]
    second = GameRecord.objects.get(match=sheet)
    assert (second.value, second.deal, second.source) == (5, 1, "facts")
    assert [holder["id"] for holder in second.holders] == [anna, carl]
