"""Players, leagues and seasons."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices


def default_rules() -> dict[str, str]:
    return {"preset": "seed"}


class Player(models.Model):
    """A person who plays; may be linked to a login so that he can submit his own results."""

    name = models.CharField(_("name"), max_length=80, unique=True,
                            help_text=_("As it appears in standings and in match logs."))
    user = models.OneToOneField(settings.AUTH_USER_MODEL, verbose_name=_("login"), null=True,
                                blank=True, on_delete=models.SET_NULL, related_name="player")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player-detail", args=[self.pk])


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

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """A season of a league: members play matches against each other at any time."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        CLOSED = "closed", _("closed")

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
        return self.league.rules

    def is_organizer(self, user: object) -> bool:
        return bool(getattr(user, "is_authenticated", False)) and (
            getattr(user, "is_superuser", False)
            or self.league.organizers.filter(pk=user.pk).exists())  # type: ignore[attr-defined]
