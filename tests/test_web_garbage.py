"""The web workers' garbage collector runs between requests (league/web_garbage.py), and
nothing keeps a request's objects alive after it: the API's schema classes hold no view
(games/api/schema.py)."""

from __future__ import annotations

import gc
import runpy
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from league import web_garbage
from league.api.leagues import LeagueViewSet


class Cycle:
    """An object that only the cycle collector can free (it refers to itself)."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector_by_hand() -> Iterator[None]:
    """No automatic collection during the test, and a fresh count of requests."""
    was_enabled, threshold = gc.isenabled(), gc.get_threshold()
    saved = web_garbage._requests
    web_garbage._requests = web_garbage._Requests()
    gc.disable()
    yield
    web_garbage._requests = saved
    gc.set_threshold(*threshold)
    if was_enabled:
        gc.enable()


def garbage() -> weakref.ref[Cycle]:
    return weakref.ref(Cycle())


@pytest.mark.usefixtures("collector_by_hand")
class TestBetweenRequests:
    def test_a_request_arriving_at_an_idle_worker_frees_what_the_last_one_left(self):
        left = garbage()
        assert left() is not None  # a cycle: not freed when its last reference went
        assert web_garbage.request_started() == 1
        assert left() is None
        web_garbage.request_finished()

    def test_nothing_is_collected_while_another_request_is_in_flight(self):
        assert web_garbage.request_started() == 1
        left = garbage()
        assert web_garbage.request_started() is None
        assert left() is not None
        web_garbage.request_finished()
        web_garbage.request_finished()
        assert web_garbage.request_started() == 1
        assert left() is None

    def test_every_hundredth_collection_is_of_the_whole_heap(self):
        generations = []
        for _request in range(2 * web_garbage.FULL_EVERY):
            generations.append(web_garbage.request_started())
            web_garbage.request_finished()
        assert web_garbage.FULL_EVERY == 100
        assert [number for number, generation in enumerate(generations, 1)
                if generation == 2] == [100, 200]
        assert generations.count(1) == 198

    def test_a_finished_request_more_than_started_does_not_count_below_zero(self):
        web_garbage.request_finished()
        assert web_garbage.request_started() == 1
        assert web_garbage.request_started() is None

    def test_a_worker_leaves_the_automatic_collector_as_a_safety_net_only(self):
        web_garbage.worker_prepare()
        assert gc.get_threshold() == (100_000, 20, 100)

    def test_the_web_server_s_hooks_are_these(self):
        conf = runpy.run_path(str(Path(__file__).resolve().parents[1] / "deploy"
                                  / "gunicorn.conf.py"))
        conf["post_fork"](None, None)
        assert gc.get_threshold() == (100_000, 20, 100)
        left = garbage()
        conf["pre_request"](None, None)
        assert (web_garbage._requests.in_flight, left()) == (1, None)
        conf["post_request"](None, None, {}, None)
        assert web_garbage._requests.in_flight == 0


@pytest.mark.django_db
def test_an_action_with_its_own_schema_keeps_no_view_after_the_request(organizer):
    """``@extend_schema`` on an action hands DRF a schema class; DRF set the request's view
    on it, and the class held the view, its request and what it read until the next request
    of the action."""
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_authenticate(organizer)
    created = api.post("/api/leagues/", {"name": "Dienstagsrunde", "game": "gin",
                                         "rules": {"preset": "seed"}}, format="json")
    assert created.status_code == 201, created.data
    response = api.get("/api/leagues/dienstagsrunde/archive/")
    assert (response.status_code, response.json()) == (200, [])
    schema_class = LeagueViewSet.archive.kwargs["schema"]
    assert isinstance(schema_class, type)
    assert "view" not in vars(schema_class)


def test_the_schema_still_describes_the_action():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    archive = schema["paths"]["/api/leagues/{slug}/archive/"]["get"]
    assert archive["responses"]["200"]["content"]["application/json"]["schema"] == {
        "type": "array", "items": {"$ref": "#/components/schemas/ArchivedSeason"}}
