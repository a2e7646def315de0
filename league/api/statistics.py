"""API of the statistics: the games, a game's players, one player's figures (with his form
and his record against the field), head-to-head records, the records of a game or a league.

Reading is open. Figures come as the pages show them: a key (``section``, ``key``, ``row``),
the kind (count, rate 0-1, average), the value (``null`` when there is nothing to divide),
numerator and denominator, the ``basis`` (``all`` hands, or only the ``logs`` recorded move by
move) and ``over`` (how many hands it stands on), and the words in the request's language.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import permissions, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import PlayerSerializer
from games.engines.registry import game_name, game_slugs
from games.models import Player
from league import selectors
from league.models import GameRecord, League, WinningStreak
from league.selectors.statistics_labels import (
    RECORD_UNITS,
    RECORDS,
    SECTIONS,
    deal_anchor,
    figure_label,
    row_label,
)
from league.statistics import Figure

GAME = OpenApiParameter("game", str, OpenApiParameter.PATH,
                        description="The game: " + ", ".join(game_slugs()))


def _game(game: str) -> str:
    if game not in game_slugs():
        raise Http404(_("There is no game %(game)r; the games are %(games)s.") % {
            "game": game, "games": ", ".join(game_slugs())})
    return game


class StatisticsGameSerializer(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    players = serializers.IntegerField(help_text="How many players have statistics in it.")


class GamePlayerSerializer(serializers.Serializer):
    player = PlayerSerializer()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    longest_streak = serializers.IntegerField(help_text="The longest run of matches won.")
    current_streak = serializers.IntegerField(help_text="Matches won in a row up to now.")


class FigureSerializer(serializers.Serializer):
    section = serializers.CharField()
    section_label = serializers.CharField()
    key = serializers.CharField()
    label = serializers.CharField()
    row = serializers.CharField(allow_null=True, help_text="The breakdown row (a solo kind, "
                                                           "an advantage, a colour, a team).")
    row_label = serializers.CharField(allow_null=True)
    kind = serializers.ChoiceField(choices=["count", "rate", "average"])
    value = serializers.SerializerMethodField(help_text="A count, a rate from 0 to 1 or an "
                                              "average; null when there is nothing to divide.")
    numerator = serializers.IntegerField()
    denominator = serializers.IntegerField(allow_null=True)
    basis = serializers.ChoiceField(choices=["all", "logs"], help_text="all: every hand, score "
                                    "sheets included; logs: only hands recorded move by move.")
    over = serializers.IntegerField(help_text="How many hands the figure stands on.")

    @extend_schema_field(serializers.FloatField(allow_null=True))
    def get_value(self, figure: dict[str, Any]) -> int | float | None:
        value: int | float | None = figure["value"]
        return value


def figure_json(figure: Figure) -> dict[str, Any]:
    return {**figure.to_json(), "section_label": str(SECTIONS.get(figure.section,
                                                                  figure.section)),
            "label": str(figure_label(figure.section, figure.key)),
            "row_label": None if figure.row is None else str(row_label(figure.row))}


class FormEntrySerializer(serializers.Serializer):
    match = serializers.IntegerField()
    played_at = serializers.DateTimeField()
    outcome = serializers.ChoiceField(choices=["win", "draw", "loss"])
    rank = serializers.IntegerField()
    score = serializers.IntegerField()


class FieldRowSerializer(serializers.Serializer):
    opponent = PlayerSerializer()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    points = serializers.IntegerField(help_text="The player's points in these matches.")
    against = serializers.IntegerField(help_text="The opponent's points in these matches.")


class PlayerStatisticsSerializer(serializers.Serializer):
    player = PlayerSerializer()
    game = serializers.CharField()
    matches = serializers.IntegerField()
    hands = serializers.IntegerField(help_text="Hands (games, deals, races) played.")
    hands_logged = serializers.IntegerField(help_text="Of them, recorded move by move.")
    matches_logged = serializers.IntegerField()
    longest_streak = serializers.IntegerField()
    current_streak = serializers.IntegerField()
    figures = FigureSerializer(many=True)
    form = FormEntrySerializer(many=True, help_text="The last 30 matches, oldest first.")
    against_the_field = FieldRowSerializer(many=True)


class StatisticsGamesView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=StatisticsGameSerializer(many=True), operation_id="statistics_games")
    def get(self, request: Request) -> Response:
        """The games, each with how many players have statistics in it."""
        rows = [{**row, "name": game_name(row["game"])}
                for row in selectors.games_with_statistics()]
        return Response(StatisticsGameSerializer(rows, many=True).data)


class GamePlayersView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[GAME], responses=GamePlayerSerializer(many=True),
                   operation_id="statistics_game_players")
    def get(self, request: Request, game: str) -> Response:
        """Everybody with statistics in the game, the most matches first."""
        rows = selectors.game_players(game=_game(game))
        return Response(GamePlayerSerializer(rows, many=True).data)


class PlayerStatisticsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[GAME], responses=PlayerStatisticsSerializer,
                   operation_id="statistics_player")
    def get(self, request: Request, game: str, player: int) -> Response:
        """A player's figures in the game, his form and his record against the field."""
        _game(game)
        person = get_object_or_404(Player, pk=player)
        stats = selectors.player_statistics(player=person, game=game)
        if stats is None:
            raise Http404(_("%(name)s has no scored %(game)s match yet.") % {
                "name": person.name, "game": game_name(game)})
        form = selectors.player_form(player=person, game=game)
        field = selectors.against_the_field(player=person, game=game)
        data = {
            "player": person, "game": game, "matches": stats.stored.matches,
            "hands": stats.hands, "hands_logged": stats.hands_logged,
            "matches_logged": stats.matches_logged,
            "longest_streak": stats.stored.longest_streak,
            "current_streak": stats.stored.current_streak,
            "figures": [figure_json(figure) for figure in stats.figures],
            "form": [{"match": row.match_id, "played_at": row.played_at,
                      "outcome": row.outcome, "rank": row.rank, "score": row.score}
                     for row in form],
            "against_the_field": [{**row, "opponent": {"id": row["opponent_id"],
                                                       "name": row["opponent"]}}
                                  for row in field],
        }
        return Response(PlayerStatisticsSerializer(data).data)


class EncounterSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="match_id")
    played_at = serializers.DateTimeField()
    outcome = serializers.ChoiceField(choices=["win", "draw", "loss"],
                                      help_text="For the first player.")
    score = serializers.IntegerField()
    opponent_score = serializers.IntegerField()


class HeadToHeadSerializer(serializers.Serializer):
    game = serializers.CharField()
    player = PlayerSerializer()
    opponent = PlayerSerializer()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    points = serializers.IntegerField()
    against = serializers.IntegerField()
    recent = EncounterSerializer(many=True, help_text="The latest ten, newest first.")


class HeadToHeadView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[GAME], responses=HeadToHeadSerializer,
                   operation_id="statistics_head_to_head")
    def get(self, request: Request, game: str, player: int, opponent: int) -> Response:
        """Two players' record in the game: the matches at the same table, won (the better
        place), drawn, lost, and the points each scored there."""
        _game(game)
        if player == opponent:
            raise ValidationError({"opponent": [_("Choose two different players.")]})
        first = get_object_or_404(Player, pk=player)
        second = get_object_or_404(Player, pk=opponent)
        h2h = selectors.head_to_head(game=game, player=first, opponent=second)
        return Response(HeadToHeadSerializer(h2h).data)


class RecordEntrySerializer(serializers.Serializer):
    value = serializers.IntegerField()
    holders = PlayerSerializer(many=True)
    match = serializers.IntegerField()
    deal = serializers.IntegerField(allow_null=True, help_text="The hand's number in the "
                                                               "match (null for a streak).")
    move = serializers.IntegerField(allow_null=True)
    first_match = serializers.IntegerField(allow_null=True, help_text="A streak's first "
                                                                      "match.")
    url = serializers.CharField(help_text="The match page at the deal (and move).")


class RecordTableSerializer(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField()
    unit = serializers.CharField()
    better = serializers.ChoiceField(choices=["high", "low"])
    entries = RecordEntrySerializer(many=True)


def record_entry(game: str, entry: GameRecord | WinningStreak) -> dict[str, Any]:
    if isinstance(entry, WinningStreak):
        return {"value": entry.length,
                "holders": [{"id": entry.player_id, "name": entry.player.name}],
                "match": entry.last_match_id, "deal": None, "move": None,
                "first_match": entry.first_match_id,
                "url": entry.last_match.get_absolute_url()}
    return {"value": entry.value, "holders": entry.holders, "match": entry.match_id,
            "deal": entry.deal, "move": entry.move, "first_match": None,
            "url": entry.match.get_absolute_url() + deal_anchor(game, entry.deal, entry.move,
                                                               entry.source)}


class RecordsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[GAME, OpenApiParameter(
        "league", str, description="A league's short name: only its seasons' matches.")],
        responses=RecordTableSerializer(many=True), operation_id="statistics_records")
    def get(self, request: Request, game: str) -> Response:
        """The records of the game (or of one league): per kind the best five, each with the
        match and deal where it happened; then the longest winning streaks."""
        _game(game)
        league = None
        slug = request.query_params.get("league")
        if slug:
            league = League.objects.filter(slug=slug).first()
            if league is None:
                raise ValidationError({"league": [_("There is no league %(slug)r.") % {
                    "slug": slug}]})
            if league.game != game:
                raise ValidationError({"league": [
                    _("%(league)s plays %(game)s, not %(other)s.") % {
                        "league": league.name, "game": game_name(league.game),
                        "other": game_name(game)}]})
        tables = [{"kind": table.kind.key, "label": str(RECORDS.get(table.kind.key, "")),
                   "unit": str(RECORD_UNITS.get(table.kind.key, "")),
                   "better": table.kind.better,
                   "entries": [record_entry(game, entry) for entry in table.entries]}
                  for table in selectors.records(game=game, league=league)]
        return Response(RecordTableSerializer(tables, many=True).data)
