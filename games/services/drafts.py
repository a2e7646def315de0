"""Drafts: what a person has typed into a match's result form, kept on the server.

The page saves the draft as it is typed (and the browser keeps a copy of its own, for a
phone without a connection), so that closing the browser, a flat battery or another device
loses nothing. A draft is the form as typed, never checked or changed here; it goes when
the result it held is entered.

Shape: ``{"entry": "sheet", "rows": [{"field": "text", ...}, ...]}`` for a score sheet (the
rows of :mod:`games.sheets`), ``{"entry": "log", "text": "..."}`` for a pasted log.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games.models import Match, SheetDraft
from games.services.conflicts import retry_on_conflict

#: What a draft may hold at most: generous for a club's evening, small for a server.
MAX_ROWS = 200
MAX_FIELDS = 60
MAX_VALUE = 20_000  # a game of Das Rennen on the board: thousands of moves
MAX_TEXT = 2_000_000
ENTRIES = ("sheet", "log")


class DraftInvalid(Exception):
    """A user error: the draft is not a form's content (the message names the part)."""


def draft_clean(data: Any) -> dict[str, Any]:
    """The draft as it is stored; :class:`DraftInvalid` when it is no form's content.

    >>> draft_clean({"entry": "sheet", "rows": [{"upcard": "7H"}, {}]})
    {'entry': 'sheet', 'rows': [{'upcard': '7H'}, {}]}
    >>> draft_clean({"entry": "sheet", "rows": [{"upcard": 7}]})
    Traceback (most recent call last):
    ...
    games.services.drafts.DraftInvalid: rows[0].upcard: a field holds text.
    """
    if not isinstance(data, Mapping) or data.get("entry") not in ENTRIES:
        raise DraftInvalid(_("A draft is {\"entry\": \"sheet\", \"rows\": [...]} or "
                             "{\"entry\": \"log\", \"text\": \"...\"}."))
    if data["entry"] == "log":
        text = data.get("text")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise DraftInvalid(_("text: the log as text, at most %(limit)s characters.")
                               % {"limit": MAX_TEXT})
        return {"entry": "log", "text": text}
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) > MAX_ROWS:
        raise DraftInvalid(_("rows: a list of at most %(limit)s rows.") % {"limit": MAX_ROWS})
    clean = []
    for index, row in enumerate(rows):
        if not isinstance(row, Mapping) or len(row) > MAX_FIELDS:
            raise DraftInvalid(_("rows[%(index)s]: a row is an object of fields.")
                               % {"index": index})
        for name, value in row.items():
            if not isinstance(name, str) or len(name) > 40:
                raise DraftInvalid(_("rows[%(index)s]: a field's name is short text.")
                                   % {"index": index})
            if not isinstance(value, str) or len(value) > MAX_VALUE:
                raise DraftInvalid(_("rows[%(index)s].%(name)s: a field holds text.")
                                   % {"index": index, "name": name})
        clean.append({str(name): str(value) for name, value in row.items()})
    return {"entry": "sheet", "rows": clean}


@retry_on_conflict
def sheet_draft_save(*, user: Any, match: Match, data: Any) -> SheetDraft:
    """Keep ``user``'s draft of ``match`` (replacing the one before)."""
    clean = draft_clean(data)
    with transaction.atomic():
        draft, _created = SheetDraft.objects.update_or_create(
            user=user, match=match, defaults={"data": clean})
    return draft


def sheet_drafts(*, user: Any, match: Match) -> QuerySet[SheetDraft]:
    """``user``'s draft of ``match`` (one at most), to look for or discard."""
    return SheetDraft.objects.filter(user=user, match=match)


def sheet_draft_discard(*, user: Any, match: Match) -> None:
    drafts = sheet_drafts(user=user, match=match)
    if drafts.exists():  # a DELETE of nothing still takes SQLite's write lock
        drafts.delete()
