"""Serializers of players, leagues and seasons: one for input, one for output where they differ."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.engines import EngineError, get_engine
from games.engines.registry import game_choices
from league.models import League, Player, Season


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name"]


def validate_rules(game: str, rules: Any) -> Any:
    try:
        get_engine(game).rules(rules)
    except EngineError as error:
        raise serializers.ValidationError({"rules": [str(error)]}) from None
    return rules


class LeagueSerializer(serializers.ModelSerializer):
    organizers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    game = serializers.ChoiceField(choices=game_choices())

    class Meta:
        model = League
        fields = ["id", "name", "slug", "game", "rules", "description", "organizers"]
        read_only_fields = ["slug"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        validate_rules(attrs.get("game", getattr(self.instance, "game", "")),
                       attrs.get("rules", getattr(self.instance, "rules", None)))
        return attrs


class SeasonSerializer(serializers.ModelSerializer):
    league = serializers.SlugRelatedField(slug_field="slug", queryset=League.objects.all())
    members = PlayerSerializer(many=True, read_only=True)
    game = serializers.CharField(source="league.game", read_only=True)

    class Meta:
        model = Season
        fields = ["id", "league", "game", "name", "slug", "status", "starts_on", "ends_on",
                  "members"]
        read_only_fields = ["slug"]


class SeasonMemberInput(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = PlayerSerializer()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    game_points = serializers.IntegerField()
    game_points_against = serializers.IntegerField()
    difference = serializers.IntegerField()
    points = serializers.IntegerField()

    def to_representation(self, row: Any) -> dict[str, Any]:
        return {"rank": row.rank, "player": PlayerSerializer(row.player).data, **row.values}
