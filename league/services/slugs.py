"""Short names for addresses (``/leagues/<slug>/``, ``/tournaments/<slug>/``), unique among
their kind; leagues, seasons and tournaments share the rule.

Any name gets a readable address: German letters are spelt out (ä → ae, ß → ss), other
letters lose their accents, and a name with no letter or digit at all ("!!!") takes the
kind's word ("tournament", "league", "season") and a number, never a bare ``x``.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.utils.text import slugify

_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                         "ß": "ss", "ẞ": "SS"})


def slug_base(name: str, fallback: str) -> str:
    """
    >>> slug_base("Großer Preis der Kölner Bierbänke", "tournament")
    'grosser-preis-der-koelner-bierbaenke'
    >>> slug_base("Crème Brûlée Cup", "tournament"), slug_base("!!!", "tournament")
    ('creme-brulee-cup', 'tournament')
    """
    ascii_name = unicodedata.normalize("NFKD", name.translate(_GERMAN)).encode(
        "ascii", "ignore").decode()
    return slugify(ascii_name)[:40].strip("-") or fallback


def unique_slug(model: Any, name: str, **scope: Any) -> str:
    base = slug_base(name, str(model._meta.model_name))
    slug, number = base, 2
    while model.objects.filter(slug=slug, **scope).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug
