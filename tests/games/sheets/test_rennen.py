"""The Rennen match page: the match score, each game's race list, every race in full, the rows,
reserves and strikes after each race and at the end of each game, and the German texts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from django.test import Client

from games.engines.rennen import ENGINE
from games.models import Player
from games.services import match_create, match_log_submit
from tests.test_pages import text_of

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples" / "rennen"


def example(name):
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def stored(run_on_commit, document, players):
    seats = [players.get(name) or Player.objects.create(name=name)
             for name in document["players"]]
    match = match_create(game="rennen", players=seats, rules=document["rules"])
    with run_on_commit():
        match_log_submit(match=match, text=json.dumps(document))
    match.refresh_from_db()
    assert match.status == "scored", match.current_log.error
    return match


def page_of(client, match):
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    return response


def between(text, start, end):
    """The part of a page's text from ``start`` up to (not including) ``end``."""
    head = text.index(start)
    return text[head:text.index(end, head + len(start))]


@pytest.fixture
def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def beispielrunde(run_on_commit, players):
    return stored(run_on_commit, example("beispielrunde"), players)


class TestBeispielrunde:
    def test_the_match_score_and_the_race_list(self, english, beispielrunde):
        page = text_of(page_of(english, beispielrunde))
        assert ("Match score Game Races How it ended Anna Bert "
                "Game 1 5 Anna completed the Kreuz row 1 0 Games won 1 0") in page
        assert "Game 1 Anna completed the Kreuz row after 5 races" in page
        races = between(page, "Race Stock ♣ ♠ ♥ Winner Tricks Picks", "After the game")
        assert races.split(" 1 ✎ ")[1:] == [
            "42 Anna ultimate Anna ♣K row Bert ♠K row Anna ♥K row 2 ✎ 39 Anna Bert Anna Bert "
            "simple Anna ♦A reserve Bert ♥A reserve Bert ♠J row 3 36 Anna Bert Anna Anna simple "
            "2 : 1 Bert ♥A strike Anna ♣10 row Anna ♥9 reserve 4 ✎ 34 Anna Bert Anna Anna simple "
            "Bert ♠9 row Anna ♣J row Anna ♣9 row 5 ✎ 31 Anna Bert Anna Anna ultimate Anna ♣A row "]

    def test_the_played_race_in_full(self, english, beispielrunde):
        page = text_of(page_of(english, beispielrunde))
        race = between(page, "Game 1, race 3", "Game 1, race 4")
        assert race.startswith("Game 1, race 3 deal 3 · 36 cards in the stock · 3 cards each ")
        assert ("Deal and preparation Market ♥A ♦Q ♣10 ♥9 Anna ♣A ♠9 ♣J Bert ♠A ♠10 ♥J ♦9 "
                "Advantages Kreuz: Anna Pik: Bert Herz: Anna "
                "Herzvorteil: Bert shows ♥J ♦9 Anna takes ♥J and gives ♠9 "
                "Pikvorteil: Bert discards ♦9 Karo: Anna brings ♦A from the reserve for ♣J "
                "Hands to play Anna: ♣A ♥J ♦A Bert: ♠A ♠10 ♠9 ") in race
        assert ("The race Anna Bert Trick 1 ♣A ♠A Anna (Kreuzvorteil) 1:0 2 ♥J ♠10 Bert 1:1 "
                "3 ♦A ♠9 Anna 2:1 Anna wins the race 2 : 1 · simple win ") in race
        assert ("Picks Bert picks ♥A strike Anna picks ♣10 to the Kreuz row "
                "Anna picks ♥9 to the reserve Back into the stock ♦Q ") in race
        assert ("After the race Anna Kreuz ♣Q ♣K ♣10 Pik ♠Q Herz ♥Q ♥K Reserve ♥9 "
                "Strikes – ♣ ♠ ♥ Bert Kreuz ♣Q Pik ♠J ♠Q ♠K Herz ♥Q Reserve ♥A Strikes ♥A ") \
            in race
        assert race.endswith("Moves Bert show JH 9D Anna take JH for 9S Bert discard 9D "
                             "Anna karo AD for JC play AC AS play JH 10S play AD 9S "
                             "Bert pick AH Anna pick 10C Anna pick 9H ")

    def test_a_score_sheet_race_shows_what_the_sheet_knows(self, english, beispielrunde):
        page = text_of(page_of(english, beispielrunde))
        race = between(page, "Game 1, race 2", "Game 1, race 3")
        assert race == (
            "Game 1, race 2 deal 2 · 39 cards in the stock · 3 cards each · ✎ from the score "
            "sheet Deal and preparation Advantages Kreuz: Anna Pik: Bert Herz: Anna "
            "The race Bert wins the race · simple win "
            "Picks Anna picks ♦A to the reserve Bert picks ♥A to the reserve "
            "Bert picks ♠J to the Pik row After the race Anna Kreuz ♣Q ♣K Pik ♠Q Herz ♥Q ♥K "
            "Reserve ♦A Strikes – ♣ ♠ ♥ Bert Kreuz ♣Q Pik ♠J ♠Q ♠K Herz ♥Q Reserve ♥A "
            "Strikes – ♣ ♠ ♥ ")

    def test_the_rows_after_the_game(self, english, beispielrunde):
        response = page_of(english, beispielrunde)
        final = between(text_of(response), "After the game", "Race by race")
        assert final == (
            "After the game Anna Kreuz ♣9 ♣J ♣Q ♣K ♣10 ♣A Pik ♠Q Herz ♥Q ♥K Reserve ♥9 "
            "Strikes – ♣ ♠ ♥ Bert Kreuz ♣Q Pik ♠9 ♠J ♠Q ♠K Herz ♥Q Reserve ♥A Strikes ♥A ♣ ♠ ♥ ")
        sheet = response.context["sheet"]
        anna, bert = sheet["games"][0]["seats"]
        assert [row["won"] for row in anna["rows"]] == [True, False, False]
        assert [slot["held"] for slot in bert["rows"][1]["slots"]] == [True] * 4 + [False] * 2
        assert [pip["struck"] for pip in bert["strike_suits"]] == [False, False, True]
        # The race that brought a card marks it as new in its row.
        race5 = sheet["games"][0]["races"][4]
        assert [slot["card"] for slot in race5["seats"][0]["rows"][0]["slots"]
                if slot["new"]] == ["AC"]

    def test_without_javascript_every_race_and_move_is_on_the_page(self, english,
                                                                   beispielrunde):
        html = page_of(english, beispielrunde).content.decode()
        assert html.count('<article class="rennen-race panel"') == 5
        assert '<nav class="rennen-race-stepper" hidden>' in html
        assert '<div class="rennen-move-stepper" hidden' in html
        assert 'src="/static/sheets/rennen.js"' in html
        assert 'href="/static/sheets/rennen.css"' in html
        assert html.count('<li value="') == 10


