"""API of leagues and seasons (fixtures, divisions, standings, closing, the archive).

Reading is open; only a league's organizers change the league and its seasons; the players
of a match (and the organizers) record its result.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.filters import SearchFilter
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.reports import ReportSerializer
from games.api.serializers import LogDetailSerializer, MatchSerializer
from games.engines.registry import all_engines
from games.models import DEFAULT_REPORTING, Match, MatchLog, Player, ResultReport
from games.selectors.match_rows import match_api_rows
from league import selectors, services
from league.api.serializers import (
    ArchivedSeasonSerializer,
    DivisionInput,
    DivisionSerializer,
    FixturesInput,
    LeagueSerializer,
    NextSeasonInput,
    SeasonCloseInput,
    SeasonMemberInput,
    SeasonSerializer,
    StandingRowSerializer,
    StandingsTableSerializer,
)
from league.models import Division, League, Season


class IsLeagueOrganizerOrReadOnly(permissions.BasePermission):
    message = "Only the league's organizers may change it."

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        league = obj if isinstance(obj, League) else obj.league
        return league.is_organizer(request.user)


class LeagueViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    mixins.UpdateModelMixin, viewsets.GenericViewSet):
    serializer_class = LeagueSerializer
    lookup_field = "slug"
    filterset_fields = ["game"]
    # ?search= finds leagues whose name contains the text (any case).
    filter_backends = [DjangoFilterBackend, SearchFilter]
    search_fields = ["name"]
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsLeagueOrganizerOrReadOnly]

    def get_queryset(self) -> QuerySet[League]:
        return League.objects.order_by("name", "pk")

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Leagues, a page at a time; their organizers read as rows for the page
        (``league.selectors.organizers_shown``) instead of a manager and a user each."""
        return _page_written(self, self.filter_queryset(self.get_queryset()),
                             lambda shown: {"organizers": selectors.organizers_shown(shown)})

    def perform_create(self, serializer: LeagueSerializer) -> None:
        data = serializer.validated_data
        league = services.league_create(
            name=data["name"], game=data["game"], rules=data.get("rules"),
            description=data.get("description", ""), organizer=self.request.user,
            reporting=data.get("reporting", DEFAULT_REPORTING))
        serializer.instance = _configure(league, data)

    def perform_update(self, serializer: LeagueSerializer) -> None:
        # Promotion, relegation and tie-breakers go through the service (it checks the
        # keys) before anything else is saved.
        data = serializer.validated_data
        _configure(serializer.instance, data)
        for key in ("promote", "relegate", "tiebreaks"):
            data.pop(key, None)
        serializer.save()

    @extend_schema(responses=ArchivedSeasonSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def archive(self, request: Request, slug: str | None = None) -> Response:
        """The league's closed seasons, the latest first, with their final standings."""
        league = self.get_object()
        items = [{"season": season, "tables": selectors.season_tables(season=season)}
                 for season in selectors.league_archive(league=league)]
        return Response(ArchivedSeasonSerializer(items, many=True).data)


def _page_written(view: viewsets.GenericViewSet,  # type: ignore[type-arg]
                  rows: QuerySet[Any],
                  read_along: Callable[[Sequence[Any]], dict[str, Any]]) -> Response:
    """A list's page (all of it without a limit), written by the view's serializer with
    what ``read_along`` reads for the whole page at once (as rows, a query or two) in its
    context, instead of a related manager for each row."""
    page = view.paginate_queryset(rows)
    shown = list(rows) if page is None else page
    data = view.get_serializer(shown, many=True, context={
        **view.get_serializer_context(), **read_along(shown)}).data
    return Response(data) if page is None else view.get_paginated_response(data)


def _configure(league: League, data: dict[str, Any]) -> League:
    if not {"promote", "relegate", "tiebreaks"} & set(data):
        return league
    return services.league_configure(
        league=league, promote=data.get("promote", league.promote),
        relegate=data.get("relegate", league.relegate),
        tiebreaks=data.get("tiebreaks", league.tiebreaks))


# Ids are the database's big integers; more seats than any game has are no match.
MAX_ID = 2**63 - 1
MAX_SEATS = max(engine.max_seats for engine in all_engines())


class SeasonMatchInput(serializers.Serializer):
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID), allow_empty=False,
        max_length=MAX_SEATS, help_text="Player ids in seat order.")
    log = serializers.JSONField(help_text="The match document (stammtisch-log/1), as JSON "
                                          "or as the text of it.")
    played_on = serializers.DateField(required=False, allow_null=True)


class FixtureSerializer(MatchSerializer):
    division = serializers.IntegerField(source="division.level", allow_null=True,
                                        read_only=True, help_text="The division's level.")

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "match_day", "scheduled_on", "division"]

    def to_representation(self, instance: Match) -> dict[str, Any]:
        data = super().to_representation(instance)
        data["division"] = instance.division.level if instance.division_id else None
        return data


