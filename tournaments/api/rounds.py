"""API of Swiss and table rounds: the rounds with their boards or tables, drawing the next
round (organizers), and the duplicate comparison."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Match
from tournaments.api.serializers import (
    DuplicateLineSerializer,
    DuplicateSerializer,
    RoundLineSerializer,
)
from tournaments.models import Tournament
from tournaments.selectors import figures, round_rows
from tournaments.services.rounds import round_next


class RoundListView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=RoundLineSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        """Every round with its boards (Swiss, the bye last) or tables (seats in order, the
        first dealer, the deals, the deal set in duplicate mode)."""
        tournament = get_object_or_404(Tournament, slug=slug)
        return Response(RoundLineSerializer(round_rows(tournament), many=True).data)


class RoundNextView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={201: RoundLineSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Draw the next round of a Swiss or of table rounds (organizers). The last round
        must have every result; a 400 says why not."""
        tournament = get_object_or_404(Tournament, slug=slug)
        if not tournament.is_organizer(request.user):
            raise PermissionDenied("Only the tournament's organizers may change it.")
        rnd = round_next(tournament=tournament)
        line = next(line for line in round_rows(tournament) if line.round.pk == rnd.pk)
        return Response(RoundLineSerializer(line).data, status=status.HTTP_201_CREATED)


class DuplicateView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=DuplicateSerializer)
    def get(self, request: Request, slug: str) -> Response:
        """Duplicate mode: every player's matchpoints (best first) and each match's results
        against the other tables that held the same cards."""
        tournament = get_object_or_404(Tournament, slug=slug)
        comparison = figures.duplicate(tournament=tournament)
        return Response(DuplicateSerializer({
            "totals": comparison.totals,
            "matches": [{"match": match, "lines": lines}
                        for match, lines in sorted(comparison.by_match.items())],
        }).data)


class DuplicateMatchView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=DuplicateLineSerializer(many=True))
    def get(self, request: Request, slug: str, match: int) -> Response:
        """One match's results against the same cards at the other tables, deal by deal."""
        tournament = get_object_or_404(Tournament, slug=slug)
        get_object_or_404(Match, pk=match, round__tournament=tournament)
        lines = figures.duplicate(tournament=tournament).by_match.get(match, [])
        return Response(DuplicateLineSerializer(lines, many=True).data)
