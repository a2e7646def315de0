# Stammtisch: `make run` starts the service on the embedded default, `make test` runs the tests.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
export DJANGO_SETTINGS_MODULE := league.settings

.PHONY: run serve test setup setup-dev migrate demo worker beat bench fuzz lint messages clean

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

# Ends with http://localhost:$(PORT)/ and the demo login
# (league/management/commands/localserver.py).
run: export DEBUG ?= true
run: demo
	$(BIN)/python manage.py localserver $(PORT)

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

BENCHMARKS := gin doppelkopf rennen katarenga_rennen nerts pairing player_statistics live sheet_check

bench: setup-dev
	for name in $(BENCHMARKS); do echo "== bench/$$name.py"; $(BIN)/python bench/$$name.py || exit 1; done

# Mutated logs of every game through the replay (COUNT per game, default 100,000): prints the
# non-engine exceptions, which must stay 0. Not part of bench: it runs for half an hour.
COUNT ?= 100000
fuzz: setup-dev
	$(BIN)/python bench/fuzz.py --count $(COUNT)

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
