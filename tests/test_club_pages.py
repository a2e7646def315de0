"""What issue 12 changed on the pages, through Django's test client: forfeits and places
shown right, league tables of table games in points, addresses for any name, the admin's
title, the leagues index, the rules pages, the live "what changed" answers, the widgets,
the calendars, the QR code, the confirmations and the serve command. (The browser tests are
in tests/integration/.)"""

from __future__ import annotations

import datetime
import io
import json
import re
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Match
from games.services import match_create, match_log_submit
from league.management.commands.localserver import Command as LocalServer
from league.selectors import seasons as seasons_selectors
from league.services import league_create, season_create, season_fixtures_draw
from league.web import players as player_pages
from league.web.rules import _markdown
from tests.documents import as_text, first_wins
from tests.test_pages import text_of
from tournaments.models import Tournament
from tournaments.services import (
    tournament_create,
    tournament_enter,
    tournament_start,
)
from tournaments.services.forfeits import match_forfeit

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


@pytest.fixture
def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def cup(organizer, players):
    tournament = tournament_create(name="Krone Cup", game="gin", rules=RULES,
                                   format=Tournament.Format.ROUND_ROBIN, organizer=organizer)
    for seed, name in enumerate(["Anna", "Bert", "Cora", "Dieter"], start=1):
        tournament_enter(tournament=tournament, player=players[name], seed=seed)
    return tournament_start(tournament=tournament)


def first_match(tournament):
    return Match.objects.filter(round__tournament=tournament).order_by("round__number",
                                                                       "position").first()


class TestForfeits:
    def test_a_forfeit_names_the_winner_and_shows_no_score(self, english, cup, players):
        match = first_match(cup)
        winner, loser = (seat.player for seat in match.seats.order_by("-index"))
        match_forfeit(tournament=cup, match=match, winner=winner)
        page = text_of(english.get(match.get_absolute_url()))
        assert f"{winner.name} wins by forfeit: the match was not played, so there is no " \
               "score." in page
        assert "None" not in page and " scored " not in page
        home = text_of(english.get("/"))
        assert (f"Match {match.pk} {players['Anna'].name} – {players['Dieter'].name} "
                f"{winner.name} wins by forfeit forfeit") in home
        assert "– : –" not in home
        assert "won by forfeit" in text_of(english.get(winner.get_absolute_url()))
        assert "lost by forfeit" in text_of(english.get(loser.get_absolute_url()))
        assert " won " not in text_of(english.get(loser.get_absolute_url())).split(
            "Matches")[-1]

    def test_the_player_page_has_no_trailing_comma(self, english, cup, players):
        page = text_of(english.get(players["Anna"].get_absolute_url()))
        # Every competition names its round after the comma (the round's label).
        assert re.findall(r"Krone Cup , (\S+ \d)", page) == [
            "Round 3", "Round 2", "Round 1"]


class TestPlayerRecord:
    def test_counted_once_per_verdict_on_his_matches_forfeits_too(self, english, cup,
                                                                  players, run_on_commit):
        """The record (won, drawn, lost) reads the player's whole history: it is counted
        when a verdict on one of his matches has changed it, not on every request."""
        anna = players["Anna"]
        first, second = (Match.objects.filter(round__tournament=cup, seats__player=anna)
                         .order_by("round__number")[:2])
        counted = mock.Mock(wraps=seasons_selectors.player_record_counted)
        with mock.patch.object(seasons_selectors, "player_record_counted", counted):
            assert "0 won, 0 drawn, 0 lost" in text_of(english.get(anna.get_absolute_url()))
            names = [seat.player.name for seat in first.seats.order_by("index")]
            names.sort(key=lambda name: name != "Anna")  # Anna wins
            with run_on_commit():
                match_log_submit(match=first, text=as_text(first_wins(*names)))
            assert "1 won, 0 drawn, 0 lost" in text_of(english.get(anna.get_absolute_url()))
            assert counted.call_count == 2
            english.get(anna.get_absolute_url())
            assert counted.call_count == 2
            opponent = second.seats.exclude(player=anna).get().player
            match_forfeit(tournament=cup, match=second, winner=opponent)
            assert "1 won, 0 drawn, 1 lost" in text_of(english.get(anna.get_absolute_url()))
            assert "1 won, 0 drawn, 0 lost" in text_of(
                english.get(opponent.get_absolute_url()))
            assert counted.call_count == 4


