"""The bracket, group tables, places and notices in the API, as the pages draw them."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.serializers import SeatSerializer
from games.models import Match
from league.api.serializers import PlayerSerializer


class BracketSeatSerializer(serializers.Serializer):
    player = PlayerSerializer(allow_null=True)
    seed = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)
    won = serializers.BooleanField()
    out = serializers.BooleanField(help_text="Disqualified or withdrawn.")
    note = serializers.CharField(help_text='Why the seat is empty, e.g. "winner of W1.2".')


class BracketCellSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    id = serializers.CharField(help_text='The match\'s bracket name, e.g. "W1.2", "L3.1", '
                                         '"GF1"; empty for a first-round bye.')
    match = serializers.IntegerField(source="match.pk", allow_null=True, default=None)
    status = serializers.CharField(source="match.status", allow_null=True, default=None)
    result = serializers.CharField(source="match.result", allow_null=True, default=None)
    state = serializers.CharField(help_text="open, pending, played, forfeit, double_forfeit, "
                                            "walkover, void, unneeded, bye or empty.")
    players = serializers.SerializerMethodField()
    seats = BracketSeatSerializer(many=True)
    bye = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.DictField(), allow_empty=True))
    def get_players(self, cell: Any) -> list[dict[str, Any] | None]:
        if cell.match is None:
            if cell.bye_player is None:
                return []
            return [PlayerSerializer(cell.bye_player).data, None]
        return [{"id": seat.player.pk, "name": seat.player.name, "score": seat.score,
                 "rank": seat.rank} if seat.player else None for seat in cell.match.seats.all()]

    def get_bye(self, cell: Any) -> bool:
        return cell.match is None and cell.bye_player is not None


class BracketRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    section = serializers.CharField(help_text="single (single elimination); winners, losers "
                                              "or final (double elimination).")
    cells = BracketCellSerializer(many=True)


class PlacingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = PlayerSerializer()
    out_in = serializers.CharField(help_text="The bracket name of the match he went out in.")


class OutcomeSerializer(serializers.Serializer):
    decided = serializers.BooleanField()
    champion = PlayerSerializer(allow_null=True)
    placings = PlacingSerializer(many=True)


class GroupRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = PlayerSerializer()
    values = serializers.DictField(child=serializers.IntegerField())
    seed = serializers.IntegerField(allow_null=True, help_text="Playoff seed if he qualifies "
                                                              "as the table stands.")


class GroupTableSerializer(serializers.Serializer):
    name = serializers.CharField()
    complete = serializers.BooleanField()
    rows = serializers.SerializerMethodField()
    level_at_line = PlayerSerializer(many=True)

    @extend_schema_field(GroupRowSerializer(many=True))
    def get_rows(self, table: Any) -> list[dict[str, Any]]:
        return [GroupRowSerializer({"rank": row.rank, "player": row.player,
                                    "values": row.values,
                                    "seed": table.qualifiers.get(row.player.pk)}).data
                for row in table.standings.rows]


class NoticeSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="match.pk")
    bracket = serializers.CharField(source="match.bracket")
    text = serializers.CharField()
    open = serializers.BooleanField(help_text="The match waits for a new result.")
    created_at = serializers.DateTimeField()


class MatchVerdictSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)

    class Meta:
        model = Match
        fields = ["id", "bracket", "group", "status", "result", "forfeit_reason", "seats"]


class ForfeitInput(serializers.Serializer):
    winner = serializers.IntegerField(help_text="The player who wins by forfeit.")


class PlayerInput(serializers.Serializer):
    player = serializers.IntegerField()


class PlayoffsInput(serializers.Serializer):
    redraw = serializers.BooleanField(default=False, help_text="Draw them again (only while "
                                                               "no playoff match has a result).")
