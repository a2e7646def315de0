"""Results people enter (games.services.reports): what counts at once, what waits for the
other players' confirmation, disputes that an organizer decides, and who is told."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError

from games.models import Match, Player, ResultReport, SheetDraft
from games.selectors.results import results_waiting_count, waiting_on
from games.services import match_create
from games.services.drafts import sheet_draft_save
from games.services.reports import (
    ReportInvalid,
    ResultRefused,
    match_result_enter,
    result_report_answer,
    result_report_decide,
    result_report_withdraw,
)
from league.selectors.seasons import season_standings
from league.services import league_create, season_create
from tests.documents import as_text, first_wins, gin_sheet, sheet_game

RULES = {"preset": "seed", "rounds": 1}
User = get_user_model()


@pytest.fixture
def people(db):
    """Olga organizes; Anna, Bert, Cora, Dieter play, each with a login and an address."""
    olga = User.objects.create_user("olga", email="olga@club.test", password="x")
    made = {"olga": olga}
    for name in ("Anna", "Bert", "Cora", "Dieter"):
        user = User.objects.create_user(name.lower(), email=f"{name.lower()}@club.test",
                                        password="x")
        Player.objects.create(name=name, user=user)
        made[name] = user
    return made


def season_of(people, reporting):
    league = league_create(name="Dienstagsrunde", game="gin", organizer=people["olga"],
                           rules=RULES, reporting=reporting)
    return season_create(league=league, name="Herbst",
                         members=list(Player.objects.filter(name__in=["Anna", "Bert"])))


def gin_match(season):
    anna, bert = Player.objects.get(name="Anna"), Player.objects.get(name="Bert")
    return match_create(game="gin", players=[anna, bert], rules=RULES, season=season)


def points_of(season):
    return {row.player.name: row["points"] for row in season_standings(season=season).rows}


TEXT = as_text(first_wins("Anna", "Bert"))


def bert_wins():
    """first_wins the other way round: Bert 145 : 0."""
    return gin_sheet("Anna", "Bert", [
        sheet_game("7H", "Bert", False, {"Anna": 30, "Bert": 5}, dealer="Anna"),
        sheet_game("KS", "Anna", True, {"Anna": 0, "Bert": 20}),
        sheet_game("9C", "Bert", True, {"Anna": 60, "Bert": 0})])


class TestWhatCounts:
    def test_the_organizers_entry_counts_at_once(self, people, run_on_commit):
        season = season_of(people, "confirmed")
        match = gin_match(season)
        with run_on_commit():
            log = match_result_enter(match=match, text=TEXT, user=people["olga"])
        log.refresh_from_db()
        assert log.status == "scored" and points_of(season) == {"Anna": 2, "Bert": 0}

    def test_a_players_entry_counts_at_once_where_the_league_says_so(self, people,
                                                                    run_on_commit):
        season = season_of(people, "players")
        with run_on_commit():
            log = match_result_enter(match=gin_match(season), text=TEXT, user=people["Bert"])
        log.refresh_from_db()
        assert (log.version, log.status) == (1, "scored")
        assert points_of(season) == {"Anna": 2, "Bert": 0}

    def test_only_organizers_enter_where_the_league_says_so(self, people):
        match = gin_match(season_of(people, "organizers"))
        with pytest.raises(ResultRefused) as refused:
            match_result_enter(match=match, text=TEXT, user=people["Anna"])
        assert str(refused.value) == "In this competition only the organizers enter results."
        assert not match.logs.exists() and not match.reports.exists()

    def test_a_stranger_enters_nothing(self, people):
        match = gin_match(season_of(people, "players"))
        with pytest.raises(ResultRefused) as refused:
            match_result_enter(match=match, text=TEXT, user=people["Cora"])
        assert str(refused.value) == ("Only the organizers and the match's players may enter "
                                      "its result.")


class TestConfirmation:
    def test_the_opponent_confirms_and_the_result_counts(self, people, run_on_commit,
                                                        mailoutbox):
        season = season_of(people, "confirmed")
        match = gin_match(season)
        with run_on_commit():
            report = match_result_enter(match=match, text=TEXT, user=people["Anna"])
        assert isinstance(report, ResultReport)
        assert report.status == "waiting"
        assert report.outcome["seats"] == [{"player": "Anna", "score": 145, "rank": 1},
                                           {"player": "Bert", "score": 0, "rank": 2}]
        # Nothing counts yet: no log, no standings.
        assert not match.logs.exists() and points_of(season) == {"Anna": 0, "Bert": 0}
        # Bert is told, by mail and by the badge; Anna waits on nobody.
        # (Mails are written in the site's language, German.)
        assert [mail.to for mail in mailoutbox] == [["bert@club.test"]]
        assert mailoutbox[0].subject == ("Bitte bestätigen: Anna hat das Ergebnis von "
                                         "Anna – Bert eingetragen")
        assert f"/matches/{match.pk}/" in mailoutbox[0].body
        assert results_waiting_count(people["Bert"]) == 1
        assert results_waiting_count(people["Anna"]) == 0
        with run_on_commit():
            result_report_answer(report=report, user=people["Bert"], agrees=True)
        report.refresh_from_db()
        assert report.status == "counted" and report.log.status == "scored"
        assert report.log.submitted_by == people["Anna"]
        assert points_of(season) == {"Anna": 2, "Bert": 0}
        assert results_waiting_count(people["Bert"]) == 0

    def test_a_table_waits_for_every_other_player(self, people, run_on_commit):
        names = ["Anna", "Bert", "Cora", "Dieter"]
        players = [Player.objects.get(name=name) for name in names]
        match = match_create(game="nerts", players=players, rules={"target": 0})
        sheet = {"format": "stammtisch-log/1", "game": "nerts", "rules": {"target": 0},
                 "players": names, "deals": [{"facts": {
                     "caller": "Cora", "foundation": {"Anna": 10, "Bert": 8, "Cora": 20,
                                                      "Dieter": 3},
                     "nerts_left": {"Anna": 4, "Bert": 6, "Cora": 0, "Dieter": 9}}}]}
        with run_on_commit():
            report = match_result_enter(match=match, text=json.dumps(sheet),
                                        user=people["Cora"])
        for name in ("Anna", "Dieter"):
            result_report_answer(report=report, user=people[name], agrees=True)
        report.refresh_from_db()
        assert report.status == "waiting" and not match.logs.exists()
        assert list(waiting_on(people["Bert"])) == [report]
        assert list(waiting_on(people["Anna"])) == []
        with run_on_commit():
            result_report_answer(report=report, user=people["Bert"], agrees=True)
        match.refresh_from_db()
        assert [(s.player.name, s.score) for s in match.seats.order_by("index")] == [
            ("Anna", 2), ("Bert", -4), ("Cora", 20), ("Dieter", -15)]

    def test_a_disputed_result_waits_for_the_organizer(self, people, run_on_commit,
                                                       mailoutbox):
        season = season_of(people, "confirmed")
        match = gin_match(season)
        report = match_result_enter(match=match, text=TEXT, user=people["Anna"])
        mailoutbox.clear()
        with run_on_commit():
            result_report_answer(report=report, user=people["Bert"], agrees=False,
                                 reason="Game 2 was mine with gin, not a knock.")
        report.refresh_from_db()
        assert report.status == "disputed"
        assert report.answers.get().reason == "Game 2 was mine with gin, not a knock."
        assert points_of(season) == {"Anna": 0, "Bert": 0}
        assert [mail.to for mail in mailoutbox] == [["olga@club.test"]]
        assert "Game 2 was mine with gin, not a knock." in mailoutbox[0].body
        # Now the organizer's; a late confirmation changes nothing.
        assert results_waiting_count(people["olga"]) == 1
        with pytest.raises(ResultRefused) as refused:
            result_report_answer(report=report, user=people["Bert"], agrees=True)
        assert str(refused.value) == "This result no longer waits for confirmation."
        with pytest.raises(ResultRefused):
            result_report_decide(report=report, user=people["Anna"], accept=True)
        with run_on_commit():
            result_report_decide(report=report, user=people["olga"], accept=True)
        report.refresh_from_db()
        assert (report.status, report.decided_by) == ("counted", people["olga"])
        assert points_of(season) == {"Anna": 2, "Bert": 0}
        assert results_waiting_count(people["olga"]) == 0

    def test_a_declined_result_changes_nothing(self, people, run_on_commit):
        season = season_of(people, "confirmed")
        match = gin_match(season)
        report = match_result_enter(match=match, text=TEXT, user=people["Anna"])
        result_report_answer(report=report, user=people["Bert"], agrees=False, reason="no")
        with run_on_commit():
            result_report_decide(report=report, user=people["olga"], accept=False)
        report.refresh_from_db()
        assert report.status == "declined" and report.log is None
        assert not match.logs.exists() and points_of(season) == {"Anna": 0, "Bert": 0}
        assert Match.objects.get(pk=match.pk).status == "scheduled"

    def test_withdrawn_by_who_entered_it_and_replaced_by_a_newer_entry(self, people):
        season = season_of(people, "confirmed")
        match = gin_match(season)
        first = match_result_enter(match=match, text=TEXT, user=people["Anna"])
        with pytest.raises(ResultRefused) as refused:
            result_report_withdraw(report=first, user=people["Bert"])
        assert str(refused.value) == "Only who entered a result may withdraw it."
        # The same text again is the same report; another text replaces it.
        assert match_result_enter(match=match, text=TEXT, user=people["Anna"]) == first
        second = match_result_enter(match=match, text=as_text(first_wins("Anna", "Bert"))
                                    + "\n", user=people["Bert"])
        first.refresh_from_db()
        assert (first.status, second.status) == ("withdrawn", "waiting")
        result_report_withdraw(report=second, user=people["Bert"])
        second.refresh_from_db()
        assert second.status == "withdrawn" and not match.reports.filter(
            status__in=ResultReport.OPEN).exists()

    def test_the_organizers_entry_closes_the_open_report(self, people, run_on_commit):
        season = season_of(people, "confirmed")
        match = gin_match(season)
        report = match_result_enter(match=match, text=TEXT, user=people["Anna"])
        with run_on_commit():
            match_result_enter(match=match, text=as_text(bert_wins()), user=people["olga"])
        report.refresh_from_db()
        assert report.status == "withdrawn" and report.decided_by == people["olga"]
        assert points_of(season) == {"Anna": 0, "Bert": 2}

    def test_the_organizers_same_entry_again_still_closes_the_open_report_and_draft(
            self, people):
        season = season_of(people, "confirmed")
        match = gin_match(season)
        log = match_result_enter(match=match, text=TEXT, user=people["olga"])
        report = match_result_enter(match=match, text=as_text(bert_wins()),
                                    user=people["Anna"])
        sheet_draft_save(user=people["olga"], match=match, data={"entry": "sheet", "rows": []})
        assert match_result_enter(match=match, text=TEXT, user=people["olga"]) == log
        report.refresh_from_db()
        assert report.status == "withdrawn" and report.decided_by == people["olga"]
        assert not SheetDraft.objects.filter(match=match).exists()

    # A retry needs a transaction of its own to run again (none inside a test's).
    @pytest.mark.django_db(transaction=True)
    def test_a_submission_run_again_after_a_deadlock_closes_the_report_again(self, people):
        season = season_of(people, "confirmed")
        match = gin_match(season)
        report = match_result_enter(match=match, text=TEXT, user=people["Anna"])
        runs = []

        def lost_the_first_time(log, new):
            runs.append(new)
            if len(runs) == 1:  # what the database says to the loser of a deadlock
                raise OperationalError("database is locked")

        log = match_result_enter(match=match, text=as_text(bert_wins()), user=people["olga"],
                                 on_stored=lost_the_first_time)
        assert runs == [True, True]
        report.refresh_from_db()
        assert report.status == "withdrawn" and report.decided_by == people["olga"]
        assert list(match.logs.values_list("pk", flat=True)) == [log.pk]

    def test_a_result_that_cannot_be_scored_is_not_stored(self, people):
        match = gin_match(season_of(people, "confirmed"))
        document = first_wins("Anna", "Bert")
        document["deals"][1]["facts"]["deadwood"] = {"Anna": 20, "Bert": 4}
        document["deals"][1]["facts"]["gin"] = True
        with pytest.raises(ReportInvalid) as invalid:
            match_result_enter(match=match, text=as_text(document), user=people["Anna"])
        assert (invalid.value.error["deal"], invalid.value.error["field"]) == (
            2, "deals[1].facts.deadwood.Bert")
        assert invalid.value.error["reason"] == "gin means no deadwood, but Bert has 4"
        assert not match.reports.exists()
