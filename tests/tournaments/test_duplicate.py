"""Duplicate mode through the services: deal sets per round, the log checked against the
cards when it is scored, and the comparison in exact matchpoints.

The logs in ``tests/data/duplicate/`` are complete random games dealt from the deal set of
round 1 of a tournament with ``deal_seed`` "abend" (Gin: boards Anna-Bert and Dieter-Cora of
a Swiss; Doppelkopf: the two tables of 8 players); the points quoted below are what the
engines score them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engines.doppelkopf import ENGINE as DOPPELKOPF
from games.engines.doppelkopf.randomplay import random_document as doppelkopf_document
from games.engines.gin import ENGINE as GIN
from games.engines.gin.play import random_document as gin_document
from games.models import MatchLog
from tests.documents import first_wins
from tests.tournaments.rounds_helpers import names, round_matches, started, submit
from tournaments.pairing.duplicate import deal_sets
from tournaments.selectors.duplicate import duplicate_comparison, match_comparison
from tournaments.services.rounds import round_next

pytestmark = pytest.mark.django_db
DATA = Path(__file__).resolve().parents[1] / "data" / "duplicate"


def log(name):
    return json.loads((DATA / f"{name}.json").read_text())


def gin_event(organizer):
    return started(organizer, count=4, rounds_planned=2, duplicate=True, deal_seed="abend")


def doppelkopf_event(organizer):
    return started(organizer, game="doppelkopf", format="table_rounds", count=8,
                   rounds_planned=2, deals_per_round=4, duplicate=True, deal_seed="abend")


def lines(comparison, match, deal):
    return [(line.player.name, line.hand, line.score, line.matchpoints, line.top, line.datum)
            for line in comparison.by_match[match.pk] if line.deal == deal]


def error_of(match):
    return MatchLog.objects.filter(match=match).latest("version").error["message"]


class TestDealSets:
    def test_every_match_of_a_round_plays_the_rounds_set(self, organizer, run_on_commit):
        tournament = gin_event(organizer)
        sets = [str(s.seed) for s in deal_sets(2, seed="abend")]
        assert [m.deal_set for m in round_matches(tournament, 1)] == [sets[0], sets[0]]
        for match in round_matches(tournament, 1):
            submit(run_on_commit, match, log("gin-board-1") if names(match)[0] == "Anna"
                   else log("gin-board-2"))
        round_next(tournament=tournament)
        assert [m.deal_set for m in round_matches(tournament, 2)] == [sets[1], sets[1]]

    def test_a_seed_is_drawn_at_the_start_when_none_is_given(self, organizer):
        tournament = started(organizer, count=4, rounds_planned=2, duplicate=True)
        tournament.refresh_from_db()
        assert len(tournament.deal_seed) == 16
        assert round_matches(tournament, 1)[0].deal_set == str(
            deal_sets(1, seed=tournament.deal_seed)[0].seed)


class TestTheLogMustHoldTheDealSetsCards:
    def test_another_seed_is_rejected(self, organizer, run_on_commit):
        tournament = gin_event(organizer)
        board = round_matches(tournament, 1)[0]
        rules = {"preset": "seed", "rounds": 1}
        document = gin_document(GIN.rules(rules), rules, rng=random.Random(1),
                                players=["Anna", "Bert"], seed="something else")
        submit(run_on_commit, board, document)
        assert board.status == "rejected"
        assert error_of(board) == (
            f'deals[0]: deal 1 was not dealt from this match\'s deal set: a duplicate match '
            f'is dealt from "seed": "{board.deal_set}"')

    def test_a_score_sheet_is_rejected(self, organizer, run_on_commit):
        tournament = gin_event(organizer)
        board = round_matches(tournament, 1)[0]
        submit(run_on_commit, board, first_wins("Anna", "Bert"))
        assert error_of(board) == (
            f'deals[0]: deal 1 is a score-sheet deal, but this match plays a duplicate deal '
            f'set: play every deal from "seed": "{board.deal_set}" so that its cards can be '
            'compared')

    def test_doppelkopf_from_another_seed_is_rejected(self, organizer, run_on_commit):
        tournament = doppelkopf_event(organizer)
        table = round_matches(tournament, 1)[0]
        document = doppelkopf_document(DOPPELKOPF, rng=random.Random(1),
                                       players=list(names(table)), rules=table.rules, deals=0,
                                       seed="anders", first_dealer=table.seating.first_dealer)
        submit(run_on_commit, table, document)
        assert table.status == "rejected"
        assert error_of(table) == (
            f'deals[0]: deal 1 was not dealt from this match\'s deal set: a duplicate match '
            f'is dealt from "seed": "{table.deal_set}"')


class TestMatchpoints:
    def test_gin_pairs_compared_hand_by_hand(self, organizer, run_on_commit):
        tournament = gin_event(organizer)
        anna_bert, dieter_cora = round_matches(tournament, 1)
        submit(run_on_commit, anna_bert, log("gin-board-1"))
        submit(run_on_commit, dieter_cora, log("gin-board-2"))
        assert (anna_bert.status, dieter_cora.status) == ("scored", "scored")
        comparison = duplicate_comparison(tournament=tournament)
        # Deal 1: Anna and Dieter deal (hand 1), Bert and Cora hold the non-dealer's cards
        # (hand 0). Game points: Anna 0, Bert 3; Dieter 24, Cora 0. Same cards: Bert 3 beats
        # Cora 0 (2 of 2), Dieter 24 beats Anna 0; the datum is the other result.
        assert lines(comparison, anna_bert, 1) == [("Anna", 1, 0, 0, 2, -24.0),
                                                   ("Bert", 0, 3, 2, 2, 3.0)]
        assert lines(comparison, dieter_cora, 1) == [("Dieter", 1, 24, 2, 2, 24.0),
                                                     ("Cora", 0, 0, 0, 2, -3.0)]
        # Deal 7: only Anna-Bert played it (their partie was longer): nothing to compare.
        assert lines(comparison, anna_bert, 7) == [("Anna", 1, 1, 0, 0, 0.0),
                                                   ("Bert", 0, 0, 0, 0, 0.0)]
        # Totals over deals 1-6 (top 2 each = 12): Bert beats Cora on deals 1, 2, 3 and 6,
        # ties deal 5 (0:0), loses deal 4 (10 : 38): 4 x 2 + 1 = 9 of 12 = 75 %; Dieter 8,
        # Anna 4, Cora 3.
        assert [(t.player.name, t.matchpoints, t.top, t.hands, t.percent)
                for t in comparison.totals] == [
            ("Bert", 9, 12, 9, 75.0), ("Dieter", 8, 12, 6, 66.67), ("Anna", 4, 12, 9, 33.33),
            ("Cora", 3, 12, 6, 25.0)]

    def test_doppelkopf_tables_compared_seat_by_seat(self, organizer, run_on_commit):
        tournament = doppelkopf_event(organizer)
        table1, table2 = round_matches(tournament, 1)
        assert names(table1) == ("Anna", "Dieter", "Cora", "Bert")
        assert names(table2) == ("Gero", "Hanna", "Eva", "Frank")
        submit(run_on_commit, table1, log("doppelkopf-table-1"))
        submit(run_on_commit, table2, log("doppelkopf-table-2"))
        assert (table1.status, table2.status) == ("scored", "scored")
        comparison = duplicate_comparison(tournament=tournament)
        # Deal 1: the forehand holds the first ten cards (hand 0): Cora at table 1, Hanna at
        # table 2; then clockwise. Table 1 RE (Anna, Cora) wins 5, table 2 RE (Gero, Eva)
        # wins 3: Cora 5 v Hanna -3, Bert -5 v Eva 3, Anna 5 v Frank -3, Dieter -5 v Gero 3.
        assert lines(comparison, table1, 1) == [
            ("Anna", 2, 5, 2, 2, 8.0), ("Dieter", 3, -5, 0, 2, -8.0),
            ("Cora", 0, 5, 2, 2, 8.0), ("Bert", 1, -5, 0, 2, -8.0)]
        # Deal 3: hand 1 holds both Kreuz-Damen, a stilles Solo at both tables: Dieter lost
        # his (-6 x 3 = -18), Gero won his (+9 x 3 = 27); the others are compared with the
        # same hands at table 1 (Frank -9 v Anna 6, Hanna -9 v Cora 6, Eva -9 v Bert 6).
        assert lines(comparison, table2, 3) == [
            ("Gero", 1, 27, 2, 2, 45.0), ("Hanna", 2, -9, 0, 2, -15.0),
            ("Eva", 3, -9, 0, 2, -15.0), ("Frank", 0, -9, 0, 2, -15.0)]
        # Totals (4 deals, top 2 each): Anna, Cora and Gero win all four comparisons.
        assert [(t.player.name, t.matchpoints, t.percent) for t in comparison.totals] == [
            ("Anna", 8, 100.0), ("Cora", 8, 100.0), ("Gero", 8, 100.0), ("Eva", 6, 75.0),
            ("Bert", 2, 25.0), ("Dieter", 0, 0.0), ("Frank", 0, 0.0), ("Hanna", 0, 0.0)]
        assert [deal["deal"] for deal in match_comparison(table1)] == [1, 2, 3, 4]
