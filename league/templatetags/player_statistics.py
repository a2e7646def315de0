"""Template helpers of the statistics for pages of other features (the player page): they
read through the selectors, so those pages need no change but an include."""

from __future__ import annotations

from django import template

from games.models import Player
from league import selectors
from league.models import PlayerGameStatistics

register = template.Library()


@register.simple_tag
def player_statistics_games(player: Player) -> list[PlayerGameStatistics]:
    """The games the player has statistics in (one query)."""
    return selectors.player_games(player=player)