class TestPlayerPageReads:
    def test_no_rules_and_no_final_tables_are_read_for_his_matches(self, english, cup,
                                                                     players, run_on_commit):
        """The page's list of matches and its rating history fetch each row's competition
        and match along, but not the columns the page never shows (the rules, a closed
        season's final tables): those were most of its reading."""
        anna = players["Anna"]
        match = Match.objects.filter(round__tournament=cup, seats__player=anna).first()
        names = sorted((seat.player.name for seat in match.seats.order_by("index")),
                       key=lambda name: name != "Anna")
        with run_on_commit():
            match_log_submit(match=match, text=as_text(first_wins(*names)))
        with CaptureQueriesContext(connection) as queries:
            page = english.get(anna.get_absolute_url())
        text = text_of(page)
        assert "1 won, 0 drawn, 0 lost" in text and "Rating history" in text
        assert f'href="/matches/{match.pk}/">#{match.pk}</a>' in page.content.decode()
        read = " ".join(query["sql"] for query in queries.captured_queries)
        assert '"league_ratingchange"' in read and '"tournaments_tournament"' in read
        for column in ('"games_match"."rules"', '"tournaments_tournament"."rules"',
                       '"league_season"."final_standings"', '"league_league"."rules"'):
            assert column not in read


    def test_the_ratings_are_drawn_once_per_change_of_his_ratings_and_language(
            self, english, cup, players, run_on_commit):
        """Charts and history tables are drawn when a rating of his changed, not per
        request; each language is drawn once."""
        anna = players["Anna"]
        first, second = (Match.objects.filter(round__tournament=cup, seats__player=anna)
                         .order_by("round__number")[:2])

        def anna_wins(match):
            names = sorted((seat.player.name for seat in match.seats.order_by("index")),
                           key=lambda name: name != "Anna")
            with run_on_commit():
                match_log_submit(match=match, text=as_text(first_wins(*names)))

        anna_wins(first)
        drawn = mock.Mock(wraps=player_pages._rating_panels)
        with mock.patch.object(player_pages, "_rating_panels", drawn):
            assert "RD 290, 1 match" in text_of(english.get(anna.get_absolute_url()))
            english.get(anna.get_absolute_url())
            assert drawn.call_count == 1
            german = Client(HTTP_ACCEPT_LANGUAGE="de").get(anna.get_absolute_url())
            assert "Verlauf der Wertungszahl" in text_of(german) and drawn.call_count == 2
            anna_wins(second)
            page = english.get(anna.get_absolute_url())
            assert drawn.call_count == 3
            assert "2 matches" in text_of(page)
            assert f'href="/matches/{second.pk}/">#{second.pk}</a>' in page.content.decode()


class TestPlaces:
    def test_the_places_in_rank_order_not_seat_order(self, english, players):
        match = match_create(game="nerts", players=[players[n] for n in ("Anna", "Bert",
                                                                          "Cora")])
        for index, (rank, score) in enumerate([(2, 10), (1, 30), (3, -4)]):
            match.seats.filter(index=index).update(rank=rank, score=score)
        Match.objects.filter(pk=match.pk).update(status=Match.Status.SCORED)
        page = text_of(english.get(match.get_absolute_url()))
        assert "Place Player Score 1 Bert 30 2 Anna 10 3 Cora -4" in page


class TestTableGameLeague:
    def test_a_doppelkopf_league_table_counts_points_not_goals(self, english, organizer,
                                                                players):
        league = league_create(name="Doko am Donnerstag", game="doppelkopf",
                               organizer=organizer)
        season = season_create(league=league, name="2026",
                               members=[players[n] for n in ("Anna", "Bert", "Cora",
                                                             "Dieter")])
        page = text_of(english.get(season.get_absolute_url()))
        assert "# Player P 1st Total Pts 1 Anna 0 0 0 0" in page
        assert "GA" not in page and "+/−" not in page


class TestAddresses:
    @pytest.mark.parametrize(("name", "slug"), [
        ("!!!", "tournament"), ("Großer Preis der Kölner Bierbänke",
                                "grosser-preis-der-koelner-bierbaenke"),
        ("Crème Brûlée", "creme-brulee")])
    def test_any_name_gets_a_readable_address(self, organizer, name, slug):
        tournament = tournament_create(name=name, game="gin", format="round_robin",
                                       organizer=organizer)
        assert tournament.slug == slug
        again = tournament_create(name=name, game="gin", format="round_robin",
                                  organizer=organizer)
        assert again.slug == f"{slug}-2"


