"""The positions of the Gin and Doppelkopf replays, built from what the engine stored: every
move's card from where to where, checked against the engine's end; a deal whose moves do not
add up gets no replay (its moves are still listed)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games.engines import get_engine
from games.models import Player
from games.services import match_create, match_log_replay, match_log_submit
from games.web.sheets import doppelkopf, gin

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


def hands_of(path: str):
    document = json.loads((EXAMPLES / path).read_text(encoding="utf-8"))
    return get_engine(document["game"]).replay(document).hands


class TestGin:
    def test_a_recorded_game_move_by_move(self):
        detail = hands_of("gin/recorded-round.json")[0].detail
        steps = gin.replay_steps(detail)
        assert [(s["s"], s["k"], s.get("c")) for s in steps[:5]] == [
            (1, "pass", None), (0, "pass", None), (1, "draw", "7H"), (1, "discard", "JH"),
            (0, "draw", "JS")]
        assert [(s["k"], s.get("c")) for s in steps[-3:]] == [
            ("take", "6H"), ("knock", "5C"), ("lay", None)]
        # 10 draws: 31 cards left after the deal, 20 at the end (as the engine says).
        assert 31 - sum(1 for s in steps if s["k"] == "draw") == detail["stock_left"] == 20

    def test_a_seeded_game_reads_each_drawn_card_from_the_engine(self):
        detail = hands_of("gin/seeded-partie.json")[0].detail
        steps = gin.replay_steps(detail)
        # "take AC" takes the first upcard; the bare "draw" was the 10H (the engine's sentence).
        assert [(s["k"], s.get("c")) for s in steps[:3]] == [
            ("upcard", "AC"), ("discard", "KS"), ("draw", "10H")]

    def test_a_failed_knock_turns_its_card_up(self):
        detail = hands_of("gin/failed-knock-undercut.json")[0].detail
        steps = gin.replay_steps(detail)
        assert [(s["n"], s["k"], s["c"]) for s in steps if s["k"] in ("failed", "knock")] == [
            (10, "failed", "QC"), (detail["moves"].index(next(
                m for m in detail["moves"] if m["notation"].startswith("knock AH"))) + 1,
                "knock", "AH")]
        assert gin.final_pile(detail, steps)[-1] != "AH"  # the knock's card lies face down

    def test_moves_that_do_not_add_up_get_no_replay(self):
        detail = copy.deepcopy(hands_of("gin/recorded-round.json")[0].detail)
        detail["moves"][2]["notation"] = "draw 8C"  # not what was drawn
        with pytest.raises(gin.PositionMismatch):
            gin.replay_steps(detail)
        assert gin._replay(1, ["Anna", "Bert"], detail) is None


class TestDoppelkopf:
    def test_every_deal_of_the_house_list_replays(self):
        hands = hands_of("doppelkopf/liste-hausregeln.json")
        data = [doppelkopf.replay_data(hand.number, hand.detail) for hand in hands]
        assert all(item is not None for item in data)
        first = data[0]
        assert first["names"] == ["Anna", "Bert", "Carl", "Dora"]
        assert first["steps"][:2] == [{"n": 1, "k": "a", "s": 0, "w": "re"},
                                      {"n": 2, "k": "c", "s": 1, "c": "10S"}]
        assert [trick["w"] for trick in first["tricks"]][:3] == [0, 1, 0]
        assert sum(trick["a"] for trick in first["tricks"] if trick["p"] == "re") == 164
        # Deal 11: Carl's keine 90 from the negotiation counts from the first card.
        assert data[10]["early"] == [[2, "keine 90"]]

    def test_the_hands_after_the_schieben(self):
        detail = hands_of("doppelkopf/liste-hausregeln.json")[2].detail
        hands = doppelkopf.starting_hands(detail)
        # Anna pushed AD 10D KD to Carl and got 10C 10H 10S back.
        assert {"10C", "10H", "10S"} <= set(hands["Anna"])
        assert {"AD", "10D", "KD"} <= set(hands["Carl"])
        assert all(len(cards) == 10 for cards in hands.values())

    def test_a_deal_whose_moves_and_tricks_disagree_gets_no_replay(self):
        detail = copy.deepcopy(hands_of("doppelkopf/liste-hausregeln.json")[0].detail)
        detail["moves"][1] = "9S"
        assert doppelkopf.replay_data(1, detail) is None
        moves = doppelkopf.replay_moves(1, doppelkopf.replay_data(
            1, hands_of("doppelkopf/liste-hausregeln.json")[0].detail))
        assert moves[4] == {"number": 5, "id": "deal-1-move-5", "name": "Anna", "kind": "c",
                            "card": "AD", "word": None,
                            "trick": {"number": 1, "winner": "Anna", "augen": 36}}


@pytest.mark.django_db
def test_the_moves_are_worded_in_the_readers_language(client):
    pages = {}
    for path in ("gin/recorded-round.json", "doppelkopf/liste-hausregeln.json"):
        document = json.loads((EXAMPLES / path).read_text(encoding="utf-8"))
        seats = [Player.objects.get_or_create(name=name)[0] for name in document["players"]]
        match = match_create(game=document["game"], players=seats, rules=document["rules"])
        match_log_replay(log_id=match_log_submit(match=match, text=json.dumps(document)).pk)
        pages[path] = {language: client.get(f"/matches/{match.pk}/",
                                            HTTP_ACCEPT_LANGUAGE=language).content.decode()
                       for language in ("de", "en")}
    gin_de, gin_en = pages["gin/recorded-round.json"].values()
    move = '<li id="deal-1-move-3"><a class="replay-link" href="#deal-1-move-3">3</a> '
    assert (move + '<span class="replay-text">Bert zieht <span class="card red">♥7</span> '
            'vom Talon</span></li>') in gin_de
    assert (move + '<span class="replay-text">Bert draws <span class="card red">♥7</span> '
            'from the stock</span></li>') in gin_en
    dk_de = pages["doppelkopf/liste-hausregeln.json"]["de"]
    assert ('<span class="replay-text">Anna spielt <span class="card red">♦A</span>; Anna '
            'bekommt Stich 1 (36 Augen)</span></li>') in dk_de
    assert '<span class="replay-text">Carl sagt KONTRA</span>' in dk_de
