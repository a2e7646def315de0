"""The German catalogue: every text of every template translated, the compiled catalogue in
step with its source."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import polib
from django.utils.translation.template import templatize

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
TEXT = r"u?'((?:[^'\\]|\\.)*)'"


def template_messages() -> set[tuple[str | None, str]]:
    """(context, msgid) of every translatable text in the templates, found the way
    ``makemessages`` finds them."""
    found: set[tuple[str | None, str]] = set()
    for path in (ROOT / "templates").rglob("*.html"):
        code = templatize(path.read_text(encoding="utf-8"), origin=str(path))
        for context, msgid in re.findall(rf"\bn?pgettext\({TEXT}, {TEXT}", code):
            found.add((ast.literal_eval(f"'{context}'"), ast.literal_eval(f"'{msgid}'")))
        for msgid in re.findall(rf"(?<![p\w])n?gettext\({TEXT}", code):
            found.add((None, ast.literal_eval(f"'{msgid}'")))
    return found


GETTEXT_CALLS = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy"}
PGETTEXT_CALLS = {"pgettext", "pgettext_lazy", "npgettext", "npgettext_lazy"}


def python_messages() -> set[tuple[str | None, str]]:
    """(context, msgid) of every gettext call with a literal text in the project's modules
    (the engines speak English only and are left out, as are tests and migrations)."""
    found: set[tuple[str | None, str]] = set()
    for package in ("league", "games", "tournaments"):
        for path in (ROOT / package).rglob("*.py"):
            if {"engines", "migrations"} & set(path.parts):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                texts = [arg.value for arg in node.args[:2]
                         if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
                if name in GETTEXT_CALLS and texts:
                    found.add((None, texts[0]))
                elif name in PGETTEXT_CALLS and len(texts) == 2:
                    found.add((texts[0], texts[1]))
    return found


def test_every_template_text_is_in_the_catalogue_and_translated():
    catalogue = {(entry.msgctxt, entry.msgid): entry for entry in polib.pofile(str(PO))}
    missing = sorted(key for key in template_messages() | python_messages()
                     if key not in catalogue)
    assert missing == []
    untranslated = sorted((key for key, entry in catalogue.items()
                           if not entry.translated() or "fuzzy" in entry.flags),
                          key=lambda key: (key[0] or "", key[1]))
    assert untranslated == []


def test_the_compiled_catalogue_matches_its_source():
    compiled = gettext.GNUTranslations(MO.open("rb"))
    for entry in polib.pofile(str(PO)):
        if entry.obsolete or entry.msgid_plural:
            continue
        text = compiled.pgettext(entry.msgctxt, entry.msgid) if entry.msgctxt else \
            compiled.gettext(entry.msgid)
        assert text == entry.msgstr, (entry.msgctxt, entry.msgid)
