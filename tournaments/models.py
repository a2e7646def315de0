"""Tournaments, their entries and rounds. Matches live in ``games``; a tournament's matches
are the matches of its rounds, linked into a bracket by ``Match.next_match``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices
from league.models import Player, default_rules


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        DOUBLE_ROUND_ROBIN = "double_round_robin", _("double round robin")
        SINGLE_ELIMINATION = "single_elimination", _("single elimination")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), unique=True)
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    format = models.CharField(_("format"), max_length=30, choices=Format.choices)
    status = models.CharField(_("status"), max_length=20, choices=Status.choices,
                              default=Status.REGISTRATION)
    rules = models.JSONField(_("rules"), default=default_rules,
                             help_text=_('A preset and overrides, e.g. {"preset": "seed", '
                                         '"rounds": 3}.'))
    description = models.TextField(_("description"), blank=True)
    starts_on = models.DateField(_("starts on"), null=True, blank=True)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, verbose_name=_("organizers"),
                                        related_name="organized_tournaments", blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament-detail", args=[self.slug])

    @property
    def is_elimination(self) -> bool:
        return self.format == self.Format.SINGLE_ELIMINATION

    def is_organizer(self, user: object) -> bool:
        return bool(getattr(user, "is_authenticated", False)) and (
            getattr(user, "is_superuser", False)
            or self.organizers.filter(pk=user.pk).exists())  # type: ignore[attr-defined]


class Entry(models.Model):
    """A player entered in a tournament, with his seed (1 = strongest) once known."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT,
                               related_name="entries")
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True,
                                       help_text=_("1 is the top seed; empty: seeded after "
                                                   "the seeded players, in order of entry."))
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "created_at", "pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_once"),
            models.UniqueConstraint(fields=["tournament", "seed"], name="entry_seed_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.tournament})"


class Round(models.Model):
    """A round of a tournament. Its name is derived (and translated) unless an organizer
    gives one: "Round 3" in a round robin, "Semi-finals" in a bracket."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=60, blank=True)
    players_left = models.PositiveIntegerField(
        _("players left"), null=True, blank=True,
        help_text=_("In a bracket: how many players the round starts with (8 = quarter-finals)."))

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.label}"

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        if self.players_left:
            named = {2: _("Final"), 4: _("Semi-finals"), 8: _("Quarter-finals")}
            return str(named.get(self.players_left,
                                 _("Round of %(count)s") % {"count": self.players_left}))
        return str(_("Round %(number)s") % {"number": self.number})
