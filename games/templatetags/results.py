"""Template helpers of results people enter: whether the reader may invite players."""

from __future__ import annotations

from typing import Any

from django import template

from games.selectors.competitions import organizes_anything

register = template.Library()


@register.simple_tag
def may_invite(user: Any) -> bool:
    """``{% may_invite user as flag %}``: staff and organizers make invitation links."""
    return organizes_anything(user)
