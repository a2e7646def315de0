"""Serializers of players, matches and their logs, and the check of a game's rules."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.engines import EngineError, get_engine
from games.engines.registry import game_choices
from games.models import HandOutcome, Match, MatchLog, Player, Seat
from games.selectors.errors import error_message, error_reason
from games.selectors.match_rows import MatchRow


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
        return seat_json(instance)


def seat_json(seat: Seat) -> dict[str, Any]:
    """A seat as the API writes it (:class:`SeatSerializer`'s fields)."""
    player = seat.player
    return {"index": seat.index, "player": None if player is None else player_json(player),
            "score": seat.score, "rank": seat.rank}


# DRF's own conversions of dates and moments (ISO 8601, moments in the current time zone,
# UTC written as "Z"), for the representations written without a field object each.
_DATE = serializers.DateField()
_MOMENT = serializers.DateTimeField()


def date_json(value: Any) -> str | None:
    return None if value is None else str(_DATE.to_representation(value))


def moment_json(value: Any) -> str | None:
    return None if value is None else str(_MOMENT.to_representation(value))


class HandSerializer(serializers.ModelSerializer):
    class Meta:
        model = HandOutcome
        fields = ["number", "source", "points", "facts", "detail"]


class LogSummarySerializer(serializers.ModelSerializer):
    submitted_by = serializers.SlugRelatedField(slug_field="username", read_only=True,
                                                allow_null=True)
    is_current = serializers.BooleanField(read_only=True)

    # A page of matches writes a hundred of these: the fields without a field object each.
    def to_representation(self, instance: MatchLog) -> dict[str, Any]:
        return log_summary_json(instance)

    class Meta:
        model = MatchLog
        fields = ["id", "match", "version", "status", "is_current", "sha256", "source",
                  "submitted_by", "submitted_at", "processed_at", "supersedes", "error",
                  "outcome"]


def log_summary_json(log: MatchLog, *, is_current: bool | None = None) -> dict[str, Any]:
    """A log as the API lists it (:class:`LogSummarySerializer`'s fields); ``is_current``
    if the caller knows it (a match's current log is), so that the log's match need not be
    read for it."""
    submitted_by = log.submitted_by
    return _error_described({
        "id": log.pk, "match": log.match_id, "version": log.version, "status": log.status,
        "is_current": log.is_current if is_current is None else is_current,
        "sha256": log.sha256, "source": log.source,
        "submitted_by": None if submitted_by is None else submitted_by.username,
        "submitted_at": moment_json(log.submitted_at),
        "processed_at": moment_json(log.processed_at),
        "supersedes": log.supersedes_id, "error": log.error, "outcome": log.outcome})


def _error_described(data: dict[str, Any]) -> dict[str, Any]:
    """The stored error's reason in the reader's language (Accept-Language)."""
    if isinstance(data.get("error"), dict):
        data["error"] = {**data["error"], "reason": error_reason(data["error"]),
                         "message": error_message(data["error"])}
    return data


class LogDetailSerializer(LogSummarySerializer):
    hands = HandSerializer(many=True, read_only=True)

    class Meta(LogSummarySerializer.Meta):
        fields = [*LogSummarySerializer.Meta.fields, "text", "hands"]

    # Every submission through the API answers with one: DRF's fields one by one were a
    # sixth of the web server's time for it.
    def to_representation(self, instance: MatchLog) -> dict[str, Any]:
        return log_detail_json(instance)


def log_detail_json(log: MatchLog, *,
                    hands: Iterable[HandOutcome] | None = None) -> dict[str, Any]:
    """A log as the API shows it alone (:class:`LogDetailSerializer`'s fields); ``hands``
    if the caller knows them (a log just stored has none yet), else they are read."""
    return {**log_summary_json(log), "text": log.text,
            "hands": [hand_json(hand) for hand in (log.hands.all() if hands is None
                                                   else hands)]}


def hand_json(hand: HandOutcome) -> dict[str, Any]:
    """A hand as the API writes it (:class:`HandSerializer`'s fields)."""
    return {"number": hand.number, "source": hand.source, "points": hand.points,
            "facts": hand.facts, "detail": hand.detail}


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

    # A page of the API's matches is a hundred of these, each with its seats and its log:
    # written by DRF's fields one by one, they were two thirds of the page's time.
    # tests/games/test_api_representations.py holds them equal to DRF's.
    def to_representation(self, instance: Match | MatchRow) -> dict[str, Any]:
        if isinstance(instance, MatchRow):  # the API's lists (games.selectors.match_rows)
            return match_row_json(instance)
        match, log = instance, instance.current_log
        return {
            "id": match.pk, "game": match.game, "rules": match.rules, "status": match.status,
            "result": match.result, "forfeit_reason": match.forfeit_reason,
            "season": match.season_id, "division": match.division_id,
            "match_day": match.match_day, "scheduled_on": date_json(match.scheduled_on),
            "tournament": self.get_tournament(match), "round": self.get_round(match),
            "position": match.position, "group": match.group, "table": match.table,
            "bracket": match.bracket, "deal_set": match.deal_set,
            "next_match": match.next_match_id, "next_slot": match.next_slot,
            "loser_next_match": match.loser_next_match_id,
            "loser_next_slot": match.loser_next_slot, "played_on": date_json(match.played_on),
            "seats": [seat_json(seat) for seat in match.seats.all()],
            "current_log": None if log is None else log_summary_json(log, is_current=True),
            "url": match.get_absolute_url()}


def match_row_json(row: MatchRow) -> dict[str, Any]:
    """A match read as a row (:func:`games.selectors.match_rows.match_api_rows`) as
    :class:`MatchSerializer` writes a match; tests/games/test_api_match_rows.py holds the
    two equal."""
    column = row.columns
    log = None
    if column["current_log_id"] is not None:
        log = _error_described({
            "id": column["current_log_id"], "match": column["current_log__match_id"],
            "version": column["current_log__version"], "status": column["current_log__status"],
            "is_current": True, "sha256": column["current_log__sha256"],
            "source": column["current_log__source"],
            "submitted_by": column["current_log__submitted_by__username"],
            "submitted_at": moment_json(column["current_log__submitted_at"]),
            "processed_at": moment_json(column["current_log__processed_at"]),
            "supersedes": column["current_log__supersedes_id"],
            "error": column["current_log__error"], "outcome": column["current_log__outcome"]})
    in_round = column["round_id"] is not None
    return {
        "id": column["pk"], "game": column["game"], "rules": column["rules"],
        "status": column["status"], "result": column["result"],
        "forfeit_reason": column["forfeit_reason"], "season": column["season_id"],
        "division": column["division_id"], "match_day": column["match_day"],
        "scheduled_on": date_json(column["scheduled_on"]),
        "tournament": column["round__tournament__slug"] if in_round else None,
        "round": column["round__number"] if in_round else None,
        "position": column["position"], "group": column["group"], "table": column["table"],
        "bracket": column["bracket"], "deal_set": column["deal_set"],
        "next_match": column["next_match_id"], "next_slot": column["next_slot"],
        "loser_next_match": column["loser_next_match_id"],
        "loser_next_slot": column["loser_next_slot"],
        "played_on": date_json(column["played_on"]),
        "seats": [{"index": seat.index,
                   "player": None if seat.player_id is None else {
                       "id": seat.player_id, "name": seat.player_name},
                   "score": seat.score, "rank": seat.rank} for seat in row.seats],
        "current_log": log,
        "url": reverse("match-detail", args=[column["pk"]])}


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
