"""Security: the doors to an account are throttled, tokens expire and rotate, staff users
organize every competition (pages and API alike), CSV cells never run as formulas."""

from __future__ import annotations

import datetime
import logging

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.signals import registration_refused
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_enter

pytestmark = pytest.mark.django_db
TOO_MANY = "Too many failed attempts: wait a minute, then try again."


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


class TestThrottling:
    def test_the_login_page_after_ten_failures_a_minute(self, organizer, caplog):
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        for _ in range(10):
            response = client.post("/login/", {"username": "olga", "password": "wrong"})
            assert response.status_code == 200  # the form says the password is wrong
        with caplog.at_level(logging.WARNING, logger="league.throttle"):
            response = client.post("/login/", {"username": "olga",
                                               "password": "secret-olga"})
        # Even the right password waits: guessing costs a minute per ten tries.
        assert (response.status_code, response.content.decode()) == (429, TOO_MANY)
        assert response["Retry-After"] == "60"
        assert "throttled /login/: too many failed attempts from 127.0.0.1 for 'olga'" in \
            caplog.text
        cache.clear()  # the minute is over
        assert client.post("/login/", {"username": "olga",
                                       "password": "secret-olga"}).status_code == 302

    def test_the_token_endpoint_per_account_from_many_addresses(self, organizer):
        api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        for number in range(10):
            response = api.post("/api/auth/token/", {"username": "olga", "password": "x"},
                                format="json", REMOTE_ADDR=f"10.0.0.{number}")
            assert response.status_code == 400
        response = api.post("/api/auth/token/", {"username": "olga",
                                                 "password": "secret-olga"},
                            format="json", REMOTE_ADDR="10.0.0.99")
        assert (response.status_code, response.json()) == (
            429, {"message": TOO_MANY, "extra": {"retry_after": 60}})
        # Another account from another address is not held up.
        other = api.post("/api/auth/token/", {"username": "sven", "password": "x"},
                         format="json", REMOTE_ADDR="10.0.1.1")
        assert other.status_code == 400

    def test_per_address_whatever_the_account(self, db):
        client = Client()
        for number in range(10):
            client.post("/admin/login/", {"username": f"user{number}", "password": "x"})
        assert client.post("/admin/login/", {"username": "new", "password": "x"}
                           ).status_code == 429


    def test_refused_registrations_count_like_failed_log_ins(self, organizer, caplog):
        # A registration form that refuses an attempt (a name taken, an invitation used up)
        # says so with the signal; ten from one address in a minute hold that address, and
        # ten for one account hold the account, at every door.
        attempt = RequestFactory().post("/", REMOTE_ADDR="10.0.2.1")
        for _ in range(10):
            registration_refused.send(sender=None, request=attempt, account="Olga ")
        api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        with caplog.at_level(logging.WARNING, logger="league.throttle"):
            response = api.post("/api/auth/token/", {"username": "olga",
                                                     "password": "secret-olga"},
                                format="json", REMOTE_ADDR="10.0.9.9")
        assert (response.status_code, response.json()["message"]) == (429, TOO_MANY)
        assert "throttled /api/auth/token/: too many failed attempts from 10.0.9.9 for " \
               "'olga'" in caplog.text
        other = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.2.1")
        assert other.post("/login/", {"username": "sven", "password": "x"}).status_code == 429
        # Another account from another address is not held up.
        assert api.post("/api/auth/token/", {"username": "sven", "password": "x"},
                        format="json", REMOTE_ADDR="10.0.3.1").status_code == 400


