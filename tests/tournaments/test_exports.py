"""Exports: every CSV with its exact content, the printable round sheet and Doppelkopf lists,
the export links on the tournament page."""

from __future__ import annotations

import datetime
import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import timezone, translation

from games.models import Match, Seat
from league.services import league_create, season_create, season_match_record
from tests.documents import as_text, first_wins
from tests.test_pages import text_of
from tests.tournaments.events import doppelkopf_tables, gin_round_robin

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


@pytest.fixture
def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def krone(organizer, players, run_on_commit):
    return gin_round_robin(organizer, players, run_on_commit)


def ids(tournament):
    return list(Match.objects.filter(round__tournament=tournament)
                .order_by("round__number", "position").values_list("pk", flat=True))


def scored_on(match_id):
    """The day a match's current log was scored, in the service's time zone."""
    log = Match.objects.get(pk=match_id).current_log
    return timezone.localdate(log.processed_at).isoformat()


def csv_of(response):
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    return body[1:].split("\r\n")


class TestTournamentCsv:
    def test_standings(self, english, krone):
        response = english.get(f"/tournaments/{krone.slug}/export/standings.csv")
        assert response["Content-Disposition"] == \
            'attachment; filename="krone-cup-standings.csv"'
        # See tests/tournaments/events.py: Cora wins all three, Anna two, Dieter one.
        assert csv_of(response) == [
            "place,player,played,wins,draws,losses,game points,game points against,"
            "difference,match points",
            "1,Cora,3,3,0,0,435,0,435,6",
            "2,Anna,3,2,0,1,290,145,145,4",
            "3,Dieter,3,1,0,2,145,290,-145,2",
            "4,Bert,3,0,0,3,0,435,-435,0",
            "",
        ]

    def test_pairings(self, english, krone):
        m = ids(krone)
        assert csv_of(english.get(f"/tournaments/{krone.slug}/export/pairings.csv")) == [
            "round,round name,table,match,bracket,group,seat 1,seat 2",
            f"1,Round 1,1,{m[0]},,,Anna,Dieter",
            f"1,Round 1,2,{m[1]},,,Bert,Cora",
            f"2,Round 2,1,{m[2]},,,Dieter,Cora",
            f"2,Round 2,2,{m[3]},,,Anna,Bert",
            f"3,Round 3,1,{m[4]},,,Bert,Dieter",
            f"3,Round 3,2,{m[5]},,,Cora,Anna",
            "",
        ]

    def test_results_one_row_per_seat(self, english, krone):
        m = ids(krone)
        Match.objects.filter(pk=m[0]).update(played_on=datetime.date(2026, 11, 20))
        rows = csv_of(english.get(f"/tournaments/{krone.slug}/export/results.csv"))
        assert rows[:5] == [
            "round,round name,table,match,bracket,group,status,result,played on,seat,player,"
            "score,place",
            f"1,Round 1,1,{m[0]},,,scored,played,2026-11-20,1,Anna,145,1",
            f"1,Round 1,1,{m[0]},,,scored,played,2026-11-20,2,Dieter,0,2",
            # The corrected match: the second version, Cora's win, counts; without a date
            # given, it was played on the day its log was scored.
            f"1,Round 1,2,{m[1]},,,scored,played,{scored_on(m[1])},1,Bert,0,2",
            f"1,Round 1,2,{m[1]},,,scored,played,{scored_on(m[1])},2,Cora,145,1",
        ]
        assert len(rows) == 1 + 12 + 1

    def test_a_scheduled_bracket_with_open_seats(self, english, organizer, players):
        from tournaments.models import Tournament
        from tournaments.services import tournament_create, tournament_enter, tournament_start

        tournament = tournament_create(name="Pokal", game="gin", rules=RULES,
                                       format=Tournament.Format.SINGLE_ELIMINATION,
                                       organizer=organizer)
        for seed, name in enumerate(["Anna", "Bert", "Cora"], start=1):
            tournament_enter(tournament=tournament, player=players[name], seed=seed)
        tournament_start(tournament=tournament)
        m = ids(tournament)
        # The bracket slots are named by the bracket's part (e.g. W1.2).
        semi, final = (Match.objects.get(pk=pk).bracket for pk in m)
        assert csv_of(english.get(f"/tournaments/{tournament.slug}/export/pairings.csv")) == [
            "round,round name,table,match,bracket,group,seat 1,seat 2",
            f"1,Semi-finals,1,{m[0]},{semi},,Bert,Cora",
            f"2,Final,1,{m[1]},{final},,Anna,",
            "",
        ]
        assert csv_of(english.get(f"/tournaments/{tournament.slug}/export/results.csv"))[1:3] \
            == [f"1,Semi-finals,1,{m[0]},{semi},,scheduled,played,,1,Bert,,",
                f"1,Semi-finals,1,{m[0]},{semi},,scheduled,played,,2,Cora,,"]
        # In German: German column names and values, semicolons for German spreadsheets.
        german = csv_of(Client(HTTP_ACCEPT_LANGUAGE="de").get(
            f"/tournaments/{tournament.slug}/export/results.csv"))
        assert german[:2] == [
            "Runde;Rundenname;Tisch;Partie;Turnierbaum;Gruppe;Status;Ergebnis;gespielt am;"
            "Platz am Tisch;Spieler;Punkte;Platz",
            f"1;Halbfinale;1;{m[0]};{semi};;angesetzt;gespielt;;1;Bert;;"]
        # A parameter chooses the other dialect.
        assert csv_of(english.get(f"/tournaments/{tournament.slug}/export/results.csv"
                                  "?sep=semicolon"))[0].startswith("round;round name;table")

    def test_table_rounds_add_the_series_and_five_seats(self, english, organizer,
                                                        run_on_commit):
        tournament = doppelkopf_tables(organizer, logs=True, run_on_commit=run_on_commit)
        rows = csv_of(english.get(f"/tournaments/{tournament.slug}/export/standings.csv"))
        # One round: each player's series is his score at his table.
        assert rows[0].startswith("place,player,played,") and rows[0].endswith(",series")
        scores = {seat.player.name: seat.score for seat in
                  Seat.objects.filter(match__round__tournament=tournament)}
        assert {row.split(",")[1]: row.split(",")[-1] for row in rows[1:-1]} == {
            name: str(score) for name, score in scores.items()}
        m = ids(tournament)
        assert csv_of(english.get(f"/tournaments/{tournament.slug}/export/pairings.csv")) == [
            "round,round name,table,match,bracket,group,seat 1,seat 2,seat 3,seat 4,seat 5",
            f"1,Round 1,1,{m[0]},,,Anna,Bert,Cora,Dieter,",
            f"1,Round 1,2,{m[1]},,,Eva,Frank,Gerd,Hanna,Ida",
            "",
        ]

    def test_unknown_table_is_not_found(self, english, krone):
        assert english.get(f"/tournaments/{krone.slug}/export/entries.csv").status_code == 404


