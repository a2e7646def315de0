"""The Doppelkopf match page: the list, the Pflichtsoli and the pot, each deal's value and
tricks, rendered from the example lists of docs/examples/doppelkopf/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from games.models import Player
from games.services import match_create, match_log_submit

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "doppelkopf"


def text_of(html: str) -> str:
    """The visible text, whitespace collapsed (as tests/test_pages.py reads a page)."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def store(run_on_commit, example: str):
    """A match of the example's four players with the example stored and scored."""
    return store_text(run_on_commit, (EXAMPLES / example).read_text(encoding="utf-8"))


def store_text(run_on_commit, text: str):
    document = json.loads(text)
    seats = [Player.objects.get_or_create(name=name)[0] for name in document["players"]]
    match = match_create(game="doppelkopf", players=seats, rules=document["rules"])
    with run_on_commit():
        log = match_log_submit(match=match, text=text)
    log.refresh_from_db()
    assert log.status == "scored", log.error
    return match


def page_of(match) -> tuple[str, str]:
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    return html, text_of(html)


def section(html: str, pattern: str) -> str:
    """The visible text of the first element that starts with ``pattern`` (up to its end
    tag of the same name)."""
    start = re.search(pattern, html)
    assert start is not None, pattern
    tag = re.match(r"<(\w+)", start.group(0)).group(1)
    depth, pos = 0, start.start()
    for found in re.finditer(rf"<(/?){tag}\b[^>]*>", html[pos:]):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return text_of(html[pos:pos + found.end()])
    raise AssertionError(f"{pattern} is not closed")


def row(html: str, number: int) -> str:
    return section(html, rf'<tr class="dk-row[^"]*" data-deal="{number}"')


def deal(html: str, number: int) -> str:
    return section(html, rf'<details class="dk-deal" id="deal-{number}"')


def trick(html: str, number: int, trick_number: int) -> str:
    body = re.search(rf'<details class="dk-deal" id="deal-{number}".*?</table>\s*</div>\s*'
                     r'<details class="moves">', html, flags=re.S)
    assert body is not None
    return section(body.group(0), rf'<tr class="dk-trick" data-trick="{trick_number}"')


@pytest.fixture
def hausregeln(players, run_on_commit):
    match = store(run_on_commit, "liste-hausregeln.json")
    return page_of(match)


class TestTheList:
    def test_rows_with_dealer_game_parties_value_points_and_running_totals(self, hausregeln):
        html, page = hausregeln
        assert "The list # Dealer Game Re party Augen Won by Value Anna Bert Carl Dora" in page
        assert row(html, 1) == ("1 Anna Normalspiel Anna, Bert 164 : 76 RE 10 "
                                "+10 10 +10 10 −10 −10 −10 −10")
        assert row(html, 2) == "2 Bert Hochzeit Anna, Carl 167 : 73 RE 3 +3 13 −3 7 +3 −7 −3 −13"
        assert row(html, 3) == ("3 Carl Schieben Anna, Carl 92 : 148 KONTRA 2 "
                                "−2 11 +2 9 −2 −9 +2 −11")
        # The dealer stays after a solo; the soloist pays three times the value.
        assert row(html, 4) == ("4 Dora Damensolo Pflichtsolo Anna 18 : 222 KONTRA 4 "
                                "−12 −1 +4 13 +4 −5 +4 −7")
        assert row(html, 5).startswith("5 Dora Bubensolo Pflichtsolo Bert 85 : 155 KONTRA 2")
        assert row(html, 7).startswith("7 Anna Kreuz-Solo Anna 58 : 182 KONTRA 6 −18 −12")
        assert row(html, 11) == ("11 Bert Normalspiel abgebogen Carl, Dora 79 : 161 KONTRA 9 "
                                 "+9 −4 +9 22 −9 −26 −9 8")
        assert row(html, 12) == "12 Carl Hammelrennen – Bert 130 Bert 3 0 −4 +3 25 0 −26 0 8"
        assert row(html, 13) == ("13 Dora Schwarze Sau (Damensolo) Bert 72 : 168 KONTRA 4 "
                                 "+4 0 −12 13 +4 −22 +4 12")
        assert row(html, 14) == "14 Anna stilles Solo Dora 33 : 207 KONTRA 3 +3 3 +3 16 +3 −19 −9 3"
        assert section(html, r'<tfoot><tr class="total"') == "Totals 3 16 −19 3"
        # The result table above agrees with the list.
        # In rank order (issue 12), not seat order.
        assert "Place Player Score 1 Bert 16 2 Anna 3 2 Dora 3 4 Carl -19" in page

    def test_party_shading_and_the_soloist(self, hausregeln):
        html, _ = hausregeln
        cells = re.findall(r'<td class="num dk-pts([^"]*)">',
                           re.search(r'data-deal="4".*?</tr>', html, flags=re.S).group(0))
        assert cells == [" re soloist", " kontra", " kontra", " kontra"]

    def test_pflichtsoli_and_the_pot(self, hausregeln):
        html, _ = hausregeln
        assert section(html, r'<div class="panel" id="dk-pflichtsoli"') == (
            "Pflichtsoli Player still owes played in deal Anna 0 4 Bert 0 5 Carl 0 6 Dora 1 –")
        assert section(html, r'<div class="panel" id="dk-pot"') == (
            "Punktetopf 14 of 24 deals played, 10 left. Next dealer: Bert "
            "Counting: winners plus, losers minus.")


