"""Serializers of tournaments, their entries, standings and rounds, and of the bracket,
group tables, places and notices as the pages draw them."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.serializers import PlayerSerializer, SeatSerializer, validate_rules
from games.engines.registry import game_choices
from games.models import Match, Player
from league.api.serializers import StandingFiguresSerializer
from tournaments.models import Entry, Tournament
from tournaments.selectors import tournament_tiebreaks
from tournaments.services import TournamentError
from tournaments.services.create import SETTINGS, tournament_settings_check

#: What may still change once a tournament has started.
CHANGEABLE_WHILE_RUNNING = {"name", "description", "starts_on", "tiebreaks", "rounds_planned",
                            "reporting"}


class EntrySerializer(serializers.ModelSerializer):
    player = PlayerSerializer(read_only=True)

    class Meta:
        model = Entry
        fields = ["player", "seed"]


class EntryInput(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=1,
                                    max_value=2_147_483_647)


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


class TournamentListSerializer(TournamentSerializer):
    """A tournament in the list: everything but its entries, and how many they are. A page of
    the list then costs the same whatever the size of its tournaments (a row carried every
    entry, 200 for a Doppelkopf table tournament); the entries are the tournament's own
    (``/api/tournaments/<slug>/`` and ``/api/tournaments/<slug>/entries/``)."""

    entries = None  # type: ignore[assignment]
    entries_count = serializers.IntegerField(
        read_only=True, help_text="How many players entered (the entries listed on the "
                                  "tournament itself).")

    class Meta(TournamentSerializer.Meta):
        fields = [*(name for name in TournamentSerializer.Meta.fields if name != "entries"),
                  "entries_count"]


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
    player = PlayerSerializer(allow_null=True, help_text="Null while the seat waits for the "
                                                         "winner of an earlier match.")
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


# --- The bracket, group tables, places and notices ------------------------------------------


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

    @extend_schema_field(serializers.ListField(
        child=serializers.DictField(allow_null=True), allow_empty=True,
        help_text="Per seat: id, name, score and rank, or null for a seat still empty."))
    def get_players(self, cell: Any) -> list[dict[str, Any] | None]:
        if cell.match is None:
            if cell.bye_player is None:
                return []
            return [PlayerSerializer(cell.bye_player).data, None]
        return [{"id": seat.player.pk, "name": seat.player.name, "score": seat.score,
                 "rank": seat.rank} if seat.player else None for seat in cell.seats]

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
