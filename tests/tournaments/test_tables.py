"""Table rounds through the services: exact seatings for 8 and 9 Doppelkopf players (a
5-table) and a Nerts event, the tables' series checked when a list is scored, reproducible
draws."""

from __future__ import annotations

import re

import pytest

from games.models import MatchLog
from tests.tournaments.rounds_helpers import (
    doko_sheet,
    names,
    round_matches,
    started,
    submit,
)
from tournaments.models import Tournament
from tournaments.selectors import round_rows, tournament_standings
from tournaments.services import TournamentError, tournament_create
from tournaments.services.rounds import round_next

pytestmark = pytest.mark.django_db


def seating(tournament, number):
    """(table, players in seat order, first dealer, deals) of every table of a round."""
    return [(m.table, names(m), names(m)[m.seating.first_dealer], m.seating.deals)
            for m in round_matches(tournament, number)]


def doppelkopf(organizer, count, **settings):
    return started(organizer, game="doppelkopf", format=Tournament.Format.TABLE_ROUNDS,
                   count=count, rounds_planned=3, deals_per_round=4, **settings)


def play_four(run_on_commit, match, re_pair):
    """Four deals at a 4-table, ``re_pair`` RE every time with 130: +4 each, the others -4."""
    players = list(names(match))
    first = players[match.seating.first_dealer]
    return submit(run_on_commit, match, doko_sheet(players, first_dealer=first,
                                                   deals=[(re_pair, 130)] * 4))


def error_of(match):
    return MatchLog.objects.filter(match=match).latest("version").error["message"]


class TestEightDoppelkopfPlayers:
    def test_round_one_by_seed_round_two_by_standings(self, organizer, run_on_commit):
        tournament = doppelkopf(organizer, 8)
        # Round 1: seeds 1-4 at table 1, 5-8 at table 2; the order round each table and the
        # first dealer are drawn from the tournament's seed (nobody has a seat yet).
        assert seating(tournament, 1) == [
            (1, ("Dieter", "Bert", "Anna", "Cora"), "Bert", 4),
            (2, ("Frank", "Eva", "Gero", "Hanna"), "Eva", 4)]
        table1, table2 = round_matches(tournament, 1)
        assert table1.rules == {"preset": "seed", "pflichtsolo_count": 0, "pot_deals": 4}
        play_four(run_on_commit, table1, ["Anna", "Dieter"])
        play_four(run_on_commit, table2, ["Eva", "Hanna"])
        standings = tournament_standings(tournament=tournament)
        assert [(r.player.name, r.rank, r["game_points"]) for r in standings.rows] == [
            ("Anna", 1, 4), ("Dieter", 1, 4), ("Eva", 1, 4), ("Hanna", 1, 4),
            ("Bert", 5, -4), ("Cora", 5, -4), ("Frank", 5, -4), ("Gero", 5, -4)]
        round_next(tournament=tournament)
        # Two tables of four from two tables of four: each new table has at least two pairs
        # who sat together (2 + 2 from each old table), 4 repeats in all. The standings
        # blocks (Anna, Dieter, Eva, Hanna / Bert, Cora, Frank, Gero) are such a split, so
        # they stay together. Seats: everybody gets a seat he has not had (round 1: Dieter 1,
        # Bert 2, Anna 3, Cora 4, Frank 1, Eva 2, Gero 3, Hanna 4); the first dealer is drawn
        # among those who have not dealt first (Bert and Eva have).
        assert seating(tournament, 2) == [
            (1, ("Hanna", "Dieter", "Eva", "Anna"), "Hanna", 4),
            (2, ("Cora", "Gero", "Frank", "Bert"), "Gero", 4)]

    def test_the_same_seed_gives_the_same_tables(self, organizer):
        one = doppelkopf(organizer, 8, deal_seed="abend-7")
        two = doppelkopf(organizer, 8, deal_seed="abend-7", name="Zweiter Abend")
        assert seating(one, 1) == seating(two, 1)


