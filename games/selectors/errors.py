"""An engine's stored error, and a sheet's problems, in words for the reader.

A rejected log keeps its error as the engine gave it (``EngineError.to_json()``: ``kind``,
``code`` and ``params``, ``deal``, ``move``, ``field``). Pages and the API show it through
these functions, which render it in the active language (``games.errors``: the German text
of every code is in the catalogue); where the error came from a score sheet the page names
the sheet's row and column instead (``games.web.entry``), never a JSON path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext

from games.errors import error_location
from games.errors import error_reason as engine_reason
from games.errors import error_text as engine_text


def error_reason(error: Mapping[str, Any] | None) -> str:
    """The reason of a stored engine error, in the active language."""
    if not error:
        return ""
    if error.get("kind") == "internal_error":
        return gettext("The log could not be scored because of an error on our side. It is "
                       "kept and will be scored again; the organizers have been told.")
    return engine_reason(error)


def error_where(error: Mapping[str, Any] | None) -> str:
    """Where, in words for a page: the deal, the move, the field's name (no JSON path),
    capitalised, as it opens a sentence ("Deal 1, move 3", "Spiel 1, Zug 3")."""
    return capfirst(error_location(error, paths=False)) if error else ""


def error_message(error: Mapping[str, Any] | None) -> str:
    """Where and why, as the raw-log view and the API give it (a JSON path only where no
    deal or move names the place)."""
    if not error:
        return ""
    if error.get("kind") == "internal_error":
        return error_reason(error)
    return engine_text(error)


def problem_text(problem: Mapping[str, Any]) -> str:
    """A sheet problem's text (``Problem.to_json``): an engine's error rendered by
    :func:`error_reason`, the sheet's own problems already are in the reader's language."""
    engine = problem.get("engine")
    if isinstance(engine, Mapping):
        return error_reason(engine)
    return str(problem.get("message", ""))
