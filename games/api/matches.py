"""API of matches: the list, a friendly match, submitting a log or score sheet."""

from __future__ import annotations

from typing import Any

from celery import current_app
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    extend_schema,
    inline_serializer,
)
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.pagination import CountedAtMostPagination
from games.api.serializers import (
    LogDetailSerializer,
    LogSummarySerializer,
    MatchCreateInput,
    MatchSerializer,
    log_detail_json,
)
from games.models import Match, MatchLog, Reporting, Seat
from games.selectors.match_rows import match_api_rows
from games.selectors.results import PLAYER, entry_role, reporting_of
from games.services import match_create
from games.services.reports import ResultRefused, match_result_enter


class MatchFilter(filters.FilterSet):
    tournament = filters.CharFilter(field_name="round__tournament__slug")
    player = filters.NumberFilter(method="with_player",
                                  help_text="The matches of the player with this id.")
    search = filters.CharFilter(method="with_name",
                                help_text="The matches of the players whose name contains "
                                          "this (any case).")

    class Meta:
        model = Match
        fields = ["status", "game", "season", "tournament", "player", "search"]

    # A player's matches as the ids of his seats (a subquery through the seats' index), so
    # that the list keeps its order by id and needs no DISTINCT over every match.
    def with_player(self, matches: QuerySet[Match], name: str, value: int) -> QuerySet[Match]:
        return matches.filter(pk__in=Seat.objects.filter(player_id=value).values("match_id"))

    def with_name(self, matches: QuerySet[Match], name: str, value: str) -> QuerySet[Match]:
        text = " ".join(value.split())[:80]
        if not text:
            return matches
        return matches.filter(pk__in=Seat.objects.filter(
            player__name__icontains=text).values("match_id"))


SUBMIT_EXAMPLE = {
    "format": "stammtisch-log/1", "game": "gin", "players": ["Anna", "Bert"],
    "deals": [{"dealer": "Anna", "facts": {"upcard": "7S", "knocker": "Bert", "gin": True,
                                           "deadwood": {"Anna": 12, "Bert": 0}}}],
}


class MatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                   viewsets.GenericViewSet):
    """Matches with their seats and the verdict on their current log."""

    serializer_class = MatchSerializer
    lookup_value_regex = "[0-9]+"  # a non-numeric id is a 404, not a crash
    filterset_class = MatchFilter
    # Counted up to 1,000 matches: a federation's whole history is not counted per request.
    pagination_class = CountedAtMostPagination

    def get_queryset(self) -> QuerySet[Match]:
        return match_api_rows(Match.objects.order_by("-pk"))

    @extend_schema(request=MatchCreateInput, responses={201: MatchSerializer})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """A friendly match between known players; any signed-in user may arrange one."""
        data = MatchCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = match_create(game=data.validated_data["game"],
                             players=data.validated_data["players"],
                             rules=data.validated_data.get("rules"))
        return Response(MatchSerializer(match).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["POST"],
        summary="Submit a move log or score sheet",
        description=(
            "The body is the match document (`stammtisch-log/1`, see docs/log-format.md) as "
            "JSON, stored exactly as sent; or a multipart upload with the document in `file`. "
            "The answer is 202: the log is stored and being scored; with inline tasks its "
            "verdict (scored or rejected with the deal, move and reason) is already in the "
            "answer, otherwise poll the log. Sending the same document again returns the "
            "version already stored. Allowed: the competition's organizers, and the match's "
            "players where the competition counts their entries at once (where the other "
            "players confirm them: POST /api/matches/{id}/reports/)."),
        request={"application/json": OpenApiTypes.OBJECT,
                 "multipart/form-data": inline_serializer("LogUpload", {
                     "file": serializers.FileField()})},
        examples=[OpenApiExample("A one-game score sheet", value=SUBMIT_EXAMPLE,
                                 request_only=True)],
        responses={202: LogDetailSerializer},
    )
    @extend_schema(methods=["GET"], summary="Every log version of the match, newest first",
                   responses=LogSummarySerializer(many=True))
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def logs(self, request: Request, pk: str | None = None) -> Response:
        match = get_object_or_404(Match, pk=pk)
        if request.method == "GET":
            return Response(LogSummarySerializer(match.logs.all(), many=True).data)
        role = entry_role(request.user, match)
        if role is None:
            raise PermissionDenied(gettext("Only the organizers and the match's players may "
                                           "submit its result."))
        if role == PLAYER and reporting_of(match) == Reporting.CONFIRMED:
            raise PermissionDenied(gettext(
                "In this competition a player's result counts once the other players "
                "confirm it: POST it to /api/matches/%(match)s/reports/.") % {"match": match.pk})
        stored_now = False

        def note_stored(log: MatchLog, new: bool) -> None:
            nonlocal stored_now
            stored_now = new

        try:
            entered = match_result_enter(match=match, text=submitted_text(request),
                                         user=request.user, source=MatchLog.Source.API,
                                         on_stored=note_stored)
        except ResultRefused as error:
            raise PermissionDenied(str(error)) from None
        assert isinstance(entered, MatchLog)
        headers = {"Location": f"/api/logs/{entered.pk}/"}
        if stored_now and not current_app.conf.task_always_eager:
            # Stored just now, its replay still to come: the log is what the database holds
            # (pending, no hands yet), with its match and submitter at hand.
            return Response(log_detail_json(entered, hands=()),
                            status=status.HTTP_202_ACCEPTED, headers=headers)
        # Read again: with inline tasks the verdict is in already, and a log submitted
        # before may have one. Its match (is_current) and submitter come along instead of a
        # query each.
        log = MatchLog.objects.select_related("match", "submitted_by").get(pk=entered.pk)
        return Response(LogDetailSerializer(log).data, status=status.HTTP_202_ACCEPTED,
                        headers=headers)


def submitted_text(request: Request) -> str:
    """The document as the client sent it, byte for byte (decoded as UTF-8)."""
    if request.content_type.startswith("multipart/form-data"):
        upload = request.FILES.get("file")
        if upload is None:
            raise ValidationError({"file": ["Upload the match log as `file`."]})
        raw = upload.read()
    else:
        raw = request.body
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValidationError({"file": ["The log must be UTF-8 text."]}) from None
    if not text.strip():
        raise ValidationError({"file": ["The log is empty."]})
    return text
