"""The pages, rendered by Django's test client (the browser tests are in tests/integration)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.models import Match
from games.services import match_log_submit
from league.services import league_create, season_create, season_match_record
from tests.documents import as_text, first_wins
from tests.form_data import rules_data
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_enter, tournament_start

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


def text_of(response) -> str:
    """The page's visible text, whitespace collapsed (what a reader sees)."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture
def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def bracket(organizer, players):
    tournament = tournament_create(name="Krone Cup", game="gin", rules=RULES,
                                   format=Tournament.Format.SINGLE_ELIMINATION,
                                   organizer=organizer)
    for seed, name in enumerate(["Anna", "Bert", "Cora"], start=1):
        tournament_enter(tournament=tournament, player=players[name], seed=seed)
    return tournament_start(tournament=tournament)


@pytest.fixture
def season(organizer, players):
    # A player's entry counts at once here: these tests are about the pages; confirmation by
    # the other players is tested in tests/games/test_reports.py.
    league = league_create(name="Dienstagsrunde", game="gin", organizer=organizer, rules=RULES,
                           reporting="players")
    return season_create(league=league, name="Herbst 2026",
                         members=[players["Anna"], players["Bert"]])


class TestHome:
    def test_lists_running_leagues_and_tournaments(self, english, bracket, season):
        page = text_of(english.get("/"))
        assert "Dienstagsrunde: Herbst 2026" in page
        assert "Krone Cup Gin Rommé, single elimination, running" in page

    def test_german_is_the_default(self, bracket):
        page = text_of(Client().get("/"))
        assert "Turniere" in page and "Krone Cup Gin Rommé, K.-o.-System, läuft" in page


class TestTournamentPage:
    def test_the_bracket_with_the_bye(self, english, bracket):
        page = text_of(english.get(f"/tournaments/{bracket.slug}/"))
        semi, final = (Match.objects.get(round__number=number) for number in (1, 2))
        assert (f"Semi-finals 1 Anna bye Match {semi.pk} 2 Bert 3 Cora Final Match {final.pk} "
                f"1 Anna winner of match {semi.pk}") in page

    def test_a_result_moves_the_winner_on(self, english, bracket, run_on_commit):
        semi = Match.objects.get(round__number=1)
        with run_on_commit():
            match_log_submit(match=semi, text=as_text(first_wins("Bert", "Cora")))
        page = text_of(english.get(f"/tournaments/{bracket.slug}/"))
        final = Match.objects.get(round__number=2)
        assert f"2 Bert 145 3 Cora 0 Final Match {final.pk} 1 Anna 2 Bert" in page

    def test_organizers_see_the_entry_form_others_do_not(self, english, organizer, stranger,
                                                        players):
        tournament = tournament_create(name="Open", game="gin", rules=RULES,
                                       format=Tournament.Format.ROUND_ROBIN,
                                       organizer=organizer)
        english.force_login(stranger)
        assert 'id="enter-player"' not in english.get(f"/tournaments/{tournament.slug}/"
                                                      ).content.decode()
        response = english.post(f"/tournaments/{tournament.slug}/entries/",
                                {"player": players["Anna"].pk})
        assert response.status_code == 403
        english.force_login(organizer)
        response = english.post(f"/tournaments/{tournament.slug}/entries/",
                                {"player": players["Anna"].pk, "seed": 1})
        assert response.status_code == 302
        assert list(tournament.entries.values_list("player__name", "seed")) == [("Anna", 1)]

    def test_create_a_tournament(self, english, organizer):
        english.force_login(organizer)
        response = english.post("/tournaments/new/", {
            "name": "Winterpokal", "game": "gin", "format": "round_robin",
            **rules_data("gin", {"preset": "seed", "rounds": 3})})
        tournament = Tournament.objects.get(name="Winterpokal")
        assert response.url == f"/tournaments/{tournament.slug}/"
        assert (tournament.rules, tournament.is_organizer(organizer)) == (
            {"preset": "seed", "rounds": 3}, True)

    def test_a_bad_rule_option_is_shown_on_the_form(self, english, organizer):
        english.force_login(organizer)
        page = text_of(english.post("/tournaments/new/", {
            "name": "W", "game": "gin", "format": "round_robin",
            **rules_data("gin"), "rules-gin-rounds": "-1"}))
        assert "Rounds in a partie -1" not in page
        assert "Ensure this value is greater than or equal to 1." in page
        assert not Tournament.objects.exists()


