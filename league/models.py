"""Leagues, their seasons and divisions, and the ratings of players."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices

# default_rules stays importable here: the first migrations of every app name it by this path.
from games.models import DEFAULT_REPORTING, Player, Reporting, default_rules, is_staff_or_superuser


class League(models.Model):
    """A club's running competition in one game, made of seasons."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), unique=True)
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    rules = models.JSONField(_("rules"), default=default_rules,
                             help_text=_('A preset and overrides, e.g. {"preset": "seed", '
                                         '"rounds": 3}.'))
    description = models.TextField(_("description"), blank=True)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, verbose_name=_("organizers"),
                                        related_name="organized_leagues", blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    promote = models.PositiveSmallIntegerField(
        _("promoted"), default=0,
        help_text=_("How many of each division move up a division for the next season."))
    relegate = models.PositiveSmallIntegerField(
        _("relegated"), default=0,
        help_text=_("How many of each division move down a division for the next season."))
    tiebreaks = models.JSONField(
        _("tie-breakers"), default=list, blank=True,
        help_text=_("The order of the standings as metric keys; empty: the default order."))
    reporting = models.CharField(
        _("results from players"), max_length=12, choices=Reporting.choices,
        default=DEFAULT_REPORTING,
        help_text=_("Who enters results: the organizers' entries always count at once."))

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name

    def is_organizer(self, user: object) -> bool:
        """The league's organizers; staff users organize every competition."""
        return bool(getattr(user, "is_authenticated", False)) and (
            is_staff_or_superuser(user)
            or self.organizers.filter(pk=user.pk).exists())  # type: ignore[attr-defined]


class Season(models.Model):
    """A season of a league: members play each other at any time (open play) or on the match
    days of a round-robin schedule (fixtures), in one table or in divisions."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        CLOSED = "closed", _("closed")

    class Mode(models.TextChoices):
        OPEN_PLAY = "open", _("open play")
        FIXTURES = "fixtures", _("fixtures")

    league = models.ForeignKey(League, verbose_name=_("league"), on_delete=models.CASCADE,
                               related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.OPEN)
    starts_on = models.DateField(_("starts on"), null=True, blank=True)
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    members = models.ManyToManyField(Player, verbose_name=_("members"), related_name="seasons",
                                     blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    mode = models.CharField(
        _("mode"), max_length=10, choices=Mode.choices, default=Mode.OPEN_PLAY,
        help_text=_("Open play: members play each other any time. Fixtures: a round-robin "
                    "schedule over match days."))
    match_day_interval = models.PositiveSmallIntegerField(
        _("days between match days"), default=7)
    best_results = models.PositiveSmallIntegerField(
        _("best results counted"), null=True, blank=True,
        help_text=_("Only a player's best N results count; empty: all."))
    previous = models.OneToOneField(
        "self", verbose_name=_("previous season"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="next_season")
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    final_standings = models.JSONField(
        _("final standings"), null=True, blank=True, editable=False,
        help_text=_("The standings as they were when the season was closed, per division "
                    "(the archive shows them; promotion and relegation read them)."))

    class Meta:
        ordering = ["league__name", "-starts_on", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="season_slug_per_league"),
        ]

    def __str__(self) -> str:
        return f"{self.league.name}: {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("season-detail", args=[self.league.slug, self.slug])

    @property
    def game(self) -> str:
        return self.league.game

    @property
    def rules(self) -> dict[str, object]:
        rules: dict[str, object] = self.league.rules
        return rules

    def is_organizer(self, user: object) -> bool:
        return self.league.is_organizer(user)

    @property
    def reporting(self) -> str:
        """Whose result counts (the league's policy, for all its seasons)."""
        return self.league.reporting


class Division(models.Model):
    """A tier of a season (level 1 is the top); promotion and relegation move players between
    the divisions of consecutive seasons."""

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE,
                               related_name="divisions")
    level = models.PositiveSmallIntegerField(_("level"), help_text=_("1 is the top division."))
    name = models.CharField(_("name"), max_length=60)
    members = models.ManyToManyField(Player, verbose_name=_("members"),
                                     related_name="divisions", blank=True)

    class Meta:
        ordering = ["season", "level"]
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        constraints = [
            models.UniqueConstraint(fields=["season", "level"], name="division_level_once"),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.name}"


