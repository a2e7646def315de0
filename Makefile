# Stammtisch: `make run` starts the service on the embedded default, `make test` runs the tests.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
export DJANGO_SETTINGS_MODULE := league.settings

.PHONY: run test setup migrate demo worker bench fuzz lint messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

setup: $(VENV)/.installed

migrate: setup
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py demo_club

run: demo
	$(BIN)/python manage.py runserver 0.0.0.0:$(PORT)

worker: setup
	$(BIN)/celery -A league worker --loglevel=INFO

test: setup
	$(BIN)/python -m pytest

BENCHMARKS := gin doppelkopf rennen katarenga_rennen nerts pairing

bench: setup
	for name in $(BENCHMARKS); do echo "== bench/$$name.py"; $(BIN)/python bench/$$name.py || exit 1; done

# Mutated logs of every game through the replay (COUNT per game, default 100,000): prints the
# non-engine exceptions, which must stay 0. Not part of bench: it runs for half an hour.
COUNT ?= 100000
fuzz: setup
	$(BIN)/python bench/fuzz.py --count $(COUNT)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/mypy games/engines

messages: setup
	$(BIN)/python manage.py makemessages -l de --ignore=.venv --ignore=bench
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) var
