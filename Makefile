# Stammtisch: `make run` starts the service on the embedded default, `make test` runs the tests.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
export DJANGO_SETTINGS_MODULE := league.settings

.PHONY: run serve test setup setup-dev migrate demo worker beat bench lint messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# What the service runs on (make run); tests and lint add requirements-dev.txt.
$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

setup: $(VENV)/.installed

setup-dev: $(VENV)/.installed-dev

migrate: setup
	$(BIN)/python manage.py migrate --noinput

# The demo runs with DEBUG on and the development key; production sets neither (serve).
demo: export DEBUG ?= true
demo: migrate
	$(BIN)/python manage.py demo_club

run: export DEBUG ?= true
run: demo
	$(BIN)/python manage.py runserver 0.0.0.0:$(PORT)

# The real stack: the Procfile's web (gunicorn), worker and beat, with the environment of
# ENV (default: the shell's; e.g. make serve ENV=deploy/production.env after editing it).
ENV ?=
HONCHO = PATH="$(abspath $(BIN)):$$PATH" $(BIN)/honcho $(if $(ENV),-e $(ENV))
serve: setup
	$(HONCHO) run python manage.py migrate --noinput
	$(HONCHO) start

worker: setup
	$(BIN)/celery -A league worker --loglevel=INFO

# The results sweep every RESULTS_SWEEP_EVERY seconds (one beat for the whole service).
beat: setup
	$(BIN)/celery -A league beat --loglevel=INFO --schedule=var/celerybeat-schedule

test: setup-dev
	$(BIN)/python -m pytest

BENCHMARKS := gin doppelkopf rennen katarenga_rennen nerts pairing

bench: setup-dev
	for name in $(BENCHMARKS); do echo "== bench/$$name.py"; $(BIN)/python bench/$$name.py || exit 1; done

# ruff; mypy (the engines, pairing and ranking strict, the services and selectors with the
# Django plugin: pyproject.toml); the import contracts of docs/architecture.md.
lint: setup-dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-logo

messages: setup-dev
	$(BIN)/python manage.py makemessages -l de --ignore=.venv --ignore=bench
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) var
