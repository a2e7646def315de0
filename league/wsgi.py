"""WSGI entry point (the Procfile's web: gunicorn with deploy/gunicorn.conf.py)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
application = get_wsgi_application()

from league.checks import refuse_insecure_start  # noqa: E402  (needs the settings loaded)

refuse_insecure_start()
