"""The rules of a competition as a form a person fills in, generated from the engine's rule
options (``engine.rule_options()``, the same list the API's ``/api/games/`` gives):

- the preset is a select; every option is a typed field (a checkbox, a number with its
  bounds, a select of its values, a text) with its explanation and the preset's value;
- an option whose value differs from the preset's is marked, and only those go into the
  stored rules, ``{"preset": "seed", "rounds": 2}`` as the API takes them;
- a page may offer several games (a new tournament or league): each game has its own
  fieldset, and only the chosen game's counts.

The fields show the values of one preset (a hidden field says which). With JavaScript a
change of preset fills in the new preset's values at once; without it the form comes back
once with the new preset's values to check, instead of keeping the old preset's values as
overrides that nobody chose.

Also here: the tie-breakers as an ordered list of selects, and a competition's rules in
words (:func:`rules_text`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engines import EngineError, get_engine
from games.engines.registry import game_slugs
from league.ranking.standings import TIEBREAKS
from league.web.rule_texts import option_help, option_label, preset_label, value_label

#: How the pages name each tie-breaker in the list to pick from.
TIEBREAK_CHOICES: dict[str, Any] = {
    "points": gettext_lazy("match points (win 2, draw 1)"),
    "head_to_head": gettext_lazy("head-to-head among the players level"),
    "difference": gettext_lazy("game-point difference"),
    "game_points": gettext_lazy("game points"),
    "wins": gettext_lazy("wins"),
    "buchholz": gettext_lazy("Buchholz (the opponents' match points)"),
    "median_buchholz": gettext_lazy("median-Buchholz (without the best and the worst "
                                    "opponent)"),
    "sonneborn_berger": gettext_lazy("Sonneborn-Berger (match points won times the "
                                     "opponent's)"),
    "best_series": gettext_lazy("best series"),
    "buchholz_plain": gettext_lazy("plain Buchholz (the opponents' match points as they "
                                   "stand)"),
    "median_buchholz_plain": gettext_lazy("plain median-Buchholz"),
    "sonneborn_berger_plain": gettext_lazy("plain Sonneborn-Berger"),
}
TIEBREAK_SLOTS = 6


def _option_field(game: str, option: Mapping[str, Any]) -> forms.Field:
    name, default, choices = option["name"], option["default"], option["choices"]
    common: dict[str, Any] = {"label": option_label(game, name),
                              "help_text": option_help(game, name)}
    if isinstance(default, bool):
        return forms.BooleanField(required=False, **common)
    if choices:
        labelled = [(value, value_label(game, name, value)) for value in choices]
        if isinstance(default, int):
            return forms.TypedChoiceField(choices=labelled, coerce=int, **common)
        return forms.ChoiceField(choices=labelled, **common)
    if isinstance(default, int):
        return forms.IntegerField(min_value=option["minimum"], max_value=option["maximum"],
                                  **common)
    return forms.CharField(max_length=200, **common)


def _resolved(game: str, rules: Any) -> tuple[str, dict[str, Any]]:
    """The preset and every option's value of ``rules`` (the preset's own values where the
    stored rules cannot be read any more)."""
    engine = get_engine(game)
    preset = rules.get("preset", "seed") if isinstance(rules, Mapping) else "seed"
    if preset not in engine.presets:
        preset = "seed"
    try:
        values = asdict(engine.rules(rules))
    except EngineError:
        values = asdict(engine.presets[preset])
    return preset, values


class GameRulesForm(forms.Form):
    """One game's rules: the preset and every option."""

    def __init__(self, data: Any = None, *, game: str, rules: Any = None,
                 prefix: str | None = None, **kwargs: Any) -> None:
        self.game = game
        self.engine = get_engine(game)
        self.options = self.engine.rule_options()
        preset, values = _resolved(game, rules)
        initial = {"preset": preset, "shown": preset, **values}
        super().__init__(data, prefix=prefix or f"rules-{game}", initial=initial, **kwargs)
        self.fields["preset"] = forms.ChoiceField(
            label=_("Preset"), choices=[(name, preset_label(name))
                                        for name in self.engine.presets],
            help_text=_("A preset fills in every option below; change single options "
                        "where your club plays differently."))
        self.fields["shown"] = forms.CharField(widget=forms.HiddenInput, required=False)
        for option in self.options:
            self.fields[option["name"]] = _option_field(game, option)

    def as_list(self) -> list[GameRulesForm]:
        """The form in a list, for the template that shows several games' forms."""
        return [self]

    def preset_values(self) -> dict[str, dict[str, Any]]:
        return {name: asdict(rules) for name, rules in self.engine.presets.items()}

    def preset_values_json(self) -> str:
        """Every preset's values, for the script that fills them in on a change of preset."""
        return json.dumps(self.preset_values())

    def current_preset(self) -> str:
        value = self["preset"].value()
        return value if value in self.engine.presets else "seed"

    def rows(self) -> list[dict[str, Any]]:
        """Each option's field, whether its value differs from the preset's, and the preset's
        value in words."""
        preset = self.preset_values()[self.current_preset()]
        rows = []
        for option in self.options:
            name = option["name"]
            field = self[name]
            value = field.value()
            if self.is_bound:
                try:
                    value = self.fields[name].clean(value)
                except forms.ValidationError:
                    value = None
            rows.append({"field": field, "name": name, "differs": value != preset[name],
                         "kind": "bool" if isinstance(option["default"], bool) else "value",
                         "preset_value": value_label(self.game, name, preset[name])})
        return rows

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        preset, shown = cleaned.get("preset"), cleaned.get("shown")
        if preset and shown and preset != shown:
            # The preset was changed without the script: show the new preset's values.
            self.data = self._data_for_preset(preset)
            raise forms.ValidationError(
                _("The options now show the values of the preset %(preset)s; check them and "
                  "submit again.") % {"preset": preset_label(preset)})
        return cleaned

    def _data_for_preset(self, preset: str) -> Any:
        data = self.data.copy()
        for name, value in self.preset_values()[preset].items():
            key = self.add_prefix(name)
            if isinstance(value, bool):
                if value:
                    data[key] = "on"
                elif key in data:
                    del data[key]
            else:
                data[key] = str(value)
        data[self.add_prefix("shown")] = preset
        return data

    def rules(self) -> dict[str, Any] | None:
        """The rules as stored: the preset and the options that differ from it; ``None``
        (with the errors on the fields) when they are not valid."""
        if not self.is_valid():
            return None
        preset = self.cleaned_data["preset"]
        base = self.preset_values()[preset]
        rules: dict[str, Any] = {"preset": preset}
        for option in self.options:
            name = option["name"]
            if self.cleaned_data[name] != base[name]:
                rules[name] = self.cleaned_data[name]
        try:
            self.engine.rules(rules)
        except EngineError as error:
            field = str(getattr(error, "field", "") or "").removeprefix("rules.")
            self.add_error(field if field in self.fields else None, str(error))
            return None
        return rules