class TestDealDetails:
    def test_a_normal_game_value_broken_down(self, hausregeln):
        html, _ = hausregeln
        text = deal(html, 1)
        assert text.startswith("Deal 1 · Normalspiel · dealer Anna · Re wins · value 10 "
                               "Dealer Anna, forehand Bert. Bert led the first trick. "
                               "RE Anna, Bert · KONTRA Carl, Dora "
                               "Augen: Re 164, Kontra 76 · tricks: Re 6, Kontra 4 "
                               "Announcements: Anna: re (trick 1) , Carl: kontra (trick 2) ")
        assert ("Scoring Party Points won 1 under 90 1 Game points 2 × 4 (RE, KONTRA) 8 "
                "Fuchs caught trick 7 RE 1 Doppelkopf (a trick of 40 Augen or more) trick 10 RE 1 "
                "Balance for Re (game value +8, special points +2) +10 "
                "Value in the list 10 Anna +10 Bert +10 Carl −10 Dora −10") in text
        assert ("Hands as dealt Anna ♣Q ♥Q ♥Q ♠J ♥J ♦A ♦10 ♦K ♣10 ♥K Bert ♣Q ♦Q ♠J ♥J ♣A ♠A "
                "♠10 ♠10 ♠K ♠K") in text
        assert ("Declarations Bert: gesund Carl: gesund Dora: gesund Anna: gesund") in text

    def test_the_tricks_card_by_card_with_leader_winner_augen_and_announcements(
            self, hausregeln):
        html, _ = hausregeln
        assert "Tricks Trick Anna Bert Carl Dora taken by Augen Re : Kontra Announcements" \
            in deal(html, 1)
        # Bert leads ♠10; Anna wins with the Fuchs; Anna says RE before the first card.
        assert trick(html, 1, 1) == ("1 ♦A ▸ ♠10 ♠A ♣K Anna 36 36 : 0 "
                                     "Anna: re before the first card")
        assert trick(html, 1, 2) == ("2 ▸ ♣10 ♣A ♣A ♣K Bert 36 72 : 0 "
                                     "Carl: kontra before the first card")
        assert trick(html, 1, 10) == "10 ♦10 ♠A ♣10 ▸ ♥A Anna 42 164 : 76"
        tr = re.search(r'<tr class="dk-trick" data-trick="1">.*?</tr>', html, flags=re.S)
        cells = re.findall(r'<td class="dk-card([^"]*)"', tr.group(0))
        assert cells == [" won", " lead", "", ""]

    def test_hochzeit_schieben_and_a_solo(self, hausregeln):
        html, _ = hausregeln
        assert ("Hochzeit of Carl: Anna became the partner in trick 1 "
                "(the first trump trick finds the partner)") in deal(html, 2)
        assert trick(html, 2, 1) == "1 ♥Q ♦K ▸ ♦J ♦J Anna 11 11 : 0 Anna becomes the partner"
        assert ("Anna pushed the trumps to Carl: ♦A ♦10 ♦K ; Carl gave back ♣10 ♥10 ♠10 "
                "(Trumpf)") in deal(html, 3)
        assert ("Fuchs caught trick 2 KONTRA 1 Balance for Re (game value −1, "
                "special points −1) −2 Value in the list 2") in deal(html, 3)
        text = deal(html, 4)
        assert "Anna plays the Pflichtsolo." in text
        assert ("won 1 under 90 1 under 60 1 under 30 1 Game points 4 "
                "Balance for Re (game value −4) −4 Soloist × 3, each opponent × 1 "
                "Value in the list 4 Anna −12 Bert +4 Carl +4 Dora +4") in text
        assert "Anna plays a Lustsolo." in deal(html, 7)
        assert "Game points 3 × 2 (RE) 6" in deal(html, 7)

    def test_abgebogen_gegen_die_alten(self, hausregeln):
        html, _ = hausregeln
        text = deal(html, 11)
        assert "Carl took Anna's solo away (abgebogen) with keine 90." in text
        assert "Announcements: Carl: keine 90 (in the negotiation)" in text
        assert ("won 1 under 90 1 keine 90 announced RE 1 120 against keine 90 KONTRA 1 "
                "Game points 4 × 2 (RE) 8 Fuchs caught trick 5 RE 1 "
                "Doppelkopf (a trick of 40 Augen or more) trick 6 KONTRA 1 "
                "against the Alten KONTRA 1 "
                "Balance for Re (game value −8, special points −1) −9 "
                "Value in the list 9") in text
        assert ("Absage from the negotiation (counts from the first card): Carl: keine 90"
                in text)

    def test_hammelrennen_and_schwarze_sau(self, hausregeln):
        html, _ = hausregeln
        text = deal(html, 12)
        assert ("Deal 12 · Hammelrennen · dealer Carl · won by Bert · value 3 "
                "Dealer Carl, forehand Dora. Dora led the first trick. "
                "Anna Bert Carl Dora 56 130 35 19 Won with more than 120 Augen. "
                "Value in the list 3 Anna 0 Bert +3 Carl 0 Dora 0") in text
        assert "Declarations none: the table declared this deal" in text
        assert trick(html, 12, 1) == "1 ♠10 ♠A ♠A ▸ ♠K Bert 36"
        text = deal(html, 13)
        assert "Bert took the second Pik-Dame and plays the solo from trick 2 on." in text
        assert ("won 1 under 90 1 Game points 2 × 2 (Schwarze Sau) 4 "
                "Balance for Re (game value −4) −4 Soloist × 3, each opponent × 1 "
                "Value in the list 4") in text
        assert trick(html, 13, 2) == "2 ♣10 ▸ ♣10 ♣J ♣K Bert 26 36 : 0 Bert's solo from here on"
        assert ("Dora holds both Kreuz-Damen and plays a stilles Solo (no Pflichtsolo)."
                in deal(html, 14))