def test_a_whole_game_typed_in_from_the_table(english, run_on_commit, players):
    page = text_of(page_of(english, stored(run_on_commit, example("whole-game"), players)))
    races = between(page, "Race Stock", "After the game")
    assert "2 39 Anna Bert simple 1 : 1 + extra cards Anna ♦A reserve" in races
    assert "5 30 Bert Bert Anna ultimate bomb Anna ♣10 reserve" in races
    tiebreak = between(page, "Game 1, race 2", "Game 1, race 3")
    assert "Herz: Anna Herzvorteil not used Hands to play" in tiebreak
    assert ("1 ♦9 ♥J Bert 0:1 2 ♣10 ♦10 tie, set aside 0:1 3 ♦K ♣J Anna 1:1 extra ♣J ♠A Bert "
            "Bert wins the race 1 : 1 · simple win (the tie broken with extra cards)") in tiebreak
    keep = between(page, "Game 1, race 3", "Game 1, race 4")
    assert "Herzvorteil: Bert shows ♠J ♥J Anna keeps the hand Hands to play" in keep
    assert "Bert picks ♥K to the Herz row then from the reserve: ♥10 Anna picks ♥A" in keep
    bomb = between(page, "Game 1, race 5", "Game 1, race 6")
    assert ("Pikvorteil: Bert discards ♦J Hands to play Anna: ♥J ♠J ♣J Bert: ♦Q ♣A ♣9 "
            "💣 Anna holds a bomb: three Jacks The race Anna wins the race · ultimate win "
            "(a bomb) Picks") in bomb
    last = between(page, "Game 1, race 7", "Log history")
    assert "Anna picks ♥K to the Herz row then from the reserve: ♥10 ♥A" in last
    assert "Strikes ♣K ♣ ♠ ♥ Anna completed the Herz row Moves" in last


