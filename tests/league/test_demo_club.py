"""``manage.py demo_club``: the data `make run` starts with, loaded once."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from games.models import Match, MatchLog
from league.models import League, Player
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_demo_club(run_on_commit, capsys):
    with run_on_commit():
        call_command("demo_club")
    assert "Demo organizer login: user 'organizer', password 'stammtisch'" in \
        capsys.readouterr().out
    assert authenticate(username="organizer", password="stammtisch").is_superuser
    assert Player.objects.count() == 8
    season = League.objects.get(slug="dienstagsrunde").seasons.get()
    statuses = sorted(season.matches.values_list("status", flat=True))
    assert statuses == ["rejected"] + ["scored"] * 7
    rejected = MatchLog.objects.get(match__season=season, status="rejected")
    assert rejected.error["kind"] == "illegal_move"

    tournament = Tournament.objects.get(slug="krone-cup-2026")
    assert tournament.status == Tournament.Status.RUNNING
    played = Match.objects.get(round__tournament=tournament, status="scored")
    winner = played.seats.get(rank=1).player
    assert played.next_match.seats.get(index=played.next_slot).player == winner

    with run_on_commit():
        call_command("demo_club", "--quiet")  # a second run loads nothing twice
    assert (Player.objects.count(), MatchLog.objects.count()) == (8, 9)