class TestOtherLists:
    def test_a_list_from_the_score_sheet(self, players, run_on_commit):
        html, page = page_of(store(run_on_commit, "liste-zettel.json"))
        assert row(html, 1) == "1 ✎ Dora Normalspiel Anna, Carl 154 : 86 RE 5 +5 5 −5 −5 +5 5 −5 −5"
        assert row(html, 5) == "5 ✎ Carl Hammelrennen – Carl 58 Carl 3 0 5 0 −13 +3 18 0 −7"
        assert section(html, r'<tfoot><tr class="total"') == "Totals 1 −9 22 −11"
        text = deal(html, 2)
        assert "From the score sheet: no cards recorded." in text
        assert "Announcements: RE – · KONTRA kontra" in text
        assert ("won 1 Game points 1 × 2 (KONTRA) 2 "
                "Doppelkopf (a trick of 40 Augen or more) trick 5 KONTRA 1 "
                "against the Alten KONTRA 1 "
                "Balance for Re (game value −2, special points −2) −4 Value in the list 4") in text
        assert "Tricks" not in text
        assert "Won by being closest to 60 Augen." in deal(html, 5)
        assert ("Pflichtsoli Player still owes played in deal Anna 1 – Bert 1 – Carl 0 3 "
                "Dora 1 –") in page

    def test_ddv_counts_re_and_kontra_as_two_points(self, players, run_on_commit):
        html, _ = page_of(store(run_on_commit, "liste-ddv.json"))
        text = deal(html, 2)
        assert ("won 1 under 90 1 under 60 1 under 30 1 keine 90 announced KONTRA 1 "
                "keine 60 announced KONTRA 1 keine 30 announced KONTRA 1 KONTRA said KONTRA 2 "
                "Game points 9 Balance for Re (game value −9) −9") in text
        # DDV timing (TSR 6.2.2): Carl, last in trick 2, says keine 30 before his second card.
        assert trick(html, 2, 2) == ("2 ♥10 ♠K ♠K ▸ ♠A Anna 29 0 : 57 "
                                     "Carl: keine 30 after card 3")
        text = deal(html, 4)
        assert "Deal 4 · stilles Solo · dealer Dora · nobody wins · value 0" in text
        assert "Nobody reached what they announced: no game points." in text

    def test_a_solo_held_against_an_abbiegen_bid(self, players, run_on_commit):
        html, _ = page_of(store(run_on_commit, "liste-geseedet.json"))
        text = deal(html, 4)
        assert "Dora holds the solo against the bid and plays it with schwarz." in text
        assert ("30 against schwarz KONTRA 1 Game points 12 × 2 (RE) 24 "
                "Balance for Re (game value −24) −24") in text
        assert row(html, 4).startswith("4 Carl Herz-Solo Pflichtsolo Dora 17 : 223 KONTRA 24 "
                                       "+24")

    def test_vorgefuehrte_pflichtsoli_when_the_pot_is_used_up(self, players, run_on_commit):
        document = json.loads((EXAMPLES / "liste-zettel.json").read_text(encoding="utf-8"))
        document["rules"] = {"preset": "seed", "pot_deals": 2}
        solo = {"contract": "solo", "solo": "buben", "augen": {"re": 131, "kontra": 109},
                "tricks": {"re": 6, "kontra": 4},
                "announcements": {"re": None, "kontra": None}, "specials": []}
        document["deals"] = document["deals"][:2] + [
            {"facts": dict(solo, re=[name])} for name in ("Bert", "Carl")]
        html, _ = page_of(store_text(run_on_commit, json.dumps(document)))
        assert row(html, 3) == ("3 ✎ Bert Bubensolo Pflichtsolo vorgeführt Bert 131 : 109 RE 1 "
                                "−1 8 +3 −6 −1 8 −1 −10")
        assert section(html, r'<div class="panel" id="dk-pflichtsoli"') == (
            "Pflichtsoli Player still owes played in deal Anna 1 – Bert 0 3 vorgeführt "
            "Carl 0 4 vorgeführt Dora 1 –")
        assert section(html, r'<div class="panel" id="dk-pot"') == (
            "Punktetopf 2 of 2 deals played, 0 left. "
            "The pot is used up: open Pflichtsoli are vorgeführt. Next dealer: Bert "
            "(2 solos in a row) Counting: winners plus, losers minus.")
        assert "Bert plays a vorgeführtes Pflichtsolo." in deal(html, 3)

    def test_a_deal_dealt_anew_after_nobody_takes_the_trumps(self, players, run_on_commit):
        document = json.loads((EXAMPLES / "liste-hausregeln.json").read_text(encoding="utf-8"))
        third = dict(document["deals"][2], moves=[])
        third["declarations"] = [*third["declarations"][:6], "Bert: nimmt nicht",
                                 "Carl: nimmt nicht", "Dora: nimmt nicht"]
        document["deals"] = [*document["deals"][:2], third]
        html, _ = page_of(store_text(run_on_commit, json.dumps(document)))
        assert row(html, 3) == "3 Carl neu gegeben – – dealt anew 0 0 13 0 7 0 −7 0 −13"
        text = deal(html, 3)
        assert text.startswith("Deal 3 · neu gegeben · dealer Carl · dealt anew · value 0 "
                               "Dealer Carl, forehand Dora. Nobody took the trumps: the cards "
                               "are dealt anew, nobody scores. Hands as dealt Anna ♦A ♦10 ♦K")
        assert "Bert: nimmt nicht Carl: nimmt nicht Dora: nimmt nicht" in text
        assert "Tricks" not in text