class TestNineDoppelkopfPlayers:
    def test_a_five_table_and_its_series(self, organizer, run_on_commit):
        tournament = doppelkopf(organizer, 9)
        # 9 = 4 + 5: the 5-table plays 5/4 of the series, 5 deals, so that each of its
        # players plays 4 (the dealer sits out).
        assert seating(tournament, 1) == [
            (1, ("Dieter", "Bert", "Anna", "Cora"), "Bert", 4),
            (2, ("Ida", "Frank", "Eva", "Hanna", "Gero"), "Frank", 5)]
        table1, table2 = round_matches(tournament, 1)
        assert table2.rules["pot_deals"] == 5
        rows = round_rows(tournament)[0].matches
        assert [player.name for player in rows[1].sits_out] == [
            "Frank", "Eva", "Hanna", "Gero", "Ida"]
        play_four(run_on_commit, table1, ["Anna", "Bert"])
        # The 5-table, Frank dealing first: deal 1 Frank sits out, RE Ida+Eva; deal 2 Eva
        # out, RE Ida+Frank; deal 3 Hanna out, RE Ida+Frank; deal 4 Gero out, RE Ida+Frank;
        # deal 5 Ida out, RE Frank+Eva; RE wins each with 130 (1 point).
        # Ida +1 +1 +1 +1 0 = 4; Frank 0 +1 +1 +1 +1 = 4; Eva +1 0 -1 -1 +1 = 0;
        # Hanna -1 -1 0 -1 -1 = -4; Gero -1 -1 -1 0 -1 = -4.
        players = list(names(table2))
        deals = [(["Ida", "Eva"], 130), (["Ida", "Frank"], 130), (["Ida", "Frank"], 130),
                 (["Ida", "Frank"], 130), (["Frank", "Eva"], 130)]
        submit(run_on_commit, table2, doko_sheet(players, first_dealer="Frank", deals=deals))
        assert [(s.player.name, s.score, s.rank) for s in table2.seats.order_by("index")] == [
            ("Ida", 4, 1), ("Frank", 4, 1), ("Eva", 0, 3), ("Hanna", -4, 4), ("Gero", -4, 4)]
        round_next(tournament=tournament)
        # Standings: Anna, Bert, Frank, Ida 4; Eva 0; Cora, Dieter, Gero, Hanna -4. The
        # fewest repeats for a 4-table and a 5-table from these two tables: 2 of the old
        # 4-table with 2 of the old 5-table at the new 4-table (1 + 1 repeats), the rest at
        # the 5-table (1 + 3): 6, against 7 or more for any other split. The standings
        # order (Anna, Bert, Frank, Ida | Eva, Cora, Dieter, Gero, Hanna) is such a split.
        assert seating(tournament, 2) == [
            (1, ("Bert", "Anna", "Frank", "Ida"), "Ida", 4),
            (2, ("Cora", "Hanna", "Gero", "Dieter", "Eva"), "Cora", 5)]

    def test_seven_players_cannot_be_seated(self, organizer, run_on_commit):
        tournament = doppelkopf(organizer, 8)
        for match, pair in zip(round_matches(tournament, 1), (["Anna", "Dieter"],
                                                               ["Eva", "Hanna"]), strict=True):
            play_four(run_on_commit, match, pair)
        tournament.entries.filter(player__name="Gero").update(status="withdrawn")
        with pytest.raises(TournamentError, match=re.escape(
                "7 players cannot be seated at Doppelkopf tables of 4 and 5: someone must "
                "join or wait.")):
            round_next(tournament=tournament)


class TestTheSeriesIsChecked:
    def test_the_first_dealer_of_the_seating(self, organizer, run_on_commit):
        tournament = doppelkopf(organizer, 8)
        table1 = round_matches(tournament, 1)[0]
        players = list(names(table1))
        submit(run_on_commit, table1, doko_sheet(players, first_dealer="Anna",
                                                 deals=[(["Anna", "Dieter"], 130)] * 4))
        assert table1.status == "rejected"
        assert error_of(table1) == ('deals[0].dealer: Bert deals first at this table (the '
                                    'round\'s seating), not Anna: name "dealer": "Bert" on '
                                    'deal 1')

    def test_the_whole_series(self, organizer, run_on_commit):
        tournament = doppelkopf(organizer, 8)
        table1 = round_matches(tournament, 1)[0]
        players = list(names(table1))
        submit(run_on_commit, table1, doko_sheet(players, first_dealer="Bert",
                                                 deals=[(["Anna", "Dieter"], 130)] * 3))
        assert error_of(table1) == ("deals: the table's series is 4 deals and the "
                                    "Pflichtsoli still owed; the list stops after 3 of them")


