"""The service refuses to run in production on the development key: with DEBUG off, the
built-in ``SECRET_KEY`` is an error of ``manage.py check --deploy``, and the web server
(gunicorn, runserver) and the Celery processes stop at start (``league.wsgi``,
``league.celery``). Other commands (migrate, makemigrations) still work on a developer's
machine."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.core.exceptions import ImproperlyConfigured

MESSAGE = ("SECRET_KEY is the built-in development key while DEBUG is off: sessions and API "
           "tokens could be forged. Set SECRET_KEY (see deploy/production.env).")


def insecure_key() -> bool:
    return not settings.DEBUG and settings.SECRET_KEY == settings.DEVELOPMENT_SECRET_KEY


def refuse_insecure_start() -> None:
    """Stop a server or worker that is about to start on the development key."""
    if insecure_key():
        raise ImproperlyConfigured(MESSAGE)


@register(Tags.security, deploy=True)
def check_secret_key(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    return [Error(MESSAGE, id="stammtisch.E001")] if insecure_key() else []
