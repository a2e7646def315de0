"""The Das Rennen match page: match score, each game on a drawn board, move by move."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from games.models import Player
from games.services import match_create, match_log_submit

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples" / "katarenga-rennen"
TEMPLATE = ROOT / "templates" / "games" / "sheets" / "katarenga-rennen.html"


def text_of(html: str) -> str:
    """The visible text, whitespace collapsed (what a reader sees)."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def store(run_on_commit, example, seats):
    document = json.loads((EXAMPLES / f"{example}.json").read_text())
    match = match_create(game="katarenga-rennen", players=seats, rules=document["rules"])
    with run_on_commit():
        match_log_submit(match=match, text=json.dumps(document))
    match.refresh_from_db()
    assert match.status == "scored", match.current_log.error
    return match


def page(match, query="", language="en"):
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/matches/{match.pk}/{query}")
    assert response.status_code == 200
    return response.content.decode()


def section(html, game):
    """The HTML of one game's section."""
    start = html.index(f'id="kr-game-{game}"')
    end = html.find('<section class="kr-game"', start)
    return html[start:end if end != -1 else len(html)]


def board(html, game=1):
    """The drawn board of a game as eight rank strings (8 first): W/B pieces, '.' empty,
    lower case w/b for a square that also holds a displaced piece waiting to move."""
    cells = re.findall(r'<div class="kr-sq ([^"]*)" data-square="(\w\d)"[^>]*>(.*?)</div>',
                       section(html, game))
    assert len(cells) == 64
    rows, row = [], ""
    for _classes, _name, inner in cells:
        piece = "W" if "kr-piece kr-white" in inner else "B" if "kr-piece kr-black" in inner \
            else "."
        if "kr-waiting" in inner:
            piece = piece.lower()
        row += piece
        if len(row) == 8:
            rows.append(row)
            row = ""
    return rows


def marked(html, mark, game=1):
    return [name for classes, name in re.findall(
        r'<div class="kr-sq ([^"]*)" data-square="(\w\d)"', section(html, game))
        if mark in classes.split()]


@pytest.fixture
def seed_race(players, run_on_commit):
    return store(run_on_commit, "seed-race", [players["Anna"], players["Bert"]])