class TestSite:
    def test_the_admin_is_titled_stammtisch_with_the_favicon(self, english):
        html = english.get("/admin/login/").content.decode()
        assert "Stammtisch administration" in html and "Django administration" not in html
        assert 'href="/static/favicon.svg"' in html
        assert english.get("/static/favicon.svg").status_code == 200
        assert 'rel="icon" href="/static/favicon.svg"' in english.get("/").content.decode()

    def test_the_leagues_index_and_the_menu(self, english, organizer):
        league_create(name="Dienstagsrunde", game="gin", organizer=organizer,
                      rules={"preset": "seed", "rounds": 2})
        page = text_of(english.get("/leagues/"))
        assert ("League Rules Running seasons Dienstagsrunde Gin Rommé, club rules (seed); "
                "Rounds in a partie: 2 none") in page
        html = english.get("/").content.decode()
        assert '<a href="/leagues/">Leagues</a>' in html
        german = text_of(Client().get("/"))
        assert "Turniere Ligen Partien Spieler Ranglisten Regeln" in german

    def test_the_language_switch_does_not_submit_on_change(self, english):
        html = english.get("/").content.decode()
        assert "onchange" not in html and "onclick" not in html
        assert '<label class="visually-hidden" for="language-select">Language</label>' in html


class TestRulesPages:
    def test_every_game_has_its_rules_page(self, english):
        for game in ("gin", "doppelkopf", "rennen", "katarenga-rennen", "nerts"):
            response = english.get(f"/rules/{game}/")
            assert response.status_code == 200, game
        page = text_of(english.get("/rules/gin/"))
        assert "Rules of Gin Rommé" in page and "Gin Rommé ( gin )" in page
        assert ("Rounds in a partie rounds Whoever leads after the last round wins the "
                "partie. 5") in page
        html = english.get("/rules/doppelkopf/").content.decode()
        # The document's own anchors work; the column of each preset.
        assert 'id="where-ddv-is-not-the-tsr"' in html
        assert "<th scope=\"col\">DDV tournament rules (ddv)</th>" in html
        assert english.get("/rules/chess/").status_code == 404

    def test_the_markdown_is_safe_and_repository_links_lose_their_link(self):
        html = _markdown().render("# T\n\n<script>alert(1)</script> [log](../logs/gin.md) "
                                  "[nerts](nerts.md)")
        assert "<script>" not in html and "&lt;script&gt;" in html
        assert '<span class="doc-ref">log</span>' in html
        assert '<a href="/rules/nerts/">nerts</a>' in html
        assert '<h2 id="t">T</h2>' in html


class TestLive:
    def test_what_changed_answers_the_time_of_the_last_verdict(self, english, cup,
                                                              run_on_commit):
        url = f"/live/tournaments/{cup.slug}/"
        before = english.get(url)
        assert before["Cache-Control"].startswith("max-age=0")
        assert "no-store" in before["Cache-Control"]
        match = first_match(cup)
        with run_on_commit():
            match_log_submit(match=match, text=as_text(first_wins(
                *(seat.player.name for seat in match.seats.order_by("index")))))
        after = english.get(url).json()["changed"]
        match.refresh_from_db()
        assert after == int(match.updated_at.timestamp() * 1000)
        assert after >= before.json()["changed"]

    def test_one_query_however_long_the_history(self, english, cup):
        with CaptureQueriesContext(connection) as queries:
            english.get(f"/live/tournaments/{cup.slug}/")
            english.get("/live/home/")
            english.get(f"/live/matches/{first_match(cup).pk}/")
        assert len(queries) == 4  # one each, the match page's address looks up the match

    def test_the_live_pages_carry_their_address(self, english, cup):
        html = english.get(f"/tournaments/{cup.slug}/").content.decode()
        assert f'data-live="/live/tournaments/{cup.slug}/"' in html
        assert 'src="/static/live.js"' in html
        assert 'data-live-region' in html
        plain = english.get("/players/").content.decode()
        assert "data-live=" not in plain and "live.js" not in plain


