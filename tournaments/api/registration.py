"""API of the registration: entries (cap and waiting list, late entries), withdrawals,
check-in, seeds, and the registration's state with the seeded list the draw will use.

Reading is open; organizers change entries; a player with a login may check himself in.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import PlayerSerializer
from games.models import Player
from tournaments.api.serializers import EntryInput
from tournaments.models import Entry, Tournament
from tournaments.selectors.registration import may_check_in, registration_of
from tournaments.services import entries as services


class RegistrationEntrySerializer(serializers.ModelSerializer):
    player = PlayerSerializer(read_only=True)

    class Meta:
        model = Entry
        fields = ["player", "seed", "status", "created_at", "checked_in_at", "joined_round",
                  "group"]


class SeedInput(serializers.Serializer):
    seed = serializers.IntegerField(allow_null=True, min_value=1,
                                    help_text="1 is the top seed; null: unseeded.")


class RegistrationSerializer(serializers.Serializer):
    status = serializers.CharField(source="tournament.status")
    entry_cap = serializers.IntegerField(source="cap", allow_null=True)
    places_taken = serializers.IntegerField()
    places_free = serializers.IntegerField(allow_null=True)
    check_in = serializers.BooleanField(source="tournament.check_in")
    checked_in = serializers.IntegerField()
    seeding = serializers.CharField(source="tournament.seeding")
    open = serializers.BooleanField(help_text="Entries are taken now (before the start, or "
                                              "as late entries in a Swiss).")
    late_entry_round = serializers.IntegerField(
        allow_null=True, help_text="The round a late entry joins now; null: no late entries.")
    late_entry_limit = serializers.IntegerField(
        allow_null=True, help_text="The last round a late entry may join (Swiss).")
    seeded = RegistrationEntrySerializer(many=True, help_text="The entries that are in, in "
                                         "the order the draw uses.")
    waiting = RegistrationEntrySerializer(many=True, help_text="The waiting list in order.")
    out = RegistrationEntrySerializer(many=True, help_text="No-shows, withdrawn and "
                                      "disqualified entries.")


def organizer_tournament(request: Request, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_organizer(request.user):
        raise PermissionDenied("Only the tournament's organizers may change it.")
    return tournament


def _entry(tournament: Tournament, player: int) -> Any:
    return get_object_or_404(Entry.objects.select_related("player"), tournament=tournament,
                             player_id=player)


class RegistrationView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=RegistrationSerializer)
    def get(self, request: Request, slug: str) -> Response:
        """The registration: places, waiting list, check-in, and the seeded list the draw
        will use (by hand or by rating)."""
        tournament = get_object_or_404(Tournament, slug=slug)
        return Response(RegistrationSerializer(registration_of(tournament)).data)


class EntryListView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=RegistrationEntrySerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        """Every entry with its seed and status, in order of entry."""
        tournament = get_object_or_404(Tournament, slug=slug)
        entries = tournament.entries.select_related("player").order_by("created_at", "pk")
        return Response(RegistrationEntrySerializer(entries, many=True).data)

    @extend_schema(request=EntryInput, responses={201: RegistrationEntrySerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Enter a player (organizers), with an optional seed. Beyond the entry cap he goes
        on the waiting list (status ``waiting``); in a running Swiss he is a late entry
        (``joined_round``)."""
        tournament = organizer_tournament(request, slug)
        data = EntryInput(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.tournament_enter(tournament=tournament,
                                          player=data.validated_data["player"],
                                          seed=data.validated_data.get("seed"))
        return Response(RegistrationEntrySerializer(entry).data,
                        status=status.HTTP_201_CREATED)


class EntryDetailView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=RegistrationEntrySerializer)
    def get(self, request: Request, slug: str, player: int) -> Response:
        """One entry."""
        tournament = get_object_or_404(Tournament, slug=slug)
        return Response(RegistrationEntrySerializer(_entry(tournament, player)).data)

    @extend_schema(request=SeedInput, responses=RegistrationEntrySerializer)
    def patch(self, request: Request, slug: str, player: int) -> Response:
        """Seed a player by hand before the start (organizers)."""
        tournament = organizer_tournament(request, slug)
        data = SeedInput(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.entry_seed_set(tournament=tournament,
                                        player=get_object_or_404(Player, pk=player),
                                        seed=data.validated_data["seed"])
        return Response(RegistrationEntrySerializer(entry).data)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, slug: str, player: int) -> Response:
        """Withdraw a player (organizers): before the start, or while a Swiss or table
        rounds run. The first on the waiting list moves up."""
        tournament = organizer_tournament(request, slug)
        services.tournament_withdraw(tournament=tournament,
                                     player=get_object_or_404(Player, pk=player))
        return Response(status=status.HTTP_204_NO_CONTENT)


class CheckInView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def _allowed(self, request: Request, slug: str, player: int) -> tuple[Tournament, Entry]:
        tournament = get_object_or_404(Tournament, slug=slug)
        entry = _entry(tournament, player)
        if not may_check_in(tournament=tournament, entry=entry, user=request.user):
            raise PermissionDenied("Only the tournament's organizers and the player himself "
                                   "may check him in.")
        return tournament, entry

    @extend_schema(request=None, responses=RegistrationEntrySerializer)
    def post(self, request: Request, slug: str, player: int) -> Response:
        """Check a player in (organizers, or the player himself)."""
        tournament, entry = self._allowed(request, slug, player)
        entry = services.entry_check_in(tournament=tournament, player=entry.player)
        return Response(RegistrationEntrySerializer(entry).data)

    @extend_schema(request=None, responses=RegistrationEntrySerializer)
    def delete(self, request: Request, slug: str, player: int) -> Response:
        """Take a check-in back (organizers, or the player himself)."""
        tournament, entry = self._allowed(request, slug, player)
        entry = services.entry_check_in_undo(tournament=tournament, player=entry.player)
        return Response(RegistrationEntrySerializer(entry).data)