class TestSeasonCsv:
    def test_standings_and_results(self, english, organizer, players, run_on_commit):
        league = league_create(name="Dienstagsrunde", game="gin", organizer=organizer,
                               rules=RULES)
        season = season_create(league=league, name="Herbst 2026",
                               members=[players["Anna"], players["Bert"], players["Cora"]])
        with run_on_commit():
            first = season_match_record(season=season,
                                        players=[players["Anna"], players["Bert"]],
                                        text=as_text(first_wins("Anna", "Bert")),
                                        played_on=datetime.date(2026, 10, 6))
        base = "/tournaments/exports/seasons/dienstagsrunde/herbst-2026"
        # Anna beat Bert 145:0; Cora has not played.
        assert csv_of(english.get(f"{base}/standings.csv")) == [
            "place,player,played,wins,draws,losses,game points,game points against,"
            "difference,match points",
            "1,Anna,1,1,0,0,145,0,145,2",
            "2,Cora,0,0,0,0,0,0,0,0",
            "3,Bert,1,0,0,1,0,145,-145,0",
            "",
        ]
        assert csv_of(english.get(f"{base}/results.csv")) == [
            "match,match day,scheduled on,division,status,result,played on,seat,player,score,"
            "place",
            f"{first.match_id},,,,scored,played,2026-10-06,1,Anna,145,1",
            f"{first.match_id},,,,scored,played,2026-10-06,2,Bert,0,2",
            "",
        ]
        api = Client().get("/api/exports/seasons/dienstagsrunde/herbst-2026/results.csv",
                           HTTP_ACCEPT="text/csv")
        assert csv_of(api)[1] == f"{first.match_id},,,,scored,played,2026-10-06,1,Anna,145,1"


class TestApiCsv:
    def test_the_api_serves_the_same_rows_with_stable_keys(self, krone):
        page = Client(HTTP_ACCEPT_LANGUAGE="en").get(
            f"/tournaments/{krone.slug}/export/standings.csv?sep=comma")
        api = Client().get(f"/api/tournaments/{krone.slug}/export/standings.csv",
                           HTTP_ACCEPT="text/csv")
        assert api.status_code == 200
        # The API keeps its keys as the header (scripts rely on them); the rows are the same.
        assert csv_of(api)[0] == ("rank,player,played,wins,draws,losses,game_points,"
                                  "game_points_against,difference,points")
        assert csv_of(api)[1:] == csv_of(page)[1:]

    def test_an_unknown_table_in_the_error_shape(self, krone):
        response = Client().get(f"/api/tournaments/{krone.slug}/export/entries.csv")
        assert (response.status_code, response.json()) == (404, {
            "message": "no CSV called 'entries'; there are standings, pairings, results",
            "extra": {}})


