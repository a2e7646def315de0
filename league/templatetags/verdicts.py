"""``{% verdict match as v %}``: how a match's result reads on every list (home, rounds,
fixtures, player page, projector): a played match shows its score, a forfeit names who won
by forfeit and shows no score, a double forfeit says so; none of them is "scored"."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from games.models import Match

register = template.Library()


def match_verdict(match: Match, seats: Any = None) -> dict[str, Any]:
    """state (open, pending, rejected, played, forfeit, double_forfeit), the winner, the
    score as text ("145 : 0", or "" for a forfeit), the badge's text and class."""
    seats = list(seats if seats is not None else match.seats.all())
    winner = next((seat.player for seat in seats if seat.rank == 1), None)
    if match.status == Match.Status.SCORED and match.result == Match.Result.FORFEIT:
        return {"state": "forfeit", "winner": winner, "score": "",
                "badge": _("forfeit"), "css": "forfeit",
                "text": _("%(name)s wins by forfeit") % {"name": winner.name} if winner
                else _("forfeit")}
    if match.status == Match.Status.SCORED and match.result == Match.Result.DOUBLE_FORFEIT:
        return {"state": "double_forfeit", "winner": None, "score": "",
                "badge": _("double forfeit"), "css": "forfeit", "text": _("double forfeit")}
    if match.status == Match.Status.SCORED:
        score = " : ".join("–" if seat.score is None else str(seat.score) for seat in seats)
        return {"state": "played", "winner": winner, "score": score,
                "badge": match.get_status_display(), "css": "scored", "text": score}
    state = {Match.Status.REJECTED: "rejected", Match.Status.SCHEDULED: "open"}.get(
        Match.Status(match.status), "pending")
    return {"state": state, "winner": None, "score": "", "badge": match.get_status_display(),
            "css": match.status, "text": ""}


@register.simple_tag
def verdict(match: Match, seats: Any = None) -> dict[str, Any]:
    return match_verdict(match, seats)


@register.simple_tag(takes_context=True)
def may_enter(context: Any, match: Match, seats: Any = None) -> bool:
    """Whether the reader may enter this open match's result from a list: the page's
    organizers (``is_organizer`` in the page's context) and the match's own players. No
    query: the seats and their players are already fetched for the list."""
    if match.status != Match.Status.SCHEDULED:
        return False
    seats = list(seats if seats is not None else match.seats.all())
    if not seats or any(getattr(seat, "player", None) is None for seat in seats):
        return False
    if context.get("is_organizer"):
        return True
    user = context.get("user")
    return bool(getattr(user, "is_authenticated", False)) and any(
        seat.player.user_id == user.pk for seat in seats)