def test_three_games_and_the_match_score(english, run_on_commit, players):
    page = text_of(page_of(english, stored(run_on_commit, example("seeded-match3"), players)))
    assert ("Game 1 7 Bert completed the Kreuz row 0 1 Game 2 9 Anna completed the Kreuz row 1 0 "
            "Game 3 11 Bert completed the Kreuz row 0 1 Games won 1 2") in page
    assert "Game 2 Anna completed the Kreuz row after 9 races" in page
    assert "Game 3, race 11 deal 27 · 17 cards in the stock · 3 cards each" in page


def market_order(response):
    return [[(item["kind"], item["player"], item["card"]) for item in race["market_moves"]]
            for game in response.context["sheet"]["games"] for race in game["races"]]


def test_explicit_attaches_in_the_order_they_were_made(english, run_on_commit, players):
    document = example("explicit-attach")
    response = page_of(english, stored(run_on_commit, document, players))
    played = text_of(response)
    assert ("7 25 Bert Bert Bert Bert simple 1 : 2 Bert attaches ♥J Anna attaches ♠K "
            "Anna ♠9 strike Bert attaches ♥9 After the game") in played
    race = between(played, "Game 1, race 5", "Game 1, race 6")
    assert ("Picks Bert picks ♥K to the reserve Bert attaches ♥K to the Herz row "
            "Bert attaches ♥10 to the Herz row Bert attaches ♥A to the Herz row "
            "Anna picks ♠A to the reserve Anna picks ♣9 strike") in race
    # The same game from the score sheet: each attach sits after the picks its "after" counts.
    sheet = {key: value for key, value in document.items() if key != "seed"}
    sheet["deals"] = [{"facts": hand.facts} for hand in ENGINE.replay(document).hands]
    assert any("attaches" in deal["facts"] for deal in sheet["deals"])
    from_sheet = page_of(english, stored(run_on_commit, sheet, players))
    assert market_order(from_sheet) == market_order(response)
    assert "Bert attaches ♥J Anna attaches ♠K Anna ♠9 strike Bert attaches ♥9" in \
        text_of(from_sheet)


def random_match_ending(end, rules):
    """A random legal match (the engine's own random play) with a game that ended by ``end``."""
    for number in range(200):
        document = ENGINE.random_document(rng=random.Random(number), players=["Anna", "Bert"],
                                          rules=rules)
        games = ENGINE.replay(document).summary["games"]
        for game in games:
            if game["end"] == end:
                return document, game
    raise AssertionError(f"no random match ends by {end}")


@pytest.mark.parametrize(("end", "rules", "text"), [
    ("strikes", None, "{winner} has strikes in Kreuz, Pik and Herz"),
    ("shortage", {"preset": "seed", "attach": "explicit"},
     "Drawn: the stock is too short for another race"),
    ("no_tiebreak", {"preset": "seed", "attach": "explicit"},
     "Drawn: the stock cannot break the tie"),
])
def test_how_a_game_ends(english, run_on_commit, players, end, rules, text):
    document, game = random_match_ending(end, rules)
    won = ENGINE.replay(document).summary["games_won"]
    page = text_of(page_of(english, stored(run_on_commit, document, players)))
    expected = text.format(winner=game["winner"])
    assert f"Game {game['number']} {game['races']} {expected}" in page
    assert f"Game {game['number']} {expected} after {game['races']} races" in page
    if end == "no_tiebreak":
        assert "No winner: the tie could not be broken" in page
    if end != "strikes":
        assert f"Games won (1 game drawn) {won[0]} {won[1]}" in page


def test_the_page_in_german(run_on_commit, players, beispielrunde):
    page = text_of(page_of(Client(HTTP_ACCEPT_LANGUAGE="de"), beispielrunde))
    assert ("Stand der Partie Spiel Rennen Ausgang Anna Bert Spiel 1 5 "
            "Anna hat die Kreuz-Reihe vervollständigt 1 0 Gewonnene Spiele 1 0") in page
    assert "Spiel 1 Anna hat die Kreuz-Reihe vervollständigt nach 5 Rennen" in page
    race = between(page, "Spiel 1, Rennen 3", "Spiel 1, Rennen 4")
    assert ("Herzvorteil: Bert zeigt ♥J ♦9 Anna nimmt ♥J und gibt ♠9 ab "
            "Pikvorteil: Bert legt ♦9 ab Karo: Anna tauscht ♦A aus der Reserve gegen ♣J") in race
    assert "Anna gewinnt das Rennen 2 : 1 · Einfacher Sieg" in race
    assert ("Bert nimmt ♥A Strike Anna nimmt ♣10 an die Kreuz-Reihe "
            "Anna nimmt ♥9 in die Reserve Zurück in den Stapel ♦Q") in race
