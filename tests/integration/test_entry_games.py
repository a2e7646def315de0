"""Nerts, Rennen and Das Rennen entered on the match page in Chromium: a Nerts evening of
several hands and a Rennen game typed in from their sheets, a game of Das Rennen played on
the page's board; each scores as its log does."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.engines import get_engine
from games.engines.katarenga_rennen.board import parse_board, square_name
from games.engines.katarenga_rennen.moves import Move
from games.engines.katarenga_rennen.state import Game
from games.models import Player
from games.services import match_create
from tests.integration.browser import expect_match_settled, log_in, shot
from tests.integration.entry import fill_row
from tests.sheet_rows import club_rows

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def friendly(game, names, rules):
    get_user_model().objects.create_user("olga", password="secret-olga", is_staff=True)
    players = [Player.objects.create(name=name) for name in names]
    return match_create(game=game, players=players, rules=rules)


def entered_scores(match):
    match.refresh_from_db()
    return [seat.score for seat in match.seats.order_by("index")]


# A Nerts evening of four hands (seed rules: a card on the foundations +1, a card left in the
# Nerts pile -2; to 60), as the table wrote it: the caller's seat, then for each player the
# cards on the foundations and those left. It is what the engine's random evening of seed 0
# played (checked below).
NERTS_EVENING = [
    {"caller": "3", "found_0": "23", "found_1": "22", "found_2": "33", "found_3": "29",
     "left_0": "7", "left_1": "5", "left_2": "1", "left_3": "0"},
    {"caller": "0", "found_0": "27", "found_1": "19", "found_2": "23", "found_3": "22",
     "left_0": "0", "left_1": "5", "left_2": "5", "left_3": "9"},
    {"caller": "0", "found_0": "13", "found_1": "10", "found_2": "14", "found_3": "14",
     "left_0": "0", "left_1": "8", "left_2": "11", "left_3": "5"},
    {"caller": "0", "found_0": "36", "found_1": "29", "found_2": "41", "found_3": "31",
     "left_0": "0", "left_1": "4", "left_2": "0", "left_3": "4"},
]
# The running totals after each hand: 23 - 2 * 7 = 9 for Anna, and so on.
NERTS_TOTALS = [[9, 12, 31, 29], [36, 21, 44, 33], [49, 15, 36, 37], [85, 36, 77, 60]]


def test_a_nerts_evening_of_four_hands(page):
    names = ["Anna", "Bert", "Cora", "Dirk"]
    rules = {"preset": "seed", "target": 60}
    played = get_engine("nerts").random_document(rng=random.Random(0), players=names,
                                                  rules=rules)
    log = get_engine("nerts").replay(played)
    assert len(log.hands) == 4 and log.summary["finished"]
    assert club_rows(played) == NERTS_EVENING
    match = friendly("nerts", names, rules)
    log_in(page, "olga", "secret-olga")
    page.goto(f"/matches/{match.pk}/")
    for number, values in enumerate(NERTS_EVENING, start=1):
        fill_row(page, number, values)
        # Each hand: the points of the hand and the running totals to the target.
        expect(page.locator(f"#row-{number} .out-seats .run")).to_have_text(
            [str(total).replace("-", "−") for total in NERTS_TOTALS[number - 1]])
    expect(page.locator("#entry-summary")).to_contain_text(
        "Totals: Anna 85, Bert 36, Cora 77, Dirk 60")
    shot(page, "nerts-sheet-typed")
    page.click("#submit-sheet")
    expect(page.locator("#match-status")).to_have_text("scored")
    expect_match_settled(page, match.pk)
    assert entered_scores(match) == [seat.score for seat in log.seats] == [85, 36, 77, 60]
    assert [hand.points for hand in match.current_log.hands.order_by("number")] == [
        [9, 12, 31, 29], [27, 9, 13, 4], [13, -6, -8, 4], [36, 21, 41, 23]]


# The races of docs/examples/rennen/whole-game.json as the sheet takes them: the winner's
# seat, the kind of win, the cards each race's picks named (the Karo advantage in race 6).
# Anna completes the Herz row in race 7 and wins the game 1 : 0.
RENNEN_RACES = [
    {"winner": "0", "win": "simple", "pick_1": "10H", "pick_2": "JH", "pick_3": "9S"},
    {"winner": "1", "win": "simple", "pick_1": "AD", "pick_2": "9H", "pick_3": "AD"},
    {"winner": "1", "win": "ultimate", "pick_1": "KH", "pick_2": "AH", "pick_3": "KC"},
    {"winner": "1", "win": "simple", "pick_1": "9H", "pick_2": "KC", "pick_3": "KS"},
    {"winner": "0", "win": "ultimate", "pick_1": "10C", "pick_2": "9C", "pick_3": "10S"},
    {"winner": "1", "win": "simple", "karo_1": "AD", "pick_1": "10H", "pick_2": "QD",
     "pick_3": "JS"},
    {"winner": "0", "win": "simple", "pick_1": "AD", "pick_2": "9D", "pick_3": "KH"},
]


def test_a_rennen_game_race_by_race(page):
    played = json.loads((ROOT / "docs/examples/rennen/whole-game.json").read_text())
    log = get_engine("rennen").replay(played)
    assert club_rows(played) == RENNEN_RACES
    match = friendly("rennen", played["players"], played["rules"])
    log_in(page, "olga", "secret-olga")
    page.goto(f"/matches/{match.pk}/")
    for number, values in enumerate(RENNEN_RACES, start=1):
        fill_row(page, number, values)
    # Every race is scored; the last one ends the game, and says how.
    expect(page.locator("tr.entry-row.status-scored")).to_have_count(7)
    expect(page.locator("#row-7 .out-line")).to_have_text(
        "Game 1, race 7 · Anna completed the Herz row")
    shot(page, "rennen-sheet-typed")
    page.click("#submit-sheet")
    expect(page.locator("#match-status")).to_have_text("scored")
    expect_match_settled(page, match.pk)
    assert entered_scores(match) == [seat.score for seat in log.seats] == [1, 0]
    assert [hand.points for hand in match.current_log.hands.order_by("number")] == [
        [0, 0]] * 6 + [[1, 0]]


# The `red` example of docs/logs/katarenga-rennen.md: White wins with move 15.
RED_GAME = ["h1xh8", "h8-h1", "a1xa8", "a8-a1", "c2xc7", "c7-c2", "f2xf7", "f7-f2", "g3xg6",
            "g6-g3", "b3xb6", "b6-b3", "d4xd5", "d5-d4", "e4xe5"]


def legal_from(moves, origin):
    """The engine's legal targets of the piece on ``origin`` after ``moves``."""
    rules = get_engine("katarenga-rennen").rules({"preset": "red"})
    game = Game(rules, parse_board(rules.board), ("Anna", "Bert"))
    for text in moves:
        game.apply(Move.parse(text))
    return sorted(square_name(m.target) for m in game.legal_moves()
                  if m.kind == "step" and square_name(m.origin) == origin)


