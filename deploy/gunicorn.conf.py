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

# The application is loaded once, in the master, and the workers are forked from it: a new
# worker (at the start, and each time one is replaced after max_requests) starts with
# Django, the URLs and every template compiled already, instead of paying for them in its
# first requests.
preload_app = True


def when_ready(server: object) -> None:
    """Compile every template and load the URL configuration (every view, and the index
    for reverse() in both languages) in the master, then move everything loaded so far out
    of the garbage collector's sight: those objects live as long as the process, and a full
    collection that walks them all pauses a request for 100 ms and more (measured on the
    tournament and match list pages: p95 159 ms against a p50 of 35 ms). Without the URLs
    loaded here, every new worker's first request imported them: 318 ms instead of 20."""
    import gc

    from league.warm_up import templates_compile, urls_load

    templates_compile()
    urls_load()
    gc.collect()
    gc.freeze()


def post_fork(server: object, worker: object) -> None:
    """The garbage collector runs between requests, not inside them (league/web_garbage.py:
    a collection left to its own schedule paused a request for up to 376 ms, once in about
    30, because Django's model instances live in reference cycles)."""
    from league.web_garbage import worker_prepare

    worker_prepare()


def pre_request(worker: object, request: object) -> None:
    """Collect what earlier requests left, if no other request of this worker is in
    flight."""
    from league.web_garbage import request_started

    request_started()


def post_request(worker: object, request: object, environ: object, response: object) -> None:
    from league.web_garbage import request_finished

    request_finished()
