"""Who may change what. Reading is open to everyone; these answer the writes."""

from __future__ import annotations

from typing import Any

from games.models import Match


def is_organizer_of(user: Any, competition: Any) -> bool:
    if competition is None:
        return bool(getattr(user, "is_staff", False))
    return bool(competition.is_organizer(user))


def can_submit_result(user: Any, match: Match) -> bool:
    """The competition's organizers and the match's own players."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser or is_organizer_of(user, match.competition):
        return True
    return match.seats.filter(player__user=user).exists()
