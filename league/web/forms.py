"""Forms of the pages: they validate input; the services do the work."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices, game_name
from games.models import DEFAULT_REPORTING, Player, Reporting
from games.web.forms import LogForm
from league.models import Division, League, Season
from league.web.rule_forms import (
    GameRulesForm,
    RulesChoice,
    add_tiebreak_fields,
    collect_tiebreaks,
)

#: The largest number a small whole-number column of the database holds.
SMALL_MAX = 32_767


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)


class LeagueForm(forms.Form):
    """A new league with its first season; the rules are the chosen game's rules form."""

    name = forms.CharField(label=_("League"), max_length=120)
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    reporting = forms.ChoiceField(
        label=_("Results from players"), choices=Reporting.choices, initial=DEFAULT_REPORTING,
        required=False,
        help_text=_("Who enters results: the organizers' entries always count at once."))
    season = forms.CharField(label=_("First season"), max_length=120, initial=_("Season 1"))
    members = forms.ModelMultipleChoiceField(label=_("Members"), queryset=Player.objects.all(),
                                             required=False,
                                             widget=forms.CheckboxSelectMultiple)

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.rules = RulesChoice(data)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("game"):
            cleaned["rules"] = self.rules.rules_for(cleaned["game"])
            if cleaned["rules"] is None:
                self.add_error(None, _("The rules need a correction: see the marked field "
                                       "under Rules."))
        return cleaned


class LeagueRulesMixin(forms.Form):
    """The league's rules as a form (its game only), for the forms that may change them."""

    rules: GameRulesForm

    def add_rules(self, data: Any, league: League, *, prefix: str) -> None:
        self.rules = GameRulesForm(data, game=league.game, rules=league.rules,
                                   prefix=f"{prefix}-{league.game}")

    def clean_rules(self, cleaned: dict[str, Any]) -> None:
        cleaned["rules"] = self.rules.rules()
        if cleaned["rules"] is None:
            self.add_error(None, _("The rules need a correction: see the marked field under "
                                   "Rules."))


class SeasonMatchForm(LogForm):
    """The players in seat order (a game for 2 to 6 shows six seats, the first two required)
    and the match's log."""

    def __init__(self, *args: Any, members: Any, min_seats: int, max_seats: int,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.min_seats = min_seats
        self.seat_names = []
        for index in range(max_seats):
            name = f"seat_{index}"
            self.fields[name] = forms.ModelChoiceField(
                label=_("Seat %(number)s") % {"number": index + 1}, queryset=members,
                required=index < min_seats)
            self.seat_names.append(name)
        self.order_fields([*self.seat_names, "played_on", "file", "text"])

    played_on = forms.DateField(label=_("Played on"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        chosen = [cleaned.get(name) for name in self.seat_names]
        last = max((index for index, player in enumerate(chosen) if player), default=-1)
        players = chosen[:last + 1]
        if None in players[:self.min_seats] or len(players) < self.min_seats:
            return cleaned  # the required seats report themselves
        if None in players:
            raise forms.ValidationError(_("Fill the seats in order, without a gap."))
        if len({p.pk for p in players}) != len(players):
            raise forms.ValidationError(_("A player can take only one seat."))
        cleaned["players"] = players
        return cleaned


class LeagueSettingsForm(LeagueRulesMixin, forms.Form):
    """The rules, promotion, relegation and the tie-breakers of a league (organizers)."""

    promote = forms.IntegerField(label=_("Promoted per division"), min_value=0,
                                 max_value=SMALL_MAX, initial=0)
    relegate = forms.IntegerField(label=_("Relegated per division"), min_value=0,
                                  max_value=SMALL_MAX, initial=0)

    def __init__(self, data: Any = None, *, league: League, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"promote": league.promote,
                                      "relegate": league.relegate})
        super().__init__(data, **kwargs)
        self.tiebreak_names = add_tiebreak_fields(self, league.tiebreaks or ())
        self.add_rules(data, league, prefix="settings-rules")

    def tiebreak_fields(self) -> list[Any]:
        return [self[name] for name in self.tiebreak_names]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned["tiebreaks"] = collect_tiebreaks(self, self.tiebreak_names) or []
        self.clean_rules(cleaned)
        return cleaned


class SeasonSettingsForm(forms.Form):
    """How a season is played: open play or fixtures, the match days, best N results."""

    mode = forms.ChoiceField(label=_("Mode"), choices=Season.Mode.choices,
                             initial=Season.Mode.OPEN_PLAY)
    starts_on = forms.DateField(label=_("Starts on"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label=_("Ends on"), required=False,
                              widget=forms.DateInput(attrs={"type": "date"}))
    match_day_interval = forms.IntegerField(label=_("Days between match days"), min_value=1,
                                            max_value=SMALL_MAX, initial=7)
    best_results = forms.IntegerField(
        label=_("Best results counted"), min_value=1, max_value=SMALL_MAX, required=False,
        help_text=_("Only each player's best N results count; empty: all."))


class SeasonForm(LeagueRulesMixin, SeasonSettingsForm):
    """A new season of a league, with the rules it is played by (the league's rules; a change
    holds for the matches made from then on, in every season of the league)."""

    name = forms.CharField(label=_("Season"), max_length=120)
    field_order = ["name", "mode", "starts_on", "ends_on", "match_day_interval",
                   "best_results"]

    def __init__(self, data: Any = None, *, league: League, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.add_rules(data, league, prefix="season-rules")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.clean_rules(cleaned)
        return cleaned


class DivisionForm(forms.Form):
    name = forms.CharField(label=_("Division"), max_length=60, required=False,
                           help_text=_("Empty: “Division” and its level."))
    level = forms.IntegerField(label=_("Level"), min_value=1, max_value=SMALL_MAX,
                               required=False,
                               help_text=_("1 is the top; empty: below the lowest."))


class SeasonMemberForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.all())
    division = forms.ModelChoiceField(label=_("Division"), queryset=Division.objects.none(),
                                      required=False)

    def __init__(self, *args: Any, season: Season | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if season is not None and season.divisions.exists():
            field = self.fields["division"]
            field.queryset = season.divisions.all()
            field.label_from_instance = lambda division: division.name
        else:
            del self.fields["division"]


class FixturesForm(forms.Form):
    double = forms.BooleanField(label=_("Twice, with the seats swapped"), required=False)


class SeasonCloseForm(forms.Form):
    next_name = forms.CharField(
        label=_("Next season"), max_length=120, required=False,
        help_text=_("Empty: only close this one (the next season can be opened later)."))
    next_starts_on = forms.DateField(label=_("Next season starts on"), required=False,
                                     widget=forms.DateInput(attrs={"type": "date"}))


class NextSeasonForm(forms.Form):
    name = forms.CharField(label=_("Next season"), max_length=120)
    starts_on = forms.DateField(label=_("Starts on"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))


class HeadToHeadForm(forms.Form):
    """Two players of a game to compare (the players with statistics in it)."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    opponent = forms.TypedChoiceField(label=_("Opponent"), coerce=int)

    def __init__(self, *args: Any, game: str, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        choices = [("", "–")] + [(player.pk, player.name) for player in players]
        for name in ("player", "opponent"):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = choices
            field.error_messages["invalid_choice"] = _(
                "Choose a player who has played %(game)s here.") % {"game": game_name(game)}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("player") and data.get("player") == data.get("opponent"):
            self.add_error("opponent", _("Choose two different players."))
        return data
