"""Serializers of players, matches and their logs, and the check of a game's rules."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.engines import EngineError, get_engine
from games.engines.registry import game_choices
from games.models import HandOutcome, Match, MatchLog, Player, Seat
from games.selectors.errors import error_message, error_reason


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name"]

    # Lists show thousands of players (the seats of a page of matches, the members of a
    # page of seasons): the same two fields without a field object's round trip each.
    def to_representation(self, instance: Any) -> dict[str, Any]:
        if not isinstance(instance, Player):  # a statistics row names its player as a dict
            return dict(super().to_representation(instance))
        return player_json(instance)


def player_json(player: Player) -> dict[str, Any]:
    """A player as the API writes him (:class:`PlayerSerializer`'s fields)."""
    return {"id": player.pk, "name": player.name}


def validate_rules(game: str, rules: Any) -> Any:
    try:
        get_engine(game).rules(rules)
    except EngineError as error:
        raise serializers.ValidationError({"rules": [str(error)]}) from None
    return rules


class SeatSerializer(serializers.ModelSerializer):
    player = PlayerSerializer(allow_null=True)

    class Meta:
        model = Seat
        fields = ["index", "player", "score", "rank"]

    def to_representation(self, instance: Seat) -> dict[str, Any]:
        player = instance.player
        return {"index": instance.index,
                "player": None if player is None else player_json(player),
                "score": instance.score, "rank": instance.rank}


class HandSerializer(serializers.ModelSerializer):
    class Meta:
        model = HandOutcome
        fields = ["number", "source", "points", "facts", "detail"]


class LogSummarySerializer(serializers.ModelSerializer):
    submitted_by = serializers.SlugRelatedField(slug_field="username", read_only=True,
                                                allow_null=True)
    is_current = serializers.BooleanField(read_only=True)

    def to_representation(self, instance: MatchLog) -> dict[str, Any]:
        data: dict[str, Any] = super().to_representation(instance)
        # The stored error's reason in the reader's language (Accept-Language).
        if isinstance(data.get("error"), dict):
            data["error"] = {**data["error"], "reason": error_reason(data["error"]),
                             "message": error_message(data["error"])}
        return data

    class Meta:
        model = MatchLog
        fields = ["id", "match", "version", "status", "is_current", "sha256", "source",
                  "submitted_by", "submitted_at", "processed_at", "supersedes", "error",
                  "outcome"]


class LogDetailSerializer(LogSummarySerializer):
    hands = HandSerializer(many=True, read_only=True)

    class Meta(LogSummarySerializer.Meta):
        fields = [*LogSummarySerializer.Meta.fields, "text", "hands"]


class MatchSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    current_log = LogSummarySerializer(read_only=True, allow_null=True)
    tournament = serializers.SerializerMethodField()
    round = serializers.SerializerMethodField()
    url = serializers.CharField(source="get_absolute_url", read_only=True,
                                help_text="The match's page on this site.")

    class Meta:
        model = Match
        fields = ["id", "game", "rules", "status", "result", "forfeit_reason", "season",
                  "division", "match_day", "scheduled_on", "tournament", "round", "position",
                  "group", "table", "bracket", "deal_set", "next_match", "next_slot",
                  "loser_next_match", "loser_next_slot", "played_on", "seats", "current_log",
                  "url"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_tournament(self, match: Match) -> str | None:
        return match.round.tournament.slug if match.round_id else None

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_round(self, match: Match) -> int | None:
        return match.round.number if match.round_id else None


class MatchCreateInput(serializers.Serializer):
    """A friendly match (outside leagues and tournaments) between known players."""

    game = serializers.ChoiceField(choices=[])
    players = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True)
    rules = serializers.JSONField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        engine = get_engine(attrs["game"])
        count = len(attrs["players"])
        if not engine.min_seats <= count <= engine.max_seats:
            raise serializers.ValidationError({"players": [
                f"{engine.name} is played by {engine.min_seats}-{engine.max_seats} players, "
                f"not {count}"]})
        if len({p.pk for p in attrs["players"]}) != count:
            raise serializers.ValidationError({"players": ["a player can take only one seat"]})
        validate_rules(attrs["game"], attrs.get("rules"))
        return attrs
