"""The tournament page's panels of Swiss and table rounds (registered in ``panels.py``).

Each returns the panel's context with its ``"template"``: the rounds as the format shows
them (Swiss boards with the bye; tables with their seats, first dealer, deals and the
5-table sit-out), and for organizers the button that draws the next round, or why it
cannot be drawn yet. ``own_rounds`` tells the page not to list the rounds again.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from tournaments.models import Tournament
from tournaments.selectors import next_round_state, round_rows


def swiss(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    return {"template": "tournaments/rounds/_swiss.html", "own_rounds": True,
            "rounds": round_rows(tournament), "next": next_round_state(tournament),
            "is_organizer": tournament.is_organizer(request.user)}


def table_rounds(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    return {"template": "tournaments/rounds/_tables.html", "own_rounds": True,
            "rounds": round_rows(tournament), "next": next_round_state(tournament),
            "is_organizer": tournament.is_organizer(request.user)}
