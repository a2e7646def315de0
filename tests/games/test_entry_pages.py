"""The pages of entering results (without a browser): the match page's sheet filled with what
there is, a reported result answered on the page, the paper sheet, invitations, signing up,
the results waiting on somebody; the match page at a fixed number of queries."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Invitation, Match, Player, ResultReport
from games.services import match_create, match_log_submit
from games.services.drafts import sheet_draft_save
from games.services.reports import match_result_enter
from league.services import league_create, season_create
from tests.documents import as_text, first_wins
from tournaments.models import Entry, Tournament
from tournaments.services import tournament_create

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


def english(user=None):
    web = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        web.force_login(user)
    return web


def text_of(response):
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def season(organizer, players):
    league = league_create(name="Dienstagsrunde", game="gin", organizer=organizer,
                           rules=RULES)
    return season_create(league=league, name="Herbst",
                         members=[players["Anna"], players["Bert"]])


@pytest.fixture
def match(season, players):
    return match_create(game="gin", players=[players["Anna"], players["Bert"]], rules=RULES,
                        season=season)


@pytest.fixture
def bert_user(players, django_user_model):
    user = django_user_model.objects.create_user("bert", password="secret-bert")
    Player.objects.filter(pk=players["Bert"].pk).update(user=user)
    return user


def sheet_post(*rows):
    data = {"entry": "sheet", "rows": str(len(rows) + 1)}
    for number, row in enumerate(rows, start=1):
        data.update({f"r{number}-{key}": value for key, value in row.items()})
    return data


FIRST_WINS = [
    {"dealer": "1", "upcard": "7H", "ended": "knock:0", "deadwood_0": "5", "deadwood_1": "30"},
    {"upcard": "KS", "ended": "gin:1", "deadwood_0": "20", "deadwood_1": "0"},
    {"upcard": "9C", "ended": "gin:0", "deadwood_0": "0", "deadwood_1": "60"},
]


class TestTheSheetIsFilledWithWhatThereIs:
    def test_a_correction_opens_with_the_current_version(self, match, organizer,
                                                         run_on_commit):
        web = english(organizer)
        with run_on_commit():
            assert web.post(match.get_absolute_url(), sheet_post(*FIRST_WINS)
                            ).status_code == 302
        response = web.get(match.get_absolute_url())
        page, html = text_of(response), response.content.decode()
        assert "Submit a correction" in page
        assert "Filled in with version 1: change what is wrong and submit." in page
        assert 'name="r2-upcard" id="id_r2-upcard" value="KS"' in html
        assert 'name="r3-deadwood_1" id="id_r3-deadwood_1" value="60"' in html
        # The rows are scored on the page as well, without the script.
        assert "Round 1 · Anna: 145 to the round account" in page

    def test_a_rejected_sheet_comes_back_with_its_row_and_field_marked(self, match,
                                                                        organizer,
                                                                        run_on_commit):
        web = english(organizer)
        wrong = dict(FIRST_WINS[1], ended="knock:1", deadwood_1="12")
        with run_on_commit():
            web.post(match.get_absolute_url(), sheet_post(FIRST_WINS[0], wrong,
                                                          FIRST_WINS[2]))
        assert Match.objects.get(pk=match.pk).status == "rejected"
        response = web.get(match.get_absolute_url())
        page, html = text_of(response), response.content.decode()
        assert ("Log version 1 was rejected. Row 2, Deadwood Bert: Bert cannot have knocked "
                "with 12 deadwood; the limit is 10 (first upcard KS)") in page
        assert '<tr class="entry-row status-error" data-row="2" id="row-2">' in html
        assert 'aria-invalid="true" aria-describedby="id_r2-deadwood_1-problem"' in html
        assert 'name="r2-deadwood_1" id="id_r2-deadwood_1" value="12"' in html

    def test_the_persons_draft_comes_first(self, match, organizer):
        sheet_draft_save(user=organizer, match=match,
                         data={"entry": "sheet", "rows": [{"upcard": "QS"}]})
        response = english(organizer).get(match.get_absolute_url())
        assert "Your draft from" in text_of(response)
        assert 'name="r1-upcard" id="id_r1-upcard" value="QS"' in response.content.decode()

    def test_a_log_that_is_no_sheet_opens_in_the_text_box(self, match, organizer,
                                                         run_on_commit):
        document = {"format": "stammtisch-log/1", "game": "gin", "rules": RULES,
                    "players": ["Anna", "Bert"], "seed": 7,
                    "deals": [{"dealer": "Anna", "moves": ["pass", "pass", "discard QH"]}]}
        with run_on_commit():
            match_log_submit(match=match, text=as_text(document))
        response = english(organizer).get(match.get_absolute_url())
        assert response.context["log_form"].initial["text"] == as_text(document)
        assert response.context["log_open"] is True
        assert "Deal 1, move 3:" in text_of(response)

    def test_a_rejected_log_reads_in_the_readers_language_on_the_page_and_in_the_admin(
            self, match, django_user_model, run_on_commit):
        document = {"format": "stammtisch-log/1", "game": "gin", "rules": RULES,
                    "players": ["Anna", "Bert"], "seed": 7,
                    "deals": [{"dealer": "Anna", "moves": ["pass", "pass", "discard QH"]}]}
        with run_on_commit():
            match_log_submit(match=match, text=as_text(document))
        admin = django_user_model.objects.create_superuser("root", password="secret-root")
        german = Client(HTTP_ACCEPT_LANGUAGE="de")
        german.force_login(admin)
        page = text_of(german.get(match.get_absolute_url()))
        assert "Spiel 1, Zug 3: Bert muss vor dem Abwerfen eine Karte nehmen" in page
        assert "must draw" not in page
        admin_page = text_of(german.get("/admin/games/matchlog/"))
        assert "Spiel 1, Zug 3: Bert muss vor dem Abwerfen eine Karte nehmen" in admin_page
        english_admin = english(admin).get(f"/admin/games/match/{match.pk}/change/")
        assert "deal 1, move 3: Bert must draw before discarding" in text_of(english_admin)

    def test_the_page_keeps_its_number_of_queries(self, match, organizer, anna_user,
                                                  bert_user, run_on_commit):
        web = english(organizer)

        def queries():
            with CaptureQueriesContext(connection) as captured:
                assert web.get(match.get_absolute_url()).status_code == 200
            return len(captured)

        with run_on_commit():
            match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        match_result_enter(match=match, text=as_text(first_wins("Anna", "Bert")) + " ",
                           user=anna_user)
        few = queries()
        for n in range(12):
            with run_on_commit():
                match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert"))
                                 + " " * (n + 2))
            match_result_enter(match=match, text=as_text(first_wins("Anna", "Bert"))
                               + "\n" * (n + 1), user=anna_user)
        assert match.logs.count() == 13 and match.reports.count() == 13
        assert queries() == few


class TestAReportedResultOnThePage:
    def test_entered_confirmed_and_counted(self, match, anna_user, bert_user, run_on_commit):
        anna = english(anna_user)
        page = text_of(anna.get(match.get_absolute_url()))
        assert "What you enter counts once Bert confirmed it." in page
        response = anna.post(match.get_absolute_url(), sheet_post(*FIRST_WINS))
        assert response.status_code == 302
        assert "Your result is entered. It counts once Bert confirmed it." in text_of(
            anna.get(match.get_absolute_url()))
        report = ResultReport.objects.get()
        bert = english(bert_user)
        page = text_of(bert.get(match.get_absolute_url()))
        assert ("A result waits for confirmation Anna entered this result on" in page
                and "1 Anna 145 2 Bert 0" in page)
        assert "Waiting for: Bert." in page
        assert "The result is right" in page and "The result is wrong" in page
        # The badge in the menu, and the page that lists what waits.
        assert 'id="results-waiting-badge"' in bert.get("/").content.decode()
        assert "Results 1" in text_of(bert.get("/"))
        assert "Anna – Bert" in text_of(bert.get("/results/waiting/"))
        empty = bert.post(f"/reports/{report.pk}/dispute/", {"reason": " "})
        assert empty.status_code == 302 and ResultReport.objects.get().status == "waiting"
        with run_on_commit():
            bert.post(f"/reports/{report.pk}/confirm/")
        match.refresh_from_db()
        assert (match.status, ResultReport.objects.get().status) == ("scored", "counted")
        assert "Nothing waits on you." in text_of(bert.get("/results/waiting/"))

    def test_the_organizer_decides_a_disputed_result(self, match, anna_user, bert_user,
                                                     organizer, run_on_commit):
        report = match_result_enter(match=match, text=as_text(first_wins("Anna", "Bert")),
                                    user=anna_user)
        english(bert_user).post(f"/reports/{report.pk}/dispute/",
                                {"reason": "I won game 3."})
        olga = english(organizer)
        page = text_of(olga.get(match.get_absolute_url()))
        assert "A disputed result waits for the organizers" in page
        assert "Bert disputes it: I won game 3." in page
        assert "Count this result" in page and "Decline this result" in page
        assert "disputed: decide" in text_of(olga.get("/results/waiting/"))
        with run_on_commit():
            olga.post(f"/reports/{report.pk}/accept/")
        match.refresh_from_db()
        assert match.status == "scored"

    def test_where_only_organizers_enter(self, season, match, anna_user):
        season.league.reporting = "organizers"
        season.league.save()
        anna = english(anna_user)
        page = text_of(anna.get(match.get_absolute_url()))
        assert "In this competition only the organizers enter results." in page
        assert 'id="sheet-entry"' not in anna.get(match.get_absolute_url()).content.decode()
        response = anna.post(match.get_absolute_url(), sheet_post(*FIRST_WINS))
        assert response.status_code == 200
        assert "In this competition only the organizers enter results." in text_of(response)
        assert not match.logs.exists() and not match.reports.exists()


class TestThePaperSheet:
    def test_the_columns_of_the_form(self, match):
        page = text_of(english().get(f"/matches/{match.pk}/sheet/print/"))
        assert "No. Dealer Upcard Ended by Deadwood Anna Bert Anna Bert 1 2 3" in page

    def test_a_doppelkopf_friendly(self, players):
        match = match_create(game="doppelkopf",
                             players=[players[n] for n in ("Anna", "Bert", "Cora", "Dieter")],
                             rules={"preset": "seed"})
        page = text_of(english().get(f"/matches/{match.pk}/sheet/print/"))
        assert ("No. Dealer Game Re players Result Announcements Special points Re "
                "Special points Kontra Pflichtsolo Value Anna Bert Cora Dieter "
                "Anna Bert Cora Dieter Augen or: won by Re Kontra 1 2") in page
        assert ("Special points: D = Doppelkopf · F = Fuchs caught · K = Karlchen · "
                "C = Charly caught · H = Heart trick · L = Fuchs last trick") in page
        assert " 26 Special points:" in page  # 24 deals and two spare


class TestInvitations:
    def test_a_link_makes_a_login_tied_to_the_player(self, organizer, players, season):
        olga = english(organizer)
        bert = players["Bert"]
        assert "Invite Bert: a link that makes a login" in text_of(
            olga.get(f"/players/{bert.pk}/"))
        response = olga.post(f"/players/{bert.pk}/invite/", {"email": ""})
        invitation = Invitation.objects.get()
        assert f"/invitations/{invitation.token}/" in response.content.decode()
        newcomer = english()
        page = text_of(newcomer.get(f"/invitations/{invitation.token}/"))
        assert "You were invited to play as Bert." in page
        response = newcomer.post(f"/invitations/{invitation.token}/", {
            "username": "bert", "email": "bert@club.test", "password": "geheim-123",
            "password_again": "geheim-123"})
        assert response.status_code == 302 and response.url == f"/players/{bert.pk}/"
        bert.refresh_from_db()
        assert bert.user.username == "bert" and bert.user.email == "bert@club.test"
        # Signed in at once; the link works only once.
        assert "Log out bert" in text_of(newcomer.get("/"))
        used = english().get(f"/invitations/{invitation.token}/")
        assert used.status_code == 410
        assert "This invitation has been used already." in text_of(used)

    def test_an_expired_link_and_who_may_invite(self, organizer, players, stranger, season):
        invitation = Invitation.objects.create(
            player=players["Cora"], token="abc", created_by=organizer,
            expires_at=timezone.now() - datetime.timedelta(minutes=1))
        response = english().get(f"/invitations/{invitation.token}/")
        assert response.status_code == 410
        assert "This invitation has expired: ask the organizer for a new link." in text_of(
            response)
        assert english(stranger).post(f"/players/{players['Cora'].pk}/invite/", {}
                                      ).status_code == 403

    def test_the_password_is_checked(self, organizer, players, season):
        english(organizer).post(f"/players/{players['Eva'].pk}/invite/", {})
        token = Invitation.objects.get().token
        response = english().post(f"/invitations/{token}/", {
            "username": "eva", "password": "geheim-123", "password_again": "geheim-456"})
        assert "The two passwords differ." in text_of(response)
        assert Player.objects.get(name="Eva").user is None


class TestSigningUp:
    @pytest.fixture
    def cup(self, organizer):
        return tournament_create(name="Sommerfest", game="gin", format="swiss",
                                 organizer=organizer, rules=RULES, open_registration=True)

    def test_a_newcomer_signs_up_with_a_new_login(self, cup):
        web = english()
        page = text_of(web.get(cup.get_absolute_url()))
        assert "Sign up for this tournament" in page
        assert ("Results: the players enter them; a result counts once the other players of "
                "the match have confirmed it") in page
        response = web.post(f"/tournaments/{cup.slug}/sign-up/", {
            "name": "Gisela", "username": "gisela", "password": "geheim-123",
            "password_again": "geheim-123"})
        assert response.status_code == 302
        entry = Entry.objects.get(tournament=cup)
        assert (entry.player.name, entry.player.user.username, entry.status) == (
            "Gisela", "gisela", "entered")
        assert "You are signed up, Gisela." in text_of(web.get(cup.get_absolute_url()))

    def test_a_name_that_is_taken_and_a_closed_registration(self, cup, players, anna_user):
        response = english().post(f"/tournaments/{cup.slug}/sign-up/", {
            "name": "Bert", "username": "bert2", "password": "geheim-123",
            "password_again": "geheim-123"})
        assert ("A player named Bert exists already. If that is you, ask an organizer for "
                "an invitation link.") in text_of(response)
        assert not cup.entries.exists()
        # Anna has a login and a player: she signs up with one click.
        anna = english(anna_user)
        assert "You sign up as Anna." in text_of(anna.get(f"/tournaments/{cup.slug}/sign-up/"))
        anna.post(f"/tournaments/{cup.slug}/sign-up/")
        assert list(cup.entries.values_list("player__name", flat=True)) == ["Anna"]
        Tournament.objects.filter(pk=cup.pk).update(open_registration=False)
        page = text_of(english().get(f"/tournaments/{cup.slug}/sign-up/"))
        assert "This tournament does not take sign-ups now: ask an organizer." in page


def test_the_league_page_says_what_counts(season, organizer):
    page = text_of(english().get(season.get_absolute_url()))
    assert ("Results: the players enter them; a result counts once the other players of the "
            "match have confirmed it, a disputed one when an organizer decides. The "
            "organizers' entries count at once.") in page


def test_a_draft_is_json_free_for_people(match, organizer):
    # The page never asks a person for JSON: the sheet's inputs are fields, the log box is
    # for clubs that record whole logs, and it is folded away when there is a sheet.
    html = english(organizer).get(match.get_absolute_url()).content.decode()
    assert '<details class="log-entry" id="log-entry">' in html
    config = json.loads(re.search(r'<script id="entry-config" type="application/json">'
                                  r'(.*?)</script>', html, re.S).group(1))
    assert config["fields"] == ["dealer", "upcard", "ended", "deadwood_0", "deadwood_1"]