class TestSeedRace:
    def test_score_and_end(self, seed_race):
        text = text_of(page(seed_race))
        assert "1 Anna 2 2 Bert 0" in text  # the result table of the match page
        assert ("Game White Black Winner End Points Running total Anna Bert Anna Bert "
                "1 Anna Bert Anna race won (39 moves) 2 0 2 0 Match total 2 0") in text
        assert "Wins: Anna 1, Bert 0 · Draws: 0" in text
        assert "Game 1: Anna (White) – Bert (Black)" in text
        assert "Anna filled every target square with move 39 and won the race." in text
        assert "Board: stammtisch · start squares: green · target squares: green" in text

    def test_the_final_position_is_shown_by_default(self, seed_race):
        html = page(seed_race)
        text = text_of(html)
        assert "39 / 39" in text
        assert "Move 39, Anna (White): g7-h7 ♔" in text  # g7 is blue: a king's step
        assert board(html) == [
            "..W..W..",
            "W.B.B..W",
            "...WW.B.",
            ".W....W.",
            "........",
            "...BB...",
            "B......B",
            ".....B..",
        ]
        assert (marked(html, "kr-from"), marked(html, "kr-to")) == (["g7"], ["h7"])
        # Each side's target squares carry the side's corner.
        assert marked(html, "kr-target-white") == ["c8", "f8", "a7", "h7", "d6", "e6", "b5",
                                                   "g5"]
        assert "Anna (White) must fill: b5 g5 d6 e6 a7 h7 c8 f8" in text
        assert "Bert (Black) must fill: c1 f1 a2 h2 d3 e3 b4 g4" in text

    def test_the_move_list_marks_displacements_and_forced_replies(self, seed_race):
        text = text_of(page(seed_race))
        assert "# White: Anna Black: Bert Start position 1 c1-b3 ♘ c8-b6 ♘" in text
        assert "5 f4xd6 ♗ displaces d6-f5 ♘ forced reply" in text
        assert "10 c3-c4 ♔ b6xb4 ♖ displaces 11 b4-a6 ♘ forced reply b4-a2 ♘ 12" in text
        assert "20 g7-h7 ♔ ♘ green: knight · ♖ red: rook · ♗ yellow: bishop · ♔ blue: king" \
            in text
        html = page(seed_race)
        assert re.search(r'class="kr-move kr-move-white kr-displaces" data-n="9" '
                         r'href="\?game=1&amp;move=9#kr-game-1"', html)

    def test_a_displacement_shows_the_waiting_piece(self, seed_race):
        html = page(seed_race, "?game=1&move=9")
        text = text_of(html)
        assert "9 / 39" in text
        assert "Move 9, Anna (White): f4xd6 ♗ displaces" in text
        assert board(html) == [
            "........",
            "........",
            ".BBwBBB.",  # d6: White's bishop on Bert's green square, Bert's piece waiting
            ".B....B.",
            ".W....W.",
            ".W.WW.W.",
            "W.......",
            "........",
        ]
        assert (marked(html, "kr-from"), marked(html, "kr-to"),
                marked(html, "kr-displaced")) == (["f4"], ["d6"], ["d6"])
        assert 'class="kr-move kr-move-white kr-displaces kr-current" data-n="9"' in html
        # The forced reply: the displaced piece leaves d6.
        html = page(seed_race, "?game=1&move=10")
        assert "Move 10, Bert (Black): d6-f5 ♘ forced reply" in text_of(html)
        assert board(html)[2:4] == [".BBWBBB.", ".B...BB."]
        assert (marked(html, "kr-from"), marked(html, "kr-to")) == (["d6"], ["f5"])

    def test_every_position_is_a_link(self, seed_race):
        html = page(seed_race, "?move=0")
        text = text_of(html)
        assert "◀◀ ◀ 0 / 39 ▶ ▶▶ Start position 8 7 6 5 4 3 2 1 a b c d e f g h" in text
        assert board(html) == ["..B..B..", "B......B", "...BB...", ".B....B.",
                               ".W....W.", "...WW...", "W......W", "..W..W.."]
        assert marked(html, "kr-from") == []
        stepper = re.findall(r'data-step="(\w+)" href="([^"]+)"', section(html, 1))
        assert stepper == [("first", "?game=1&amp;move=0#kr-game-1"),
                           ("prev", "?game=1&amp;move=0#kr-game-1"),
                           ("next", "?game=1&amp;move=1#kr-game-1"),
                           ("last", "?game=1&amp;move=39#kr-game-1")]
        links = re.findall(r'class="kr-move[^"]*" data-n="(\d+)"', html)
        assert links == [str(n) for n in range(40)]
        # A position that does not exist falls back to the end of the game.
        assert "39 / 39" in text_of(page(seed_race, "?move=99"))
        assert "39 / 39" in text_of(page(seed_race, "?game=2&move=3"))

    def test_the_stepper_script_and_its_data(self, seed_race):
        html = page(seed_race)
        assert "sheets/katarenga-rennen.js" in html and "sheets/katarenga-rennen.css" in html
        data = json.loads(re.search(r'<script id="kr-data-1" type="application/json">(.*?)'
                                    r"</script>", html, re.S).group(1))
        assert (data["game"], data["last"], len(data["positions"])) == (1, 39, 40)
        assert data["positions"][9] == {
            "p": "........W........W.WW.W..W....W..B....B..BBWBBB.................",
            "f": "f4", "t": "d6", "w": "d6", "d": True, "s": "white"}
        assert 'data-caption-white="Move __N__, Anna (White):"' in html

    def test_german(self, seed_race):
        text = text_of(page(seed_race, "?move=9", language="de"))
        assert "Spiel 1: Anna (Weiß) – Bert (Schwarz)" in text
        assert "Anna besetzte mit Zug 39 alle Zielfelder und gewinnt das Rennen." in text
        assert "Brett: stammtisch · Startfelder: grün · Zielfelder: grün" in text
        assert "Zug 9, Anna (Weiß): f4xd6 ♗ verdrängt" in text
        assert "5 f4xd6 ♗ verdrängt d6-f5 ♘ Pflichtzug" in text
        assert "Anna (Weiß) muss besetzen: b5 g5 d6 e6 a7 h7 c8 f8" in text
        assert "1 Anna Bert Anna Rennen gewonnen (39 Züge) 2 0 2 0 Gesamt 2 0" in text
        # SVG coordinates are not localized (no decimal comma).
        html = page(seed_race, "?move=9", language="de")
        assert '<line class="kr-arrow" x1="5.5" y1="4.5" x2="3.854" y2="2.854"' in html


class TestTwoGames:
    def test_a_played_and_a_score_sheet_game(self, players, run_on_commit):
        match = store(run_on_commit, "match-two-games", [players["Anna"], players["Bert"]])
        html = page(match)
        text = text_of(html)
        assert "1 Anna 3 2 Bert 1" in text
        assert ("1 Anna Bert Anna race won (33 moves) 2 0 2 0 "
                "2 ✎ Bert Anna drawn repetition 1 1 3 1 Match total 3 1") in text
        assert "Wins: Anna 1, Bert 0 · Draws: 1" in text
        assert "Board: latin" in text
        assert "Anna filled every target square with move 33 and won the race." in text
        assert ("Game 2: Bert (White) – Anna (Black) Drawn by repetition. Anna 1 : Bert 1 "
                "Recorded from the score sheet: no moves to show.") in text
        assert 'id="kr-data-2"' not in html
        # Game 1's moves: Anna's piece displaced from a2 runs to b4, where it is displaced again.
        assert ("10 f3-f7 ♖ b4xa2 ♘ displaces 11 a2-b4 ♘ forced reply a2xb4 ♘ displaces "
                "12 b4-a6 ♘ forced reply d3xc1 ♘ displaces 13 c1-d3 ♘ forced reply") in text


