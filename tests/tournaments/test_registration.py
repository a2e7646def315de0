"""Registration: the entry cap and the waiting list, check-in and no-shows, seeds by hand and
by rating, late entries and withdrawals in a Swiss; the panel, the entries page and the API."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Match, Player
from league.models import Rating
from tests.test_pages import text_of
from tournaments.models import Entry, Round, Stage, Tournament
from tournaments.selectors.registration import late_entry_limit, registration_of
from tournaments.services import (
    TournamentError,
    seeded_players,
    tournament_create,
    tournament_enter,
    tournament_start,
    tournament_withdraw,
)
from tournaments.services.entries import (
    entries_close,
    entry_check_in,
    entry_check_in_undo,
    entry_seed_set,
)

pytestmark = pytest.mark.django_db
RULES = {"preset": "seed", "rounds": 1}


def make(organizer, fmt=Tournament.Format.ROUND_ROBIN, **settings):
    tournament = tournament_create(name="Krone Cup", game="gin", format=fmt, rules=RULES,
                                   organizer=organizer)
    if settings:
        Tournament.objects.filter(pk=tournament.pk).update(**settings)
        tournament.refresh_from_db()
    return tournament


def enter(tournament, players, *names, seeds=None):
    return [tournament_enter(tournament=tournament, player=players[name],
                             seed=seeds[index] if seeds else None)
            for index, name in enumerate(names)]


def statuses(tournament):
    return {e.player.name: (e.status, e.seed) for e in
            tournament.entries.select_related("player")}


def names(players):
    return [player.name for player in players]


def pairs(tournament):
    return [[tuple(s.player.name if s.player else None for s in m.seats.order_by("index"))
             for m in Match.objects.filter(round=rnd).order_by("position")]
            for rnd in tournament.rounds.order_by("number")]


class TestCapAndWaitingList:
    def test_entries_beyond_the_cap_wait_in_order(self, organizer, players):
        tournament = make(organizer, entry_cap=3)
        entries = enter(tournament, players, "Anna", "Bert", "Cora", "Dieter", "Eva")
        assert [e.status for e in entries] == ["entered"] * 3 + ["waiting"] * 2
        assert names(seeded_players(make_running_copy(tournament))) == ["Anna", "Bert", "Cora"]
        registration = registration_of(tournament)
        assert (registration.places_taken, registration.places_free) == (3, 0)
        assert [e.player.name for e in registration.waiting] == ["Dieter", "Eva"]

    def test_a_withdrawal_moves_the_first_waiting_up_and_frees_the_seed(self, organizer,
                                                                      players):
        tournament = make(organizer, entry_cap=3)
        enter(tournament, players, "Anna", "Bert", "Cora", "Dieter", "Eva",
              seeds=[1, 2, None, None, None])
        entry = tournament_withdraw(tournament=tournament, player=players["Bert"])
        assert (entry.status, entry.seed) == ("withdrawn", None)
        assert statuses(tournament) == {
            "Anna": ("entered", 1), "Bert": ("withdrawn", None), "Cora": ("entered", None),
            "Dieter": ("entered", None), "Eva": ("waiting", None)}
        # Bert's seed is free again, and Bert may come back: behind Eva on the list.
        entry_seed_set(tournament=tournament, player=players["Dieter"], seed=2)
        again = tournament_enter(tournament=tournament, player=players["Bert"])
        assert again.status == "waiting"
        assert [e.player.name for e in registration_of(tournament).waiting] == ["Eva", "Bert"]
        tournament_withdraw(tournament=tournament, player=players["Cora"])
        assert [e.player.name for e in registration_of(tournament).waiting] == ["Bert"]
        assert statuses(tournament)["Eva"] == ("entered", None)

    def test_a_raised_cap_lets_the_waiting_in_before_a_new_entry(self, organizer, players):
        tournament = make(organizer, entry_cap=2)
        enter(tournament, players, "Anna", "Bert", "Cora")
        Tournament.objects.filter(pk=tournament.pk).update(entry_cap=3)
        dieter = tournament_enter(tournament=tournament, player=players["Dieter"])
        assert dieter.status == "waiting"
        assert statuses(tournament)["Cora"] == ("entered", None)

    def test_a_raised_cap_fills_at_the_start(self, organizer, players):
        tournament = make(organizer, entry_cap=2)
        enter(tournament, players, "Anna", "Bert", "Cora", "Dieter")
        Tournament.objects.filter(pk=tournament.pk).update(entry_cap=3)
        tournament_start(tournament=tournament)
        assert statuses(tournament) == {
            "Anna": ("entered", 1), "Bert": ("entered", 2), "Cora": ("entered", 3),
            "Dieter": ("waiting", None)}
        # The Berger table over Anna, Bert, Cora (see tests/tournaments/test_services.py).
        assert pairs(tournament) == [[("Bert", "Cora")], [("Anna", "Bert")],
                                     [("Cora", "Anna")]]

    def test_errors_name_the_player(self, organizer, players):
        tournament = make(organizer)
        enter(tournament, players, "Anna")
        with pytest.raises(TournamentError, match=re.escape("Bert is not entered.")):
            tournament_withdraw(tournament=tournament, player=players["Bert"])
        tournament_withdraw(tournament=tournament, player=players["Anna"])
        with pytest.raises(TournamentError, match=re.escape(
                "Anna is not in the tournament any more (withdrawn).")):
            tournament_withdraw(tournament=tournament, player=players["Anna"])


def make_running_copy(tournament):
    """The tournament as the draws see it, without closing its registration: a copy whose
    status says running (seeded_players then only reads)."""
    tournament.refresh_from_db()
    tournament.status = Tournament.Status.RUNNING
    return tournament


class TestCheckIn:
    def test_no_shows_are_dropped_and_checked_in_waiting_players_move_up(self, organizer,
                                                                       players):
        tournament = make(organizer, entry_cap=3, check_in=True)
        enter(tournament, players, "Anna", "Bert", "Cora", "Dieter", "Eva", "Frank")
        for name in ("Anna", "Cora", "Frank", "Eva"):
            entry_check_in(tournament=tournament, player=players[name])
        # Bert is a no-show: one place is free. Dieter waits first but did not check in;
        # of the checked-in Eva and Frank, Eva is first on the list.
        tournament_start(tournament=tournament)
        assert statuses(tournament) == {
            "Anna": ("checked_in", 1), "Bert": ("no_show", None),
            "Cora": ("checked_in", 2), "Dieter": ("waiting", None),
            "Eva": ("checked_in", 3), "Frank": ("waiting", None)}
        assert pairs(tournament) == [[("Cora", "Eva")], [("Anna", "Cora")], [("Eva", "Anna")]]

    def test_checking_in_twice_and_undoing(self, organizer, players):
        tournament = make(organizer, check_in=True)
        enter(tournament, players, "Anna")
        first = entry_check_in(tournament=tournament, player=players["Anna"])
        again = entry_check_in(tournament=tournament, player=players["Anna"])
        assert (again.status, again.checked_in_at) == ("checked_in", first.checked_in_at)
        undone = entry_check_in_undo(tournament=tournament, player=players["Anna"])
        assert (undone.status, undone.checked_in_at) == ("entered", None)

    def test_closing_twice_changes_nothing(self, organizer, players):
        tournament = make(organizer, check_in=True)
        enter(tournament, players, "Anna", "Bert")
        entry_check_in(tournament=tournament, player=players["Anna"])
        assert names(e.player for e in entries_close(tournament=tournament)) == ["Bert"]
        assert entries_close(tournament=tournament) == []

    def test_no_check_in_before_or_after(self, organizer, players):
        plain = make(organizer)
        enter(plain, players, "Anna", "Bert")
        with pytest.raises(TournamentError, match=re.escape("This tournament has no check-in.")):
            entry_check_in(tournament=plain, player=players["Anna"])
        tournament = tournament_create(name="Abend", game="gin", rules=RULES,
                                       format=Tournament.Format.ROUND_ROBIN,
                                       organizer=organizer)
        Tournament.objects.filter(pk=tournament.pk).update(check_in=True)
        enter(tournament, players, "Anna", "Bert")
        for name in ("Anna", "Bert"):
            entry_check_in(tournament=tournament, player=players[name])
        tournament_start(tournament=tournament)
        with pytest.raises(TournamentError, match=re.escape(
                "Check-in is closed: the tournament has started.")):
            entry_check_in(tournament=tournament, player=players["Anna"])

    def test_too_few_checked_in_keeps_the_registration_open(self, organizer, players):
        tournament = make(organizer, check_in=True)
        enter(tournament, players, "Anna", "Bert")
        entry_check_in(tournament=tournament, player=players["Anna"])
        with pytest.raises(TournamentError, match=re.escape("at least two players")):
            tournament_start(tournament=tournament)
        # The start failed as a whole: nobody was marked a no-show.
        assert statuses(tournament) == {"Anna": ("checked_in", None), "Bert": ("entered", None)}


class TestSeeding:
    def test_by_hand_seeded_first_then_in_order_of_entry(self, organizer, players):
        tournament = make(organizer)
        enter(tournament, players, "Anna", "Bert", "Cora", "Dieter", seeds=[None, 2, None, 1])
        assert names(seeded_players(make_running_copy(tournament))) == [
            "Dieter", "Bert", "Anna", "Cora"]
        with pytest.raises(TournamentError, match=re.escape("Seed 2 is already taken.")):
            entry_seed_set(tournament=tournament, player=players["Anna"], seed=2)
        entry_seed_set(tournament=tournament, player=players["Bert"], seed=None)
        entry_seed_set(tournament=tournament, player=players["Anna"], seed=2)
        assert names(seeded_players(make_running_copy(tournament))) == [
            "Dieter", "Anna", "Bert", "Cora"]

    def test_by_rating_highest_first_unrated_after_in_order_of_entry(self, organizer, players):
        tournament = make(organizer, fmt=Tournament.Format.SINGLE_ELIMINATION,
                          seeding=Tournament.Seeding.RATING)
        for name, rating in [("Anna", 1500.0), ("Bert", 1650.0), ("Dieter", 1720.0),
                             ("Frank", 1650.0)]:
            Rating.objects.create(player=players[name], game="gin", system="glicko2",
                                  rating=rating, deviation=80.0)
        # Cora's rating is in another game: she counts as unrated here.
        Rating.objects.create(player=players["Cora"], game="doppelkopf", system="openskill",
                              rating=2000.0, deviation=3.0)
        # Hand seeds are not used when seeding by rating.
        enter(tournament, players, "Anna", "Bert", "Cora", "Dieter", "Eva", "Frank",
              seeds=[1, None, None, None, None, None])
        tournament_start(tournament=tournament)
        # Dieter 1720; Bert and Frank 1650 (Bert entered first); Anna 1500; then the
        # unrated Cora and Eva in order of entry.
        assert dict(tournament.entries.values_list("player__name", "seed")) == {
            "Dieter": 1, "Bert": 2, "Frank": 3, "Anna": 4, "Cora": 5, "Eva": 6}
        # Bracket of 8: seeds 1 and 2 have byes; 4 v 5 and 3 v 6 play.
        assert pairs(tournament)[0] == [("Anna", "Cora"), ("Frank", "Eva")]

    def test_seeds_are_fixed_at_the_start(self, organizer, players):
        tournament = make(organizer)
        enter(tournament, players, "Anna", "Bert")
        tournament_start(tournament=tournament)
        with pytest.raises(TournamentError, match=re.escape(
                "Seeds are fixed: the tournament has started.")):
            entry_seed_set(tournament=tournament, player=players["Anna"], seed=2)


def running_swiss(organizer, players, names_, rounds_played, **settings):
    """A Swiss of 5 rounds with ``rounds_played`` rounds paired (the pairing is the Swiss
    engineer's; only the round count matters to the registration)."""
    tournament = make(organizer, fmt=Tournament.Format.SWISS, rounds_planned=5, **settings)
    enter(tournament, players, *names_)
    entries_close(tournament=tournament)  # what the start does before the draw
    stage = Stage.objects.create(tournament=tournament, number=1, format="swiss",
                                 status=Stage.Status.RUNNING)
    for number in range(1, rounds_played + 1):
        Round.objects.create(tournament=tournament, stage=stage, number=number)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()
    return tournament


class TestSwissLateEntriesAndWithdrawals:
    def test_half_the_rounds_rounded_up(self, organizer):
        tournament = make(organizer, fmt=Tournament.Format.SWISS)
        limits = []
        for rounds in (4, 5, 6, 7):
            tournament.rounds_planned = rounds
            limits.append(late_entry_limit(tournament))
        assert limits == [2, 3, 3, 4]
        tournament.format = Tournament.Format.ROUND_ROBIN
        assert late_entry_limit(tournament) is None

    def test_a_late_entry_joins_the_next_round(self, organizer, players):
        tournament = running_swiss(organizer, players, ["Anna", "Bert", "Cora", "Dieter"], 2)
        entry = tournament_enter(tournament=tournament, player=players["Eva"])
        assert (entry.status, entry.joined_round) == ("entered", 3)
        # Seeded at the start first, the late entry after them.
        assert names(seeded_players(tournament)) == ["Anna", "Bert", "Cora", "Dieter", "Eva"]

    def test_late_entries_close_after_half_the_rounds(self, organizer, players):
        tournament = running_swiss(organizer, players, ["Anna", "Bert"], 3)
        with pytest.raises(TournamentError, match=re.escape(
                "Late entries are closed: a late entry joins by round 3 of 5 at the latest.")):
            tournament_enter(tournament=tournament, player=players["Eva"])

    def test_late_entries_are_checked_in_when_the_event_has_check_in(self, organizer, players):
        tournament = running_swiss(organizer, players, ["Anna", "Bert"], 1, check_in=True)
        # Nobody checked in before the start: both were dropped.
        assert statuses(tournament) == {"Anna": ("no_show", None), "Bert": ("no_show", None)}
        entry = tournament_enter(tournament=tournament, player=players["Cora"])
        assert (entry.status, entry.joined_round, entry.checked_in_at is not None) == (
            "checked_in", 2, True)

    def test_a_withdrawn_player_is_not_paired_and_the_waiting_list_moves_up(self, organizer,
                                                                          players):
        tournament = running_swiss(organizer, players,
                                   ["Anna", "Bert", "Cora", "Dieter", "Eva"], 1, entry_cap=4)
        assert statuses(tournament)["Eva"] == ("waiting", None)
        tournament_withdraw(tournament=tournament, player=players["Bert"])
        assert names(seeded_players(tournament)) == ["Anna", "Cora", "Dieter", "Eva"]
        assert Entry.objects.get(player=players["Eva"]).joined_round == 2

    def test_table_rounds_take_withdrawals_but_no_late_entries(self, organizer, players):
        tournament = Tournament.objects.create(name="Doko", slug="doko", game="doppelkopf",
                                               format=Tournament.Format.TABLE_ROUNDS,
                                               rounds_planned=4)
        enter(tournament, players, "Anna", "Bert")
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
        tournament.refresh_from_db()
        with pytest.raises(TournamentError, match=re.escape("Entries are closed")):
            tournament_enter(tournament=tournament, player=players["Eva"])
        assert tournament_withdraw(tournament=tournament, player=players["Bert"]).status == \
            "withdrawn"


@pytest.fixture
def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


class TestPages:
    def test_the_panel_shows_places_waiting_list_and_check_in(self, english, organizer,
                                                              players):
        tournament = make(organizer, entry_cap=2, check_in=True)
        enter(tournament, players, "Anna", "Bert", "Cora")
        entry_check_in(tournament=tournament, player=players["Bert"])
        english.force_login(organizer)
        page = text_of(english.get(f"/tournaments/{tournament.slug}/"))
        assert "Entries Places: 2 of 2 · Waiting list: 1 · Checked in: 1 · Seeded by hand" \
            in page
        assert "# Seed Player Status Actions 1 – Anna entered check in set seed withdraw " \
               "Withdraw: Anna leaves the tournament. Yes, withdraw " \
               "2 – Bert checked in undo check-in set seed withdraw" in page
        assert "Waiting list # Player Checked in Actions 1 Cora – check in withdraw" in page

    def test_a_player_checks_himself_in_a_stranger_cannot(self, english, organizer,
                                                          stranger, anna_user, players):
        tournament = make(organizer, check_in=True)
        enter(tournament, players, "Anna", "Bert")
        url = f"/tournaments/{tournament.slug}/entries/{players['Anna'].pk}/check-in/"
        english.force_login(stranger)
        assert english.post(url).status_code == 403
        english.force_login(anna_user)
        page = text_of(english.get(f"/tournaments/{tournament.slug}/"))
        assert "Check me in" in page and "check in" not in page.replace("Check me in", "")
        assert english.post(url).status_code == 302
        assert statuses(tournament)["Anna"] == ("checked_in", None)
        bert = f"/tournaments/{tournament.slug}/entries/{players['Bert'].pk}/check-in/"
        assert english.post(bert).status_code == 403
        response = english.post(f"{url}undo/", {"next": f"/tournaments/{tournament.slug}/"},
                                follow=True)
        assert "Anna is no longer checked in." in text_of(response)

    def test_entering_beyond_the_cap_says_where_he_waits(self, english, organizer, players):
        tournament = make(organizer, entry_cap=1)
        enter(tournament, players, "Anna", "Bert")
        english.force_login(organizer)
        response = english.post(f"/tournaments/{tournament.slug}/entries/",
                                {"player": players["Cora"].pk}, follow=True)
        assert "The tournament is full: Cora is on the waiting list (place 2)." in \
            text_of(response)
        response = english.post(
            f"/tournaments/{tournament.slug}/entries/{players['Anna'].pk}/withdraw/",
            {"confirm": "yes"}, follow=True)
        assert "Anna has withdrawn. Bert moves up from the waiting list." in text_of(response)

    def test_the_entries_page_of_a_running_swiss(self, english, organizer, players):
        tournament = running_swiss(organizer, players, ["Anna", "Bert", "Cora"], 1)
        english.force_login(organizer)
        url = f"/tournaments/{tournament.slug}/entries/"
        page = text_of(english.get(url))
        assert "Entered: 3 · Seeded by hand · Late entries join in round 2 (until round 3)" \
            in page
        assert "Enter a late player" in page and "Start the tournament" not in page
        response = english.post(url, {"player": players["Dieter"].pk, "next": url},
                                follow=True)
        page = text_of(response)
        assert "Dieter is a late entry and joins in round 2." in page
        assert "4 – Dieter (from round 2) entered disqualify… withdraw" in page

    def test_by_rating_the_panel_shows_ratings_and_no_seed_field(self, english, organizer,
                                                                  players):
        tournament = make(organizer, seeding=Tournament.Seeding.RATING)
        Rating.objects.create(player=players["Bert"], game="gin", system="glicko2",
                              rating=1612.4, deviation=80.0)
        enter(tournament, players, "Anna", "Bert")
        english.force_login(organizer)
        page = text_of(english.get(f"/tournaments/{tournament.slug}/"))
        assert "# Rating Player Status Actions 1 1612 Bert entered withdraw Withdraw: Bert " \
               "leaves the tournament. Yes, withdraw 2 – Anna entered withdraw" in page
        assert 'name="seed"' not in english.get(f"/tournaments/{tournament.slug}/").content \
            .decode()


class TestApi:
    def test_registration_and_entries(self, organizer, players):
        tournament = make(organizer, entry_cap=1)
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(organizer)
        api = f"/api/tournaments/{tournament.slug}"
        first = client.post(f"{api}/entries/", {"player": players["Anna"].pk, "seed": 3},
                            content_type="application/json")
        second = client.post(f"{api}/entries/", {"player": players["Bert"].pk},
                             content_type="application/json")
        assert (first.status_code, first.json()["status"], second.json()["status"]) == (
            201, "entered", "waiting")
        response = client.patch(f"{api}/entries/{players['Anna'].pk}/", {"seed": 1},
                                content_type="application/json")
        assert response.json()["seed"] == 1
        body = Client().get(f"{api}/registration/").json()
        assert {key: body[key] for key in ("entry_cap", "places_taken", "places_free",
                                           "seeding", "open", "late_entry_round")} == {
            "entry_cap": 1, "places_taken": 1, "places_free": 0, "seeding": "manual",
            "open": True, "late_entry_round": None}
        assert [(e["player"]["name"], e["seed"]) for e in body["seeded"]] == [("Anna", 1)]
        assert [e["player"]["name"] for e in body["waiting"]] == ["Bert"]
        assert client.delete(f"{api}/entries/{players['Anna'].pk}/").status_code == 204
        listed = Client().get(f"{api}/entries/").json()
        assert [(e["player"]["name"], e["status"]) for e in listed] == [
            ("Anna", "withdrawn"), ("Bert", "entered")]

    def test_check_in_by_the_player_and_the_errors(self, organizer, stranger, anna_user,
                                                    players):
        tournament = make(organizer)
        enter(tournament, players, "Anna")
        url = f"/api/tournaments/{tournament.slug}/entries/{players['Anna'].pk}/check-in/"
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(stranger)
        response = client.post(url)
        assert (response.status_code, response.json()) == (403, {
            "message": "Only the tournament's organizers and the player himself may check "
                       "him in.", "extra": {}})
        client.force_login(anna_user)
        response = client.post(url)
        assert (response.status_code, response.json()) == (
            400, {"message": "This tournament has no check-in.", "extra": {}})
        Tournament.objects.filter(pk=tournament.pk).update(check_in=True)
        response = client.post(url)
        assert (response.status_code, response.json()["status"]) == (200, "checked_in")
        assert client.delete(url).json()["status"] == "entered"

    def test_only_organizers_enter(self, stranger, organizer, players):
        tournament = make(organizer)
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(stranger)
        response = client.post(f"/api/tournaments/{tournament.slug}/entries/",
                               {"player": players["Anna"].pk},
                               content_type="application/json")
        assert response.status_code == 403


def test_order_of_entry_decides_among_the_unseeded(organizer, players):
    """Entries made in the same instant keep their order by id."""
    tournament = make(organizer)
    enter(tournament, players, "Cora", "Anna", "Bert")
    same = timezone.now() - timedelta(minutes=1)
    tournament.entries.update(created_at=same)
    assert names(seeded_players(make_running_copy(tournament))) == ["Cora", "Anna", "Bert"]
    assert Player.objects.count() == 6
