"""The production setup: DEBUG off unless set, no start on the development key, HTTPS
settings from the environment, deploy/production.env passing ``check --deploy``, the
Procfile, requirements split, a Content-Security-Policy on every page."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def production_env(tmp_path, **extra):
    env = {key: value for key, value in os.environ.items()
           if key not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL",
                          # set for the browser tests' process; never in production
                          "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    for line in (ROOT / "deploy" / "production.env").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition("=")
            env[key] = value
    # The example's database and Redis are not here: a SQLite file and no broker do.
    env.update({"STAMMTISCH_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE":
                "league.settings"}, **extra)
    env.pop("DATABASE_URL")
    env.pop("REDIS_URL")
    return env


def run(args, env, timeout=120):
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def test_check_deploy_passes_with_production_env(tmp_path):
    result = run([PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                 production_env(tmp_path))
    assert (result.returncode, result.stdout.strip()) == (
        0, "System check identified no issues (0 silenced)."), result.stderr


def test_production_env_lists_every_variable_the_service_reads():
    read = set()
    for path in [ROOT / "league" / "settings.py", ROOT / "deploy" / "gunicorn.conf.py",
                 ROOT / "Procfile"]:
        text = path.read_text()
        read |= set(re.findall(r'env_(?:bool|int|list)\("([A-Z_]+)"', text))
        read |= set(re.findall(r'environ\.get\("([A-Z_]+)"', text))
        read |= set(re.findall(r"environ\.get\('([A-Z_]+)'", text))
        read |= set(re.findall(r"\$\{([A-Z_]+)", text))
    listed = set(re.findall(r"^([A-Z_]+)=", (ROOT / "deploy" / "production.env").read_text(),
                            re.M))
    assert read - {"HYPOTHESIS_PROFILE"} <= listed, sorted(read - listed)


def test_debug_is_off_unless_set(tmp_path):
    env = production_env(tmp_path)
    env.pop("DEBUG")
    result = run([PYTHON, "-c", "import django; django.setup(); from django.conf import "
                  "settings; print(settings.DEBUG)"], env)
    assert result.stdout.strip() == "False", result.stderr


@pytest.mark.parametrize("command", [
    [PYTHON, "-c", "import league.wsgi"],
    [PYTHON, "manage.py", "check", "--deploy"],
    [PYTHON, "-m", "celery", "-A", "league", "worker", "--pool=solo", "--without-heartbeat",
     "--without-gossip", "--without-mingle"],
])
def test_no_start_on_the_development_key_with_debug_off(tmp_path, command):
    env = production_env(tmp_path)
    env.pop("SECRET_KEY")
    env["REDIS_URL"] = "redis://127.0.0.1:1/0"  # never reached: the worker stops first
    result = run(command, env)
    assert result.returncode != 0
    assert "SECRET_KEY is the built-in development key while DEBUG is off" in \
        result.stdout + result.stderr


HTTPS_PROBE = """
import django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
client = Client()
plain = client.get("/players/", HTTP_HOST="stammtisch.example.org")
print(plain.status_code, plain.headers.get("Location"))
secure = client.get("/login/", HTTP_HOST="stammtisch.example.org",
                    HTTP_X_FORWARDED_PROTO="https")
print(secure.status_code, secure.headers.get("Strict-Transport-Security"))
print(secure.cookies["csrftoken"]["secure"], secure.cookies["csrftoken"]["samesite"])
health = client.get("/healthz/", HTTP_HOST="stammtisch.example.org")
print(health.status_code)
"""


def test_https_redirect_hsts_and_secure_cookies_from_the_environment(tmp_path):
    result = run([PYTHON, "-c", HTTPS_PROBE], production_env(tmp_path))
    assert result.stdout.splitlines() == [
        "301 https://stammtisch.example.org/players/",
        "200 max-age=31536000; includeSubDomains; preload",
        "True Lax",
        "200",  # the load balancer's health check may speak plain HTTP
    ], result.stderr


def test_procfile_has_web_worker_and_beat_for_honcho():
    result = run([str(Path(PYTHON).parent / "honcho"), "check"], os.environ)
    assert result.returncode == 0, result.stderr
    assert "Valid procfile detected (web, worker, beat)" in result.stderr + result.stdout
    web = (ROOT / "Procfile").read_text().splitlines()[0]
    assert web == "web: gunicorn -c deploy/gunicorn.conf.py league.wsgi"


def test_make_run_installs_only_what_the_service_runs_on():
    runtime = (ROOT / "requirements.txt").read_text().lower()
    for tool in ("pytest", "ruff", "mypy", "playwright", "hypothesis", "schemathesis",
                 "import-linter", "django-stubs"):
        assert f"\n{tool}==" not in runtime, tool
    for service in ("gunicorn==", "honcho==", "celery==", "django=="):
        assert f"\n{service}" in runtime
    dry = run(["make", "-n", "run", "VENV=/nonexistent"], os.environ)
    assert "-r requirements.txt" in dry.stdout
    assert "requirements-dev.txt" not in dry.stdout


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/players/", "/tournaments/", "/login/", "/api/docs/",
                                 "/api/players/", "/leaderboards/", "/nowhere/"])
def test_every_page_has_a_content_security_policy(url):
    response = Client().get(url)
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "object-src 'none'" in policy


def test_no_page_has_inline_script():
    """script-src 'self' would block it: every script is a static file."""
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
        assert not re.search(r"\son[a-z]+=\"", text), path


@pytest.mark.parametrize(("given", "option"), [
    ({}, "-c max_parallel_workers_per_gather=0"),
    ({"PG_PARALLEL_WORKERS": "2"}, "-c max_parallel_workers_per_gather=2")])
def test_postgresql_connections_ask_for_no_parallel_workers_unless_told(tmp_path, given,
                                                                        option):
    env = {**production_env(tmp_path, **given),
           "DATABASE_URL": "postgres://stammtisch:secret@db.example:5432/stammtisch"}
    result = run([PYTHON, "-c", "import django; django.setup(); from django.conf import "
                  "settings; print(settings.DATABASES['default']['OPTIONS']['options'])"],
                 env)
    assert (result.returncode, result.stdout.strip()) == (0, option), result.stderr


def test_the_web_server_s_master_compiles_every_template_before_it_forks():
    from league.warm_up import templates_compile

    templates = [path for path in (ROOT / "templates").rglob("*")
                 if path.suffix in {".html", ".txt"}]
    assert templates_compile() == len(templates) > 90
    conf = (ROOT / "deploy" / "gunicorn.conf.py").read_text()
    assert "preload_app = True" in conf and "templates_compile()" in conf and "gc.freeze()" in conf
    assert conf.index("urls_load()") < conf.index("gc.freeze()")


def test_the_web_server_s_master_loads_the_urls_in_both_languages_before_it_forks():
    """A fresh process (the master before its fork): the URL configuration is not imported
    until something asks for it; after ``urls_load`` every view is, and reverse() knows the
    names in English and German without building its index again."""
    script = (
        "import sys, django; django.setup()\n"
        "from django.urls import get_resolver\n"
        "assert 'league.api.urls' not in sys.modules\n"
        "from league.warm_up import urls_load\n"
        "names = urls_load()\n"
        "resolver = get_resolver()\n"
        "print(names > 200, 'league.api.urls' in sys.modules, 'drf_spectacular.views' in "
        "sys.modules, sorted(resolver._reverse_dict))\n")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "league.settings"}
    result = run([PYTHON, "-c", script], env)
    assert (result.returncode, result.stdout.strip()) == (
        0, "True True True ['de', 'en']"), result.stderr
