"""The whole event as JSON: export a finished event, import it into an empty database, get
the same event and the same standings (the logs scored again through the results flow);
what does not fit is refused and named."""

from __future__ import annotations

import copy
import io
import json

import jsonschema
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from games.models import Match, MatchLog, Player, Seat
from games.services import match_after_verdict
from tests.documents import as_text, first_wins
from tests.test_pages import text_of
from tests.tournaments.events import doppelkopf_tables, gin_round_robin, names, submit
from tournaments.models import Tournament
from tournaments.selectors import tournament_standings
from tournaments.selectors.event_export import event_export
from tournaments.services import tournament_create, tournament_enter, tournament_start
from tournaments.services.event_import import (
    SCHEMA_PATH,
    EventImportError,
    event_differences,
    event_import,
    event_problems,
)

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


def standings_of(tournament):
    return [(row.rank, row.player.name, dict(row.values), list(row.series))
            for row in tournament_standings(tournament=tournament).rows]


def empty_database():
    """What a fresh Stammtisch has: no tournaments, matches, players or other users."""
    Match.objects.update(current_log=None)
    for log in MatchLog.objects.order_by("-version"):  # a newer version protects the older
        log.delete()
    Match.objects.all().delete()
    Tournament.objects.all().delete()
    Player.objects.all().delete()
    get_user_model().objects.all().delete()


def round_trip(run_on_commit, tournament):
    """Export as text, empty the database, import as a new user; the replays run."""
    text = json.dumps(event_export(tournament=tournament))
    empty_database()
    importer = get_user_model().objects.create_user("ines")
    with run_on_commit():
        result = event_import(document=json.loads(text), organizer=importer)
    result.tournament.refresh_from_db()
    return json.loads(text), result


def without_time(document):
    document = copy.deepcopy(document)
    document.pop("exported_at")
    return document


