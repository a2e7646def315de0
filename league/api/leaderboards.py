"""API of the leaderboards: the ratings from every scored match, best first, per game."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, viewsets
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response

from games.engines.registry import game_choices
from league import selectors
from league.api.serializers import (
    LeaderboardGameSerializer,
    RatingSerializer,
)


class LeaderboardViewSet(viewsets.ViewSet):
    """A leaderboard per game: the ratings from every scored match, best first."""

    permission_classes = [permissions.AllowAny]
    lookup_field = "game"
    lookup_value_regex = "[a-z-]+"

    @extend_schema(responses=LeaderboardGameSerializer(many=True))
    def list(self, request: Request) -> Response:
        """The games, each with its rating system and how many players are rated."""
        rated = selectors.rated_counts()
        games = [{"game": slug, "name": name, "system": selectors.rating_system(slug).key,
                  "rated": rated.get(slug, 0)}
                 for slug, name in game_choices()]
        return Response(LeaderboardGameSerializer(games, many=True).data)

    @extend_schema(responses=inline_serializer("PaginatedLeaderboard", {
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": RatingSerializer(many=True)}), operation_id="leaderboards_game",
                   parameters=[OpenApiParameter(
                       "search", str, description="Only the players whose name contains "
                                                  "this (any case); places stay the board's.")])
    def retrieve(self, request: Request, game: str | None = None) -> Response:
        """The ratings of one game, best first (then the smaller deviation, then the name),
        a page at a time (``limit``, ``offset``); equal rating and deviation share a
        place."""
        if game not in dict(game_choices()):
            raise Http404(f"unknown game {game!r}")
        text = " ".join(request.query_params.get("search", "").split())[:80]
        paginator = LimitOffsetPagination()
        page = paginator.paginate_queryset(selectors.leaderboard(game=game, text=text),
                                           request, view=self)
        rows = selectors.leaderboard_places(game=game, ratings=page or [])
        return paginator.get_paginated_response(RatingSerializer(rows, many=True).data)
