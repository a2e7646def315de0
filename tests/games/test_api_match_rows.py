"""The API's lists read matches as rows (games.selectors.match_rows), not model objects: what
they write must be, to the byte, what the API writes of the same match read as a model
object (which tests/games/test_api_representations.py holds equal to DRF's own fields), for
every kind of match the demo club has, and reading a page must cost two queries."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.utils import translation
from rest_framework.renderers import JSONRenderer

from games.api.serializers import MatchSerializer
from games.models import Match, Seat
from games.selectors.match_rows import MatchRow, match_api_rows

pytestmark = pytest.mark.django_db


def written(data: object) -> bytes:
    return JSONRenderer().render(data)


@pytest.fixture
def demo(run_on_commit) -> None:
    with run_on_commit():
        call_command("demo_club", verbosity=0)
    dated = Match.objects.filter(season__isnull=False).order_by("pk").first()
    Match.objects.filter(pk=dated.pk).update(scheduled_on=datetime.date(2026, 3, 9),
                                             played_on=datetime.date(2026, 3, 10))
    # A seat without its player (a bracket's match waiting for a winner) is written too.
    assert Seat.objects.filter(player__isnull=True).exists()


def as_objects() -> list[Match]:
    return list(Match.objects.order_by("pk").select_related(
        "round__tournament", "current_log__submitted_by").prefetch_related("seats__player"))


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_row_is_written_as_its_match(demo, language):
    rows = list(match_api_rows(Match.objects.order_by("pk")))
    assert all(isinstance(row, MatchRow) for row in rows)
    with translation.override(language):
        assert written(MatchSerializer(rows, many=True).data) == \
            written(MatchSerializer(as_objects(), many=True).data)
    kinds = {
        "a tournament's": any(row.columns["round_id"] for row in rows),
        "a season's": any(row.columns["season_id"] for row in rows),
        "dated": any(row.columns["played_on"] for row in rows),
        "rejected": any(row.columns["current_log__error"] for row in rows),
        "without a log": any(row.columns["current_log_id"] is None for row in rows),
        "an empty seat": any(seat.player_id is None for row in rows for seat in row.seats),
        "submitted by a user": any(row.columns["current_log__submitted_by__username"]
                                   for row in rows)}
    assert [kind for kind, present in kinds.items() if not present] == []


def test_a_page_of_rows_costs_two_queries_and_is_written_without_one(
        demo, django_assert_num_queries):
    with django_assert_num_queries(2):  # the matches with their joins, the seats
        rows = list(match_api_rows(Match.objects.order_by("-pk"))[3:30])
    with django_assert_num_queries(0):
        data = MatchSerializer(rows, many=True).data
    assert [row["id"] for row in data] == list(
        Match.objects.order_by("-pk").values_list("pk", flat=True)[3:30])


def test_rows_keep_the_queryset_s_filters_and_order(demo):
    season = Match.objects.filter(season__isnull=False).values("season").first()["season"]
    rows = match_api_rows(Match.objects.filter(season=season).order_by("-pk"))
    expected = list(Match.objects.filter(season=season).order_by("-pk")
                    .values_list("pk", flat=True))
    assert [row.pk for row in rows] == expected
    assert rows.get(pk=expected[-1]).columns["season_id"] == season