class TestTokens:
    def test_a_token_expires(self, organizer, settings):
        settings.TOKEN_TTL = 3600
        api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        key = api.post("/api/auth/token/", {"username": "olga", "password": "secret-olga"},
                       format="json").json()["token"]
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        assert api.post("/api/players/", {"name": "Clara"}, format="json").status_code == 201
        Token.objects.filter(key=key).update(
            created=timezone.now() - datetime.timedelta(seconds=3601))
        response = api.post("/api/players/", {"name": "Dora"}, format="json")
        assert (response.status_code, response.json()["message"]) == (
            401, "The token has expired; ask /api/auth/token/ for a new one.")
        api.credentials()
        new = api.post("/api/auth/token/", {"username": "olga", "password": "secret-olga"},
                       format="json").json()["token"]
        assert new != key
        api.credentials(HTTP_AUTHORIZATION=f"Token {new}")
        assert api.post("/api/players/", {"name": "Dora"}, format="json").status_code == 201

    def test_a_password_change_revokes_the_token(self, organizer):
        api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        key = api.post("/api/auth/token/", {"username": "olga", "password": "secret-olga"},
                       format="json").json()["token"]
        organizer.set_password("a-new-secret")
        organizer.save()
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        assert api.post("/api/players/", {"name": "Clara"}, format="json").status_code == 401
        organizer.first_name = "Olga"
        organizer.save()  # anything else leaves the token alone
        api.credentials()
        fresh = api.post("/api/auth/token/", {"username": "olga", "password": "a-new-secret"},
                         format="json").json()["token"]
        organizer.save()
        assert Token.objects.get(user=organizer).key == fresh != key


@pytest.fixture
def roles(organizer, stranger, players):
    users = get_user_model().objects
    staff = users.create_user("stefan", password="x", is_staff=True)
    admin = users.create_user("ada", password="x", is_superuser=True)
    return {"anonymous": None, "stranger": stranger, "player": players["Anna"].user,
            "organizer": organizer, "staff": staff, "superuser": admin}


def cup_with(organizer, players, slug):
    cup = tournament_create(name=slug, game="gin", rules={"preset": "seed", "rounds": 1},
                            format=Tournament.Format.ROUND_ROBIN, organizer=organizer)
    for name in ("Anna", "Bert"):
        tournament_enter(tournament=cup, player=players[name])
    return cup


ACTIONS = {
    # name: (api?, method, url with {slug} / {player}, body)
    "api: enter a player": (True, "post", "/api/tournaments/{slug}/entries/",
                            {"player": "{cora}"}),
    "api: withdraw an entry": (True, "delete", "/api/tournaments/{slug}/entries/{anna}/", {}),
    "api: start": (True, "post", "/api/tournaments/{slug}/start/", {}),
    "api: change the tournament": (True, "patch", "/api/tournaments/{slug}/",
                                   {"description": "x"}),
    "page: enter a player": (False, "post", "/tournaments/{slug}/entries/",
                             {"player": "{cora}"}),
    "page: start": (False, "post", "/tournaments/{slug}/start/", {}),
    "page: set a seed": (False, "post", "/tournaments/{slug}/entries/{anna}/seed/",
                         {"seed": "1"}),
}


def refused(response):
    return response.status_code in (401, 403) or (
        response.status_code == 302 and "/login/" in response.get("Location", ""))


def test_the_role_by_endpoint_matrix(roles, organizer, players):
    cora = players["Cora"]
    matrix = {}
    for role, user in roles.items():
        for number, (action, (is_api, method, url, body)) in enumerate(ACTIONS.items()):
            cup = cup_with(organizer, players, f"cup-{role}-{number}")
            values = {"slug": cup.slug, "anna": players["Anna"].pk, "cora": cora.pk}
            client = APIClient() if is_api else Client()
            if user is not None:
                client.force_login(user)
            data = {key: str(value).format(**values) for key, value in body.items()}
            kwargs = {"format": "json"} if is_api else {}
            response = getattr(client, method)(url.format(**values), data, **kwargs)
            matrix[role, action] = "refused" if refused(response) else "allowed"
    expected = {"anonymous": "refused", "stranger": "refused", "player": "refused",
                "organizer": "allowed", "staff": "allowed", "superuser": "allowed"}
    assert {cell: result for cell, result in matrix.items()} == {
        (role, action): expected[role] for role in roles for action in ACTIONS}


def test_a_name_that_is_a_formula_is_text_in_the_csv(organizer, players):
    players["Bert"].name = "=HYPERLINK(\"http://evil\",\"x\")"
    players["Bert"].save()
    cup = cup_with(organizer, players, "csv-cup")
    csv = Client().get(f"/tournaments/{cup.slug}/export/standings.csv").content.decode()
    assert "'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")" in csv
    assert ",=HYPERLINK" not in csv