def test_a_das_rennen_game_played_on_the_board(page):
    match = friendly("katarenga-rennen", ["Anna", "Bert"], {"preset": "red"})
    log_in(page, "olga", "secret-olga")
    page.goto(f"/matches/{match.pk}/")
    page.select_option("[name='r1-mode']", "board")
    board = page.locator("#row-1 .kr-entry-board")
    status = page.locator("#row-1 .kr-entry-status")
    expect(status).to_have_text("Anna to move (White)")

    moves = page.locator("#row-1 .kr-entry-moves li")

    def play(move):
        count = moves.count()
        board.locator(f"button[data-square='{move[:2]}']").click()
        board.locator(f"button[data-square='{move[3:]}'].kr-legal").click()
        expect(moves).to_have_count(count + 1)  # the board shows the move

    # A piece's legal targets light up when it is chosen: exactly the engine's.
    board.locator("button[data-square='h1']").click()
    expect(board.locator("button.kr-legal")).to_have_count(len(legal_from([], "h1")))
    assert sorted(board.locator("button.kr-legal").evaluate_all(
        "els => els.map(e => e.dataset.square)")) == legal_from([], "h1")
    board.locator("button[data-square='h8'].kr-legal").click()
    # A displacement: Bert must move the displaced piece away from h8 next.
    expect(status).to_have_text("Bert to move (Black) · Bert must move the displaced piece "
                                "on h8")
    play("h8-h1")
    # Undo takes back the last move, and it is played again.
    page.locator("#row-1 .kr-entry-tools button", has_text="Undo the last move").click()
    expect(page.locator("#row-1 .kr-entry-moves li")).to_have_count(1)
    play("h8-h1")
    for move in RED_GAME[2:]:
        play(move)
    expect(status).to_have_text("Game over: Anna occupied every red square of Bert's half "
                                "with move 15")
    expect(page.locator("#row-1 .kr-entry-moves li")).to_have_text(RED_GAME)
    expect(page.locator("[name='r1-moves']")).to_have_value(" ".join(RED_GAME))
    shot(page, "katarenga-board-entry")
    page.click("#submit-sheet")
    expect(page.locator("#match-status")).to_have_text("scored")
    expect_match_settled(page, match.pk)
    played = get_engine("katarenga-rennen").replay({
        "format": "stammtisch-log/1", "game": "katarenga-rennen", "rules": {"preset": "red"},
        "players": ["Anna", "Bert"], "deals": [{"moves": RED_GAME}]})
    assert entered_scores(match) == [seat.score for seat in played.seats] == [2, 0]