class RulesChoice:
    """The rules forms of the games a page offers; the chosen game's one counts."""

    def __init__(self, data: Any = None, *, games: Iterable[str] | None = None,
                 game: str | None = None, rules: Any = None) -> None:
        self.forms = {slug: GameRulesForm(data, game=slug,
                                          rules=rules if slug == game else None)
                      for slug in (games or game_slugs())}

    def __iter__(self) -> Any:
        return iter(self.forms.values())

    def rules_for(self, game: str) -> dict[str, Any] | None:
        form = self.forms.get(game)
        return form.rules() if form is not None else None


def rules_text(game: str, rules: Any) -> str:
    """A competition's rules in words: "Gin Rommé, club rules (seed); Rounds in a partie: 2".

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     rules_text("gin", {"preset": "seed", "rounds": 2})
    'Gin Rommé, club rules (seed); Rounds in a partie: 2'
    """
    engine = get_engine(game)
    preset, values = _resolved(game, rules)
    base = asdict(engine.presets[preset])
    changed = [f"{option_label(game, name)}: {value_label(game, name, value)}"
               for name, value in values.items() if value != base[name]]
    text = f"{engine.name}, {preset_label(preset)}"
    return f"{text}; {'; '.join(changed)}" if changed else text


def add_tiebreak_fields(form: forms.Form, initial: Sequence[str] = ()) -> list[str]:
    """Add the tie-breakers as an ordered list of selects (``tiebreak_1`` ...); returns the
    field names. Empty slots are skipped; the order of the filled ones is the order."""
    choices = [("", _("—")), *((key, label) for key, label in TIEBREAK_CHOICES.items()
                                if key in TIEBREAKS)]
    names = []
    for number in range(1, TIEBREAK_SLOTS + 1):
        name = f"tiebreak_{number}"
        form.fields[name] = forms.ChoiceField(
            label=_("Place %(number)s in the order") % {"number": number}, choices=choices,
            required=False,
            initial=initial[number - 1] if number <= len(initial) else "")
        names.append(name)
    return names


def collect_tiebreaks(form: forms.Form, names: Sequence[str]) -> list[str] | None:
    """The chosen tie-breakers in order; ``None`` (with an error on the repeated one's field)
    when one is chosen twice."""
    keys: list[str] = []
    for name in names:
        key = form.cleaned_data.get(name) or ""
        if not key:
            continue
        if key in keys:
            form.add_error(name, _("%(name)s is already chosen above.")
                           % {"name": TIEBREAK_CHOICES.get(key, key)})
            return None
        keys.append(key)
    return keys
