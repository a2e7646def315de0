"""API of the games the service scores: their rule presets and options."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
)
from rest_framework import serializers, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from games.engines import all_engines, get_engine
from games.engines.registry import game_slugs


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    presets = serializers.ListField(child=serializers.CharField())
    options = serializers.ListField(child=serializers.DictField())


def game_json(engine: Any) -> dict[str, Any]:
    return {"slug": engine.slug, "name": engine.name, "min_seats": engine.min_seats,
            "max_seats": engine.max_seats, "presets": list(engine.presets),
            "options": engine.rule_options()}


class GameViewSet(viewsets.ViewSet):
    """The games the service scores, with their rule presets and options."""

    lookup_field = "slug"

    @extend_schema(responses=GameSerializer(many=True))
    def list(self, request: Request) -> Response:
        return Response([game_json(engine) for engine in all_engines()])

    @extend_schema(responses=GameSerializer,
                   parameters=[OpenApiParameter("slug", str, OpenApiParameter.PATH,
                                                description="The game, e.g. gin")])
    def retrieve(self, request: Request, slug: str) -> Response:
        if slug not in game_slugs():
            return Response({"message": f"unknown game {slug!r}", "extra": {}},
                            status=status.HTTP_404_NOT_FOUND)
        return Response(game_json(get_engine(slug)))