class MatchDaySerializer(serializers.Serializer):
    match_day = serializers.IntegerField()
    scheduled_on = serializers.DateField(allow_null=True)
    matches = FixtureSerializer(many=True)


class SeasonViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    mixins.UpdateModelMixin, viewsets.GenericViewSet):
    serializer_class = SeasonSerializer
    lookup_value_regex = "[0-9]+"  # a non-numeric id is a 404, not a crash
    filterset_fields = ["league__slug", "status", "mode"]
    # ?search= finds seasons whose name, or whose league's name, contains the text.
    filter_backends = [DjangoFilterBackend, SearchFilter]
    search_fields = ["name", "league__name"]
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsLeagueOrganizerOrReadOnly]

    def get_queryset(self) -> QuerySet[Season]:
        # Not the closed seasons' final tables, nor the league's rules (kilobytes of JSON
        # each, read for nothing a hundred times a page).
        return (Season.objects.select_related("league", "next_season")
                .defer("final_standings", "next_season__final_standings", "league__rules",
                       "league__tiebreaks")
                .prefetch_related("divisions"))

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Seasons, a page at a time; a page lists thousands of members, read as rows
        (``league.selectors.members_shown``) instead of a model object each, and so are the
        divisions."""
        # The divisions too are read as rows with the members, not prefetched.
        return _page_written(self, self.filter_queryset(self.get_queryset())
                             .prefetch_related(None),
                             lambda shown: {"members": selectors.members_shown(shown)})

    def perform_create(self, serializer: SeasonSerializer) -> None:
        league = serializer.validated_data["league"]
        if not league.is_organizer(self.request.user):
            raise PermissionDenied("Only the league's organizers may add a season.")
        data = serializer.validated_data
        serializer.instance = services.season_create(
            league=league, name=data["name"], starts_on=data.get("starts_on"),
            ends_on=data.get("ends_on"), mode=data.get("mode", Season.Mode.OPEN_PLAY),
            match_day_interval=data.get("match_day_interval", 7),
            best_results=data.get("best_results"))

    def perform_update(self, serializer: SeasonSerializer) -> None:
        season, data = serializer.instance, serializer.validated_data
        keys = ("mode", "match_day_interval", "best_results", "starts_on", "ends_on")
        if set(keys) & set(data):
            services.season_configure(season=season, **{
                key: data.get(key, getattr(season, key)) for key in keys})
        data.pop("league", None)  # a season stays in its league
        for key in keys:
            data.pop(key, None)
        serializer.save()

    @extend_schema(request=SeasonMemberInput, responses={201: SeasonSerializer})
    @action(detail=True, methods=["post"], pagination_class=None)
    def members(self, request: Request, pk: str | None = None) -> Response:
        """Add a member (organizers), in a season with divisions into one of them."""
        season = self.get_object()  # the object permission: organizers only
        data = SeasonMemberInput(data=request.data)
        data.is_valid(raise_exception=True)
        division = None
        if data.validated_data["division"] is not None:
            division = get_object_or_404(Division, season=season,
                                         level=data.validated_data["division"])
        services.season_member_add(season=season, player=data.validated_data["player"],
                                   division=division)
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses=DivisionSerializer(many=True))
    @extend_schema(methods=["POST"], request=DivisionInput,
                   responses={201: DivisionSerializer},
                   description="Add a division (organizers); its members join the season.")
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def divisions(self, request: Request, pk: str | None = None) -> Response:
        season = self.get_object()
        if request.method == "GET":
            return Response(DivisionSerializer(season.divisions.all(), many=True).data)
        data = DivisionInput(data=request.data)
        data.is_valid(raise_exception=True)
        division = services.division_create(season=season, **data.validated_data)
        return Response(DivisionSerializer(division).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=StandingRowSerializer(many=True), parameters=[OpenApiParameter(
        "division", int, description="The level of a division: its standings only.")])
    @action(detail=True, methods=["get"], pagination_class=None)
    def standings(self, request: Request, pk: str | None = None) -> Response:
        """The standings (a closed season's as it was closed); ``?division=<level>`` for one
        division."""
        season = self.get_object()
        level = request.query_params.get("division")
        tables = selectors.season_tables_shown(season=season)
        if level is not None:
            table = next((t for t in tables if str(t["level"]) == level), None)
            if table is None:
                raise Http404(f"no division at level {level}")
            rows = table["rows"]
        elif len(tables) == 1 and tables[0]["level"] is None:
            rows = tables[0]["rows"]
        else:  # every division together, by the same rules
            rows = selectors.season_together_shown(season=season)["rows"]
        return Response(StandingRowSerializer(rows, many=True).data)

    @extend_schema(responses=StandingsTableSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def tables(self, request: Request, pk: str | None = None) -> Response:
        """The standings as tables: one per division (or one), with the tie-breakers and
        their columns; a closed season's as it was closed."""
        season = self.get_object()
        return Response(StandingsTableSerializer(selectors.season_tables_shown(season=season),
                                                 many=True).data)

    @extend_schema(methods=["GET"], responses=MatchDaySerializer(many=True))
    @extend_schema(methods=["POST"], request=FixturesInput,
                   responses={201: MatchDaySerializer(many=True)},
                   description="Draw the fixtures of a fixtures season (organizers, once): a "
                               "round robin over match days, in each division.")
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def fixtures(self, request: Request, pk: str | None = None) -> Response:
        season = self.get_object()
        code = status.HTTP_200_OK
        if request.method == "POST":
            data = FixturesInput(data=request.data)
            data.is_valid(raise_exception=True)
            services.season_fixtures_draw(season=season, double=data.validated_data["double"])
            code = status.HTTP_201_CREATED
        days = selectors.season_fixtures(season=season)
        return Response(MatchDaySerializer(days, many=True).data, status=code)

    @extend_schema(request=SeasonCloseInput, responses=inline_serializer("SeasonClosed", {
        "season": SeasonSerializer(), "next": SeasonSerializer(allow_null=True)}))
    @action(detail=True, methods=["post"], pagination_class=None)
    def close(self, request: Request, pk: str | None = None) -> Response:
        """Close the season (organizers): its final standings are kept; with ``next_name``
        the next season opens at once, the divisions after promotion and relegation."""
        season = self.get_object()
        data = SeasonCloseInput(data=request.data)
        data.is_valid(raise_exception=True)
        nxt = services.season_close(season=season, **data.validated_data)
        season.refresh_from_db()
        return Response({"season": SeasonSerializer(season).data,
                         "next": SeasonSerializer(nxt).data if nxt else None})

    @extend_schema(request=NextSeasonInput, responses={201: SeasonSerializer})
    @action(detail=True, methods=["post"], pagination_class=None, url_path="next")
    def open_next(self, request: Request, pk: str | None = None) -> Response:
        """Open the next season of a closed one (organizers)."""
        season = self.get_object()
        data = NextSeasonInput(data=request.data)
        data.is_valid(raise_exception=True)
        nxt = services.season_open_next(season=season, **data.validated_data)
        return Response(SeasonSerializer(nxt).data, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses=MatchSerializer(many=True))
    @extend_schema(methods=["POST"], request={"application/json": SeasonMatchInput},
                   responses={202: LogDetailSerializer, 201: ReportSerializer},
                   description="Record a match between members, played at any time, with "
                               "its log or score sheet (open play; a fixtures season takes "
                               "results on the scheduled match: POST /api/matches/{id}/logs/). "
                               "Allowed: organizers and members who played in it. A member's "
                               "result in a league whose players confirm each other's results "
                               "answers 201 with the entered result, waiting for them.")
    @action(detail=True, methods=["get", "post"], pagination_class=LimitOffsetPagination,
            filter_backends=[])
    def matches(self, request: Request, pk: str | None = None) -> Response:
        """The season's matches, the newest first, a page at a time (``limit``,
        ``offset``); or record one (POST)."""
        # Not get_object(): its object permission lets only organizers write, and the
        # players of the match may record it too (checked below).
        season = get_object_or_404(self.get_queryset(), pk=pk)
        if request.method == "GET":
            page = self.paginate_queryset(
                match_api_rows(season.matches.order_by("-pk")))
            return self.get_paginated_response(MatchSerializer(page, many=True).data)
        data = SeasonMatchInput(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data["players"]
        players = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
        missing = [i for i in ids if i not in players]
        if missing:
            raise serializers.ValidationError({"players": [f"unknown player ids: {missing}"]})
        seated = [players[i] for i in ids]
        is_organizer = season.is_organizer(request.user)
        if not is_organizer and not any(p.user_id == request.user.pk for p in seated):
            raise PermissionDenied("Only organizers and the match's players may record it.")
        log = data.validated_data["log"]
        # Keep a document sent as a string exactly as it was written.
        text = log if isinstance(log, str) else _pretty(log)
        record = services.season_match_record(season=season, players=seated, text=text,
                                              submitted_by=request.user,
                                              source=MatchLog.Source.API,
                                              played_on=data.validated_data.get("played_on"))
        if isinstance(record, ResultReport):
            # The league counts a member's result once the other players confirm it.
            return Response(ReportSerializer(record).data, status=status.HTTP_201_CREATED)
        record.refresh_from_db()
        return Response(LogDetailSerializer(record).data, status=status.HTTP_202_ACCEPTED)


def _pretty(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1)
