"""API of tournaments: create, enter players, start, and read standings and the bracket."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.db.models import Count, OuterRef, Prefetch, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, viewsets
from rest_framework.decorators import action
from rest_framework.filters import SearchFilter
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.serializers import MatchSerializer
from league.selectors.figures import figures_cached
from tournaments import selectors, services
from tournaments.api.serializers import (
    BracketRoundSerializer,
    TournamentListSerializer,
    TournamentSerializer,
    TournamentStandingRowSerializer,
)
from tournaments.models import Entry, Tournament
from tournaments.selectors import figures
from tournaments.services.create import SETTINGS


class IsTournamentOrganizerOrReadOnly(permissions.BasePermission):
    message = "Only the tournament's organizers may change it."

    def has_object_permission(self, request: Request, view: Any, obj: Tournament) -> bool:
        return request.method in permissions.SAFE_METHODS or obj.is_organizer(request.user)


class FormatIsAFilter(DefaultContentNegotiation):
    """Here ``?format=swiss`` filters tournaments by their format; DRF would read it as the
    renderer to use (``URL_FORMAT_OVERRIDE``) and answer 404 for every format."""

    settings = SimpleNamespace(URL_FORMAT_OVERRIDE=None)


class TournamentViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        mixins.CreateModelMixin, mixins.UpdateModelMixin,
                        viewsets.GenericViewSet):
    serializer_class = TournamentSerializer
    lookup_field = "slug"
    filterset_fields = ["game", "format", "status"]
    # ?search= finds tournaments whose name contains the text (any case).
    filter_backends = [DjangoFilterBackend, SearchFilter]
    search_fields = ["name"]
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsTournamentOrganizerOrReadOnly]
    content_negotiation_class = FormatIsAFilter

    def get_serializer_class(self) -> type[TournamentSerializer]:
        return TournamentListSerializer if self.action == "list" else TournamentSerializer

    def get_queryset(self) -> QuerySet[Tournament]:
        tournaments = Tournament.objects.order_by("-created_at", "-pk")
        if self.action == "list":
            # How many entered, counted per tournament of the page by the database.
            entered = (Entry.objects.filter(tournament=OuterRef("pk")).order_by()
                       .values("tournament").annotate(count=Count("pk")).values("count"))
            return tournaments.prefetch_related("organizers").annotate(
                entries_count=Coalesce(Subquery(entered), 0))
        # The entries with their players in one query: prefetched in two, the second named
        # every player one by one, and building that statement cost more than running it.
        entries = Entry.objects.select_related("player").only(
            "tournament_id", "seed", "player__id", "player__name")
        return tournaments.prefetch_related("organizers", Prefetch("entries", queryset=entries))

    def perform_create(self, serializer: TournamentSerializer) -> None:
        data = serializer.validated_data
        serializer.instance = services.tournament_create(
            name=data["name"], game=data["game"], format=data["format"],
            rules=data.get("rules"), description=data.get("description", ""),
            starts_on=data.get("starts_on"), organizer=self.request.user,
            **{name: data[name] for name in SETTINGS if name in data})

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"], pagination_class=None)
    def start(self, request: Request, slug: str | None = None) -> Response:
        """Close the entries and draw the rounds (organizers)."""
        tournament = services.tournament_start(tournament=self.get_object())
        return Response(TournamentSerializer(tournament).data)

    @extend_schema(responses=TournamentStandingRowSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def standings(self, request: Request, slug: str | None = None) -> Response:
        """The standings in the order of the tournament's tie-breakers (``tiebreak_order``),
        with the tie-breakers shown as columns, the byes and the series per round."""
        standings = figures.standings(tournament=self.get_object())
        return Response(TournamentStandingRowSerializer(standings.lines, many=True).data)

    @extend_schema(responses=BracketRoundSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def bracket(self, request: Request, slug: str | None = None) -> Response:
        tournament = self.get_object()
        # Kept as written, with the figures it is written from: a double elimination of 128
        # players is hundreds of nested representations, which every request wrote anew
        # (two thirds of its time) although they change only with the figures' version.
        return Response(figures_cached(
            owners=[figures.tournament_owner(tournament.pk)], name="bracket-api",
            compute=lambda: BracketRoundSerializer(figures.bracket(tournament=tournament),
                                                   many=True).data))

    @extend_schema(responses=MatchSerializer(many=True), filters=False)
    @action(detail=True, methods=["get"], pagination_class=LimitOffsetPagination,
            filter_backends=[])
    def matches(self, request: Request, slug: str | None = None) -> Response:
        """The tournament's matches in playing order, a page at a time (``limit``,
        ``offset``)."""
        matches = selectors.tournament_matches(tournament=self.get_object(), api=True)
        page = self.paginate_queryset(matches)
        return self.get_paginated_response(MatchSerializer(page, many=True).data)
