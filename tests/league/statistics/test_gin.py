"""Gin statistics on a hand-built partie, through the real results flow: every figure of the
issue with the exact value worked out below, and the same after a correction."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.models import Match, Player
from league.models import GameRecord, PlayerGameStatistics, PlayerMatchStatistics
from league.selectors.statistics import player_statistics
from tests.games.engines.gin.helpers import deal
from tests.league.statistics.helpers import basis, figures, play, submit

pytestmark = pytest.mark.django_db


def sheet(upcard: str, knocker: str, anna: int, bert: int, *, gin: bool = False,
          dealer: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"facts": {"upcard": upcard, "knocker": knocker, "gin": gin,
                                     "deadwood": {"Anna": anna, "Bert": bert}}}
    if dealer:
        out["dealer"] = dealer
    return out


# Two rounds, worked out by hand (seed rules: spades double, undercut bonus 25, round 100).
# Round 1
#   g1 moves, Anna deals, upcard 9H (limit 9): both pass, Bert draws 4D (AC-2C-3C, 8H-8D-8S,
#      4D-5D-6D, deadwood 6S = 6) and knocks with KH in his first turn; Anna cannot lay off
#      and keeps 9+10+10+2 = 31: Bert 31 - 6 = 25                          A 0    B 25
#   g2 8H: Anna knocks with 4 against 20: Anna 16                           A 16   B 25
#   g3 7S: Anna knocks with 7, Bert has 5: undercut, Bert (25 + 2) x 2 = 54   A 16   B 79
#   g4 10C: Anna knocks with 1 against 90: Anna 89; 105 ends the round       A 105  B 79
#   Anna 105 + 2 x 25 + 100 = 255, Bert 79 + 2 x 25 = 129: 126 to Anna.
# Round 2 (Anna leads and deals first)
#   g5 KS: Bert knocks with 9, Anna has 0: undercut, Anna (25 + 9) x 2 = 68
#   g6 QS: Bert knocks with 10, Anna has 0: undercut, Anna (25 + 10) x 2 = 70; 138
#   Bert won no game: a shutout, Anna 138 x 2 + 2 x 25 + 200 = 526.
# The partie: Anna 652, Bert 0.
PARTIE = {
    "format": "stammtisch-log/1", "game": "gin", "rules": {"preset": "seed", "rounds": 2},
    "players": ["Anna", "Bert"],
    "deals": [
        deal(["pass", "pass", "draw 4D", "knock KH", "lay"], dealer="Anna"),
        sheet("8H", "Anna", 4, 20),
        sheet("7S", "Anna", 7, 5),
        sheet("10C", "Anna", 1, 90),
        sheet("KS", "Bert", 0, 9),
        sheet("QS", "Bert", 0, 10),
    ],
}


@pytest.fixture
def partie() -> Match:
    match = play(PARTIE)
    assert [(seat.player.name, seat.score) for seat in match.seats.order_by("index")] == [
        ("Anna", 652), ("Bert", 0)]
    return match


def test_games_rounds_and_parties_won(partie):
    anna, bert = figures("Anna", "gin"), figures("Bert", "gin")
    assert (anna["results", "matches", None], anna["results", "wins", None],
            anna["results", "win_rate", None]) == (1, 1, 1.0)
    assert (bert["results", "wins", None], bert["results", "losses", None]) == (0, 1)
    assert (anna["games", "games", None], anna["games", "games_won", None],
            anna["games", "game_win_rate", None]) == (6, 4, 0.6667)
    assert (bert["games", "games_won", None], bert["games", "game_win_rate", None]) == (2, 0.3333)
    assert (anna["results", "rounds", None], anna["results", "rounds_won", None],
            anna["results", "round_win_rate", None]) == (2, 2, 1.0)
    assert (bert["results", "rounds_won", None],
            bert["results", "round_win_rate", None]) == (0, 0.0)


def test_knock_gin_and_undercut_rates(partie):
    anna, bert = figures("Anna", "gin"), figures("Bert", "gin")
    # Anna knocked in g2, g3, g4: 3 of 6 games; no gin; undercut once (g3); she undercut
    # Bert twice (g5, g6).
    assert (anna["knocks", "knocks", None], anna["knocks", "knock_rate", None]) == (3, 0.5)
    assert (anna["knocks", "gins", None], anna["knocks", "gin_rate", None]) == (0, 0.0)
    assert (anna["knocks", "undercut", None], anna["knocks", "undercut_rate", None]) == (
        1, 0.3333)
    assert anna["knocks", "undercuts_made", None] == 2
    # Bert knocked in g1, g5, g6 and was undercut in g5 and g6.
    assert (bert["knocks", "knocks", None], bert["knocks", "undercut_rate", None]) == (3, 0.6667)
    assert bert["knocks", "undercuts_made", None] == 1


def test_average_deadwood_when_knocking_and_when_caught(partie):
    anna, bert = figures("Anna", "gin"), figures("Bert", "gin")
    # The example: knocks with 4, 7 and 1 deadwood average 4.0.
    assert anna["knocks", "deadwood_knocking", None] == 4.0
    # Caught: Anna with 31 (g1), 0 (g5), 0 (g6); Bert with 20, 5, 90.
    assert anna["knocks", "deadwood_caught", None] == round(31 / 3, 4)
    assert bert["knocks", "deadwood_caught", None] == round(115 / 3, 4)
    assert bert["knocks", "deadwood_knocking", None] == round((6 + 9 + 10) / 3, 4)


def test_turns_to_knock_come_from_the_moves_only(partie):
    anna, bert = figures("Anna", "gin"), figures("Bert", "gin")
    # Bert knocked in his first turn (one card drawn) in the only replayed game; his two
    # knocks on the score sheet say nothing about turns. Anna never knocked in a replayed game.
    assert bert["knocks", "turns_to_knock", None] == 1.0
    assert anna["knocks", "turns_to_knock", None] is None
    # The page says what each figure stands on: 1 of the 6 games came with its moves.
    assert basis("Bert", "gin")["knocks", "turns_to_knock", None] == ("logs", 1)
    assert basis("Bert", "gin")["knocks", "deadwood_knocking", None] == ("all", 6)
    stats = player_statistics(player=Player.objects.get(name="Bert"), game="gin")
    assert (stats.hands, stats.hands_logged, stats.matches_logged) == (6, 1, 1)


def test_spade_doubled_games_and_shutouts(partie):
    anna, bert = figures("Anna", "gin"), figures("Bert", "gin")
    # Spades: g3 (7S, Bert's), g5 (KS) and g6 (QS, Anna's).
    assert (anna["games", "spade_games", None], anna["games", "spade_games_won", None],
            anna["games", "spade_win_rate", None]) == (3, 2, 0.6667)
    assert bert["games", "spade_games_won", None] == 1
    assert (anna["results", "shutouts", None], anna["results", "shutouts_suffered", None]) == (
        1, 0)
    assert (bert["results", "shutouts", None], bert["results", "shutouts_suffered", None]) == (
        0, 1)


def test_the_highest_round_is_a_record_with_its_deal(partie):
    record = GameRecord.objects.get(match=partie)
    assert (record.kind, record.value, record.deal, record.source) == ("gin-round", 526, 6,
                                                                      "facts")
    assert record.holders == [{"id": Player.objects.get(name="Anna").pk, "name": "Anna"}]


def test_a_correction_replaces_the_matchs_figures(partie):
    corrected = copy.deepcopy(PARTIE)
    # The sheet said 4 for g2, Anna really had 2: 18 points instead of 16 (round 1 ends at
    # 107; Anna 107 + 50 + 100 = 257, Bert 129: 128; the partie 654 : 0).
    corrected["deals"][1] = sheet("8H", "Anna", 2, 20)
    submit(partie, corrected)
    assert partie.status == Match.Status.SCORED
    anna = figures("Anna", "gin")
    assert anna["knocks", "deadwood_knocking", None] == round((2 + 7 + 1) / 3, 4)
    assert anna["results", "matches", None] == 1  # the match counts once
    assert PlayerMatchStatistics.objects.filter(match=partie).count() == 2
    assert PlayerGameStatistics.objects.get(player__name="Anna").totals["points"] == 654

    # A correction that is rejected: the match has no valid result, so it counts no more.
    broken = copy.deepcopy(corrected)
    broken["deals"][1] = sheet("8H", "Anna", 9, 20)  # 9 is above the limit of 8
    submit(partie, broken)
    assert partie.status == Match.Status.REJECTED
    assert not PlayerGameStatistics.objects.filter(game="gin").exists()
    assert not GameRecord.objects.exists()

    # And the first log submitted again brings everything back.
    submit(partie, corrected | {"event": "again"})
    assert figures("Anna", "gin")["knocks", "deadwood_knocking", None] == round(10 / 3, 4)
