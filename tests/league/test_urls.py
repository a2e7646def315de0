"""Addresses that moved keep working."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_players_admin_pages_moved_with_the_model(client, organizer):
    organizer.is_staff = organizer.is_superuser = True
    organizer.save()
    client.force_login(organizer)
    response = client.get("/admin/league/player/12/change/")
    assert (response.status_code, response["Location"]) == (301, "/admin/games/player/12/change/")
    assert client.get("/admin/league/player/").url == "/admin/games/player/"
    assert client.get("/admin/games/player/").status_code == 200
