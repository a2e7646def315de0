"""Serializers of players, leagues, seasons (divisions, fixtures, standings, the archive) and
ratings: one for input, one for output where they differ."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from games.api.serializers import (
    PlayerSerializer,
    date_json,
    moment_json,
    player_json,
    validate_rules,
)
from games.engines.registry import game_choices
from games.models import Player
from league.models import Division, League, Rating, RatingChange, Season


class LeagueSerializer(serializers.ModelSerializer):
    organizers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    game = serializers.ChoiceField(choices=game_choices())
    tiebreaks = serializers.ListField(
        child=serializers.CharField(), required=False,
        help_text="The standings' tie-breakers in order (keys of "
                  "league.ranking.standings.TIEBREAKS: "
                  "points, head_to_head, difference, game_points, wins, buchholz, "
                  "median_buchholz, sonneborn_berger, best_series); empty: points, "
                  "head_to_head, difference, game_points, wins.")

    class Meta:
        model = League
        fields = ["id", "name", "slug", "game", "rules", "description", "organizers",
                  "promote", "relegate", "tiebreaks", "reporting"]
        read_only_fields = ["slug"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        validate_rules(attrs.get("game", getattr(self.instance, "game", "")),
                       attrs.get("rules", getattr(self.instance, "rules", None)))
        return attrs

    # A page of leagues is a hundred of these: written by DRF's fields one by one (a
    # related manager made for each league's organizers) they were most of the page's time.
    # tests/league/test_api_representations.py holds them equal to DRF's.
    def to_representation(self, instance: League) -> dict[str, Any]:
        league = instance
        return {
            "id": league.pk, "name": league.name, "slug": league.slug, "game": league.game,
            "rules": league.rules, "description": league.description,
            "organizers": self._organizers(league),
            "promote": league.promote, "relegate": league.relegate,
            "tiebreaks": [str(key) for key in league.tiebreaks],
            "reporting": league.reporting}

    def _organizers(self, league: League) -> list[str]:
        """By name; read as rows where the list read them (``organizers`` in the context,
        see ``league.api.leagues.LeagueViewSet.list``), else from the league."""
        shown = self.context.get("organizers")
        if shown is None:
            return list(league.organizers.order_by("username")
                        .values_list("username", flat=True))
        return list(shown.get(league.pk, []))


class DivisionSerializer(serializers.ModelSerializer):
    members = PlayerSerializer(many=True, read_only=True)

    class Meta:
        model = Division
        fields = ["id", "level", "name", "members"]


class DivisionInput(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, default="",
                                 help_text="Empty: “Division” and its level.")
    level = serializers.IntegerField(required=False, allow_null=True, default=None,
                                     min_value=1, max_value=32_767,
                                     help_text="1 is the top; empty: below the "
                                                            "lowest.")
    members = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True,
                                                 required=False, default=list)


class SeasonSerializer(serializers.ModelSerializer):
    league = serializers.SlugRelatedField(slug_field="slug", queryset=League.objects.all())
    members = PlayerSerializer(many=True, read_only=True)
    divisions = DivisionSerializer(many=True, read_only=True)
    game = serializers.CharField(source="league.game", read_only=True)
    next_season = serializers.SerializerMethodField()
    url = serializers.CharField(source="get_absolute_url", read_only=True,
                                help_text="The season's page on this site.")

    class Meta:
        model = Season
        fields = ["id", "league", "game", "name", "slug", "status", "mode", "starts_on",
                  "ends_on", "match_day_interval", "best_results", "previous", "next_season",
                  "closed_at", "members", "divisions", "url"]
        read_only_fields = ["slug", "status", "previous", "closed_at"]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_next_season(self, season: Season) -> int | None:
        try:
            return season.next_season.pk  # type: ignore[attr-defined]
        except Season.next_season.RelatedObjectDoesNotExist:  # type: ignore[attr-defined]
            return None

    # A page of seasons is a hundred of these with thousands of members: written by DRF's
    # fields one by one they were a third of the page's time. tests/league/test_api.py
    # holds them equal to DRF's.
    def to_representation(self, instance: Season) -> dict[str, Any]:
        season = instance
        return {
            "id": season.pk, "league": season.league.slug, "game": season.league.game,
            "name": season.name, "slug": season.slug, "status": season.status,
            "mode": season.mode, "starts_on": date_json(season.starts_on),
            "ends_on": date_json(season.ends_on),
            "match_day_interval": season.match_day_interval,
            "best_results": season.best_results, "previous": season.previous_id,
            "next_season": self.get_next_season(season),
            "closed_at": moment_json(season.closed_at),
            "members": self._members(season.pk, "of_season", season.members),
            "divisions": [{"id": division_id, "level": level, "name": name,
                           "members": self._members(division_id, "of_division", members)}
                          for division_id, level, name, members in self._divisions(season)],
            "url": season.get_absolute_url()}

    def _divisions(self, season: Season) -> list[tuple[int, int, str, Any]]:
        """The season's divisions as ``(id, level, name, members)``: as rows where the list
        read them (``members`` in the context, see ``league.api.leagues.SeasonViewSet.list``;
        their members are rows too), else from the season."""
        shown = self.context.get("members")
        if shown is None:
            return [(division.pk, division.level, division.name, division.members)
                    for division in season.divisions.all()]
        return [(division_id, level, name, None)
                for division_id, level, name in shown.divisions.get(season.pk, [])]

    def _members(self, owner_id: int, kind: str, members: Any) -> list[dict[str, Any]]:
        """The members as rows where the list read them, else from the season or division
        (``members``, their related manager)."""
        shown = self.context.get("members")
        if shown is None:
            return [player_json(player) for player in members.all()]
        return [{"id": player_id, "name": name}
                for player_id, name in getattr(shown, kind).get(owner_id, [])]


class SeasonMemberInput(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    division = serializers.IntegerField(required=False, allow_null=True, default=None,
                                        min_value=1, max_value=32_767,
                                        help_text="The level of the division the player "
                                                  "joins (a season with divisions).")


class FixturesInput(serializers.Serializer):
    double = serializers.BooleanField(required=False, default=False,
                                      help_text="Everybody meets everybody twice, the second "
                                                "time with the seats swapped.")


class SeasonCloseInput(serializers.Serializer):
    next_name = serializers.CharField(required=False, allow_blank=True, default="",
                                      help_text="With a name the next season opens at once "
                                                "(members, settings, divisions after "
                                                "promotion and relegation).")
    next_starts_on = serializers.DateField(required=False, allow_null=True, default=None)


class NextSeasonInput(serializers.Serializer):
    name = serializers.CharField()
    starts_on = serializers.DateField(required=False, allow_null=True, default=None)


class StandingsColumnSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    abbreviation = serializers.CharField()


class StandingsTableRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.SerializerMethodField()
    values = serializers.DictField(child=serializers.IntegerField(),
                                   help_text="Every metric by key (played, wins, draws, "
                                             "losses, game_points, game_points_against, "
                                             "difference, points, and the columns).")

    @extend_schema_field(PlayerSerializer)
    def get_player(self, row: dict[str, Any]) -> dict[str, Any]:
        return {"id": row["player"]["pk"], "name": row["player"]["name"]}


class StandingsTableSerializer(serializers.Serializer):
    """One standings table: a division's (``level``, ``name``) or the season's."""

    level = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_blank=True)
    tiebreaks = serializers.ListField(child=serializers.CharField())
    columns = StandingsColumnSerializer(many=True, help_text="Tie-breakers shown as columns "
                                                              "(Buchholz and the like).")
    rows = StandingsTableRowSerializer(many=True)


class ArchivedSeasonSerializer(serializers.Serializer):
    season = SeasonSerializer()
    closed_at = serializers.DateTimeField(source="season.closed_at", allow_null=True)
    tables = StandingsTableSerializer(many=True, help_text="The final standings, as the "
                                                            "season was closed.")


class StandingFiguresSerializer(serializers.Serializer):
    """The figures every standings row has, in a season and in a tournament."""

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


@extend_schema_serializer(component_name="SeasonStandingRow")
class StandingRowSerializer(StandingFiguresSerializer):

    def to_representation(self, row: Any) -> dict[str, Any]:
        """A row of the standings, or of a table as plain data (a closed season's)."""
        if isinstance(row, dict):
            return {"rank": row["rank"],
                    "player": {"id": row["player"]["pk"], "name": row["player"]["name"]},
                    **row["values"]}
        return {"rank": row.rank, "player": PlayerSerializer(row.player).data, **row.values}


# --- Ratings ------------------------------------------------------------------------------


class RatingChangeSerializer(serializers.ModelSerializer):
    class Meta:
        model = RatingChange
        fields = ["match", "sequence", "rating_before", "rating_after", "deviation_after",
                  "played_at"]


class RatingSerializer(serializers.ModelSerializer):
    player = PlayerSerializer(read_only=True)
    place = serializers.SerializerMethodField(
        help_text="On a leaderboard: the place (equal rating and deviation share one); "
                  "null elsewhere.")

    class Meta:
        model = Rating
        fields = ["place", "player", "game", "system", "rating", "deviation", "volatility",
                  "mu", "matches", "updated_at"]


    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_place(self, rating: Rating) -> int | None:
        return getattr(rating, "place", None)


class PlayerRatingSerializer(serializers.Serializer):
    game = serializers.CharField()
    rating = RatingSerializer()
    history = RatingChangeSerializer(many=True, help_text="Oldest first.")


class LeaderboardGameSerializer(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    system = serializers.CharField()
    rated = serializers.IntegerField(help_text="How many players have a rating.")
