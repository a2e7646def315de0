"""API of forfeits, disqualification, the groups and playoffs, places and notices.

Reading is open; recording a forfeit, disqualifying and drawing the playoffs are for the
tournament's organizers. Service errors come back as ``{"message": ..., "extra": {}}``.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import PlayerSerializer
from games.models import Match, Player
from tournaments.api.serializers import (
    BracketRoundSerializer,
    ForfeitInput,
    GroupTableSerializer,
    MatchVerdictSerializer,
    NoticeSerializer,
    OutcomeSerializer,
    PlayerInput,
    PlayoffsInput,
)
from tournaments.models import Entry, Tournament
from tournaments.selectors import figures
from tournaments.selectors.bracket import (
    BracketOutcome,
    bracket_stage,
    stage_bracket,
    tournament_notices,
)
from tournaments.selectors.groups import group_stage
from tournaments.services import forfeits
from tournaments.services.stages import playoffs_draw


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _organizer(request: Request, slug: str) -> Tournament:
    tournament = _tournament(slug)
    if not tournament.is_organizer(request.user):
        raise PermissionDenied("Only the tournament's organizers may change it.")
    return tournament


def _match(tournament: Tournament, match: int) -> Match:
    return get_object_or_404(Match, pk=match, round__tournament=tournament)


def _verdict(match: Match) -> Response:
    match = Match.objects.prefetch_related("seats__player").get(pk=match.pk)
    return Response(MatchVerdictSerializer(match).data)


class ForfeitView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ForfeitInput, responses=MatchVerdictSerializer)
    def post(self, request: Request, slug: str, match: int) -> Response:
        """Record that ``winner`` wins the match by forfeit (organizers)."""
        tournament = _organizer(request, slug)
        data = ForfeitInput(data=request.data)
        data.is_valid(raise_exception=True)
        winner = get_object_or_404(Player, pk=data.validated_data["winner"])
        return _verdict(forfeits.match_forfeit(tournament=tournament,
                                               match=_match(tournament, match), winner=winner))

    @extend_schema(request=None, responses=MatchVerdictSerializer)
    def delete(self, request: Request, slug: str, match: int) -> Response:
        """Take an organizer's forfeit or double forfeit back: the match is to be played."""
        tournament = _organizer(request, slug)
        return _verdict(forfeits.match_forfeit_cancel(tournament=tournament,
                                                      match=_match(tournament, match)))


class DoubleForfeitView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=MatchVerdictSerializer)
    def post(self, request: Request, slug: str, match: int) -> Response:
        """Record a double forfeit: neither player played, nobody goes on (organizers)."""
        tournament = _organizer(request, slug)
        return _verdict(forfeits.match_double_forfeit(tournament=tournament,
                                                      match=_match(tournament, match)))


class DisqualificationListView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=PlayerSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        """The disqualified players."""
        entries = _tournament(slug).entries.filter(
            status=Entry.Status.DISQUALIFIED).select_related("player")
        return Response(PlayerSerializer([entry.player for entry in entries], many=True).data)

    @extend_schema(request=PlayerInput, responses={201: PlayerSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Disqualify a player: his matches without a result are forfeited, now and when he
        would be seated (organizers)."""
        tournament = _organizer(request, slug)
        data = PlayerInput(data=request.data)
        data.is_valid(raise_exception=True)
        player = get_object_or_404(Player, pk=data.validated_data["player"])
        forfeits.entry_disqualify(tournament=tournament, player=player)
        return Response(PlayerSerializer(player).data, status=status.HTTP_201_CREATED)


class DisqualificationDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, slug: str, player: int) -> Response:
        """Reinstate a disqualified player; the forfeits of his disqualification are taken
        back (organizers)."""
        tournament = _organizer(request, slug)
        forfeits.entry_reinstate(tournament=tournament,
                                 player=get_object_or_404(Player, pk=player))
        return Response(status=status.HTTP_204_NO_CONTENT)


class GroupsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=GroupTableSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        """The group tables with the qualifiers as the tables stand (groups, then playoffs)."""
        stage = group_stage(_tournament(slug))
        tables = figures.group_tables(stage=stage) if stage is not None else []
        return Response(GroupTableSerializer(tables, many=True).data)


class PlayoffsView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=BracketRoundSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        """The playoff bracket (empty until drawn)."""
        stage = bracket_stage(_tournament(slug))
        rounds = figures.stage_bracket(stage=stage) if stage is not None else []
        return Response(BracketRoundSerializer(rounds, many=True).data)

    @extend_schema(request=PlayoffsInput, responses={201: BracketRoundSerializer(many=True)})
    def post(self, request: Request, slug: str) -> Response:
        """Draw the playoffs from the finished group stage (organizers)."""
        tournament = _organizer(request, slug)
        data = PlayoffsInput(data=request.data)
        data.is_valid(raise_exception=True)
        stage = playoffs_draw(tournament=tournament, redraw=data.validated_data["redraw"])
        return Response(BracketRoundSerializer(stage_bracket(stage=stage), many=True).data,
                        status=status.HTTP_201_CREATED)


class PlacingsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=OutcomeSerializer)
    def get(self, request: Request, slug: str) -> Response:
        """The champion and the places of the bracket, as far as decided."""
        stage = bracket_stage(_tournament(slug))
        outcome = (figures.bracket_outcome(stage=stage) if stage is not None
                   else BracketOutcome(False, None, []))
        return Response(OutcomeSerializer(outcome).data)


class NoticesView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=NoticeSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        """Results set aside because a correction changed who plays, newest first."""
        return Response(NoticeSerializer(tournament_notices(tournament=_tournament(slug)),
                                         many=True).data)
