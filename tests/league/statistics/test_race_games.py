"""Rennen, Das Rennen and Nerts statistics on hand-built logs of the docs, through the real
results flow; every figure worked out from the logs below."""

from __future__ import annotations

import pytest

from games.models import Player
from league.models import GameRecord
from tests.league.statistics.helpers import basis, example, figures, play

pytestmark = pytest.mark.django_db


class TestRennen:
    """whole-game.json (seven races with their moves) and score-sheet.json (the same races as
    a score sheet). Race by race: winner, how, the advantages in force:
        1 Anna simple  -            2 Bert simple  H Anna        3 Bert ultimate  H Anna
        4 Bert simple  C, H Bert    5 Anna ultimate C, S Bert (Anna plays a bomb of Jacks)
        6 Bert simple  C, S Bert    7 Anna simple  C, S Bert: Anna completes a row."""

    @pytest.fixture(autouse=True)
    def matches(self):
        play(example("rennen/whole-game.json"))
        play(example("rennen/score-sheet.json"))

    def test_races_and_games_won_simple_and_ultimate(self):
        anna, bert = figures("Anna", "rennen"), figures("Bert", "rennen")
        assert (anna["races", "races", None], anna["races", "races_won", None],
                anna["races", "race_win_rate", None]) == (14, 6, 0.4286)
        assert (anna["races", "simple_wins", None], anna["races", "ultimate_wins", None]) == (
            4, 2)
        assert (bert["races", "simple_wins", None], bert["races", "ultimate_wins", None]) == (
            6, 2)
        assert (anna["races", "games", None], anna["races", "games_won", None],
                anna["races", "game_win_rate", None]) == (2, 2, 1.0)
        assert (anna["results", "wins", None], bert["results", "losses", None]) == (2, 2)

    def test_bombs_come_from_the_moves(self):
        anna, bert = figures("Anna", "rennen"), figures("Bert", "rennen")
        assert (anna["races", "bombs", None], bert["races", "bombs", None]) == (1, 0)
        assert basis("Anna", "rennen")["races", "bombs", None] == ("logs", 7)

    def test_advantages_held_and_their_win_rates(self):
        anna, bert = figures("Anna", "rennen"), figures("Bert", "rennen")
        # Anna held the Herzvorteil in races 2 and 3 and lost both, in each match.
        assert (anna["advantages", "held", "H"], anna["advantages", "won", "H"],
                anna["advantages", "win_rate", "H"]) == (4, 0, 0.0)
        assert anna["advantages", "held", "C"] == 0
        # Bert: Kreuz in 4-7 (won 4, 6), Pik in 5-7 (won 6), Herz in 4 (won).
        assert (bert["advantages", "held", "C"], bert["advantages", "win_rate", "C"]) == (8, 0.5)
        assert (bert["advantages", "held", "S"], bert["advantages", "win_rate", "S"]) == (
            6, 0.3333)
        assert (bert["advantages", "held", "H"], bert["advantages", "win_rate", "H"]) == (2, 1.0)


class TestDasRennen:
    """match-two-games.json: Anna White wins game 1 with move 33 (her displacements marked x
    on the even moves: 0, 2, 4, 10, 12, 14, 30; Bert's on 7, 19, 21, 23, 25); game 2 (Bert
    White) is drawn by repetition on the score sheet. seed-race.json: Anna White wins with move
    39, displacing twice (f4xd6, g3xg5) and displaced twice (b6xb4, f5xg4)."""

    @pytest.fixture(autouse=True)
    def matches(self):
        self.first = play(example("katarenga-rennen/match-two-games.json"))
        self.second = play(example("katarenga-rennen/seed-race.json"))

    def test_games_won_by_colour(self):
        anna, bert = figures("Anna", "katarenga-rennen"), figures("Bert", "katarenga-rennen")
        assert (anna["colours", "games", "white"], anna["colours", "won", "white"],
                anna["colours", "win_rate", "white"]) == (2, 2, 1.0)
        assert (anna["colours", "games", "black"], anna["colours", "won", "black"],
                anna["colours", "drawn", "black"]) == (1, 0, 1)
        assert (anna["colours", "games", "all"], anna["colours", "win_rate", "all"]) == (
            3, 0.6667)
        assert (bert["colours", "games", "white"], bert["colours", "drawn", "white"],
                bert["colours", "games", "black"], bert["colours", "won", "black"]) == (
            1, 1, 2, 0)
        assert (anna["results", "matches", None], anna["results", "wins", None]) == (2, 2)

    def test_average_moves_to_win(self):
        anna = figures("Anna", "katarenga-rennen")
        assert anna["colours", "moves_to_win", "white"] == 36.0
        assert anna["colours", "moves_to_win", "black"] is None
        assert basis("Anna", "katarenga-rennen")["colours", "moves_to_win", "white"] == (
            "logs", 2)

    def test_displacements_made_and_suffered(self):
        anna, bert = figures("Anna", "katarenga-rennen"), figures("Bert", "katarenga-rennen")
        assert (anna["colours", "displacements_made", "white"],
                anna["colours", "displacements_suffered", "white"]) == (9, 7)
        assert (bert["colours", "displacements_made", "black"],
                bert["colours", "displacements_suffered", "black"]) == (7, 9)
        assert anna["colours", "displacements_made", "black"] == 0  # a score-sheet game

    def test_the_fastest_win_is_a_record_with_its_move(self):
        record = GameRecord.objects.get(match=self.first)
        assert (record.kind, record.value, record.deal, record.move) == (
            "katarenga-fastest-win", 33, 1, 33)
        assert GameRecord.objects.get(match=self.second).value == 39


