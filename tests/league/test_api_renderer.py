"""The API's JSON writer (league.api.renderers): the bytes of DRF's own renderer, faster."""

from __future__ import annotations

import datetime
import decimal
import json
import math

import pytest
from django.core.management import call_command
from django.utils import timezone
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from games.models import MatchLog
from league.api import renderers
from league.api.renderers import FastJSONRenderer

pytestmark = pytest.mark.django_db

# Every list of the demo club and a few of its pages, in both languages.
URLS = ["/api/", "/api/games/", "/api/players/", "/api/leagues/", "/api/seasons/",
        "/api/tournaments/", "/api/matches/", "/api/matches/?search=an",
        "/api/leaderboards/", "/api/leaderboards/gin/", "/api/leaderboards/doppelkopf/",
        "/api/statistics/", "/api/statistics/gin/players/", "/api/statistics/gin/records/"]


def test_every_answer_is_what_drf_would_write(run_on_commit, monkeypatch):
    with run_on_commit():
        call_command("demo_club", verbosity=0)
    written_by_orjson = []
    dumps = renderers.orjson.dumps
    monkeypatch.setattr(renderers.orjson, "dumps",
                        lambda *args, **kwargs: written_by_orjson.append(1) or dumps(
                            *args, **kwargs))
    log = MatchLog.objects.filter(status=MatchLog.Status.SCORED).order_by("pk").first()
    pages = [f"/api/logs/{log.pk}/", f"/api/matches/{log.match_id}/"]
    for language in ("en", "de"):
        client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
        for url in [*URLS, *pages]:
            written_by_orjson.clear()
            response = client.get(url)
            assert response.status_code == 200, url
            assert type(response.accepted_renderer) is FastJSONRenderer, url
            assert written_by_orjson == [1], url
            assert response["Content-Type"] == "application/json", url
            assert response.content == JSONRenderer().render(response.data), (url, language)
            assert len(response.content) > 20


def test_what_orjson_writes_otherwise_is_written_by_drf():
    moment = datetime.datetime(2026, 11, 24, 19, 30, 5, 123456, tzinfo=datetime.UTC)
    data = {"moment": moment, "local": timezone.localtime(moment),
            "day": datetime.date(2026, 11, 24), "time": datetime.time(19, 30, 5, 250000),
            "lazy": gettext_lazy("Matches"), "decimal": decimal.Decimal("1.25"),
            "set": {3}, "bytes": b"ok", "text": "Grüße\u2028Zeile\u2029Absatz",
            "float": 0.1 + 0.2}
    written = FastJSONRenderer().render(data)
    assert written == JSONRenderer().render(data)
    assert b"Gr\xc3\xbc\xc3\x9fe\\u2028Zeile\\u2029Absatz" in written
    # A float far from 1 is written in orjson's own shortest form, the same number.
    assert FastJSONRenderer().render([1e-07, 1.5e-05, 2e20]) == b"[1e-7,0.000015,2e+20]"
    assert JSONRenderer().render([1e-07, 1.5e-05, 2e20]) == b"[1e-07,1.5e-05,2e+20]"
    assert json.loads(written)["moment"] == "2026-11-24T19:30:05.123456Z"
    # What orjson refuses, DRF's renderer writes (or refuses) as it always did.
    for refused in ({"big": 2 ** 70}, {1: "a key that is a number"}):
        assert FastJSONRenderer().render(refused) == JSONRenderer().render(refused)
    assert FastJSONRenderer().render(None) == b""


def test_an_indented_answer_is_drf_s():
    data = {"a": [1, 2], "b": "c"}
    context = {"indent": 2}
    assert FastJSONRenderer().render(data, "application/json", context) == \
        JSONRenderer().render(data, "application/json", context) == \
        b'{\n  "a": [\n    1,\n    2\n  ],\n  "b": "c"\n}'


def test_a_float_that_is_not_a_number_is_null_not_a_crash():
    assert FastJSONRenderer().render({"x": math.nan}) == b'{"x":null}'
