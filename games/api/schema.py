"""The API's schema inspector (REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]): drf-spectacular's,
with one change that matters to every request, not to the schema.

DRF hands a view's schema its view (``DefaultSchema.__set__``: ``other.view = instance``).
``@extend_schema`` on an action passes the schema as a *class* through the action's kwargs,
so on every request of that action the assignment landed on the class itself: the class kept
the last view, and through it the request and every object the response read, until the next
request of the action replaced it. Besides the memory, it made the cycle collector's pauses
long: what the class held outlived the young collections and was freed later, all at once
(league/web_garbage.py). The schema generator never reads a view from the class (it makes
an instance per operation and hands that the view), so the class simply does not keep one.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema


class _KeepsNoViewOnTheClass(type):
    def __setattr__(cls, name: str, value: Any) -> None:
        if name == "view":
            return  # a request's view assigned to the schema class: see the module's text
        super().__setattr__(name, value)


class AutoSchema(SpectacularAutoSchema, metaclass=_KeepsNoViewOnTheClass):
    """drf-spectacular's inspector; its subclasses made by ``@extend_schema`` keep no view
    on the class."""