class TestRoundTrip:
    def test_a_finished_round_robin_with_a_correction(self, organizer, players,
                                                      run_on_commit):
        krone = gin_round_robin(organizer, players, run_on_commit)
        before = standings_of(krone)
        document, result = round_trip(run_on_commit, krone)
        imported = result.tournament
        assert standings_of(imported) == before
        assert [(rank, name) for rank, name, *_ in before] == [
            (1, "Cora"), (2, "Anna"), (3, "Dieter"), (4, "Bert")]
        assert (imported.slug, imported.status, result.logs_submitted,
                result.verdicts_kept) == ("krone-cup", "finished", 7, 0)
        assert sorted(result.players_created) == ["Anna", "Bert", "Cora", "Dieter"]
        assert imported.is_organizer(get_user_model().objects.get(username="ines"))
        # Bert-Cora kept its history: version 1 rejected again, version 2 current.
        corrected = Match.objects.get(round__tournament=imported, round__number=1, position=1)
        assert [(log.version, log.status, log.is_current) for log in
                corrected.logs.order_by("version")] == [(1, "rejected", False),
                                                        (2, "scored", True)]
        assert event_differences(tournament=imported, document=document) == []
        # Exported again, it is the same event.
        assert without_time(event_export(tournament=imported)) == without_time(document)

    def test_a_doppelkopf_table_round(self, organizer, run_on_commit):
        tournament = doppelkopf_tables(organizer, logs=True, run_on_commit=run_on_commit)
        before = standings_of(tournament)
        document, result = round_trip(run_on_commit, tournament)
        assert standings_of(result.tournament) == before
        assert without_time(event_export(tournament=result.tournament)) == \
            without_time(document)

    def test_a_forfeit_is_kept_and_the_bracket_goes_on(self, organizer, players,
                                                       run_on_commit):
        tournament = tournament_create(name="Pokal", game="gin", rules=RULES,
                                       format=Tournament.Format.SINGLE_ELIMINATION,
                                       organizer=organizer)
        for seed, name in enumerate(["Anna", "Bert", "Cora"], start=1):
            tournament_enter(tournament=tournament, player=players[name], seed=seed)
        tournament_start(tournament=tournament)
        semi = Match.objects.get(round__tournament=tournament, round__number=1)
        # Cora does not come: Bert wins the semi-final by forfeit (as an organizer's
        # forfeit is stored: no log, the winner ranked 1).
        Match.objects.filter(pk=semi.pk).update(result=Match.Result.FORFEIT,
                                                status=Match.Status.SCORED)
        Seat.objects.filter(match=semi, index=0).update(rank=1, score=0)
        Seat.objects.filter(match=semi, index=1).update(rank=2, score=0)
        semi.refresh_from_db()
        match_after_verdict(semi)
        final = Match.objects.get(round__tournament=tournament, round__number=2)
        assert names(final) == ["Anna", "Bert"]
        submit(run_on_commit, final, as_text(first_wins("Anna", "Bert")))
        tournament.refresh_from_db()
        assert tournament.status == "finished"
        document, result = round_trip(run_on_commit, tournament)
        imported = result.tournament
        assert (result.logs_submitted, result.verdicts_kept, imported.status) == (
            1, 1, "finished")
        semi, final = Match.objects.filter(round__tournament=imported).order_by("round__number")
        assert (semi.result, semi.status, names(semi)) == ("forfeit", "scored",
                                                            ["Bert", "Cora"])
        assert [(s.player.name, s.score, s.rank) for s in final.seats.order_by("index")] == [
            ("Anna", 145, 1), ("Bert", 0, 2)]
        assert event_differences(tournament=imported, document=document) == []

    def test_registration_state_travels(self, organizer, players):
        tournament = tournament_create(name="Sommerfest", game="gin", rules=RULES,
                                       format=Tournament.Format.SWISS, organizer=organizer)
        Tournament.objects.filter(pk=tournament.pk).update(entry_cap=2, check_in=True,
                                                           rounds_planned=5)
        tournament.refresh_from_db()
        for name in ("Anna", "Bert", "Cora"):
            tournament_enter(tournament=tournament, player=players[name])
        document = event_export(tournament=tournament)
        assert [(e["player"], e["status"]) for e in document["entries"]] == [
            ("Anna", "entered"), ("Bert", "entered"), ("Cora", "waiting")]
        empty_database()
        imported = event_import(document=document).tournament
        assert (imported.status, imported.entry_cap, imported.check_in,
                imported.rounds_planned) == ("registration", 2, True, 5)
        assert list(imported.entries.order_by("created_at").values_list(
            "player__name", "status")) == [("Anna", "entered"), ("Bert", "entered"),
                                           ("Cora", "waiting")]

    def test_a_taken_short_name_gets_a_free_one(self, organizer, players, run_on_commit):
        krone = gin_round_robin(organizer, players, run_on_commit)
        document = event_export(tournament=krone)
        with run_on_commit():
            copy_ = event_import(document=document).tournament
        assert copy_.slug == "krone-cup-2"
        assert standings_of(copy_) == standings_of(krone)
        named = event_import(document=document, slug="krone-2025").tournament
        assert named.slug == "krone-2025"

    def test_every_export_fits_the_schema(self, organizer, players, run_on_commit):
        schema = json.loads(SCHEMA_PATH.read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        for tournament in (gin_round_robin(organizer, players, run_on_commit),
                           doppelkopf_tables(organizer, logs=True,
                                             run_on_commit=run_on_commit)):
            jsonschema.validate(json.loads(json.dumps(event_export(tournament=tournament))),
                                schema)


@pytest.fixture
def document(organizer, players, run_on_commit):
    return event_export(tournament=gin_round_robin(organizer, players, run_on_commit))


class TestRefusals:
    def test_not_an_event(self):
        assert event_problems([]) == ["$: an event is a JSON object"]
        assert event_problems({"format": "stammtisch-event/2"}) == [
            "format: this is not a Stammtisch event ('stammtisch-event/2'); expected "
            "'stammtisch-event/1'"]

    def test_the_shape_names_the_place(self, document):
        del document["tournament"]["game"]
        document["matches"][2]["seats"][0]["score"] = "lots"
        document["entries"][0]["status"] = "sleeping"
        assert event_problems(document) == [
            "entries[0].status: 'sleeping' is not one of ['entered', 'waiting', "
            "'checked_in', 'no_show', 'withdrawn', 'disqualified']",
            "matches[2].seats[0].score: 'lots' is not of type 'integer', 'null'",
            "tournament: 'game' is a required property",
        ]

    def test_what_a_schema_cannot_say(self, document):
        document["tournament"]["settings"]["tiebreaks"] = ["points", "luck"]
        document["matches"][0]["rules"] = {"preset": "seed", "rounds": 0}
        document["matches"][1]["seats"][1]["player"] = "Zoe"
        document["matches"][1]["logs"][1]["text"] += " "
        document["matches"][3]["next_match"] = 99
        document["entries"].append(dict(document["entries"][0]))
        assert event_problems(document) == [
            "tournament.settings.tiebreaks: unknown tie-breaker 'luck'",
            "entries[4].player: 'Anna' is entered twice",
            "entries[4].seed: seed 1 is taken twice",
            "matches[0].rules: rules.rounds: must be at least 1, not 0",
            "matches[1].seats[1].player: 'Zoe' is not in players",
            "matches[1].logs[1].text: the text does not match its SHA-256 (changed since "
            "the export?)",
            "matches[3].next_match: there is no match 99",
            "matches[3].next_slot: a seat is needed with next_match",
        ]

    def test_a_format_that_does_not_go_with_the_game(self, document):
        document["tournament"]["format"] = "table_rounds"
        assert event_problems(document) == [
            "tournament: Table rounds are for Doppelkopf and Nerts; Gin Rommé is a two-player "
            "game."]

    def test_an_unknown_game(self, document):
        document["tournament"]["game"] = "skat"
        assert event_problems(document) == [
            "tournament.game: unknown game 'skat'; the games are gin, doppelkopf, rennen, "
            "katarenga-rennen, nerts"]

    def test_nothing_is_imported_when_something_does_not_fit(self, document):
        document["rounds"][0]["stage"] = 7
        count = Tournament.objects.count()
        with pytest.raises(EventImportError) as caught:
            event_import(document=document)
        assert str(caught.value) == ("The event cannot be imported: rounds[0].stage: there "
                                     "is no stage 7")
        assert Tournament.objects.count() == count


class TestApi:
    def test_export_and_import(self, document, organizer, players, run_on_commit):
        tournament = Tournament.objects.get(slug="krone-cup")
        exported = Client().get("/api/tournaments/krone-cup/export/").json()
        assert without_time(exported) == without_time(event_export(tournament=tournament))
        client = Client()
        assert client.post("/api/events/import/", exported,
                           content_type="application/json").status_code in (401, 403)
        client.force_login(organizer)
        with run_on_commit():
            response = client.post("/api/events/import/?slug=krone-copy", exported,
                                   content_type="application/json")
        assert (response.status_code, response.json()) == (201, {
            "slug": "krone-copy", "url": "/tournaments/krone-copy/", "players_created": [],
            "logs_submitted": 7, "verdicts_kept": 0})
        assert standings_of(Tournament.objects.get(slug="krone-copy")) == \
            standings_of(tournament)

    def test_problems_in_the_error_shape(self, document, organizer):
        document["players"].append("Anna")
        client = Client()
        client.force_login(organizer)
        response = client.post("/api/events/import/", document, content_type="application/json")
        assert (response.status_code, response.json()) == (400, {
            "message": "The event cannot be imported: players: 'Anna' is listed 2 times",
            "extra": {"problems": ["players: 'Anna' is listed 2 times"]}})


class TestPages:
    def test_download_and_upload(self, document, organizer, run_on_commit):
        english = Client(HTTP_ACCEPT_LANGUAGE="en")
        response = english.get("/tournaments/krone-cup/export/event.json")
        assert response["Content-Disposition"] == \
            'attachment; filename="krone-cup.event.json"'
        downloaded = json.loads(response.content)
        assert without_time(downloaded) == without_time(document)
        assert english.get("/tournaments/events/import/").status_code == 302  # log in first
        english.force_login(organizer)
        upload = io.BytesIO(response.content)
        upload.name = "krone-cup.event.json"
        with run_on_commit():
            response = english.post("/tournaments/events/import/",
                                    {"file": upload, "slug": "krone-import"}, follow=True)
        assert response.redirect_chain[-1][0] == "/tournaments/krone-import/"
        assert "Event imported: 7 logs are being scored again." in text_of(response)

    def test_problems_are_listed(self, document, organizer):
        english = Client(HTTP_ACCEPT_LANGUAGE="en")
        english.force_login(organizer)
        document["matches"][0]["round"] = 12
        upload = io.BytesIO(json.dumps(document).encode())
        upload.name = "event.json"
        page = text_of(english.post("/tournaments/events/import/", {"file": upload}))
        assert "The event cannot be imported: matches[0].round: there is no round 12" in page
        upload = io.BytesIO(b"{oops")
        upload.name = "event.json"
        page = text_of(english.post("/tournaments/events/import/", {"file": upload}))
        assert "This is not JSON: Expecting property name enclosed in double quotes (line 1, " \
               "column 2)." in page


class TestCommands:
    def test_export_then_import(self, organizer, players, run_on_commit, tmp_path):
        gin_round_robin(organizer, players, run_on_commit)
        target = tmp_path / "krone.json"
        out = io.StringIO()
        call_command("export_event", "krone-cup", "-o", str(target), stdout=out)
        assert out.getvalue() == f"Krone Cup: written to {target}\n"
        document = json.loads(target.read_text())
        empty_database()
        get_user_model().objects.create_user("ines")
        out = io.StringIO()
        with run_on_commit():
            call_command("import_event", str(target), "--organizer", "ines", stdout=out)
        # Inside a test the replays run when the block ends, so the command sees them
        # waiting; afterwards everything is scored as exported.
        assert out.getvalue().splitlines()[0] == (
            "Krone Cup imported as krone-cup: 7 logs submitted, 0 verdicts without a log "
            "kept, 4 players added")
        imported = Tournament.objects.get(slug="krone-cup")
        assert event_differences(tournament=imported, document=document) == []
        assert MatchLog.objects.filter(status="scored").count() == 6

    def test_a_refused_file_lists_its_problems(self, tmp_path):
        target = tmp_path / "bad.json"
        target.write_text(json.dumps({"format": "stammtisch-log/1"}))
        err = io.StringIO()
        with pytest.raises(CommandError, match="nothing imported: 1 problem"):
            call_command("import_event", str(target), stderr=err)
        assert "expected 'stammtisch-event/1'" in err.getvalue()


class TestRoundByRound:
    def test_a_swiss_round_with_a_bye(self, organizer, run_on_commit):
        from tests.tournaments.rounds_helpers import gin_result, round_matches, started
        from tests.tournaments.rounds_helpers import submit as submit_document

        tournament = started(organizer, format="swiss", count=5, rounds_planned=3)
        for match in round_matches(tournament, 1):
            if len(match.seats.all()) == 2:
                submit_document(run_on_commit, match, gin_result(match))
        before = standings_of(tournament)
        document, result = round_trip(run_on_commit, tournament)
        # Two played matches scored again, the bye (a one-seat match) kept.
        assert (result.logs_submitted, result.verdicts_kept) == (2, 1)
        bye = [m for m in document["matches"] if len(m["seats"]) == 1]
        assert [(m["seats"][0]["player"], m["status"], m["logs"]) for m in bye] == [
            ("Eva", "scored", [])]
        assert standings_of(result.tournament) == before
        assert event_differences(tournament=result.tournament, document=document) == []

    def test_table_seatings_travel(self, organizer):
        from tests.tournaments.rounds_helpers import started

        tournament = started(organizer, game="doppelkopf", format="table_rounds", count=9,
                             rounds_planned=2, deals_per_round=4)
        seatings = [(m.table, m.seating.first_dealer, m.seating.deals) for m in
                    Match.objects.filter(round__tournament=tournament).order_by("table")]
        document = event_export(tournament=tournament)
        assert [(m["table"], m["seating"]["first_dealer"], m["seating"]["deals"])
                for m in document["matches"]] == seatings
        empty_database()
        imported = event_import(document=document).tournament
        assert [(m.table, m.seating.first_dealer, m.seating.deals) for m in
                Match.objects.filter(round__tournament=imported).order_by("table")] == seatings
        assert without_time(event_export(tournament=imported)) == without_time(document)
