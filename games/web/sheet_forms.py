"""Score-sheet entry on the web: a form a club fills in like its paper sheet, one row per game.

The form only builds the match document (a ``stammtisch-log/1`` document whose deals carry
``facts``); it does not check the rules or score anything. The document is submitted like an
uploaded log, so the engine checks the facts and scores them through the normal results flow.
Only Gin has a sheet form so far; other games take their score sheet as a document.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engines import InvalidLogError
from games.engines.cards import parse_card
from games.models import Match

GIN_ROWS = 30


class GinGameForm(forms.Form):
    """One game of the sheet: who dealt, the first upcard, how it ended, both deadwoods."""

    dealer = forms.ChoiceField(label=_("Dealer"), required=False)
    upcard = forms.CharField(label=_("Upcard"), max_length=3, required=False,
                             widget=forms.TextInput(attrs={"size": 3,
                                                           "placeholder": "7H"}))
    ended = forms.ChoiceField(label=_("Ended by"), required=False)
    deadwood_0 = forms.IntegerField(label=_("Deadwood"), min_value=0, max_value=100,
                                    required=False,
                                    widget=forms.NumberInput(attrs={"class": "deadwood"}))
    deadwood_1 = forms.IntegerField(label=_("Deadwood"), min_value=0, max_value=100,
                                    required=False,
                                    widget=forms.NumberInput(attrs={"class": "deadwood"}))

    def __init__(self, *args: Any, players: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        self.fields["dealer"].choices = [("", "–"), *((name, name) for name in players)]
        ended = [("", "–")]
        for seat, name in enumerate(players):
            ended.append((f"knock:{seat}", _("%(name)s knocks") % {"name": name}))
            ended.append((f"gin:{seat}", _("%(name)s: gin") % {"name": name}))
        ended.append(("dead", _("dead hand")))
        self.fields["ended"].choices = ended
        # The sheet's columns have headers, but each input needs its own name for a screen
        # reader: "Game 3: deadwood of Anna".
        number = int(self.prefix.rsplit("-", 1)[-1]) + 1 if self.prefix else 1
        names = {"dealer": _("dealer"), "upcard": _("first upcard"), "ended": _("ended by"),
                 **{f"deadwood_{seat}": _("deadwood of %(name)s") % {"name": name}
                    for seat, name in enumerate(players)}}
        for name, what in names.items():
            if name in self.fields:
                self.fields[name].widget.attrs["aria-label"] = _(
                    "Game %(number)s: %(what)s") % {"number": number, "what": what}

    @property
    def is_blank(self) -> bool:
        return not any(self.cleaned_data.get(name) not in (None, "")
                       for name in ("upcard", "ended", "deadwood_0", "deadwood_1"))

    def clean_upcard(self) -> str:
        text = self.cleaned_data.get("upcard", "").strip().upper()
        if text:
            try:
                parse_card(text)
            except InvalidLogError as error:
                raise forms.ValidationError(str(error)) from None
        return text

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors or self.is_blank:
            return cleaned
        if not cleaned.get("upcard"):
            self.add_error("upcard", _("Which card was the first upcard?"))
        if not cleaned.get("ended"):
            self.add_error("ended", _("How did the game end?"))
        elif cleaned["ended"] != "dead":
            for seat in (0, 1):
                if cleaned.get(f"deadwood_{seat}") is None:
                    self.add_error(f"deadwood_{seat}", _("Deadwood after lay-offs."))
        return cleaned

    def deal(self) -> dict[str, Any]:
        data = self.cleaned_data
        facts: dict[str, Any] = {"upcard": data["upcard"]}
        if data["ended"] == "dead":
            facts["dead"] = True
        else:
            kind, seat = data["ended"].split(":")
            facts.update({"knocker": self.players[int(seat)], "gin": kind == "gin",
                          "deadwood": {self.players[0]: data["deadwood_0"],
                                       self.players[1]: data["deadwood_1"]}})
        deal: dict[str, Any] = {"facts": facts}
        if data.get("dealer"):
            deal["dealer"] = data["dealer"]
        return deal


class BaseGinSheet(forms.BaseFormSet):
    def clean(self) -> None:
        if any(self.errors):
            return
        if not any(not form.is_blank for form in self.forms):
            raise forms.ValidationError(_("Enter at least one game."))


GinSheet = forms.formset_factory(GinGameForm, formset=BaseGinSheet, extra=GIN_ROWS,
                                 max_num=GIN_ROWS)


def gin_sheet_formset(match: Match, data: Any = None) -> Any:
    players = [seat.player.name for seat in match.seats.select_related("player")
               .order_by("index")]
    return GinSheet(data, form_kwargs={"players": players}, prefix="game")


def gin_sheet_document(match: Match, formset: Any) -> str:
    """The match document of a valid sheet, as the text that is stored and scored."""
    players = [seat.player.name for seat in match.seats.select_related("player")
               .order_by("index")]
    document = {"format": "stammtisch-log/1", "game": match.game, "rules": match.rules,
                "players": players,
                "deals": [form.deal() for form in formset.forms if not form.is_blank],
                "entered_as": "score sheet"}
    return json.dumps(document, ensure_ascii=False, indent=1)


# slug -> (formset factory, document builder); games without an entry take documents only.
SHEET_FORMS = {"gin": (gin_sheet_formset, gin_sheet_document)}