class Rating(models.Model):
    """A player's current rating in one game (Glicko-2 for two-player games, OpenSkill
    Plackett-Luce for Doppelkopf and Nerts); rebuilt from the history when a result changes."""

    class System(models.TextChoices):
        GLICKO2 = "glicko2", "Glicko-2"
        OPENSKILL = "openskill", _("OpenSkill (Plackett-Luce)")

    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="ratings")
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    system = models.CharField(_("system"), max_length=12, choices=System.choices)
    rating = models.FloatField(_("rating"), help_text=_("The number the leaderboard shows."))
    deviation = models.FloatField(_("deviation"),
                                  help_text=_("Glicko-2 RD or OpenSkill sigma."))
    volatility = models.FloatField(_("volatility"), null=True, blank=True)
    mu = models.FloatField(_("mu"), null=True, blank=True)
    matches = models.PositiveIntegerField(_("matches"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["game", "-rating"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_once_per_game"),
        ]
        # The leaderboard's order: best rating first, then the smaller deviation.
        indexes = [models.Index(fields=["game", "-rating", "deviation"],
                                name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.player} {self.game}: {self.rating:.0f}"


class FiguresVersion(models.Model):
    """How often the figures of a competition changed: every verdict and every change of what
    its standings, tables or bracket show raises the version of its owner (``"season:7"``,
    ``"league:3"``, ``"tournament:12"``). Figures computed for one version are kept in the
    cache until the next (``league.selectors.figures``). A table of its own, so that no save
    of a competition's row can ever put an old version back."""

    owner = models.CharField(_("owner"), max_length=40, primary_key=True)
    version = models.PositiveBigIntegerField(_("version"), default=0)

    class Meta:
        verbose_name = _("figures version")
        verbose_name_plural = _("figures versions")

    def __str__(self) -> str:
        return f"{self.owner} v{self.version}"


class RatedMatch(models.Model):
    """A match in its game's rating history: its place (``key``: when it was played, see
    ``league.services.ratings``) and the log version the history rated. A match's rating
    task brings this row in line with the match; only the matches after ``key`` can
    change."""

    match = models.OneToOneField("games.Match", verbose_name=_("match"), primary_key=True,
                                 on_delete=models.CASCADE, related_name="rated")
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    key = models.CharField(_("place in the history"), max_length=64)
    played_on = models.DateField(_("played on"))
    submitted_at = models.DateTimeField(_("first submitted"))
    log = models.ForeignKey("games.MatchLog", verbose_name=_("rated log"),
                            on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["game", "key"]
        verbose_name = _("rated match")
        verbose_name_plural = _("rated matches")
        indexes = [models.Index(fields=["game", "key"], name="rated_match_order")]

    def __str__(self) -> str:
        return f"{self.game} {self.key}"


class RatingChange(models.Model):
    """One step of a player's rating history: what a scored match did to it. The whole skill
    before and after the step is kept, so that the history can be rewritten from any point
    on."""

    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="rating_changes")
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    match = models.ForeignKey("games.Match", verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="rating_changes")
    key = models.CharField(_("place in the history"), max_length=64, default="")
    sequence = models.PositiveIntegerField(_("order"))
    rating_before = models.FloatField(_("before"))
    deviation_before = models.FloatField(_("deviation before"), null=True, blank=True)
    volatility_before = models.FloatField(_("volatility before"), null=True, blank=True)
    mu_before = models.FloatField(_("mu before"), null=True, blank=True)
    rating_after = models.FloatField(_("after"))
    deviation_after = models.FloatField(_("deviation after"))
    volatility_after = models.FloatField(_("volatility after"), null=True, blank=True)
    mu_after = models.FloatField(_("mu after"), null=True, blank=True)
    played_at = models.DateTimeField(_("played"))

    class Meta:
        ordering = ["player", "game", "sequence"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(fields=["player", "game", "match"],
                                    name="rating_change_once_per_match"),
        ]
        indexes = [
            # The history from a point on, and a player's last step before a point.
            models.Index(fields=["game", "key"], name="rating_change_order"),
            models.Index(fields=["player", "game", "key"], name="rating_change_player_order"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.game}: {self.rating_before:.0f} -> {self.rating_after:.0f}"


class RatingDue(models.Model):
    """A match whose ratings are behind its verdict: marked in the announcement's
    transaction, cleared by the rating task once the ratings are in line. A rating task lost
    on the way (a broker away, a worker killed, a database away longer than its retries)
    leaves the mark, and the results sweep queues the task again (``league.services.
    rating_queue``)."""

    match = models.OneToOneField("games.Match", verbose_name=_("match"), primary_key=True,
                                 on_delete=models.CASCADE, related_name="rating_due")
    due_at = models.DateTimeField(_("due since"), db_index=True,
                                  help_text=_("When the verdict was announced or the rating "
                                              "last queued."))

    class Meta:
        ordering = ["due_at"]
        verbose_name = _("rating due")
        verbose_name_plural = _("ratings due")

    def __str__(self) -> str:
        return f"match {self.match_id}: rating due since {self.due_at:%Y-%m-%d %H:%M:%S}"


# --- Statistics (kept by league.services.statistics after every verdict) -------------------


class Outcome(models.TextChoices):
    WIN = "win", _("won")
    DRAW = "draw", _("drawn")
    LOSS = "loss", _("lost")


class PlayerMatchStatistics(models.Model):
    """What one scored match adds to a player's statistics: his place and result, and the
    counters of his game's statistics (``league.statistics``). A correction replaces the
    match's rows; the player's totals are the sum of his rows."""

    match = models.ForeignKey("games.Match", verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="player_statistics")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="match_statistics")
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    league = models.ForeignKey(League, verbose_name=_("league"), null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="+")
    seat = models.PositiveSmallIntegerField(_("seat"))
    rank = models.PositiveSmallIntegerField(_("place"))
    outcome = models.CharField(_("result"), max_length=4, choices=Outcome.choices)
    score = models.IntegerField(_("score"))
    played_at = models.DateTimeField(_("played"),
                                     help_text=_("When the match was first scored."))
    counters = models.JSONField(_("counters"), default=dict)

    class Meta:
        ordering = ["player", "game", "played_at", "match"]
        verbose_name = _("player's match statistics")
        verbose_name_plural = _("players' match statistics")
        constraints = [
            models.UniqueConstraint(fields=["match", "player"],
                                    name="match_statistics_once_per_player"),
        ]
        indexes = [models.Index(fields=["player", "game", "played_at"],
                                name="match_stats_player_game")]

    def __str__(self) -> str:
        return f"{self.player} in match {self.match_id}"


class PlayerGameStatistics(models.Model):
    """A player's statistics in one game: the sums of his match counters and his results,
    with the longest run of wins."""

    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="game_statistics")
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    matches = models.PositiveIntegerField(_("matches"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    draws = models.PositiveIntegerField(_("draws"), default=0)
    losses = models.PositiveIntegerField(_("losses"), default=0)
    totals = models.JSONField(_("counters"), default=dict)
    longest_streak = models.PositiveIntegerField(_("longest winning streak"), default=0)
    current_streak = models.PositiveIntegerField(_("current winning streak"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["game", "player"]
        verbose_name = _("player's game statistics")
        verbose_name_plural = _("players' game statistics")
        constraints = [
            models.UniqueConstraint(fields=["player", "game"],
                                    name="game_statistics_once_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.game}"


class Encounter(models.Model):
    """Two players at the same scored match, seen from ``player``: the better place wins.
    Head-to-head records and a player's record against the field add these up."""

    match = models.ForeignKey("games.Match", verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="encounters")
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="encounters")
    opponent = models.ForeignKey(Player, verbose_name=_("opponent"), on_delete=models.CASCADE,
                                 related_name="+")
    outcome = models.CharField(_("result"), max_length=4, choices=Outcome.choices)
    score = models.IntegerField(_("score"))
    opponent_score = models.IntegerField(_("opponent's score"))
    played_at = models.DateTimeField(_("played"))

    class Meta:
        ordering = ["player", "opponent", "-played_at"]
        verbose_name = _("encounter")
        verbose_name_plural = _("encounters")
        constraints = [
            models.UniqueConstraint(fields=["match", "player", "opponent"],
                                    name="encounter_once_per_match"),
        ]
        indexes = [models.Index(fields=["player", "game", "opponent", "played_at"],
                                name="encounter_pair")]

    def __str__(self) -> str:
        return f"{self.player} v {self.opponent} in match {self.match_id}"


class GameRecord(models.Model):
    """A match's best value of a record kind (the highest Gin round, the largest Doppelkopf
    deal...), with the deal (and move) where it happened and who holds it."""

    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    kind = models.CharField(_("kind"), max_length=40)
    value = models.IntegerField(_("value"))
    match = models.ForeignKey("games.Match", verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="records")
    league = models.ForeignKey(League, verbose_name=_("league"), null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="records")
    deal = models.PositiveIntegerField(_("deal"), null=True, blank=True)
    move = models.PositiveIntegerField(_("move"), null=True, blank=True)
    source = models.CharField(_("recorded as"), max_length=10, default="moves")
    holders = models.JSONField(_("holders"), default=list,
                               help_text=_('Who holds it: [{"id": ..., "name": ...}].'))
    played_at = models.DateTimeField(_("played"))

    class Meta:
        ordering = ["game", "kind", "-value"]
        verbose_name = _("record")
        verbose_name_plural = _("records")
        constraints = [
            models.UniqueConstraint(fields=["match", "kind"], name="record_once_per_match"),
        ]
        indexes = [models.Index(fields=["game", "kind", "value"], name="record_kind_value")]

    def __str__(self) -> str:
        return f"{self.kind}: {self.value} (match {self.match_id})"


class WinningStreak(models.Model):
    """A player's longest run of match wins in a game: everywhere (``league`` empty) or in
    one league's seasons."""

    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="winning_streaks")
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    league = models.ForeignKey(League, verbose_name=_("league"), null=True, blank=True,
                               on_delete=models.CASCADE, related_name="winning_streaks")
    length = models.PositiveIntegerField(_("length"))
    first_match = models.ForeignKey("games.Match", verbose_name=_("first match"),
                                    on_delete=models.CASCADE, related_name="+")
    last_match = models.ForeignKey("games.Match", verbose_name=_("last match"),
                                   on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["game", "-length"]
        verbose_name = _("winning streak")
        verbose_name_plural = _("winning streaks")
        constraints = [
            models.UniqueConstraint(fields=["player", "game", "league"],
                                    nulls_distinct=False, name="streak_once_per_scope"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.game}: {self.length}"