class TestRoundSheet:
    def test_pairings_result_boxes_and_the_index(self, english, krone):
        page = text_of(english.get(f"/tournaments/{krone.slug}/print/rounds/2/"))
        assert "Krone Cup · Round 2 Gin Rommé · round robin Pairings" in page
        assert "Table Seat 1 Seat 2 Result 1 Dieter Cora ____ : ____ 2 Anna Bert ____ : ____" \
            in page
        assert "Find your table Anna · table 2, seat 1 Bert · table 2, seat 2 " \
               "Cora · table 1, seat 2 Dieter · table 1, seat 1" in page

    def test_print_css_is_a4(self, english, krone):
        html = english.get(f"/tournaments/{krone.slug}/print/rounds/1/").content.decode()
        assert "@page { size: A4; margin: 12mm; }" in html
        assert "@media print { .toolbar { display: none; }" in html

    def test_table_seating_with_the_first_dealer(self, english, organizer):
        tournament = doppelkopf_tables(organizer)
        page = text_of(english.get(f"/tournaments/{tournament.slug}/print/rounds/1/"))
        assert ("Seating Table Seat 1 Seat 2 Seat 3 Seat 4 Seat 5 "
                "1 Anna ▶ Bert Cora Dieter 2 Eva ▶ Frank Gerd Hanna Ida "
                "▶ deals first; the deal passes clockwise (seat 1, 2, ...). At a table of five "
                "the dealer sits out each deal.") in page
        assert "Result" not in page

    def test_a_round_that_is_not_there(self, english, krone):
        assert english.get(f"/tournaments/{krone.slug}/print/rounds/9/").status_code == 404


class TestDoppelkopfList:
    def test_four_and_five_tables_with_the_seed_rules(self, english, organizer):
        tournament = doppelkopf_tables(organizer)
        response = english.get(f"/tournaments/{tournament.slug}/print/rounds/1/lists/")
        page = text_of(response)
        # Table 1: 24 deals per player, 2 spare rows; the seed rules keep the deal after a
        # declared solo, so the dealer column is left to the table.
        assert ("Doppelkopf list · table 1 Doko-Abend · Round 1 · Date: ____________ "
                "Players (clockwise): 1 Anna · 2 Bert · 3 Cora · 4 Dieter "
                "Dealer order: Anna → Bert → Cora → Dieter → … "
                "Rules: seed · 24 deals · 1 Pflichtsolo per player · after a declared solo "
                "the same player deals again "
                "Pflichtsolo played: Anna · Bert · Cora · Dieter "
                # The columns of the form on the match page, to type the list in row by row.
                "No. Dealer Game Re players Result Announcements Special points Re "
                "Special points Kontra Pflichtsolo Value Anna Bert Cora Dieter "
                "Anna Bert Cora Dieter Augen or: won by Re Kontra 1 2 3") in page
        first, second = page.split("Doppelkopf list · table 2")
        assert "23 24 25 26 Special points: D = Doppelkopf · F = Fuchs caught · K = Karlchen " \
               "· C = Charly caught · H = Heart trick · L = Fuchs last trick" in first
        assert "Total Anna: Bert: Cora: Dieter: Signatures" in first and " 27 " not in first
        # Table 2 of five: 24 * 5 / 4 = 30 deals, each player sits out six as dealer.
        assert ("Doppelkopf list · table 2 Doko-Abend · Round 1 · Date: ____________ "
                "Players (clockwise): 1 Eva · 2 Frank · 3 Gerd · 4 Hanna · 5 Ida "
                "Dealer order: Eva → Frank → Gerd → Hanna → Ida → … (at a table of five the "
                "dealer sits out each deal) Rules: seed · 30 deals") in page
        assert ("No. Dealer (sits out) Game Re players Result Announcements Special points Re "
                "Special points Kontra Pflichtsolo Value Eva Frank Gerd Hanna Ida "
                "Eva Frank Gerd Hanna Ida Augen or: won by Re Kontra 1 2 3") in second
        assert "29 30 31 32 Special points:" in second
        html = response.content.decode()
        assert html.count('class="spare"') == 4
        # The Pflichtsolo boxes (4 + 5) and a box per player and row to tick the Re players.
        assert html.count('<span class="box"></span>') == 4 + 5 + 26 * 4 + 32 * 5

    def test_ddv_rules_spare_rows_for_pflichtsoli(self, english, organizer):
        tournament = doppelkopf_tables(organizer, rules={"preset": "ddv"}, deals_per_round=None)
        page = text_of(english.get(f"/tournaments/{tournament.slug}/print/rounds/1/"
                                   "tables/1/"))
        # DDV (TSR 8.5/8.6): 20 deals in the pot (no deals per round set) and the four
        # Pflichtsoli outside it make the list of 24: 2 + 4 players x 1 spare rows.
        assert "Rules: ddv · 20 deals · 1 Pflichtsolo per player · after a Pflichtsolo the " \
               "same player deals again" in page
        assert "25 26 Special points:" in page and "table 2" not in page

    def test_dealers_filled_in_when_the_deal_always_moves(self, english, organizer):
        tournament = doppelkopf_tables(organizer, rules={"preset": "seed",
                                                         "dealer_after_solo": "moves"},
                                       deals_per_round=8)
        page = text_of(english.get(f"/tournaments/{tournament.slug}/print/rounds/1/"
                                   "tables/2/"))
        # Five at the table: 8 * 5 / 4 = 10 deals, the dealer (who sits out) in turn.
        assert ("1 Eva 2 Frank 3 Gerd 4 Hanna 5 Ida 6 Eva 7 Frank 8 Gerd 9 Hanna 10 Ida "
                "11 12 Special points:") in page
        assert "the deal passes on after every deal" in page

    def test_only_for_doppelkopf(self, english, krone):
        assert english.get(f"/tournaments/{krone.slug}/print/rounds/1/lists/").status_code \
            == 404
        tournament = doppelkopf_tables(krone.organizers.get())
        assert english.get(f"/tournaments/{tournament.slug}/print/rounds/1/tables/3/") \
            .status_code == 404


