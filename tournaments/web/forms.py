"""Forms of the tournament pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import bounded_json
from games.engines.registry import game_choices
from games.models import Player
from games.web.forms import GameRulesForm, RulesField
from league.ranking.standings import TIEBREAKS
from tournaments.models import Tournament


class TiebreaksField(forms.CharField):
    """The chain of tie-breakers as keys separated by commas: ``points, buchholz, wins``."""

    def to_python(self, value: Any) -> list[str]:
        text = super().to_python(value) or ""
        keys = [key.strip() for key in text.replace(";", ",").split(",") if key.strip()]
        unknown = [key for key in keys if key not in TIEBREAKS]
        if unknown:
            raise forms.ValidationError(
                _("Unknown tie-breaker %(key)s; the tie-breakers are %(known)s.")
                % {"key": unknown[0], "known": ", ".join(TIEBREAKS)})
        return keys


#: The largest number the database stores in a whole-number column (PostgreSQL's integer).
INT_MAX = 2_147_483_647


class JSONListField(forms.CharField):
    def to_python(self, value: Any) -> list[Any]:
        text = (super().to_python(value) or "").strip()
        if not text:
            return []
        try:
            data = bounded_json.loads(text)
        except bounded_json.JSONRefused as error:
            raise forms.ValidationError(str(error)) from None
        if not isinstance(data, list):
            raise forms.ValidationError(_("A JSON list, e.g. [{\"top\": 2}]."))
        return data


def _help(name: str) -> Any:
    return Tournament._meta.get_field(name).help_text


class TournamentForm(GameRulesForm):
    name = forms.CharField(label=_("Name"), max_length=120)
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    rules = RulesField(label=_("Rules"))
    starts_on = forms.DateField(label=_("Starts on"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    description = forms.CharField(label=_("Description"), required=False,
                                  widget=forms.Textarea(attrs={"rows": 3}))
    # Swiss and table rounds
    rounds_planned = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=99,
                                        required=False, help_text=_(
                                            "Swiss: empty for log2 of the players, rounded "
                                            "up. Table rounds: how many rounds are played."))
    deals_per_round = forms.IntegerField(label=_("Deals per round"), min_value=1,
                                         max_value=200, required=False,
                                         help_text=_help("deals_per_round"))
    table_size = forms.IntegerField(label=_("Players per table"), min_value=2, max_value=6,
                                    required=False, help_text=_help("table_size"))
    duplicate = forms.BooleanField(label=_("Duplicate"), required=False,
                                   help_text=_("Gin and Doppelkopf: every table plays the "
                                               "same seeded deals, and each result is also "
                                               "compared with the other tables that held the "
                                               "same cards."))
    deal_seed = forms.CharField(label=_("Deal seed"), max_length=64, required=False,
                                help_text=_("Duplicate: the seed of the deal sets; empty: "
                                            "drawn at the start."))
    tiebreaks = TiebreaksField(label=_("Tie-breakers"), required=False, help_text=_(
        "The order of the standings as keys separated by commas, e.g. points, buchholz, "
        "median_buchholz, sonneborn_berger, head_to_head, difference, game_points, wins, "
        "best_series; empty: the format's default order."))
    # Double elimination, groups, then playoffs
    grand_final_reset = forms.TypedChoiceField(
        label=_("Grand final reset"), required=False, initial="1",
        choices=[("1", _("yes")), ("0", _("no"))], coerce=lambda value: value == "1",
        empty_value=None, help_text=_help("grand_final_reset"))
    groups = forms.IntegerField(label=_("Groups"), min_value=1, max_value=64, required=False,
                                help_text=_help("groups"))
    group_format = forms.ChoiceField(
        label=_("Group format"), required=False,
        choices=Tournament._meta.get_field("group_format").choices)
    playoff_format = forms.ChoiceField(
        label=_("Playoff format"), required=False,
        choices=Tournament._meta.get_field("playoff_format").choices)
    qualification = JSONListField(label=_("Qualification"), required=False,
                                  help_text=_help("qualification"))
    # Registration
    entry_cap = forms.IntegerField(label=_("Entry cap"), min_value=2, max_value=INT_MAX,
                                   required=False,
                                   help_text=_help("entry_cap"))
    check_in = forms.BooleanField(label=_("Check-in"), required=False,
                                  help_text=_help("check_in"))
    seeding = forms.ChoiceField(label=_("Seeding"), choices=Tournament.Seeding.choices,
                                required=False, initial=Tournament.Seeding.MANUAL)

    #: The form's sections on the page: (title, fields).
    SECTIONS = (
        (None, ("name", "game", "format", "rules", "starts_on", "description")),
        (_("Swiss and table rounds"), ("rounds_planned", "deals_per_round", "table_size",
                                       "tiebreaks")),
        (_("Duplicate (Gin, Doppelkopf)"), ("duplicate", "deal_seed")),
        (_("Elimination, groups and playoffs"), ("grand_final_reset", "groups",
                                                 "group_format", "playoff_format",
                                                 "qualification")),
        (_("Registration"), ("entry_cap", "check_in", "seeding")),
    )

    def sections(self) -> list[dict[str, Any]]:
        return [{"title": title, "fields": [self[name] for name in names]}
                for title, names in self.SECTIONS]

    #: The fields passed to the service as settings.
    SETTINGS = ("rounds_planned", "deals_per_round", "table_size", "duplicate", "deal_seed",
                "tiebreaks", "grand_final_reset", "groups", "group_format",
                "playoff_format", "qualification", "entry_cap", "check_in", "seeding")

    def settings(self) -> dict[str, Any]:
        """The settings as the service takes them; empty ones are left to the defaults."""
        data = self.cleaned_data
        return {name: data[name] for name in self.SETTINGS
                if data.get(name) not in (None, "", [])}


class EntryForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.all())
    seed = forms.IntegerField(label=_("Seed"), min_value=1, max_value=INT_MAX, required=False)
