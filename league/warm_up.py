"""What a web server's master process loads before it forks its workers
(deploy/gunicorn.conf.py), so that every worker starts with it."""

from __future__ import annotations

import os


def templates_compile() -> int:
    """Compile every template of the project (the cached loader keeps them), so that a
    process forked after this (gunicorn's workers, deploy/gunicorn.conf.py) starts with
    them; returns how many."""
    from django.conf import settings
    from django.template.loader import get_template

    compiled = 0
    for folder in settings.TEMPLATES[0]["DIRS"]:
        for path in sorted(os.path.join(root, name) for root, _dirs, names in os.walk(folder)
                           for name in names if name.endswith((".html", ".txt"))):
            get_template(os.path.relpath(path, folder))
            compiled += 1
    return compiled


def urls_load() -> int:
    """Import the URL configuration (and with it every view, DRF and the API's schema
    views) and index it for ``reverse()`` in every language of the site; returns how many
    names it knows. Django does this on the first request, which made the first request of
    every gunicorn worker take 200 to 450 ms more."""
    from django.conf import settings
    from django.urls import get_resolver
    from django.utils import translation

    resolver = get_resolver()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):  # the catalogue is loaded, the index is per language
            names = len(resolver.reverse_dict)
    return names
