"""API of players, leagues and seasons."""

from __future__ import annotations

import json
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.serializers import LogDetailSerializer, MatchSerializer
from games.models import MatchLog
from league import selectors, services
from league.api.serializers import (
    LeagueSerializer,
    PlayerSerializer,
    SeasonMemberInput,
    SeasonSerializer,
    StandingRowSerializer,
)
from league.models import League, Player, Season


class PlayerViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    viewsets.GenericViewSet):
    """Players; any signed-in user may add one."""

    serializer_class = PlayerSerializer
    queryset = Player.objects.all()
    filterset_fields = {"name": ["exact", "icontains"]}

    def perform_create(self, serializer: PlayerSerializer) -> None:
        serializer.instance = services.player_create(name=serializer.validated_data["name"])


class IsLeagueOrganizerOrReadOnly(permissions.BasePermission):
    message = "Only the league's organizers may change it."

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        league = obj if isinstance(obj, League) else obj.league
        return request.user.is_superuser or league.organizers.filter(pk=request.user.pk).exists()


class LeagueViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    mixins.UpdateModelMixin, viewsets.GenericViewSet):
    serializer_class = LeagueSerializer
    lookup_field = "slug"
    filterset_fields = ["game"]
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsLeagueOrganizerOrReadOnly]

    def get_queryset(self) -> QuerySet[League]:
        return League.objects.prefetch_related("organizers")

    def perform_create(self, serializer: LeagueSerializer) -> None:
        data = serializer.validated_data
        serializer.instance = services.league_create(
            name=data["name"], game=data["game"], rules=data.get("rules"),
            description=data.get("description", ""), organizer=self.request.user)


SeasonMatchInput = inline_serializer("SeasonMatchInput", {
    "players": serializers.ListField(child=serializers.IntegerField(),
                                     help_text="Player ids in seat order."),
    "log": serializers.JSONField(help_text="The match document (stammtisch-log/1)."),
    "played_on": serializers.DateField(required=False),
})


class SeasonViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    mixins.UpdateModelMixin, viewsets.GenericViewSet):
    serializer_class = SeasonSerializer
    filterset_fields = ["league__slug", "status"]
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsLeagueOrganizerOrReadOnly]

    def get_queryset(self) -> QuerySet[Season]:
        return Season.objects.select_related("league").prefetch_related("members")

    def perform_create(self, serializer: SeasonSerializer) -> None:
        league = serializer.validated_data["league"]
        if not (self.request.user.is_superuser
                or league.organizers.filter(pk=self.request.user.pk).exists()):
            raise PermissionDenied("Only the league's organizers may add a season.")
        data = serializer.validated_data
        serializer.instance = services.season_create(
            league=league, name=data["name"], starts_on=data.get("starts_on"),
            ends_on=data.get("ends_on"))

    @extend_schema(request=SeasonMemberInput, responses={201: SeasonSerializer})
    @action(detail=True, methods=["post"])
    def members(self, request: Request, pk: str | None = None) -> Response:
        """Add a member (organizers)."""
        season = self.get_object()
        data = SeasonMemberInput(data=request.data)
        data.is_valid(raise_exception=True)
        season.members.add(data.validated_data["player"])
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=StandingRowSerializer(many=True))
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        standings = selectors.season_standings(season=self.get_object())
        return Response(StandingRowSerializer(standings.rows, many=True).data)

    @extend_schema(methods=["GET"], responses=MatchSerializer(many=True))
    @extend_schema(methods=["POST"], request={"application/json": SeasonMatchInput},
                   responses={202: LogDetailSerializer},
                   description="Record a match between members, played at any time, with "
                               "its log or score sheet. Allowed: organizers and members who "
                               "played in it.")
    @action(detail=True, methods=["get", "post"])
    def matches(self, request: Request, pk: str | None = None) -> Response:
        season = self.get_object()
        if request.method == "GET":
            return Response(MatchSerializer(season.matches.order_by("-pk"), many=True).data)
        ids = request.data.get("players")
        if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
            raise serializers.ValidationError({"players": ["a list of player ids"]})
        players = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
        missing = [i for i in ids if i not in players]
        if missing:
            raise serializers.ValidationError({"players": [f"unknown player ids: {missing}"]})
        seated = [players[i] for i in ids]
        is_organizer = season.is_organizer(request.user)
        if not is_organizer and not any(p.user_id == request.user.pk for p in seated):
            raise PermissionDenied("Only organizers and the match's players may record it.")
        if "log" not in request.data:
            raise serializers.ValidationError({"log": ["the match document is required"]})
        log = request.data["log"]
        # Keep a document sent as a string exactly as it was written.
        text = log if isinstance(log, str) else _pretty(log)
        record = services.season_match_record(season=season, players=seated, text=text,
                                              submitted_by=request.user,
                                              source=MatchLog.Source.API,
                                              played_on=request.data.get("played_on"))
        record.refresh_from_db()
        return Response(LogDetailSerializer(record).data, status=status.HTTP_202_ACCEPTED)


def _pretty(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1)
