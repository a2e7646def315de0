"""The results flow: submit, replay, score or reject, versions, idempotency."""

from __future__ import annotations

import json
import re

import pytest
from django.core.exceptions import ValidationError

from games.engines.gin import ENGINE as GIN
from games.models import HandOutcome, Match, MatchLog
from games.services import MatchNotReady, match_create, match_log_replay, match_log_submit
from tests.documents import as_text, first_wins, gin_sheet, sheet_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(players):
    return match_create(game="gin", players=[players["Anna"], players["Bert"]],
                        rules={"preset": "seed", "rounds": 1})


def submit(run_on_commit, match, document, **kwargs):
    text = document if isinstance(document, str) else as_text(document)
    with run_on_commit():
        log = match_log_submit(match=match, text=text, **kwargs)
    log.refresh_from_db()
    match.refresh_from_db()
    return log


def seat_lines(match):
    return [(s.player.name, s.score, s.rank) for s in match.seats.order_by("index")]


class TestScoring:
    def test_a_submitted_sheet_is_scored(self, match, run_on_commit):
        log = submit(run_on_commit, match, first_wins("Anna", "Bert"))
        assert (log.status, log.version, log.error) == ("scored", 1, None)
        assert match.status == Match.Status.SCORED
        assert seat_lines(match) == [("Anna", 145, 1), ("Bert", 0, 2)]
        assert list(log.hands.values_list("number", "points")) == [
            (1, [25, 0]), (2, [0, 90]), (3, [85, 0])]
        assert log.outcome["summary"]["partie"]["accounts"] == [145, 0]
        assert "hands" not in log.outcome  # stored once, as HandOutcome rows

    def test_a_played_log_is_scored_like_its_engine_says(self, match, run_on_commit):
        import random

        document = GIN.random_document(rng=random.Random(5), players=["Anna", "Bert"],
                                       rules={"preset": "seed", "rounds": 1})
        expected = GIN.replay(document)
        log = submit(run_on_commit, match, document)
        assert log.status == "scored"
        assert seat_lines(match) == [(s.player, s.score, s.rank) for s in expected.seats]
        assert log.hands.count() == len(expected.hands)
        assert log.hands.first().detail["moves"][0]["notation"] == \
            document["deals"][0]["moves"][0]

    def test_the_text_is_kept_exactly_as_submitted(self, match, run_on_commit):
        text = "{\n  \"format\": \"stammtisch-log/1\",   \"game\": \"gin\"\n}\n"
        log = submit(run_on_commit, match, text)
        assert log.text == text
        assert log.status == "rejected"


class TestRejection:
    def test_an_illegal_move_is_rejected_with_deal_and_move(self, match, run_on_commit):
        document = {
            "format": "stammtisch-log/1", "game": "gin",
            "rules": {"preset": "seed", "rounds": 1}, "players": ["Anna", "Bert"], "seed": 1,
            "deals": [{"dealer": "Anna", "moves": ["pass", "pass", "discard QH"]}],
        }
        log = submit(run_on_commit, match, document)
        assert log.status == "rejected"
        assert log.error == {
            "kind": "illegal_move", "code": "gin_draw_before_discard", "params": {"player": "Bert"},
            "message": "deal 1, move 3: Bert must draw before discarding",
            "reason": "Bert must draw before discarding", "deal": 1, "move": 3,
            "field": "deals[0].moves[2]", "notation": "discard QH"}
        assert match.status == Match.Status.REJECTED
        assert seat_lines(match) == [("Anna", None, None), ("Bert", None, None)]

    def test_not_json_names_line_and_column(self, match, run_on_commit):
        log = submit(run_on_commit, match, '{"format": "stammtisch-log/1",\n "game" "gin"}')
        assert log.error["message"] == \
            "$: not valid JSON: Expecting ':' delimiter at line 2, column 9"

    def test_players_must_match_the_seats(self, match, run_on_commit):
        log = submit(run_on_commit, match, first_wins("Bert", "Anna"))
        assert log.error["field"] == "players[0]"
        assert log.error["message"] == "players[0]: seat 1 of this match is Anna, the log says " \
                                       "'Bert'"

    def test_rules_must_match_the_competition(self, match, run_on_commit):
        document = first_wins("Anna", "Bert")
        document["rules"] = {"preset": "seed", "rounds": 3}
        log = submit(run_on_commit, match, document)
        assert log.error["message"] == ("rules: the log's rules differ from this competition's:"
                                        " rounds is 1 here, 3 in the log")

    def test_a_log_without_rules_plays_the_competitions_rules(self, match, run_on_commit):
        document = first_wins("Anna", "Bert")
        del document["rules"]
        log = submit(run_on_commit, match, document)
        assert log.status == "scored"
        assert log.outcome["rules"]["rounds"] == 1
        assert "rules" not in json.loads(log.text)  # stored as submitted

    def test_facts_that_cannot_be_true_are_rejected(self, match, run_on_commit):
        document = gin_sheet("Anna", "Bert", [
            sheet_game("7H", "Anna", True, {"Anna": 3, "Bert": 30}, dealer="Bert")])
        log = submit(run_on_commit, match, document)
        assert (log.error["kind"], log.error["deal"]) == ("invalid_facts", 1)

    def test_an_internal_error_is_not_blamed_on_the_log(self, match, run_on_commit,
                                                       monkeypatch, caplog):
        def broken(*args, **kwargs):
            raise RuntimeError("engine bug")

        monkeypatch.setattr(GIN, "replay", broken)
        log = submit(run_on_commit, match, first_wins("Anna", "Bert"))
        assert log.status == "rejected"
        assert log.error["kind"] == "internal_error"
        assert "replaying match log" in caplog.text