class TestLinks:
    def test_the_tournament_page_links_every_export(self, english, krone):
        page = text_of(english.get(f"/tournaments/{krone.slug}/"))
        assert ("Exports CSV: standings · pairings · results (semicolons for German "
                "spreadsheets, commas in English; add ?sep=comma or ?sep=semicolon to choose) "
                "Rounds as a calendar (iCal) · the whole event (JSON) · import an event Print: "
                "Round 1: round sheet Round 2: round sheet Round 3: round sheet") in page
        html = english.get(f"/tournaments/{krone.slug}/").content.decode()
        for url in ("/tournaments/krone-cup/export/standings.csv",
                    "/tournaments/krone-cup/export/event.json",
                    "/tournaments/krone-cup/print/rounds/3/"):
            assert f'href="{url}"' in html

    def test_doppelkopf_rounds_link_their_lists(self, organizer):
        tournament = doppelkopf_tables(organizer)
        with translation.override("en"):
            html = render_to_string("tournaments/_exports.html", {"tournament": tournament})
        page = " ".join(re.sub(r"<[^>]+>", " ", html).split())
        assert "Round 1: round sheet · Doppelkopf lists" in page
        # The entries are the tournament's (a link at its top), not an export.
        assert "Entries" not in page
        assert 'href="/tournaments/doko-abend/print/rounds/1/lists/"' in html


class TestTableDraw:
    """With a real table draw: the first dealer and the deals come from its seating."""

    def test_sheet_and_lists_follow_the_seating(self, english, organizer):
        from tests.tournaments.rounds_helpers import started

        tournament = started(organizer, game="doppelkopf", format="table_rounds", count=9,
                             rounds_planned=2, deals_per_round=4)
        matches = list(Match.objects.filter(round__tournament=tournament)
                       .select_related("seating").order_by("table"))
        assert [len(m.seats.all()) for m in matches] == [4, 5]
        sheet = text_of(english.get(f"/tournaments/{tournament.slug}/print/rounds/1/"))
        for match in matches:
            seated = [s.player.name for s in match.seats.order_by("index")]
            first = match.seating.first_dealer
            cells = " ".join(f"{name} ▶" if index == first else name
                             for index, name in enumerate(seated))
            assert f"{match.table} {cells}" in sheet
            page = text_of(english.get(f"/tournaments/{tournament.slug}/print/rounds/1/"
                                       f"tables/{match.table}/"))
            order = seated[first:] + seated[:first]
            assert f"Dealer order: {' → '.join(order)} → …" in page
            # 4 deals per player: 4 at the four-table, 5 at the five-table (the seating's
            # count), then 2 spare rows (Pflichtsoli are off in these rules).
            deals = match.seating.deals
            assert deals == {4: 4, 5: 5}[len(seated)]
            numbers = " ".join(str(n) for n in range(1, deals + 3))
            assert f"Kontra {numbers} Special points:" in page
