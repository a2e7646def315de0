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
