"""An engine's stored error, and a sheet's problems, in words for the reader.

A rejected log keeps its error as the engine gave it (``EngineError.to_json()``: ``kind``,
``deal``, ``move``, ``field``, ``reason``, and from the engines' error codes on also
``code`` and ``params``). Pages and the API show the reason through :func:`error_reason`,
so that the one place that renders it in the reader's language is here; where the error
came from a score sheet the page names the sheet's row and column instead of a JSON path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext


def error_reason(error: Mapping[str, Any] | None) -> str:
    """The reason of a stored engine error, in the active language where it is known."""
    if not error:
        return ""
    if error.get("kind") == "internal_error":
        return gettext("The log could not be scored because of an error on our side. It is "
                       "kept and will be scored again; the organizers have been told.")
    return str(error.get("reason") or error.get("message") or "")


def problem_text(problem: Mapping[str, Any]) -> str:
    """A sheet problem's text (``Problem.to_json``): an engine's error rendered by
    :func:`error_reason`, the sheet's own problems already are in the reader's language."""
    engine = problem.get("engine")
    if isinstance(engine, Mapping):
        return error_reason(engine)
    return str(problem.get("message", ""))
