"""gunicorn, the Procfile's web server (``gunicorn -c deploy/gunicorn.conf.py league.wsgi``).

A fixed pool: WEB_CONCURRENCY processes of WEB_THREADS threads each. Every thread keeps at
most one database connection (CONN_MAX_AGE, checked before reuse), so the service never
holds more than processes x threads connections, whatever the traffic; requests beyond the
pool wait in the listen backlog instead of being reset. Workers are replaced after a number
of requests, so that nothing a worker might hold on to grows for ever.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count() + 1, 9)))
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS", 4))
backlog = 2048
# A request that takes longer is a bug or an attack: the API answers a log at once (202) and
# the workers score it.
timeout = int(os.environ.get("WEB_TIMEOUT", 30))
graceful_timeout = 20
keepalive = 5
max_requests = 2000
max_requests_jitter = 200
# Behind a proxy that terminates TLS: trust its X-Forwarded-* only from these addresses.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
