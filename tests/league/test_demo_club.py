"""``manage.py demo_club``: the data `make run` starts with, loaded once."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from games.models import Match, MatchLog, Player
from league.models import League, Rating
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

    # Krone-Liga: the summer in the archive, the autumn after one up and one down.
    krone = League.objects.get(slug="krone-liga")
    summer, autumn = krone.seasons.get(name="Sommer 2026"), krone.seasons.get(name="Herbst 2026")
    assert (summer.status, autumn.status, autumn.previous) == ("closed", "open", summer)
    assert sorted(summer.matches.values_list("status", flat=True)) == ["scored"] * 12
    final = [[row["player"]["name"] for row in table["rows"]]
             for table in summer.final_standings["tables"]]
    moved = [sorted(d.members.values_list("name", flat=True)) for d in autumn.divisions.all()]
    assert moved == [sorted([*final[0][:-1], final[1][0]]),
                     sorted([final[0][-1], *final[1][1:]])]
    assert autumn.matches.filter(status="scored", match_day=1).count() == 4
    # Ratings from every scored match: eight Gin players, five at the Doppelkopf table.
    assert Rating.objects.filter(game="gin", system="glicko2").count() == 8
    assert Rating.objects.filter(game="doppelkopf", system="openskill").count() == 5

    with run_on_commit():
        call_command("demo_club", "--quiet")  # a second run loads nothing twice
    assert (Player.objects.count(), MatchLog.objects.count()) == (8, 31)
    # Every game has a scored match to show.
    assert set(Match.objects.filter(status="scored").values_list("game", flat=True)) == {
        "gin", "doppelkopf", "rennen", "katarenga-rennen", "nerts"}
