"""The part of the tournament page that belongs to its format.

A format with a panel registers it here as ``"module:function"``; the function takes the
request and the tournament and returns the panel's context with its ``"template"``, which the
tournament page includes. Formats without a panel show the rounds, standings and bracket the
page draws for every tournament.
"""

from __future__ import annotations

import importlib
from typing import Any

from django.http import HttpRequest

from tournaments.models import Tournament

PANELS: dict[str, str] = {
    Tournament.Format.DOUBLE_ELIMINATION: "tournaments.elimination_panels:double_elimination",
    Tournament.Format.GROUPS_PLAYOFFS: "tournaments.elimination_panels:groups_playoffs",
    Tournament.Format.SWISS: "tournaments.round_panels:swiss",
    Tournament.Format.TABLE_ROUNDS: "tournaments.round_panels:table_rounds",
}


def format_panel(request: HttpRequest, tournament: Tournament) -> dict[str, Any] | None:
    target = PANELS.get(tournament.format)
    if target is None:
        return None
    module, _, function = target.partition(":")
    panel: dict[str, Any] = getattr(importlib.import_module(module), function)(request,
                                                                                tournament)
    return panel
