"""Forms that every competition's pages share: a game's rules, and a log or score sheet to
submit. They validate input; the services do the work."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import bounded_json
from games.engines import EngineError, get_engine
from games.services.results import (
    LogRefused,
    LogTooLarge,
    log_check_size,
    log_max_bytes,
    size_in_words,
)


class RulesField(forms.CharField):
    """Rules as JSON text: ``{"preset": "seed", "rounds": 3}``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("initial", '{"preset": "seed"}')
        kwargs.setdefault("help_text", _('A preset and the options that differ, as JSON, e.g. '
                                         '{"preset": "seed", "rounds": 3}. The rules page of '
                                         'each game lists every option.'))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value) or '{"preset": "seed"}'
        try:
            return bounded_json.loads(text)
        except bounded_json.JSONRefused as error:
            raise forms.ValidationError(str(error)) from None


class GameRulesForm(forms.Form):
    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        game, rules = cleaned.get("game"), cleaned.get("rules")
        if game and rules is not None:
            try:
                get_engine(game).rules(rules)
            except EngineError as error:
                self.add_error("rules", str(error))
        return cleaned


class LogForm(forms.Form):
    """A move log or score sheet, uploaded as a file or pasted."""

    file = forms.FileField(label=_("Log file"), required=False)
    text = forms.CharField(label=_("…or paste it"), required=False,
                           widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false",
                                                        "class": "mono"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Said when the form is made, in the language of the request.
        self.fields["file"].help_text = _("A log may have at most %(limit)s.") % {
            "limit": size_in_words(log_max_bytes())}

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if upload:
            if upload.size > log_max_bytes():  # refused before it is read
                raise forms.ValidationError(str(LogTooLarge(upload.size, log_max_bytes())))
            try:
                cleaned["log_text"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file must be UTF-8 text.")) from None
        else:
            cleaned["log_text"] = cleaned.get("text", "")
        if not cleaned["log_text"].strip():
            raise forms.ValidationError(_("Upload a log file or paste the log."))
        try:
            log_check_size(cleaned["log_text"])
        except LogRefused as error:
            raise forms.ValidationError(str(error)) from None
        return cleaned
