"""API of the registration: entering players (with seeds), withdrawing them."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.models import Player
from tournaments import services
from tournaments.api.serializers import EntryInput, EntrySerializer
from tournaments.models import Tournament


def organizer_tournament(request: Request, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_organizer(request.user):
        raise PermissionDenied("Only the tournament's organizers may change it.")
    return tournament


class EntryListView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=EntrySerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        """The entries with their seeds."""
        tournament = get_object_or_404(Tournament, slug=slug)
        return Response(EntrySerializer(tournament.entries.select_related("player"),
                                        many=True).data)

    @extend_schema(request=EntryInput, responses={201: EntrySerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Enter a player (organizers), with an optional seed."""
        tournament = organizer_tournament(request, slug)
        data = EntryInput(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.tournament_enter(tournament=tournament,
                                          player=data.validated_data["player"],
                                          seed=data.validated_data.get("seed"))
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class EntryDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, slug: str, player: int) -> Response:
        """Take a player's entry back before the start (organizers)."""
        tournament = organizer_tournament(request, slug)
        services.tournament_withdraw(tournament=tournament,
                                     player=get_object_or_404(Player, pk=player))
        return Response(status=status.HTTP_204_NO_CONTENT)
