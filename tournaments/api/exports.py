"""API of the exports: the CSV tables of a tournament and a league season, the whole event
as JSON, and importing an event. Reading is open; importing needs a login (the importer
becomes the organizer)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.models import Season
from tournaments.models import Tournament
from tournaments.selectors.event_export import event_export
from tournaments.services.event_import import EventImportError, event_import
from tournaments.web.exports import SEASON_CSV, TOURNAMENT_CSV, csv_keys_response

CSV_RESPONSE = {(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR,
                                                   description="UTF-8 CSV with a byte-order "
                                                               "mark, header row first.")}


class CSVRenderer(BaseRenderer):
    """Lets a client ask for ``text/csv`` (``Accept`` or ``?format=csv``); the views answer
    with the CSV themselves and with JSON on an error (:class:`CsvView`), so this renders
    nothing in practice: what would reach it is JSON text."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: Any = None) -> bytes:
        return JSONRenderer().render(data)


class CsvView(APIView):
    """A CSV on success; an error is JSON in the API's one shape whatever the client asked
    for (``Accept: text/csv`` or ``?format=csv``), with the content type that says so."""

    permission_classes = [permissions.AllowAny]
    renderer_classes = [JSONRenderer, CSVRenderer]

    def handle_exception(self, exc: Exception) -> Response:
        response = super().handle_exception(exc)
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response


class ImportResultSerializer(serializers.Serializer):
    slug = serializers.CharField(source="tournament.slug")
    url = serializers.CharField(source="tournament.get_absolute_url")
    players_created = serializers.ListField(child=serializers.CharField())
    logs_submitted = serializers.IntegerField(help_text="Logs handed to the results flow to "
                                                        "be scored again.")
    verdicts_kept = serializers.IntegerField(help_text="Verdicts without a log (forfeits, "
                                                       "byes) taken over as they were.")


class TournamentCsvView(CsvView):

    @extend_schema(responses=CSV_RESPONSE, parameters=[OpenApiParameter(
        "kind", OpenApiTypes.STR, OpenApiParameter.PATH, enum=list(TOURNAMENT_CSV))])
    def get(self, request: Request, slug: str, kind: str) -> HttpResponse:
        """A tournament's standings, pairings or results as CSV (columns in
        docs/registration-and-exports.md)."""
        tournament = get_object_or_404(Tournament, slug=slug)
        if kind not in TOURNAMENT_CSV:
            raise NotFound(f"no CSV called {kind!r}; there are {', '.join(TOURNAMENT_CSV)}")
        return csv_keys_response(TOURNAMENT_CSV[kind](tournament), f"{slug}-{kind}.csv")


class SeasonCsvView(CsvView):

    @extend_schema(responses=CSV_RESPONSE, parameters=[OpenApiParameter(
        "kind", OpenApiTypes.STR, OpenApiParameter.PATH, enum=list(SEASON_CSV))])
    def get(self, request: Request, league: str, season: str, kind: str) -> HttpResponse:
        """A league season's standings or results as CSV."""
        found = get_object_or_404(Season, league__slug=league, slug=season)
        if kind not in SEASON_CSV:
            raise NotFound(f"no CSV called {kind!r}; there are {', '.join(SEASON_CSV)}")
        return csv_keys_response(SEASON_CSV[kind](found), f"{league}-{season}-{kind}.csv")


class EventExportView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiResponse(
        OpenApiTypes.OBJECT, description="stammtisch-event/1, see "
                                         "docs/schemas/event.schema.json")})
    def get(self, request: Request, slug: str) -> Response:
        """The whole event as JSON: settings, entries, stages, rounds, matches with seats and
        every log version as submitted."""
        tournament = get_object_or_404(Tournament, slug=slug)
        return Response(event_export(tournament=tournament))


class EventImportView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        parameters=[OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.QUERY,
                                     required=False, description="The short name to use; "
                                     "default: the exported one, or a free one made from it.")],
        responses={201: ImportResultSerializer,
                   400: OpenApiResponse(description='{"message": ..., "extra": {"problems": '
                                                    '[...]}}: every place that does not fit.')})
    def post(self, request: Request) -> Response:
        """Import an event (stammtisch-event/1): rebuild it and score its logs again. The
        signed-in user becomes its organizer."""
        try:
            result = event_import(document=request.data, organizer=request.user,
                                        slug=request.query_params.get("slug") or None)
        except EventImportError as error:
            body: dict[str, Any] = {"message": str(error), "extra": {"problems": error.problems}}
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        return Response(ImportResultSerializer(result).data, status=status.HTTP_201_CREATED)
