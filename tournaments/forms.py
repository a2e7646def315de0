"""Forms of the tournament pages."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices
from league.forms import GameRulesForm, RulesField
from league.models import Player
from tournaments.models import Tournament


class TournamentForm(GameRulesForm):
    name = forms.CharField(label=_("Name"), max_length=120)
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    rules = RulesField(label=_("Rules"))
    starts_on = forms.DateField(label=_("Starts on"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    description = forms.CharField(label=_("Description"), required=False,
                                  widget=forms.Textarea(attrs={"rows": 3}))


class EntryForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.all())
    seed = forms.IntegerField(label=_("Seed"), min_value=1, required=False)