class TestWidgetsCalendarsQr:
    def test_the_widgets_may_be_framed_other_pages_not(self, english, cup, organizer,
                                                       players):
        widget = english.get(f"/tournaments/{cup.slug}/widget/")
        assert widget.status_code == 200 and "X-Frame-Options" not in widget
        assert "frame-ancestors *" in widget["Content-Security-Policy"]
        page = english.get(f"/tournaments/{cup.slug}/")
        assert page["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in page["Content-Security-Policy"]
        league = league_create(name="Liga", game="gin", organizer=organizer)
        season = season_create(league=league, name="Herbst",
                               members=[players["Anna"], players["Bert"]])
        page = english.get(f"/leagues/liga/{season.slug}/widget/")
        assert page.status_code == 200 and "X-Frame-Options" not in page
        assert "# Player P W D L GP GA +/− Pts 1 Anna" in text_of(page)

    def test_the_league_fixtures_as_ical(self, english, organizer, players):
        league = league_create(name="Liga, Nord", game="gin", organizer=organizer)
        season = season_create(league=league, name="Herbst", mode="fixtures",
                               starts_on=datetime.date(2026, 9, 1),
                               members=[players["Anna"], players["Bert"], players["Cora"]])
        season_fixtures_draw(season=season)
        response = english.get(f"/leagues/{league.slug}/fixtures.ics")
        assert response["Content-Type"] == "text/calendar; charset=utf-8"
        lines = response.content.decode().split("\r\n")
        assert lines[0] == "BEGIN:VCALENDAR" and lines[-2] == "END:VCALENDAR"
        assert "X-WR-CALNAME:Liga\\, Nord" in lines
        events = [line for line in lines if line.startswith("DTSTART")]
        assert events == ["DTSTART;VALUE=DATE:20260901", "DTSTART;VALUE=DATE:20260908",
                          "DTSTART;VALUE=DATE:20260915"]
        assert sum(line.startswith("SUMMARY:Liga\\, Nord: ") for line in lines) == 3

    def test_the_tournament_rounds_as_ical_and_the_qr_code(self, english, cup):
        Tournament.objects.filter(pk=cup.pk).update(starts_on=datetime.date(2026, 12, 4))
        lines = english.get(f"/tournaments/{cup.slug}/rounds.ics").content.decode() \
            .split("\r\n")
        assert [line for line in lines if line.startswith("SUMMARY")] == [
            "SUMMARY:Krone Cup: Round 1", "SUMMARY:Krone Cup: Round 2",
            "SUMMARY:Krone Cup: Round 3"]
        assert lines.count("DTSTART;VALUE=DATE:20261204") == 3
        svg = english.get(f"/tournaments/{cup.slug}/qr.svg")
        assert svg["Content-Type"] == "image/svg+xml"
        assert b"<title>http://testserver/tournaments/krone-cup/</title>" in svg.content
        sheet = english.get(f"/tournaments/{cup.slug}/print/rounds/1/").content.decode()
        assert '<img class="sheet-qr" src="/tournaments/krone-cup/qr.svg"' in sheet
        projector = english.get(f"/tournaments/{cup.slug}/projector/").content.decode()
        assert 'src="/tournaments/krone-cup/qr.svg"' in projector


class TestRulesForm:
    def test_a_changed_preset_without_the_script_comes_back_with_its_values(
            self, english, organizer):
        from tests.form_data import rules_data

        english.force_login(organizer)
        data = {"name": "Doko", "game": "doppelkopf", "format": "table_rounds",
                "rounds_planned": "2", **rules_data("doppelkopf"),
                "rules-doppelkopf-preset": "ddv"}  # the fields still show seed's values
        response = english.post("/tournaments/new/", data)
        page = text_of(response)
        assert ("The options now show the values of the preset DDV tournament rules (ddv); "
                "check them and submit again.") in page
        html = response.content.decode()
        assert re.search(r'name="rules-doppelkopf-pot_deals" value="20"', html)
        assert not Tournament.objects.exists()
        # Submitted again as it came back: the ddv preset, nothing overridden.
        shown = {**data, "rules-doppelkopf-shown": "ddv", "rules-doppelkopf-pot_deals": "20"}
        for name in ("schieben", "abbiegen", "sp_herz_trick", "sp_charly_gefangen",
                     "sp_fuchs_last"):
            shown.pop(f"rules-doppelkopf-{name}", None)
        for name, value in {"herz10": "first-beats-second", "hochzeit_finding": "any",
                            "pflichtsolo_priority": "on", "solo_lead": "soloist-pflicht",
                            "announcement_timing": "own-cards",
                            "hochzeit_shift": "finding-trick-minus-one",
                            "announcement_scoring": "plus-two", "sixty_rule": "off",
                            "kontra_alone_needs_121": "on", "sp_doppelkopf": "normal-games",
                            "dealer_after_solo": "stays-after-pflichtsolo",
                            "vorfuehren_order": "front-seat", "hammelrennen": "never",
                            "schwarze_sau": "never"}.items():
            shown[f"rules-doppelkopf-{name}"] = value
        shown.pop("rules-doppelkopf-pot_counts_pflichtsoli")
        english.post("/tournaments/new/", shown)
        assert Tournament.objects.get().rules == {"preset": "ddv"}

    def test_the_qualification_and_the_tiebreakers_are_checked_by_field(self, english,
                                                                       organizer):
        from tests.form_data import rules_data, tiebreak_data

        english.force_login(organizer)
        page = text_of(english.post("/tournaments/new/", {
            "name": "G", "game": "gin", "format": "groups_playoffs", "groups": "2",
            "qualify_top": "2", "qualify_best": "1", "qualify_place": "2",
            **rules_data("gin"), **tiebreak_data(["wins", "wins"])}))
        assert "Place 2 already qualifies with the top 2; choose a later place." in page
        assert "wins is already chosen above." in page
        assert not Tournament.objects.exists()


class TestConfirmation:
    def test_starting_asks_first_and_says_what_happens(self, english, organizer, players):
        tournament = tournament_create(name="Pokal", game="gin", rules=RULES,
                                       format=Tournament.Format.SWISS, organizer=organizer)
        for name in ("Anna", "Bert"):
            tournament_enter(tournament=tournament, player=players[name])
        english.force_login(organizer)
        page = text_of(english.get(f"/tournaments/{tournament.slug}/"))
        assert ("Start the tournament Start: the entries are closed and round 1 is drawn; "
                "the later rounds are drawn one by one. Yes, start") in page
        asked = english.post(f"/tournaments/{tournament.slug}/start/")
        assert asked.status_code == 200
        assert "Start the tournament Start: the entries are closed and round 1 is drawn" \
            in text_of(asked)
        tournament.refresh_from_db()
        assert tournament.status == "registration"
        english.post(f"/tournaments/{tournament.slug}/start/", {"confirm": "yes"})
        tournament.refresh_from_db()
        assert tournament.status == "running"


class TestDisabledButton:
    def test_the_waiting_round_button_is_disabled_and_styled_so(self, english, organizer,
                                                               players):
        tournament = tournament_create(name="Pokal", game="gin", rules=RULES,
                                       format=Tournament.Format.SWISS, organizer=organizer,
                                       rounds_planned=2)
        for name in ("Anna", "Bert"):
            tournament_enter(tournament=tournament, player=players[name])
        tournament_start(tournament=tournament)
        english.force_login(organizer)
        html = english.get(f"/tournaments/{tournament.slug}/").content.decode()
        assert '<button type="button" disabled aria-disabled="true">Pair round 2</button>' \
            in html
        css = english.get("/static/stammtisch.css")
        text = b"".join(css.streaming_content).decode() if css.streaming else \
            css.content.decode()
        assert 'button:disabled, button[aria-disabled="true"] { background: #e4e7ec;' in text


def test_make_run_prints_the_address_and_the_demo_login():
    command = LocalServer(stdout=io.StringIO())
    command.on_bind(8123)
    assert command.stdout._out.getvalue().splitlines()[1:3] == [
        "Stammtisch is running: http://localhost:8123/",
        "Demo login: user 'organizer', password 'stammtisch' (Anmelden, top right)."]


def test_json_is_asked_nowhere(english, organizer):
    english.force_login(organizer)
    for path in ("/tournaments/new/", "/leagues/new/"):
        html = english.get(path).content.decode()
        assert "JSON" not in text_of(english.get(path)), path
        assert 'name="rules"' not in html and 'name="qualification"' not in html
        assert json.loads  # the forms post fields, nothing to parse


def test_the_entries_page_leads_to_disqualification_with_the_player_chosen(english, cup,
                                                                          organizer,
                                                                          players):
    english.force_login(organizer)
    html = english.get(f"/tournaments/{cup.slug}/entries/").content.decode()
    link = f'/tournaments/{cup.slug}/forfeits/?player={players["Cora"].pk}#disqualify'
    assert f'href="{link}"' in html
    page = english.get(link.split("#")[0]).content.decode()
    assert f'<option value="{players["Cora"].pk}" selected>Cora</option>' in page
    assert 'Rules of Gin Rommé' in text_of(english.get("/leaderboards/gin/"))
