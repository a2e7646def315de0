"""Serializers of tournaments and their entries."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.engines.registry import game_choices
from league.api.serializers import PlayerSerializer, validate_rules
from league.models import Player
from tournaments.models import Entry, Tournament


class EntrySerializer(serializers.ModelSerializer):
    player = PlayerSerializer(read_only=True)

    class Meta:
        model = Entry
        fields = ["player", "seed"]


class EntryInput(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=1)


class TournamentSerializer(serializers.ModelSerializer):
    entries = EntrySerializer(many=True, read_only=True)
    organizers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    game = serializers.ChoiceField(choices=game_choices())

    class Meta:
        model = Tournament
        fields = ["id", "name", "slug", "game", "format", "status", "rules", "description",
                  "starts_on", "organizers", "entries"]
        read_only_fields = ["slug", "status"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if self.instance is not None and self.instance.status != Tournament.Status.REGISTRATION:
            changed = {"game", "format", "rules"} & set(attrs)
            if changed:
                raise serializers.ValidationError(
                    {name: ["cannot change once the tournament has started"]
                     for name in sorted(changed)})
        validate_rules(attrs.get("game", getattr(self.instance, "game", "")),
                       attrs.get("rules", getattr(self.instance, "rules", None)))
        return attrs