class TestMatchPage:
    def test_the_gin_score_sheet(self, english, season, players, run_on_commit):
        with run_on_commit():
            log = season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                      text=as_text(first_wins("Anna", "Bert")))
        page = text_of(english.get(f"/matches/{log.match_id}/"))
        assert "1 Anna 145 2 Bert 0" in page
        assert "Round 1" in page
        assert "1 ✎ Bert ♥7 ≤7 Anna knocked 5 : 30 25" in page
        assert "2 ✎ Anna ♠K ≤10 ×2 Bert: gin 20 : 0 90" in page
        assert "3 ✎ Bert ♣9 ≤9 Anna: gin 0 : 60 85" in page
        assert ("Game points 110 90 Games won × bonus 50 25 Round bonus 100 0 "
                "Round total 260 115") in page
        assert "145 points to Anna's round account." in page

    def test_a_rejected_log_shows_where_and_why_and_keeps_the_text(self, english, season,
                                                                  players, anna_user,
                                                                  run_on_commit):
        document = {"format": "stammtisch-log/1", "game": "gin", "rules": RULES,
                    "players": ["Anna", "Bert"], "seed": 7,
                    "deals": [{"dealer": "Anna", "moves": ["pass", "pass", "discard QH"]}]}
        with run_on_commit():
            log = season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                      text=as_text(document))
        english.force_login(anna_user)
        response = english.get(f"/matches/{log.match_id}/")
        page = text_of(response)
        assert "Log version 1 was rejected. Deal 1, move 3: Bert must draw before discarding" \
            in page
        assert "The move as written: discard QH" in page
        # The rejected text waits in the form for the correction.
        assert response.context["log_form"].initial["text"] == as_text(document)

    def test_a_player_submits_a_correction_through_the_page(self, english, season, players,
                                                            anna_user, run_on_commit):
        with run_on_commit():
            log = season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                      text="{}")
        english.force_login(anna_user)
        with run_on_commit():
            response = english.post(f"/matches/{log.match_id}/",
                                    {"text": as_text(first_wins("Anna", "Bert"))})
        assert response.status_code == 302
        match = Match.objects.get(pk=log.match_id)
        assert (match.status, match.current_log.version) == ("scored", 2)

    def test_strangers_cannot_submit(self, english, season, players, stranger):
        log = season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                  text="{}")
        english.force_login(stranger)
        response = english.post(f"/matches/{log.match_id}/", {"text": "{}"})
        assert response.status_code == 403
        assert 'id="submit-log"' not in english.get(f"/matches/{log.match_id}/"
                                                    ).content.decode()

    def test_the_stored_text_as_submitted(self, english, season, players):
        log = season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                  text='{"x":  1}')
        response = english.get(f"/logs/{log.pk}.json")
        assert response.content == b'{"x":  1}'


class TestSeasonPage:
    def test_standings_and_recording_by_upload(self, english, season, players, anna_user,
                                              run_on_commit):
        from django.core.files.uploadedfile import SimpleUploadedFile

        english.force_login(anna_user)
        upload = SimpleUploadedFile("p.json", as_text(first_wins("Bert", "Anna")).encode())
        with run_on_commit():
            response = english.post(season.get_absolute_url(), {
                "seat_0": players["Bert"].pk, "seat_1": players["Anna"].pk, "file": upload})
        assert response.status_code == 302
        page = text_of(english.get(season.get_absolute_url()))
        assert "1 Bert 1 1 0 0 145 0 145 2 2 Anna 1 0 0 1 0 145 -145 0" in page


class TestPlayerPage:
    def test_results_of_a_player(self, english, season, players, run_on_commit):
        with run_on_commit():
            season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                text=as_text(first_wins("Anna", "Bert")))
        page = text_of(english.get(f"/players/{players['Bert'].pk}/"))
        assert "0 won, 0 drawn, 1 lost" in page
        assert "Gin Rommé Dienstagsrunde: Herbst 2026 Anna 0 lost" in page


