"""Forms of the tournament pages.

The new-tournament form asks for no JSON: the rules are the game's rules form (one fieldset
per game, the chosen one counts), the tie-breakers an ordered list of selects, the
qualification of groups, then playoffs three numbers. Each format shows only its own fields
(:data:`FORMAT_FIELDS`; the page's script hides the others, and the server ignores them
whatever a browser without the script sends)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices
from games.models import DEFAULT_REPORTING, Player, Reporting
from league.web.rule_forms import RulesChoice, add_tiebreak_fields, collect_tiebreaks
from tournaments.models import Tournament

F = Tournament.Format
_TIEBREAK_FORMATS = (F.ROUND_ROBIN, F.DOUBLE_ROUND_ROBIN, F.SWISS, F.TABLE_ROUNDS,
                     F.GROUPS_PLAYOFFS)
_DUPLICATE_FORMATS = (F.ROUND_ROBIN, F.DOUBLE_ROUND_ROBIN, F.SWISS, F.TABLE_ROUNDS)

#: The settings each format uses; the other formats' fields are hidden and ignored.
FORMAT_FIELDS: dict[str, tuple[str, ...]] = {
    "rounds_planned": (F.SWISS, F.TABLE_ROUNDS),
    "deals_per_round": (F.TABLE_ROUNDS,),
    "table_size": (F.TABLE_ROUNDS,),
    "tiebreaks": _TIEBREAK_FORMATS,
    "duplicate": _DUPLICATE_FORMATS,
    "deal_seed": _DUPLICATE_FORMATS,
    "grand_final_reset": (F.DOUBLE_ELIMINATION, F.GROUPS_PLAYOFFS),
    "groups": (F.GROUPS_PLAYOFFS,),
    "group_format": (F.GROUPS_PLAYOFFS,),
    "playoff_format": (F.GROUPS_PLAYOFFS,),
    "qualification": (F.GROUPS_PLAYOFFS,),
}

#: The largest number the database stores in a whole-number column (PostgreSQL's integer).
INT_MAX = 2_147_483_647


def _help(name: str) -> Any:
    return Tournament._meta.get_field(name).help_text


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
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
    qualify_top = forms.IntegerField(
        label=_("The top of each group who qualify"), min_value=1, max_value=64,
        required=False, initial=2, help_text=_("E.g. 2: the winner and the runner-up of "
                                               "every group."))
    qualify_best = forms.IntegerField(
        label=_("Also the best of the next place"), min_value=0, max_value=64,
        required=False, help_text=_("E.g. 2 with place 3: the two best third-placed "
                                    "players. Empty: nobody more."))
    qualify_place = forms.IntegerField(
        label=_("That place"), min_value=2, max_value=64, required=False,
        help_text=_("The place in the group those best players come from."))
    # Registration
    entry_cap = forms.IntegerField(label=_("Entry cap"), min_value=2, max_value=INT_MAX,
                                   required=False,
                                   help_text=_help("entry_cap"))
    check_in = forms.BooleanField(label=_("Check-in"), required=False,
                                  help_text=_help("check_in"))
    seeding = forms.ChoiceField(label=_("Seeding"), choices=Tournament.Seeding.choices,
                                required=False, initial=Tournament.Seeding.MANUAL)
    open_registration = forms.BooleanField(
        label=_("Players sign up themselves"), required=False,
        help_text=_("While registration is open, anyone may sign up with a login of his own."))
    # Results
    reporting = forms.ChoiceField(
        label=_("Results from players"), choices=Reporting.choices, initial=DEFAULT_REPORTING,
        required=False,
        help_text=_("Who enters results: the organizers' entries always count at once."))

    QUALIFICATION_FIELDS = ("qualify_top", "qualify_best", "qualify_place")

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.tiebreak_names = add_tiebreak_fields(self)
        self.rules = RulesChoice(data)

    #: The form's sections on the page: (title, fields); the rules come after the first.
    SECTIONS = (
        (None, ("name", "game", "format", "starts_on", "description")),
        (_("Rounds"), ("rounds_planned", "deals_per_round", "table_size")),
        (_("Duplicate (Gin, Doppelkopf)"), ("duplicate", "deal_seed")),
        (_("Elimination, groups and playoffs"), ("grand_final_reset", "groups",
                                                 "group_format", "playoff_format",
                                                 *QUALIFICATION_FIELDS)),
        (_("Registration"), ("entry_cap", "check_in", "seeding", "open_registration")),
        (_("Results"), ("reporting",)),
    )

    def formats_of(self, name: str) -> str:
        """The formats that use a field, as the page's script reads them (empty: all)."""
        setting = "qualification" if name in self.QUALIFICATION_FIELDS else name
        return " ".join(FORMAT_FIELDS.get(setting, ()))

    def sections(self) -> list[dict[str, Any]]:
        return [{"title": title,
                 "fields": [{"field": self[name], "formats": self.formats_of(name)}
                            for name in names],
                 "formats": " ".join(sorted({fmt for name in names
                                             for fmt in self.formats_of(name).split()}))
                 if all(self.formats_of(name) for name in names) else ""}
                for title, names in self.SECTIONS]

    def tiebreak_fields(self) -> list[Any]:
        return [self[name] for name in self.tiebreak_names]

    def tiebreak_formats(self) -> str:
        return " ".join(FORMAT_FIELDS["tiebreaks"])

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        game, fmt = cleaned.get("game"), cleaned.get("format")
        if game:
            cleaned["rules"] = self.rules.rules_for(game)
            if cleaned["rules"] is None:
                self.add_error(None, _("The rules need a correction: see the marked field "
                                       "under Rules."))
        cleaned["tiebreaks"] = collect_tiebreaks(self, self.tiebreak_names) or []
        top, best, place = (cleaned.get(name) for name in self.QUALIFICATION_FIELDS)
        qualification: list[dict[str, int]] = []
        if fmt == F.GROUPS_PLAYOFFS:
            qualification.append({"top": top or 2})
            if best:
                if not place:
                    self.add_error("qualify_place", _("Which place do the best %(count)s "
                                                      "come from?") % {"count": best})
                elif place <= (top or 2):
                    self.add_error("qualify_place", _(
                        "Place %(place)s already qualifies with the top %(top)s; choose a "
                        "later place.") % {"place": place, "top": top or 2})
                else:
                    qualification.append({"best": best, "place": place})
        cleaned["qualification"] = qualification
        return cleaned

    #: The fields passed to the service as settings.
    SETTINGS = ("rounds_planned", "deals_per_round", "table_size", "duplicate", "deal_seed",
                "tiebreaks", "grand_final_reset", "groups", "group_format",
                "playoff_format", "qualification", "entry_cap", "check_in", "seeding",
                "reporting", "open_registration")

    def settings(self) -> dict[str, Any]:
        """The settings as the service takes them: those of the chosen format that are
        filled in; the others are left to the defaults."""
        data = self.cleaned_data
        fmt = data.get("format")
        return {name: data[name] for name in self.SETTINGS
                if data.get(name) not in (None, "", [])
                and (name not in FORMAT_FIELDS or fmt in FORMAT_FIELDS[name])}


class EntryForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.all())
    seed = forms.IntegerField(label=_("Seed"), min_value=1, max_value=INT_MAX, required=False)
