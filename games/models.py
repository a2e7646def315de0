"""Players and match records: matches with seats, their submitted logs (immutable, versioned)
and what the replay made of them, per seat and per hand."""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices, game_name


def is_staff_or_superuser(user: object) -> bool:
    """Staff users act as organizers of every competition, on pages and in the API alike."""
    return bool(getattr(user, "is_superuser", False) or getattr(user, "is_staff", False))


def default_rules() -> dict[str, str]:
    return {"preset": "seed"}


class Player(models.Model):
    """A person who plays; may be linked to a login so that he can submit his own results.

    Players live here, at the bottom of the apps, because every match seat names one and
    everything above (tournament entries, league seasons, ratings) reads them. The table keeps
    the name it was created with in the league app.
    """

    name = models.CharField(_("name"), max_length=80, unique=True,
                            help_text=_("As it appears in standings and in match logs."))
    user = models.OneToOneField(settings.AUTH_USER_MODEL, verbose_name=_("login"), null=True,
                                blank=True, on_delete=models.SET_NULL, related_name="player")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        db_table = "league_player"
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player-detail", args=[self.pk])


class Match(models.Model):
    """One match (a Gin partie, a Doppelkopf list, ...) between the players in its seats.

    It belongs to a league season, to a tournament round, or to neither (a friendly). In a
    bracket, ``next_match``/``next_slot`` say where its winner goes.
    """

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("scheduled")
        SUBMITTED = "submitted", _("submitted")
        SCORING = "scoring", _("scoring")
        SCORED = "scored", _("scored")
        REJECTED = "rejected", _("rejected")

    class Result(models.TextChoices):
        PLAYED = "played", _("played")
        FORFEIT = "forfeit", _("forfeit")
        DOUBLE_FORFEIT = "double_forfeit", _("double forfeit")

    class ForfeitReason(models.TextChoices):
        """Who decided a forfeit: an organizer's decision stays until he cancels it; a
        forfeit because of a disqualification goes when the disqualification goes."""

        NONE = "", _("no forfeit")
        ORGANIZER = "organizer", _("recorded by an organizer")
        DISQUALIFIED = "disqualified", _("a player is disqualified")

    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    rules = models.JSONField(_("rules"), default=default_rules)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices,
                              default=Status.SCHEDULED, db_index=True)
    result = models.CharField(
        _("result"), max_length=16, choices=Result.choices, default=Result.PLAYED,
        help_text=_("A forfeit is scored without a log: the seat ranked 1 wins."))
    forfeit_reason = models.CharField(
        _("forfeit reason"), max_length=16, choices=ForfeitReason.choices, blank=True,
        default=ForfeitReason.NONE)
    season = models.ForeignKey("league.Season", verbose_name=_("season"), null=True, blank=True,
                               on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey("tournaments.Round", verbose_name=_("round"), null=True,
                              blank=True, on_delete=models.CASCADE, related_name="matches")
    position = models.PositiveIntegerField(_("position"), default=0,
                                           help_text=_("Order within the round; in a bracket, "
                                                       "the match's place from the top."))
    next_match = models.ForeignKey("self", verbose_name=_("winner goes to"), null=True,
                                   blank=True, on_delete=models.SET_NULL,
                                   related_name="feeder_matches")
    next_slot = models.PositiveSmallIntegerField(_("in seat"), null=True, blank=True)
    loser_next_match = models.ForeignKey(
        "self", verbose_name=_("loser goes to"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="loser_feeder_matches",
        help_text=_("Double elimination: where the loser of a winners' bracket match goes."))
    loser_next_slot = models.PositiveSmallIntegerField(_("loser in seat"), null=True,
                                                       blank=True)
    bracket = models.CharField(_("bracket"), max_length=20, blank=True,
                               help_text=_("The match's name in its bracket, e.g. W1.2, L3.1, "
                                           "GF1."))
    group = models.CharField(_("group"), max_length=10, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    deal_set = models.CharField(_("deal set"), max_length=64, blank=True,
                                help_text=_("Duplicate: the seed of the deals this table "
                                            "plays; tables with the same one held the same "
                                            "cards."))
    division = models.ForeignKey("league.Division", verbose_name=_("division"), null=True,
                                 blank=True, on_delete=models.SET_NULL, related_name="matches")
    match_day = models.PositiveSmallIntegerField(_("match day"), null=True, blank=True)
    scheduled_on = models.DateField(_("scheduled on"), null=True, blank=True)
    current_log = models.ForeignKey("MatchLog", verbose_name=_("current log"), null=True,
                                    blank=True, on_delete=models.SET_NULL, related_name="+")
    played_on = models.DateField(_("played on"), null=True, blank=True)
    announcement_due_at = models.DateTimeField(
        _("verdict to be announced since"), null=True, blank=True, db_index=True,
        help_text=_("Set while what follows the verdict (bracket, end of the tournament, "
                    "ratings) has yet to run; the results sweep re-queues it when it waits "
                    "too long."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["round__number", "position", "pk"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.CheckConstraint(condition=~(Q(season__isnull=False) & Q(round__isnull=False)),
                                   name="match_in_season_or_round"),
            models.CheckConstraint(
                condition=Q(next_match__isnull=True) | Q(next_slot__isnull=False),
                name="match_next_slot_with_next_match"),
            models.CheckConstraint(
                condition=Q(loser_next_match__isnull=True) | Q(loser_next_slot__isnull=False),
                name="match_loser_slot_with_loser_match"),
        ]
        # The live pages poll the latest ``updated_at`` of the site, a season or a
        # tournament's rounds (one index step each); the match list is the newest first,
        # of one game if asked; a season's fixtures go by match day. docs/performance.md
        # shows the plans.
        indexes = [
            models.Index(fields=["updated_at"], name="match_changed"),
            models.Index(fields=["season", "updated_at"], name="match_season_changed"),
            models.Index(fields=["round", "updated_at"], name="match_round_changed"),
            models.Index(fields=["game", "-id"], name="match_game_newest"),
            models.Index(fields=["season", "match_day"], name="match_season_day"),
        ]

    def __str__(self) -> str:
        names = " – ".join(seat.player.name if seat.player else "?" for seat in self.seats.all())
        return f"#{self.pk} {self.game_name}: {names}"

    def get_absolute_url(self) -> str:
        return reverse("match-detail", args=[self.pk])

    @property
    def game_name(self) -> str:
        return game_name(self.game)

    @property
    def competition(self) -> Any:
        """The season or tournament the match counts for (or ``None``)."""
        if self.season_id:
            return self.season
        if self.round is not None:
            return self.round.tournament
        return None

    @property
    def needs_winner(self) -> bool:
        """A knockout match must end with one winner; a league match may end level. Every
        bracket match (it has a bracket name, e.g. a playoff final) is a knockout match."""
        return self.next_match_id is not None or bool(self.bracket) or (
            self.round is not None and self.round.tournament.is_elimination)

    def clean(self) -> None:
        if self.next_match_id and self.next_match_id == self.pk:
            raise ValidationError({"next_match": _("A match cannot feed itself.")})


class MatchNotice(models.Model):
    """Something an organizer must know about a match, e.g. that its result was set aside
    because a correction earlier in the bracket changed who plays it. ``detail`` keeps the
    facts (names, versions); pages put them into words in the reader's language."""

    class Kind(models.TextChoices):
        SET_ASIDE = "set_aside", _("result set aside")

    match = models.ForeignKey(Match, verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="notices")
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    log = models.ForeignKey("MatchLog", verbose_name=_("log set aside"), null=True, blank=True,
                            on_delete=models.SET_NULL, related_name="+")
    detail = models.JSONField(_("detail"), default=dict)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("match notice")
        verbose_name_plural = _("match notices")

    def __str__(self) -> str:
        return f"{self.match_id}: {self.get_kind_display()}"


class Seat(models.Model):
    """A place at a match. ``player`` is empty while a bracket slot waits for a winner."""

    match = models.ForeignKey(Match, verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="seats")
    index = models.PositiveSmallIntegerField(_("seat"))
    # Indexed with the match (Meta.indexes), not alone: the matches of the players a search
    # finds are then read from the index only.
    player = models.ForeignKey(Player, verbose_name=_("player"), null=True, blank=True,
                               on_delete=models.PROTECT, related_name="seats",
                               db_index=False)
    score = models.IntegerField(_("score"), null=True, blank=True)
    rank = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)

    class Meta:
        ordering = ["match", "index"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_index_once"),
        ]
        indexes = [models.Index(fields=["player", "match"], name="seat_player_match")]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.index}: {self.player or '?'}"

    @property
    def seated_player(self) -> Player:
        """The player of a seat that must have one: a match that took a result."""
        if self.player is None:
            raise ValueError(f"seat {self.index + 1} of match {self.match_id} is empty")
        return self.player


def log_digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class MatchLog(models.Model):
    """One submitted version of a match's log or score sheet, exactly as submitted.

    Never edited: a correction is a new version that supersedes this one. Only the replay's
    verdict (status, error, outcome) is filled in afterwards.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting to be scored")
        SCORING = "scoring", _("being scored")
        SCORED = "scored", _("scored")
        REJECTED = "rejected", _("rejected")

    class Source(models.TextChoices):
        WEB = "web", _("web form")
        API = "api", _("API")
        ADMIN = "admin", _("admin")
        CLI = "cli", _("command line")
        DEMO = "demo", _("demo data")

    match = models.ForeignKey(Match, verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="logs")
    version = models.PositiveIntegerField(_("version"))
    text = models.TextField(_("log as submitted"))
    sha256 = models.CharField(_("SHA-256"), max_length=64, editable=False)
    source = models.CharField(_("submitted via"), max_length=10, choices=Source.choices)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("submitted by"),
                                     null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="submitted_logs")
    submitted_at = models.DateTimeField(_("submitted"), auto_now_add=True)
    supersedes = models.OneToOneField("self", verbose_name=_("supersedes"), null=True,
                                      blank=True, on_delete=models.PROTECT,
                                      related_name="superseded_by")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.PENDING, db_index=True)
    error = models.JSONField(_("error"), null=True, blank=True,
                             help_text=_("Why the log was rejected: deal, move, reason."))
    outcome = models.JSONField(_("outcome"), null=True, blank=True)
    processed_at = models.DateTimeField(_("scored or rejected at"), null=True, blank=True)
    queued_at = models.DateTimeField(
        _("queued or started at"), null=True, blank=True,
        help_text=_("When the replay was last queued or started: a log still waiting long "
                    "after it is queued again by the results sweep."))

    class Meta:
        ordering = ["match", "-version"]
        verbose_name = _("match log")
        verbose_name_plural = _("match logs")
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="log_version_once"),
            models.UniqueConstraint(fields=["match", "sha256"], name="log_text_once"),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} log v{self.version}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        # The submitted text is the record; the verdict fields are the only ones that change.
        # A save of named fields other than the text writes no text: nothing to check.
        update_fields = kwargs.get("update_fields")
        writes_text = update_fields is None or "text" in update_fields
        if self.pk is None:
            self.sha256 = log_digest(self.text)
        elif writes_text and log_digest(self.text) != self.sha256:
            raise ValidationError("A stored match log is never edited; submit a new version.")
        super().save(*args, **kwargs)

    @property
    def is_current(self) -> bool:
        return self.match.current_log_id == self.pk


class HandOutcome(models.Model):
    """A hand (Gin game, Doppelkopf deal...) of a scored log: points per seat, facts, detail."""

    log = models.ForeignKey(MatchLog, verbose_name=_("log"), on_delete=models.CASCADE,
                            related_name="hands")
    number = models.PositiveIntegerField(_("number"))
    source = models.CharField(_("recorded as"), max_length=10)
    points = models.JSONField(_("points per seat"))
    facts = models.JSONField(_("facts"))
    detail = models.JSONField(_("detail"), default=dict)

    class Meta:
        ordering = ["log", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["log", "number"], name="hand_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.log}: hand {self.number}"


class Reporting(models.TextChoices):
    """Whose result counts in a competition (leagues and tournaments each keep one).

    The organizers' own entries always count at once; this says what a player's entry does.
    """

    ORGANIZERS = "organizers", _("organizers only: players cannot enter results")
    CONFIRMED = "confirmed", _("players, once the opponents confirm")
    PLAYERS = "players", _("players directly: a player's entry counts at once")


#: A new competition's policy: a player's result counts once the others at the table have
#: confirmed it, as a paper list counts once everybody has signed it.
DEFAULT_REPORTING = Reporting.CONFIRMED


class SheetDraft(models.Model):
    """What a person has typed into a match's result form so far, saved as he types, so that
    closing the browser loses nothing. One per person and match; gone once submitted."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"),
                             on_delete=models.CASCADE, related_name="sheet_drafts")
    match = models.ForeignKey(Match, verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="drafts")
    data = models.JSONField(_("draft"), default=dict,
                            help_text=_('The form as typed: {"entry": "sheet", "rows": '
                                        '[...]} or {"entry": "log", "text": "..."}.'))
    updated_at = models.DateTimeField(_("saved"), auto_now=True)

    class Meta:
        verbose_name = _("draft")
        verbose_name_plural = _("drafts")
        constraints = [
            models.UniqueConstraint(fields=["user", "match"], name="draft_once_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} / {self.match_id}"


class ResultReport(models.Model):
    """A result a player entered, waiting until the others at the table confirm it.

    Kept exactly as entered. Confirmed by every other player (or accepted by an organizer)
    it is submitted to the match like any log (``log``) and counts; disputed it waits for
    an organizer, who accepts or declines it.
    """

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for confirmation")
        DISPUTED = "disputed", _("disputed: an organizer decides")
        COUNTED = "counted", _("counted")
        DECLINED = "declined", _("declined by an organizer")
        WITHDRAWN = "withdrawn", _("withdrawn")

    OPEN = (Status.WAITING, Status.DISPUTED)

    match = models.ForeignKey(Match, verbose_name=_("match"), on_delete=models.CASCADE,
                              related_name="reports")
    text = models.TextField(_("result as entered"))
    sha256 = models.CharField(_("SHA-256"), max_length=64, editable=False)
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("entered by"),
                                    on_delete=models.PROTECT, related_name="result_reports")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT,
                               related_name="result_reports")
    source = models.CharField(_("submitted via"), max_length=10, choices=MatchLog.Source.choices,
                              default=MatchLog.Source.WEB)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.WAITING, db_index=True)
    outcome = models.JSONField(_("result"), default=dict,
                               help_text=_("What the entry scores: the seats' scores and "
                                           "places, checked when it was entered."))
    log = models.ForeignKey(MatchLog, verbose_name=_("counted as"), null=True, blank=True,
                            on_delete=models.SET_NULL, related_name="+")
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("decided by"),
                                   null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")

    def __str__(self) -> str:
        return f"{self.match_id}: {self.player} ({self.get_status_display()})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is None:
            self.sha256 = log_digest(self.text)
        elif log_digest(self.text) != self.sha256:
            raise ValidationError("An entered result is never edited; enter a new one.")
        super().save(*args, **kwargs)


class ReportAnswer(models.Model):
    """A player's answer to a reported result: he confirms it, or disputes it with a reason."""

    report = models.ForeignKey(ResultReport, verbose_name=_("report"),
                               on_delete=models.CASCADE, related_name="answers")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT,
                               related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"),
                             on_delete=models.PROTECT, related_name="+")
    agrees = models.BooleanField(_("confirms"))
    reason = models.TextField(_("reason"), blank=True)
    created_at = models.DateTimeField(_("answered"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        constraints = [
            models.UniqueConstraint(fields=["report", "player"], name="answer_once_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {'yes' if self.agrees else 'no'}"


class Invitation(models.Model):
    """A link an organizer gives a player: whoever opens it makes a login tied to that
    player (once, before it expires)."""

    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE,
                               related_name="invitations")
    token = models.CharField(_("token"), max_length=64, unique=True, editable=False)
    email = models.EmailField(_("sent to"), blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("invited by"),
                                   on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.player} ({self.created_at:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("invitation-accept", args=[self.token])
