"""Tournaments, their entries and rounds. Matches live in ``games``; a tournament's matches
are the matches of its rounds, linked into a bracket by ``Match.next_match``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices
from games.models import DEFAULT_REPORTING, Player, Reporting, default_rules, is_staff_or_superuser


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        DOUBLE_ROUND_ROBIN = "double_round_robin", _("double round robin")
        SINGLE_ELIMINATION = "single_elimination", _("single elimination")
        DOUBLE_ELIMINATION = "double_elimination", _("double elimination")
        SWISS = "swiss", _("Swiss")
        TABLE_ROUNDS = "table_rounds", _("table rounds")
        GROUPS_PLAYOFFS = "groups_playoffs", _("groups, then playoffs")

    class Seeding(models.TextChoices):
        MANUAL = "manual", _("by hand")
        RATING = "rating", _("by rating")

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

    # Format settings; each is used by the formats that name it in its help text.
    rounds_planned = models.PositiveIntegerField(
        _("rounds"), null=True, blank=True,
        help_text=_("Swiss and table rounds: how many rounds are played."))
    deals_per_round = models.PositiveIntegerField(
        _("deals per round"), null=True, blank=True,
        help_text=_("Table rounds: how many deals each table plays in a round (a series)."))
    table_size = models.PositiveSmallIntegerField(
        _("players per table"), default=4,
        help_text=_("Table rounds: 4 for Doppelkopf (5-tables when the count does not "
                    "divide), 2 to 6 for Nerts."))
    grand_final_reset = models.BooleanField(
        _("grand final reset"), default=True,
        help_text=_("Double elimination: a second final if the losers' bracket winner wins "
                    "the first."))
    groups = models.PositiveSmallIntegerField(
        _("groups"), null=True, blank=True,
        help_text=_("Groups, then playoffs: how many groups."))
    group_format = models.CharField(
        _("group format"), max_length=30, default=Format.ROUND_ROBIN,
        choices=[(Format.ROUND_ROBIN.value, Format.ROUND_ROBIN.label),
                 (Format.DOUBLE_ROUND_ROBIN.value, Format.DOUBLE_ROUND_ROBIN.label)])
    playoff_format = models.CharField(
        _("playoff format"), max_length=30, default=Format.SINGLE_ELIMINATION,
        choices=[(Format.SINGLE_ELIMINATION.value, Format.SINGLE_ELIMINATION.label),
                 (Format.DOUBLE_ELIMINATION.value, Format.DOUBLE_ELIMINATION.label)])
    qualification = models.JSONField(
        _("qualification"), default=list, blank=True,
        help_text=_('Who goes from the groups to the playoffs, e.g. [{"top": 2}] or '
                    '[{"top": 2}, {"best": 2, "place": 3}].'))
    duplicate = models.BooleanField(
        _("duplicate"), default=False,
        help_text=_("Every table plays the same seeded deals, and each result is also "
                    "compared with the other tables that held the same cards."))
    deal_seed = models.CharField(_("deal seed"), max_length=64, blank=True,
                                 help_text=_("Duplicate: the seed of the deal sets."))
    tiebreaks = models.JSONField(
        _("tie-breakers"), default=list, blank=True,
        help_text=_("The order of the standings as metric keys; empty: the format's "
                    "default order."))
    entry_cap = models.PositiveIntegerField(
        _("entry cap"), null=True, blank=True,
        help_text=_("Entries beyond the cap go on the waiting list."))
    check_in = models.BooleanField(
        _("check-in"), default=False,
        help_text=_("Players must check in; who has not is dropped at the start."))
    seeding = models.CharField(_("seeding"), max_length=10, choices=Seeding.choices,
                               default=Seeding.MANUAL)
    reporting = models.CharField(
        _("results from players"), max_length=12, choices=Reporting.choices,
        default=DEFAULT_REPORTING,
        help_text=_("Who enters results: the organizers' entries always count at once."))
    open_registration = models.BooleanField(
        _("players sign up themselves"), default=False,
        help_text=_("While registration is open, anyone may sign up with a login of his own."))

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
        return self.format in (self.Format.SINGLE_ELIMINATION, self.Format.DOUBLE_ELIMINATION)

    def is_organizer(self, user: object) -> bool:
        return bool(getattr(user, "is_authenticated", False)) and (
            is_staff_or_superuser(user)
            or self.organizers.filter(pk=user.pk).exists())  # type: ignore[attr-defined]


class Stage(models.Model):
    """A stage of a tournament with its own format: most tournaments have one; "groups, then
    playoffs" has a group stage and a playoff stage fed by the qualification rules."""

    class Kind(models.TextChoices):
        MAIN = "main", _("main")
        GROUPS = "groups", _("groups")
        PLAYOFFS = "playoffs", _("playoffs")

    class Status(models.TextChoices):
        PENDING = "pending", _("not started")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(_("number"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.MAIN)
    format = models.CharField(_("format"), max_length=30, choices=Tournament.Format.choices)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.PENDING)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="stage_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.get_kind_display()}"


class Entry(models.Model):
    """A player entered in a tournament, with his seed (1 = strongest) once known."""

    class Status(models.TextChoices):
        ENTERED = "entered", _("entered")
        WAITING = "waiting", _("waiting list")
        CHECKED_IN = "checked_in", _("checked in")
        NO_SHOW = "no_show", _("did not show")
        WITHDRAWN = "withdrawn", _("withdrawn")
        DISQUALIFIED = "disqualified", _("disqualified")

    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"),
                                   on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT,
                               related_name="entries")
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True,
                                       help_text=_("1 is the top seed; empty: seeded after "
                                                   "the seeded players, in order of entry."))
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices,
                              default=Status.ENTERED, db_index=True)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    group = models.CharField(_("group"), max_length=10, blank=True)
    joined_round = models.PositiveIntegerField(
        _("joined in round"), null=True, blank=True,
        help_text=_("A late entry in a Swiss: the first round he is paired in."))

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
    stage = models.ForeignKey(Stage, verbose_name=_("stage"), on_delete=models.CASCADE,
                              related_name="rounds")
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


class TableSeating(models.Model):
    """How a table of a table round was seated: the match's seats are the players in seat
    order; this adds who deals first and how many deals the table plays (a Doppelkopf 5-table
    plays 5/4 of a 4-table's series, so that everybody plays as many deals)."""

    match = models.OneToOneField("games.Match", verbose_name=_("match"),
                                 on_delete=models.CASCADE, related_name="seating")
    first_dealer = models.PositiveSmallIntegerField(
        _("first dealer"), help_text=_("The seat (from 0) of the player who deals first."))
    deals = models.PositiveSmallIntegerField(
        _("deals"), null=True, blank=True,
        help_text=_("The deals (Nerts: hands) the table plays; empty: as the rules say."))

    class Meta:
        verbose_name = _("table seating")
        verbose_name_plural = _("table seatings")

    def __str__(self) -> str:
        return f"{self.match}: {self.deals or '–'}"
