"""Serializers of tournaments, their entries, standings and rounds."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.engines.registry import game_choices
from games.models import Player
from league.api.serializers import PlayerSerializer, StandingFiguresSerializer, validate_rules
from tournaments.models import Entry, Tournament
from tournaments.selectors import tournament_tiebreaks
from tournaments.services import TournamentError
from tournaments.services.create import SETTINGS, tournament_settings_check

#: What may still change once a tournament has started.
CHANGEABLE_WHILE_RUNNING = {"name", "description", "starts_on", "tiebreaks", "rounds_planned"}


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
    tiebreak_order = serializers.SerializerMethodField(
        help_text="The chain of tie-breakers the standings use (the format's default when "
                  "tiebreaks is empty).")

    class Meta:
        model = Tournament
        fields = ["id", "name", "slug", "game", "format", "status", "rules", "description",
                  "starts_on", *SETTINGS, "tiebreak_order", "organizers", "entries"]
        read_only_fields = ["slug", "status"]

    def get_tiebreak_order(self, tournament: Tournament) -> list[str]:
        return list(tournament_tiebreaks(tournament))

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        instance = self.instance
        if instance is not None and instance.status != Tournament.Status.REGISTRATION:
            changed = set(attrs) - CHANGEABLE_WHILE_RUNNING
            if changed:
                raise serializers.ValidationError(
                    {name: ["cannot change once the tournament has started"]
                     for name in sorted(changed)})
            planned = attrs.get("rounds_planned")
            if planned is not None and planned < instance.rounds.count():
                raise serializers.ValidationError(
                    {"rounds_planned": [f"{instance.rounds.count()} rounds are drawn "
                                        "already"]})
        game = attrs.get("game", getattr(instance, "game", ""))
        rules = attrs.get("rules", getattr(instance, "rules", None))
        validate_rules(game, rules)
        settings = {name: attrs.get(name, getattr(instance, name, None)) for name in SETTINGS}
        try:
            tournament_settings_check(game=game, format=attrs.get(
                "format", getattr(instance, "format", "")), rules=rules, settings=settings)
        except TournamentError as error:
            raise serializers.ValidationError({"non_field_errors": [str(error)]}) from None
        return attrs


class TournamentStandingRowSerializer(StandingFiguresSerializer):
    """A row of the tournament standings: the figures, the tie-breakers the chain shows as
    columns (Buchholz, ...), the byes and, for table rounds, the points of each series."""

    buchholz = serializers.IntegerField(required=False)
    median_buchholz = serializers.IntegerField(required=False)
    sonneborn_berger = serializers.IntegerField(required=False)
    best_series = serializers.IntegerField(required=False)
    byes = serializers.IntegerField()
    series = serializers.ListField(child=serializers.IntegerField(allow_null=True),
                                   help_text="Table rounds: the points of each round's "
                                             "series (null: not played).")
    average_series = serializers.FloatField(allow_null=True)

    def to_representation(self, line: Any) -> dict[str, Any]:
        row = line.row
        return {"rank": row.rank, "player": PlayerSerializer(row.player).data, **row.values,
                "byes": row.byes, "series": line.series,
                "average_series": row.average_series}


class SeatLineSerializer(serializers.Serializer):
    seat = serializers.IntegerField(source="number", help_text="From 1.")
    player = PlayerSerializer()
    score = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True)
    deals_first = serializers.BooleanField()


class MatchLineSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="match.pk")
    url = serializers.SerializerMethodField()
    table = serializers.IntegerField(allow_null=True, help_text="Board (Swiss) or table.")
    status = serializers.CharField(source="match.status")
    result = serializers.CharField(source="match.result")
    bye = serializers.BooleanField()
    deals = serializers.IntegerField(allow_null=True)
    deal_set = serializers.CharField(source="match.deal_set",
                                     help_text="Duplicate: the seed the log is dealt from.")
    five = serializers.BooleanField(help_text="A Doppelkopf 5-table: the dealer sits out.")
    seats = SeatLineSerializer(many=True)

    def get_url(self, line: Any) -> str:
        return str(line.match.get_absolute_url())


class RoundLineSerializer(serializers.Serializer):
    number = serializers.IntegerField(source="round.number")
    name = serializers.CharField(source="round.label")
    complete = serializers.BooleanField()
    matches = MatchLineSerializer(many=True)


class DuplicateTotalSerializer(serializers.Serializer):
    player = PlayerSerializer()
    hands = serializers.IntegerField()
    matchpoints = serializers.IntegerField()
    top = serializers.IntegerField()
    percent = serializers.FloatField()


class DuplicateLineSerializer(serializers.Serializer):
    deal = serializers.IntegerField()
    player = PlayerSerializer()
    hand = serializers.IntegerField(help_text="Which cards (Gin: 0 non-dealer, 1 dealer; "
                                              "Doppelkopf: 0 forehand, 1-3 clockwise).")
    score = serializers.IntegerField()
    compared = serializers.IntegerField()
    matchpoints = serializers.IntegerField()
    top = serializers.IntegerField()
    datum = serializers.FloatField(help_text="Difference from the average of the others.")


class DuplicateMatchSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    lines = DuplicateLineSerializer(many=True)


class DuplicateSerializer(serializers.Serializer):
    totals = DuplicateTotalSerializer(many=True)
    matches = DuplicateMatchSerializer(many=True)
