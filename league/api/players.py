"""API of players: the list, adding one, a player's ratings with their history."""

from __future__ import annotations

from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.filters import SearchFilter
from rest_framework.request import Request
from rest_framework.response import Response

from games.models import Player
from league import selectors, services
from league.api.serializers import (
    PlayerRatingSerializer,
    PlayerSerializer,
)


class PlayerViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    viewsets.GenericViewSet):
    """Players; any signed-in user may add one."""

    serializer_class = PlayerSerializer
    lookup_value_regex = "[0-9]+"  # a non-numeric id is a 404, not a crash
    queryset = Player.objects.order_by("name", "pk")
    filterset_fields = {"name": ["exact", "icontains"]}
    # ?search= finds players whose name contains the text (any case), a page at a time.
    filter_backends = [DjangoFilterBackend, SearchFilter]
    search_fields = ["name"]

    def perform_create(self, serializer: PlayerSerializer) -> None:
        serializer.instance = services.player_create(name=serializer.validated_data["name"])

    @extend_schema(responses=PlayerRatingSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def ratings(self, request: Request, pk: str | None = None) -> Response:
        """The player's rating in every game he is rated in, with its history."""
        entries = selectors.player_ratings(player=self.get_object())
        return Response(PlayerRatingSerializer(entries, many=True).data)
