"""API of the leaderboards: the ratings from every scored match, best first, per game."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from games.engines.registry import game_choices
from league import selectors
from league.api.serializers import (
    LeaderboardGameSerializer,
    RatingSerializer,
)
from league.models import Rating


class LeaderboardViewSet(viewsets.ViewSet):
    """A leaderboard per game: the ratings from every scored match, best first."""

    permission_classes = [permissions.AllowAny]
    lookup_field = "game"
    lookup_value_regex = "[a-z-]+"

    @extend_schema(responses=LeaderboardGameSerializer(many=True))
    def list(self, request: Request) -> Response:
        """The games, each with its rating system and how many players are rated."""
        games = [{"game": slug, "name": name, "system": selectors.rating_system(slug).key,
                  "rated": Rating.objects.filter(game=slug).count()}
                 for slug, name in game_choices()]
        return Response(LeaderboardGameSerializer(games, many=True).data)

    @extend_schema(responses=RatingSerializer(many=True), operation_id="leaderboards_game")
    def retrieve(self, request: Request, game: str | None = None) -> Response:
        """The ratings of one game, best first (then the smaller deviation, then the name);
        equal rating and deviation share a place."""
        if game not in dict(game_choices()):
            raise Http404(f"unknown game {game!r}")
        return Response(RatingSerializer(selectors.leaderboard(game=game), many=True).data)
