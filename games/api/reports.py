"""Results entered by players and their confirmation (``games.services.reports``).

``POST /api/matches/{id}/reports/`` (the match document as the body, as for ``logs/``): a
player's result in a competition where the others confirm it. ``GET`` lists the match's
reports. ``POST /api/reports/{id}/confirm/`` or ``dispute/`` (``{"reason": ...}``): another
player answers; ``accept/`` or ``decline/``: an organizer decides; ``withdraw/``: who
entered it takes it back.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.matches import submitted_text
from games.models import Match, MatchLog, Reporting, ResultReport
from games.selectors.errors import error_message
from games.selectors.results import PLAYER, entry_role, others_to_confirm, reporting_of
from games.services.reports import (
    ReportInvalid,
    ResultRefused,
    result_report_answer,
    result_report_create,
    result_report_decide,
    result_report_withdraw,
)


class ReportAnswerSerializer(serializers.Serializer):
    player = serializers.CharField(source="player.name")
    agrees = serializers.BooleanField()
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()


class ReportSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.name")
    reported_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    decided_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    answers = ReportAnswerSerializer(many=True, read_only=True)
    waiting_for = serializers.SerializerMethodField()

    class Meta:
        model = ResultReport
        fields = ["id", "match", "player", "reported_by", "status", "outcome", "answers",
                  "waiting_for", "log", "decided_by", "decided_at", "created_at", "text"]

    def get_waiting_for(self, report: ResultReport) -> list[str]:
        if report.status != ResultReport.Status.WAITING:
            return []
        return [player.name for player in others_to_confirm(report)]


def _refused(error: Exception) -> PermissionDenied:
    return PermissionDenied(str(error))


class MatchReportsView(APIView):
    """The results players entered for a match; a player enters one."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=ReportSerializer(many=True), summary="The match's entered results")
    def get(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(Match, pk=pk)
        reports = match.reports.select_related("player", "reported_by", "decided_by",
                                               "match").prefetch_related(
            "answers__player", "match__seats__player")
        return Response(ReportSerializer(reports, many=True).data)

    @extend_schema(request={"application/json": OpenApiTypes.OBJECT},
                   responses={201: ReportSerializer}, summary="Enter a result to be confirmed")
    def post(self, request: Request, pk: int) -> Response:
        match = get_object_or_404(Match, pk=pk)
        if entry_role(request.user, match) == PLAYER and reporting_of(match) != (
                Reporting.CONFIRMED):
            raise PermissionDenied(gettext(
                "In this competition a player's result is not confirmed by the others: "
                "POST it to /api/matches/%(match)s/logs/.") % {"match": match.pk})
        try:
            report = result_report_create(match=match, text=submitted_text(request),
                                          user=request.user, source=MatchLog.Source.API)
        except ResultRefused as error:
            raise _refused(error) from None
        except ReportInvalid as invalid:
            raise ValidationError({"log": [_where(invalid.error)]}) from None
        return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)


def _where(error: dict[str, Any]) -> str:
    return error_message(error)


class ReportView(APIView):
    """One entered result."""

    @extend_schema(responses=ReportSerializer, summary="An entered result")
    def get(self, request: Request, pk: int) -> Response:
        report = get_object_or_404(ResultReport, pk=pk)
        return Response(ReportSerializer(report).data)


class ReportActionView(APIView):
    """confirm, dispute (with a reason), accept, decline, withdraw."""

    permission_classes = [permissions.IsAuthenticated]
    action_name = ""

    @extend_schema(request={"application/json": OpenApiTypes.OBJECT},
                   responses={200: ReportSerializer})
    def post(self, request: Request, pk: int) -> Response:
        report = get_object_or_404(ResultReport, pk=pk)
        action = self.action_name
        reason = str((request.data or {}).get("reason", "")).strip() if isinstance(
            request.data, dict) else ""
        try:
            if action in ("confirm", "dispute"):
                if action == "dispute" and not reason:
                    raise ValidationError({"reason": [gettext(
                        "Say what is wrong with the result, so that the organizer can "
                        "decide.")]})
                report = result_report_answer(report=report, user=request.user,
                                              agrees=action == "confirm", reason=reason)
            elif action in ("accept", "decline"):
                report = result_report_decide(report=report, user=request.user,
                                              accept=action == "accept")
            else:
                report = result_report_withdraw(report=report, user=request.user)
        except ResultRefused as error:
            raise _refused(error) from None
        report.refresh_from_db()
        return Response(ReportSerializer(report).data)