class TestVersions:
    def test_the_same_text_again_is_the_same_version(self, match, run_on_commit):
        first = submit(run_on_commit, match, first_wins("Anna", "Bert"))
        again = submit(run_on_commit, match, first_wins("Anna", "Bert"))
        assert again.pk == first.pk
        assert match.logs.count() == 1

    def test_a_correction_supersedes_and_the_history_stays(self, match, run_on_commit):
        wrong = first_wins("Anna", "Bert")
        wrong["deals"][0]["facts"]["knocker"] = "Bert"  # Bert cannot knock with 30
        v1 = submit(run_on_commit, match, wrong)
        v2 = submit(run_on_commit, match, first_wins("Anna", "Bert"))
        assert (v1.status, v2.status) == ("rejected", "scored")
        assert (v2.version, v2.supersedes_id) == (2, v1.pk)
        assert match.current_log_id == v2.pk
        assert seat_lines(match) == [("Anna", 145, 1), ("Bert", 0, 2)]
        v1.refresh_from_db()
        assert v1.text == as_text(wrong)

    def test_a_rejected_correction_takes_the_result_out(self, match, run_on_commit):
        submit(run_on_commit, match, first_wins("Anna", "Bert"))
        submit(run_on_commit, match, "not json")
        assert match.status == Match.Status.REJECTED
        assert seat_lines(match) == [("Anna", None, None), ("Bert", None, None)]

    def test_a_stored_log_is_never_edited(self, match, run_on_commit):
        log = submit(run_on_commit, match, first_wins("Anna", "Bert"))
        log.text = log.text.replace("145", "999") + " "
        with pytest.raises(ValidationError, match=re.escape("never edited")):
            log.save()
        with pytest.raises(ValidationError, match=re.escape("never edited")):
            log.save(update_fields=["text", "status"])
        # A save of other fields writes no text (the verdict's): the stored text stays.
        stored = MatchLog.objects.get(pk=log.pk).text
        log.save(update_fields=["status"])
        assert MatchLog.objects.get(pk=log.pk).text == stored != log.text


class TestIdempotency:
    def test_replaying_a_scored_log_again_counts_nothing_twice(self, match, run_on_commit):
        log = submit(run_on_commit, match, first_wins("Anna", "Bert"))
        processed_at = log.processed_at
        again = match_log_replay(log_id=log.pk)
        assert again.processed_at == processed_at
        assert HandOutcome.objects.filter(log=log).count() == 3
        assert seat_lines(match) == [("Anna", 145, 1), ("Bert", 0, 2)]

    def test_a_task_that_died_while_scoring_is_finished_by_the_next(self, match, run_on_commit):
        with run_on_commit():
            log = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        MatchLog.objects.filter(pk=log.pk).update(status=MatchLog.Status.SCORING)
        HandOutcome.objects.filter(log=log).delete()
        match_log_replay(log_id=log.pk)
        assert HandOutcome.objects.filter(log=log).count() == 3
        match.refresh_from_db()
        assert match.status == Match.Status.SCORED

    def test_a_superseded_log_is_judged_but_does_not_change_the_match(self, match,
                                                                       run_on_commit):
        v1 = match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        submit(run_on_commit, match, "not json")  # v2 is current and rejected
        match_log_replay(log_id=v1.pk)             # the late task of v1
        v1.refresh_from_db()
        match.refresh_from_db()
        assert v1.status == "scored"
        assert match.status == Match.Status.REJECTED
        assert seat_lines(match) == [("Anna", None, None), ("Bert", None, None)]


class TestMatchCreate:
    def test_seats_in_order(self, players):
        match = match_create(game="gin", players=[players["Cora"], players["Anna"]])
        assert [s.player.name for s in match.seats.order_by("index")] == ["Cora", "Anna"]
        assert match.status == Match.Status.SCHEDULED

    def test_wrong_number_of_players(self, players):
        with pytest.raises(ValueError, match=re.escape("Gin Rommé needs 2-2 players")):
            match_create(game="gin", players=[players["Cora"]])

    def test_unknown_rule_option_saves_nothing(self, players):
        message = "rules.colour: unknown rule option 'colour'"
        with pytest.raises(ValueError, match=re.escape(message)):
            match_create(game="gin", players=[players["Cora"], players["Anna"]],
                         rules={"colour": "red"})
        assert Match.objects.count() == 0


class TestRefusals:
    def test_a_closed_season_takes_no_result(self, players, organizer):
        from league.services import league_create, season_create

        league = league_create(name="L", game="gin", organizer=organizer,
                               rules={"preset": "seed", "rounds": 1})
        season = season_create(league=league, name="S",
                               members=[players["Anna"], players["Bert"]])
        match = match_create(game="gin", players=[players["Anna"], players["Bert"]],
                             rules=league.rules, season=season)
        season.status = "closed"
        season.save()
        with pytest.raises(MatchNotReady, match="The season is closed: it takes no more"):
            match_log_submit(match=match, text=as_text(first_wins("Anna", "Bert")))
        assert match.logs.count() == 0

    def test_a_bye_takes_no_result(self, players):
        from games.models import Seat

        # A Swiss bye is a match with one seat (see tournaments/services/swiss.py).
        match = match_create(game="gin", players=[players["Anna"], players["Bert"]])
        Seat.objects.filter(match=match, index=1).delete()
        with pytest.raises(MatchNotReady, match="This match is a bye"):
            match_log_submit(match=match, text="{}")