class TestRedYellow:
    def test_won_by_a_displacement_that_never_gets_its_reply(self, db, run_on_commit):
        seats = [Player.objects.create(name="Clara"), Player.objects.create(name="Dirk")]
        match = store(run_on_commit, "red-yellow", seats)
        html = page(match)
        text = text_of(html)
        assert "1 Dirk 2 2 Clara 0" in text  # places in rank order
        assert "Dirk filled every target square with move 36 and won the race." in text
        assert "Move 36, Dirk (Black): f3xf4 ♔ displaces" in text
        assert "start squares: red · target squares: yellow" in text
        assert board(html)[4] == "..B..bW."  # Clara's piece waits on f4 for ever
        assert marked(html, "kr-target-black") == ["c4", "f4", "a3", "h3", "d2", "e2", "b1",
                                                   "g1"]


def store_document(run_on_commit, players, rules, deals):
    document = {"format": "stammtisch-log/1", "game": "katarenga-rennen", "rules": rules,
                "players": ["Anna", "Bert"], "deals": deals}
    match = match_create(game="katarenga-rennen", players=[players["Anna"], players["Bert"]],
                         rules=rules)
    with run_on_commit():
        match_log_submit(match=match, text=json.dumps(document))
    match.refresh_from_db()
    assert match.status == "scored", match.current_log.error
    return match


class TestEnds:
    def test_resigned_and_move_limit_played_and_from_the_sheet(self, players, run_on_commit):
        match = store_document(run_on_commit, players, {"preset": "seed", "games": 4,
                                                        "move_limit": 2}, [
            {"moves": ["c1-b3", "resign"]},
            {"moves": ["c1-b3", "c8-b6"]},
            {"facts": {"end": "resigned", "winner": "Bert"}},
            {"facts": {"end": "move_limit"}}])
        html = page(match, "?game=2&move=1")
        text = text_of(html)
        assert ("1 Anna Bert Anna resigned (2 moves) 2 0 2 0 "
                "2 Bert Anna drawn move limit (2 moves) 1 1 3 1 "
                "3 ✎ Anna Bert Bert resigned 0 2 3 3 "
                "4 ✎ Bert Anna drawn move limit 1 1 4 4 Match total 4 4") in text
        assert "Wins: Anna 1, Bert 1 · Draws: 2" in text
        assert "Bert resigned with move 2; Anna wins. Anna 2 : Bert 0" in text
        # Game 1 stays at its end, the resignation (no square to highlight).
        assert "2 / 2 ▶ ▶▶ Move 2, Bert (Black): resigns" in text
        assert "1 c1-b3 ♘ resigns" in text
        assert (marked(html, "kr-from", game=1), marked(html, "kr-to", game=1)) == ([], [])
        assert 'x1="0" y1="0" x2="0" y2="0" visibility="hidden"' in section(html, 1)
        # Game 2 shows the move asked for.
        assert "Drawn by the move limit after 2 moves." in text
        assert "1 / 2 ▶ ▶▶ Move 1, Bert (White): c1-b3 ♘" in text
        assert (marked(html, "kr-from", game=2), marked(html, "kr-to", game=2)) == (["c1"],
                                                                                  ["b3"])
        assert "Anna resigned; Bert wins." in text
        assert "Drawn by the move limit. Anna 1 : Bert 1" in text

    def test_no_move_blocked_repetition_from_the_sheet(self, players, run_on_commit):
        match = store_document(run_on_commit, players, {"preset": "seed", "games": 3,
                                                        "no_move": "lose"}, [
            {"facts": {"end": "no_move", "winner": "Anna"}},
            {"facts": {"end": "blocked"}},
            {"facts": {"end": "repetition"}}])
        text = text_of(page(match))
        assert "Bert had no legal move and lost; Anna wins." in text
        assert "Neither player could move: drawn." in text
        assert "Drawn by repetition." in text
        assert "1 ✎ Anna Bert Anna no legal move 2 0 2 0" in text
        assert "2 ✎ Bert Anna drawn neither could move 1 1 3 1" in text
        assert 'class="kr-board' not in page(match)

    def test_no_move_drawn(self, players, run_on_commit):
        match = store_document(run_on_commit, players, {"preset": "seed", "no_move": "draw"},
                               [{"facts": {"end": "no_move"}}])
        assert "A player had no legal move: drawn." in text_of(page(match))
