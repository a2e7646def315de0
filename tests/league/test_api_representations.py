"""The API writes leagues and seasons without DRF's field objects (a page of seasons is a
hundred of them with thousands of members): what it writes must be what DRF's fields would
write, to the byte, for every kind of league and season the demo club has."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from league.api.leagues import LeagueViewSet, SeasonViewSet
from league.api.serializers import LeagueSerializer, SeasonSerializer
from league.models import League, Season

pytestmark = pytest.mark.django_db


class DrfLeague(LeagueSerializer):
    def to_representation(self, instance):
        return serializers.ModelSerializer.to_representation(self, instance)


class DrfSeason(SeasonSerializer):
    def to_representation(self, instance):
        return serializers.ModelSerializer.to_representation(self, instance)


def written(data: object) -> bytes:
    return JSONRenderer().render(data)


def test_seasons_are_written_as_drf_would(run_on_commit):
    with run_on_commit():
        call_command("demo_club", verbosity=0)
    # What the demo does not set, set here, so that every conversion is compared.
    Season.objects.filter(pk=Season.objects.order_by("pk").first().pk).update(
        starts_on=datetime.date(2026, 3, 2), ends_on=datetime.date(2026, 6, 29))
    seasons = list(SeasonViewSet().get_queryset())
    kinds = {
        "dated": any(season.starts_on and season.ends_on for season in seasons),
        "closed": any(season.closed_at for season in seasons),
        "with a previous one": any(season.previous_id for season in seasons),
        "with divisions": any(season.divisions.all() for season in seasons),
        "with members": any(season.members.all() for season in seasons)}
    assert [kind for kind, present in kinds.items() if not present] == []
    with timezone.override("Europe/Berlin"):
        assert written(SeasonSerializer(seasons, many=True).data) == \
            written(DrfSeason(seasons, many=True).data)


def test_the_list_s_members_read_as_rows_are_the_seasons_own(run_on_commit,
                                                              django_assert_num_queries):
    with run_on_commit():
        call_command("demo_club", verbosity=0)
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    # The count, the page, the seasons' members, the divisions' members, the divisions.
    with django_assert_num_queries(5):
        listed = client.get("/api/seasons/").json()["results"]
    seasons = list(SeasonViewSet().get_queryset())
    assert [row["id"] for row in listed] == [season.pk for season in seasons]
    # Each season as it is written alone (its members read from the season itself).
    assert written(listed) == written(SeasonSerializer(seasons, many=True).data)
    assert any(row["divisions"] and row["divisions"][0]["members"] for row in listed)
    assert all(row["members"] for row in listed)


def test_leagues_are_written_as_drf_would(run_on_commit):
    with run_on_commit():
        call_command("demo_club", verbosity=0)
    # What the demo does not set, set here, so that every field is compared.
    League.objects.filter(pk=League.objects.order_by("pk").first().pk).update(
        description="Dienstags im Ratskeller", tiebreaks=["wins", "points"], promote=2,
        relegate=1)
    second = get_user_model().objects.create_user("anton")
    League.objects.order_by("pk").first().organizers.add(second)
    leagues = list(LeagueViewSet().get_queryset())
    assert any(league.organizers.count() > 1 for league in leagues)
    alone = written(LeagueSerializer(leagues, many=True).data)
    # DRF's field names the organizers in the database's order; ours are by name.
    assert alone == written([{**row, "organizers": sorted(row["organizers"])}
                             for row in DrfLeague(leagues, many=True).data])
    # The list reads the organizers of its page as rows: the same as each league alone.
    listed = APIClient(HTTP_ACCEPT_LANGUAGE="en").get("/api/leagues/").json()["results"]
    assert written(listed) == alone