class TestSeasonOfAGameForMore:
    @pytest.fixture
    def nerts_season(self, organizer, players):
        from games.models import Player

        dirk = Player.objects.create(name="Dirk")
        league = league_create(name="Nerts am Freitag", game="nerts", organizer=organizer,
                               rules={"preset": "seed", "target": 0})
        return season_create(league=league, name="Winter", members=[
            players["Anna"], players["Bert"], players["Cora"], dirk])

    def test_four_players_record_a_match(self, english, nerts_season, organizer,
                                         run_on_commit):
        from pathlib import Path

        from games.models import Player

        text = (Path(__file__).resolve().parents[1] / "docs/examples/nerts/"
                "seeded-four-players.json").read_text()
        ids = [Player.objects.get(name=n).pk for n in ("Anna", "Bert", "Cora", "Dirk")]
        english.force_login(organizer)
        page = english.get(nerts_season.get_absolute_url()).content.decode()
        assert 'name="seat_5"' in page and 'name="seat_6"' not in page  # 2 to 6 players
        with run_on_commit():
            response = english.post(nerts_season.get_absolute_url(), {
                "seat_0": ids[0], "seat_1": ids[1], "seat_2": ids[2], "seat_3": ids[3],
                "text": text})
        assert response.status_code == 302
        match = Match.objects.get(season=nerts_season)
        assert (match.status, match.seats.count()) == ("scored", 4)

    def test_seats_are_filled_without_a_gap(self, english, nerts_season, organizer):
        from games.models import Player

        ids = [Player.objects.get(name=n).pk for n in ("Anna", "Bert", "Cora")]
        english.force_login(organizer)
        page = text_of(english.post(nerts_season.get_absolute_url(), {
            "seat_0": ids[0], "seat_1": ids[1], "seat_3": ids[2], "text": "{}"}))
        assert "Fill the seats in order, without a gap." in page
        assert not Match.objects.exists()


class TestGinScoreSheetForm:
    def rows(self, *games):
        data = {"entry": "sheet", "rows": "30"}
        for number, game in enumerate(games, start=1):
            for key, value in game.items():
                data[f"r{number}-{key}"] = value
        return data

    def test_a_sheet_entered_row_by_row_is_scored(self, english, season, players, anna_user,
                                                  run_on_commit):
        log = season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                  text="{}")
        english.force_login(anna_user)
        page = english.get(f"/matches/{log.match_id}/").content.decode()
        assert 'id="sheet-entry"' in page and "Anna knocks" in page
        # The games of tests.documents.first_wins: 145:0 for Anna.
        with run_on_commit():
            response = english.post(f"/matches/{log.match_id}/", self.rows(
                {"dealer": "1", "upcard": "7h", "ended": "knock:0", "deadwood_0": "5",
                 "deadwood_1": "30"},
                {"upcard": "KS", "ended": "gin:1", "deadwood_0": "20", "deadwood_1": "0"},
                {"upcard": "9C", "ended": "gin:0", "deadwood_0": "0", "deadwood_1": "60"}))
        assert response.status_code == 302
        match = Match.objects.get(pk=log.match_id)
        assert [(s.player.name, s.score) for s in match.seats.order_by("index")] == [
            ("Anna", 145), ("Bert", 0)]
        assert match.current_log.hands.count() == 3

    def test_a_row_with_a_wrong_card_is_shown_again(self, english, season, players,
                                                   anna_user):
        log = season_match_record(season=season, players=[players["Anna"], players["Bert"]],
                                  text="{}")
        english.force_login(anna_user)
        response = english.post(f"/matches/{log.match_id}/", self.rows(
            {"dealer": "1", "upcard": "1H", "ended": "knock:0", "deadwood_0": "5",
             "deadwood_1": "30"},
            {"upcard": "KS", "ended": "gin:1", "deadwood_1": "0"}))
        assert response.status_code == 200
        # Each problem beside its field, the field marked; nothing is stored, and every
        # typed value is in the form again.
        html = response.content.decode()
        assert ('<span class="problem" id="id_r1-upcard-problem">1H is not a card (write rank '
                'then suit: AS, 10H, QC).</span>') in html
        assert ('<span class="problem" id="id_r2-deadwood_0-problem">Fill this in.</span>'
                in html)
        assert Match.objects.get(pk=log.match_id).logs.count() == 1
        assert 'name="r1-upcard" id="id_r1-upcard" value="1H"' in html
        assert 'name="r2-deadwood_1" id="id_r2-deadwood_1" value="0"' in html


def test_the_match_page_names_the_match_day(english, season, players):
    import datetime

    from games.services import match_create

    match = match_create(game="gin", players=[players["Anna"], players["Bert"]],
                         rules=RULES, season=season)
    Match.objects.filter(pk=match.pk).update(match_day=3,
                                             scheduled_on=datetime.date(2026, 11, 24))
    assert "Dienstagsrunde: Herbst 2026 · match day 3 (11/24/2026) · scheduled" in text_of(
        english.get(f"/matches/{match.pk}/"))
