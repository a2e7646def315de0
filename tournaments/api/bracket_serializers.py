"""The bracket in the API, as the page draws it."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from league.api.serializers import PlayerSerializer


class BracketCellSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    match = serializers.IntegerField(source="match.pk", allow_null=True, default=None)
    status = serializers.CharField(source="match.status", allow_null=True, default=None)
    players = serializers.SerializerMethodField()
    bye = serializers.SerializerMethodField()

    def get_players(self, cell: Any) -> list[dict[str, Any] | None]:
        if cell.match is None:
            return [PlayerSerializer(cell.bye_player).data, None]
        return [{"id": seat.player.pk, "name": seat.player.name, "score": seat.score,
                 "rank": seat.rank} if seat.player else None for seat in cell.match.seats.all()]

    def get_bye(self, cell: Any) -> bool:
        return cell.match is None


class BracketRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    cells = BracketCellSerializer(many=True)
