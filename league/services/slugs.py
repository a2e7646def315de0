"""Short names for addresses (``/leagues/<slug>/``, ``/tournaments/<slug>/``), unique among
their kind; leagues, seasons and tournaments share the rule."""

from __future__ import annotations

from typing import Any

from django.utils.text import slugify


def unique_slug(model: Any, name: str, **scope: Any) -> str:
    base = slugify(name)[:40] or "x"
    slug, number = base, 2
    while model.objects.filter(slug=slug, **scope).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug
