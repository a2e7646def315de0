"""The Nerts match page: score sheet, foundation counts, teams, the hand replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from games.engines.nerts import ENGINE
from games.models import Player
from games.services import match_create, match_log_submit
from tests.test_pages import text_of

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "nerts"


def example(name):
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def store(run_on_commit, document):
    """The example as a scored match, its players made as the example names them."""
    players = [Player.objects.get_or_create(name=name)[0] for name in document["players"]]
    match = match_create(game="nerts", players=players, rules=document["rules"])
    with run_on_commit():
        log = match_log_submit(match=match, text=json.dumps(document))
    log.refresh_from_db()
    assert log.status == "scored", log.error
    return log


def page_of(log):
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/matches/{log.match_id}/")
    assert response.status_code == 200
    return response


def part(html, element_id):
    """The visible text of the element with this id (its first closing tag of that name)."""
    found = re.search(rf'<(\w+)[^>]*id="{element_id}"', html)
    assert found, element_id
    tag = found.group(1)
    start = found.start()
    depth, position = 0, start
    for match in re.finditer(rf"<(/?){tag}\b", html[start:]):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            position = start + match.start()
            break

    class Fake:
        content = html[start:position].encode()

    return text_of(Fake)


class TestTwoPlayers:
    """docs/examples/nerts/two-players.json: a played hand (Bert calls; a void and a tie) and
    a score-sheet hand."""

    @pytest.fixture
    def html(self, players, run_on_commit):
        return page_of(store(run_on_commit, example("two-players"))).content.decode()

    def test_the_score_sheet_with_running_totals_and_settlement(self, html):
        assert part(html, "result") == "Place Player Score 1 Bert 21 2 Anna 5"  # rank order
        assert part(html, "nerts-sheet") == (
            "Hand Ended Anna Bert Points Total Points Total "
            "1 Bert called Nerts -19 -19 10 10 "
            "2 ✎ Anna called Nerts 24 5 11 21 "
            "Total 5 21 Settlement -16 +16")
        assert part(html, "nerts-settlement") == (
            "Bert leads and wins the difference of the totals from each of the others. "
            "Unfinished: nobody has reached 100 alone yet.")
        assert part(html, "nerts-rules") == (
            "Played to 100 points. +1 per own card on the foundations, −2 per card left in "
            "the Nerts pile (not for the caller).")

    def test_the_foundation_counts_per_hand(self, html):
        assert part(html, "nerts-counts") == (
            "Hand Anna Bert Foundations Nerts left Foundations Nerts left "
            "1 3 11 10 0 2 24 0 17 3")

    def test_the_hand_summary_and_the_foundations_card_by_card(self, html):
        hand = part(html, "nerts-hand-1")
        assert hand.startswith("Hand 1 Bert called Nerts. 21 actions, 1 void, 1 tie, 0 resets. "
                               "Anna Bert")
        # The table at the end: each foundation bottom to top, each card with its deck.
        assert ("The table at the end of the hand F1 ♥A Anna ♥2 Bert F2 ♦A Anna "
                "F3 ♠A Bert ♠2 Bert ♠3 Anna ♠3 Bert ♠4 Bert ♠5 Bert ♠6 Bert ♠7 Bert ♠8 Bert "
                "F4 ♣A Bert") in hand
        # Every deck at the end: Nerts pile top and count, stock, waste, cards out, piles.
        assert ("Anna Nerts pile ♥2 11 Stock 32 Waste ♣Q 1 On the foundations 3 "
                "♦10 ♠K ♣4 ♣7 ♦6") in hand
        assert "Bert Nerts pile – 0 Stock 35 Waste – 0 On the foundations 10" in hand

    def test_every_action_with_player_seq_source_target_and_result(self, html):
        moves = part(html, "nerts-moves-1")
        assert moves.startswith("# Seq Time Player Action From To Result "
                                "1 1 2.5 s Anna ♥A Nerts pile foundation 1 played ")
        assert ("4 4 7.0 s Anna ♥2 Nerts pile foundation 1 "
                "void: Bert was first with ♥2 (action 3)") in moves
        assert "6 6 10.0 s Anna ♣Q ♠3 ♦6 stock waste 32 left in the stock" in moves
        assert "7 7 11.5 s Anna ♦6 waste pile 4 played" in moves
        assert "12 12 17.5 s Bert ♠3 Nerts pile foundation 3 tie: stays on ♠3 (Anna)" in moves
        assert "18 18 26.5 s Bert ♣9 pile 1 pile 4 played" in moves
        assert moves.endswith("21 21 31.0 s Bert Nerts!")

    def test_the_stepper_gets_every_position(self, html):
        data = json.loads(re.search(r'<script id="nerts-replay-1" type="application/json">'
                                    r"(.*?)</script>", html, re.S).group(1))
        steps = data["steps"]
        assert data["decks"] == ["Anna", "Bert"]
        assert len(steps) == 22  # the deal and 21 actions
        assert steps[0]["d"]["0"] == {"n": [13, "AH"], "s": 35, "w": [0, []],
                                      "p": [["10D"], ["KS"], ["4C"], ["7C"]], "f": 0}
        assert steps[1] == {"d": {"0": {"n": [12, "AD"], "s": 35, "w": [0, []],
                                        "p": [["10D"], ["KS"], ["4C"], ["7C"]], "f": 1}},
                            "F": {"1": [["AH", 0, None, "Anna"]]}}
        assert steps[4] == {"d": {}, "F": {}}  # void: nothing changes
        assert steps[6]["d"]["0"]["w"] == [3, ["QC", "3S", "6D"]]
        assert steps[12]["F"]["3"][-2:] == [["3S", 0, None, "Anna"], ["3S", 1, None, "Bert"]]
        assert 'class="nerts-stepper" hidden' in html
        assert "sheets/nerts.js" in html and "sheets/nerts.css" in html


class TestTeams:
    @pytest.fixture
    def html(self, players, run_on_commit):
        return page_of(store(run_on_commit, example("teams"))).content.decode()

    def test_teams_are_columns_with_their_players(self, html):
        assert part(html, "result") == ("Place Player Score 1 Anna 13 1 Bert 13 3 Cora -11 "
                                        "3 Dirk -11 5 Emil -14 5 Fritz -14")
        assert part(html, "nerts-sheet") == (
            "Hand Ended Nord Anna & Bert Süd Cora & Dirk West Emil & Fritz "
            "Points Total Points Total Points Total "
            "1 Bert called Nerts for Nord 13 13 -11 -11 -14 -14 "
            "Total 13 -11 -14 Settlement +51 -24 -27")
        assert "Partners share a deck and its score." in part(html, "nerts-rules")

    def test_each_partners_cards_on_the_foundations(self, html):
        assert part(html, "nerts-counts") == (
            "Hand Nord Süd West Foundations Nerts left Foundations Nerts left Foundations "
            "Nerts left 1 13 (Anna 6, Bert 7) 0 5 (Cora 3, Dirk 2) 8 4 (Emil 2, Fritz 2) 9")

    def test_actions_name_player_and_team(self, html):
        hand = part(html, "nerts-hand-1")
        assert "F1 ✓ ♥A Nord · Anna ♥2 Nord · Bert" in hand
        moves = part(html, "nerts-moves-1")
        assert ("8 8 8.2 s Fritz (West) ♠3 pile 2 foundation 3 "
                "void: Cora was first with ♠3 (action 7)") in moves


    def test_a_team_name_with_a_space(self, players, run_on_commit):
        # The void is read from the engine's data, not from its sentence, so a deck named
        # "Team Süd" (cards "3S@Team Süd") shows like any other.
        document = json.loads(json.dumps(example("teams")).replace("Süd", "Team Süd"))
        moves = part(page_of(store(run_on_commit, document)).content.decode(),
                     "nerts-moves-1")
        assert ("8 8 8.2 s Fritz (West) ♠3 pile 2 foundation 3 "
                "void: Cora was first with ♠3 (action 7)") in moves


class TestOtherHands:
    def test_a_stuck_hand_with_a_reset(self, players, run_on_commit):
        html = page_of(store(run_on_commit, example("no-call"))).content.decode()
        assert part(html, "nerts-sheet").startswith(
            "Hand Ended Anna Bert Points Total Points Total 1 stuck, nobody called -23 -23 "
            "-26 -26")
        hand = part(html, "nerts-hand-1")
        assert hand.startswith("Hand 1 Play got stuck for good; nobody called Nerts. "
                               "51 actions, 0 voids, 0 ties, 1 reset.")
        moves = part(html, "nerts-moves-1")
        assert ("26 26 19.2 s the table reset: every waste back onto its stock, the top stock "
                "card to the bottom to the bottom: Anna ♣A , Bert ♣A") in moves
        assert moves.endswith("51 51 36.7 s the table play is stuck: the hand ends")

    def test_jokers_show_what_they_stand_for(self, players, run_on_commit):
        html = page_of(store(run_on_commit, example("jokers"))).content.decode()
        assert "+25 for the caller. With jokers." in part(html, "nerts-rules")
        assert "F1 ✓ ♥A Anna X1 = ♥2 Anna ♥3 Anna" in part(html, "nerts-hand-1")
        moves = part(html, "nerts-moves-1")
        assert "2 2 4.0 s Anna X1 = ♥2 Nerts pile foundation 1 played" in moves
        assert "5 5 8.5 s Bert X2 waste pile 2 played" in moves
        assert ("3 3 5.5 s Bert ♥2 Nerts pile foundation 1 "
                "void: Anna was first with X1 = ♥2 (action 2)") in moves

    def test_a_score_sheet_match_has_no_replay(self, players, run_on_commit):
        html = page_of(store(run_on_commit, example("score-sheet"))).content.decode()
        assert part(html, "nerts-sheet") == (
            "Hand Ended Anna Bert Cora Points Total Points Total Points Total "
            "1 ✎ Cora called Nerts 10 10 0 0 21 21 "
            "2 ✎ Anna called Nerts 25 35 4 4 -7 14 "
            "3 ✎ Bert called Nerts -1 34 23 27 9 23 "
            "4 ✎ Anna called Nerts 27 61 -4 23 12 35 "
            "5 ✎ Cora called Nerts 9 70 15 38 26 61 "
            "6 ✎ Anna called Nerts 24 94 5 43 2 63 "
            "7 ✎ Bert called Nerts 10 104 22 65 -2 61 "
            "Total 104 65 61 Settlement +82 -39 -43")
        assert part(html, "nerts-settlement") == (
            "Anna leads and wins the difference of the totals from each of the others. "
            "Anna reached 100: the match is over.")
        assert 'id="nerts-hand-' not in html and "sheets/nerts.js" not in html

    @pytest.mark.parametrize("name", ["seeded-four-players", "seeded-six-players",
                                      "seeded-two-players", "blocked-reset"])
    def test_the_positions_reproduce_the_engines_end_of_every_hand(self, name, players,
                                                                   run_on_commit):
        document = example(name)
        log = store(run_on_commit, document)
        html = page_of(log).content.decode()
        result = ENGINE.replay(document)
        for hand in result.hands:
            found = re.search(rf'<script id="nerts-replay-{hand.number}" '
                              r'type="application/json">(.*?)</script>', html, re.S)
            assert found, f"hand {hand.number} has no stepper"
            steps = json.loads(found.group(1))["steps"]
            assert len(steps) == len(hand.detail["moves"]) + 1
            out = {}
            for step in steps:
                for index, deck in step["d"].items():
                    out[int(index)] = deck["f"]
            assert [out[i] for i in sorted(out)] == [d["foundation"]
                                                     for d in hand.detail["decks"]]


class TestSettlement:
    def document(self, **rules):
        facts = [{"caller": "Anna", "foundation": {"Anna": 20, "Bert": 10, "Cora": 10},
                  "nerts_left": {"Anna": 0, "Bert": 5, "Cora": 0}},
                 {"caller": "Bert", "foundation": {"Anna": 4, "Bert": 25, "Cora": 15},
                  "nerts_left": {"Anna": 2, "Bert": 0, "Cora": 0}}]
        return {"format": "stammtisch-log/1", "game": "nerts", "rules": {"target": 0, **rules},
                "players": ["Anna", "Bert", "Cora"], "deals": [{"facts": f} for f in facts]}

    def test_a_shared_lead_splits_what_the_others_pay(self, players, run_on_commit):
        html = page_of(store(run_on_commit, self.document())).content.decode()
        assert part(html, "nerts-sheet").endswith("Total 20 25 25 Settlement -5 +2.5 +2.5")
        assert part(html, "nerts-settlement") == (
            "Shared lead: the leaders share what the others pay.")
        assert "Played without a target: just the hands in the log." in part(html, "nerts-rules")

    def test_every_hand_settled_on_its_own(self, players, run_on_commit):
        html = page_of(store(run_on_commit, self.document(settle="hand"))).content.decode()
        assert part(html, "nerts-sheet").endswith("Total 20 25 25 Settlement +5 +15 -20")
        assert part(html, "nerts-settlement") == (
            "Every hand is settled on its own: in each, the leader wins the difference from "
            "each of the others; the settlement adds the hands up.")