class TestNerts:
    """score-sheet.json: Anna, Bert, Cora, seven hands (penalty 2 per Nerts card left):
        hand  foundation A/B/C  left A/B/C  caller
         1    18 12 21          4 6 0       Cora
         2    25 14  9          0 5 8       Anna
         3    11 23 15          6 0 3       Bert
         4    27 10 16          0 7 2       Anna
         5    15 19 26          3 2 0       Cora
         6    24 13 12          0 4 5       Anna
         7    14 22 10          2 0 6       Bert
    teams.json: one played hand of three teams: Nord (Anna 6 + Bert 7 = 13, calls, Bert
    calls), Süd 5 with 8 left, West 4 with 9 left."""

    @pytest.fixture(autouse=True)
    def matches(self):
        self.sheet = play(example("nerts/score-sheet.json"))
        self.teams = play(example("nerts/teams.json"))

    def test_hands_foundation_cards_calls_and_penalty(self):
        anna, bert = figures("Anna", "nerts"), figures("Bert", "nerts")
        # Anna: 18+25+11+27+15+24+14 = 134 and Nord's 13 over 8 hands; calls in 2, 4, 6 and
        # Nord's; penalties 8 (hand 1), 12, 6, 4 = 30.
        assert anna["hands", "hands", None] == 8
        assert anna["hands", "foundation_average", None] == round(147 / 8, 4)
        assert (anna["hands", "calls", None], anna["hands", "call_rate", None]) == (4, 0.5)
        assert anna["hands", "penalty_average", None] == round(30 / 8, 4)
        # Bert: 6, 5, 7, 2, 4 cards left (x 2) and none in the hands he (or Nord) called.
        assert bert["hands", "penalty_average", None] == round(48 / 8, 4)

    def test_by_team(self):
        anna, cora = figures("Anna", "nerts"), figures("Cora", "nerts")
        assert (anna["teams", "hands", "Nord"], anna["teams", "foundation_average", "Nord"],
                anna["teams", "calls", "Nord"], anna["teams", "penalty_average", "Nord"]) == (
            1, 13.0, 1, 0.0)
        assert (cora["teams", "hands", "Süd"], cora["teams", "penalty_average", "Süd"]) == (
            1, 16.0)
        assert ("teams", "hands", "Anna") not in anna  # playing alone is no team

    def test_own_cards_and_calls_come_from_the_moves(self):
        anna, bert = figures("Anna", "nerts"), figures("Bert", "nerts")
        assert (anna["hands", "own_foundation_average", None],
                bert["hands", "own_foundation_average", None]) == (6.0, 7.0)
        assert (anna["hands", "own_calls", None], bert["hands", "own_calls", None]) == (0, 1)
        assert basis("Anna", "nerts")["hands", "own_calls", None] == ("logs", 1)

    def test_most_foundation_cards_in_a_hand(self):
        record = GameRecord.objects.get(match=self.sheet)
        assert (record.kind, record.value, record.deal) == ("nerts-foundation", 27, 4)
        assert record.holders == [{"id": Player.objects.get(name="Anna").pk, "name": "Anna"}]
        team = GameRecord.objects.get(match=self.teams)
        assert [holder["name"] for holder in team.holders] == ["Anna", "Bert"]