class TestNerts:
    def test_tables_of_the_preferred_size_and_hands_per_round(self, organizer, run_on_commit):
        tournament = started(organizer, game="nerts", format=Tournament.Format.TABLE_ROUNDS,
                             count=7, rounds_planned=2, deals_per_round=2, table_size=4,
                             rules={"preset": "seed"})
        # 7 at tables of about 4: 4 + 3; each table plays 2 hands (target 0: the hands in
        # the log).
        assert seating(tournament, 1) == [
            (1, ("Dieter", "Bert", "Anna", "Cora"), "Bert", 2),
            (2, ("Eva", "Gero", "Frank"), "Eva", 2)]
        table1, table2 = round_matches(tournament, 1)
        assert table1.rules == {"preset": "seed", "target": 0}

        def hand(caller, foundation, left):
            return {"facts": {"caller": caller, "foundation": foundation, "nerts_left": left}}

        # Table 2, two hands. Points = foundation cards - 2 x cards left in the Nerts pile:
        # hand 1 Eva 20, Gero 12 - 2x4 = 4, Frank 9 - 2x6 = -3;
        # hand 2 Eva 8 - 2x3 = 2, Gero 15, Frank 11 - 2x1 = 9. Totals: Eva 22, Gero 19,
        # Frank 6.
        sheet = {"format": "stammtisch-log/1", "game": "nerts", "players": list(names(table2)),
                 "deals": [hand("Eva", {"Eva": 20, "Gero": 12, "Frank": 9},
                                {"Eva": 0, "Gero": 4, "Frank": 6}),
                           hand("Gero", {"Eva": 8, "Gero": 15, "Frank": 11},
                                {"Eva": 3, "Gero": 0, "Frank": 1})]}
        submit(run_on_commit, table2, sheet)
        assert [(s.player.name, s.score, s.rank) for s in table2.seats.order_by("index")] == [
            ("Eva", 22, 1), ("Gero", 19, 2), ("Frank", 6, 3)]
        one_hand = dict(sheet, deals=sheet["deals"][:1])
        submit(run_on_commit, table1, dict(one_hand, players=list(names(table1)), deals=[
            hand("Anna", {"Anna": 20, "Bert": 10, "Cora": 10, "Dieter": 10},
                 {"Anna": 0, "Bert": 1, "Cora": 2, "Dieter": 3})]))
        assert error_of(table1) == "deals: the table plays 2 hands in this round, the log has 1"
        standings = tournament_standings(tournament=tournament)
        assert [(r.player.name, r["game_points"], r["wins"], r.series) for r in standings.rows
                if r["played"]] == [("Eva", 22, 1, [22]), ("Gero", 19, 0, [19]),
                                    ("Frank", 6, 0, [6])]


class TestCreating:
    @pytest.mark.parametrize(("game", "settings", "message"), [
        ("gin", {}, "Table rounds are for Doppelkopf and Nerts; Gin Rommé is a two-player "
                    "game."),
        ("doppelkopf", {"rounds_planned": None}, "Table rounds need the number of rounds."),
        ("doppelkopf", {"deals_per_round": 10}, "A Doppelkopf series needs a multiple of 4 "
                                                "deals, not 10"),
        ("doppelkopf", {"table_size": 5}, "Doppelkopf is played at tables of 4"),
        ("nerts", {"table_size": 7}, "A Nerts table holds 2 to 6 players."),
        ("nerts", {"duplicate": True}, "Duplicate mode is for Gin and Doppelkopf."),
    ])
    def test_what_does_not_go_together(self, organizer, game, settings, message):
        arguments = {"rounds_planned": 3, **settings}
        with pytest.raises(TournamentError, match=re.escape(message)):
            tournament_create(name="X", game=game, format=Tournament.Format.TABLE_ROUNDS,
                              organizer=organizer, **arguments)
