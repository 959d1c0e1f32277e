# Dwaalhof. `make run` serves the game on the embedded default; `make test` runs every test.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup browser run test lint bench

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -c requirements.lock -e ".[dev]"
	touch $@

run: setup
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v 0
	$(BIN)/python -m dwaalhof_site.run_all --host $(HOST) --port $(PORT)

# The browser tests drive Debian's Chromium; install it when it is missing (needs root + apt).
# Their accessibility checks use axe-core, pinned in tests/e2e/axe/package-lock.json (npm).
AXE_JS := tests/e2e/axe/node_modules/axe-core/axe.min.js

browser: $(AXE_JS)
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

$(AXE_JS): tests/e2e/axe/package.json tests/e2e/axe/package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  echo "Installing Debian's npm for the browser tests' axe-core..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; }
	npm ci --prefix tests/e2e/axe --no-audit --no-fund --loglevel=error
	touch $@

test: setup browser
	$(BIN)/pytest $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .

# Benchmarks print figures and assert nothing. The server figures are taken on PostgreSQL.
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/dwaalhof
bench: setup
	$(BIN)/python -m engine.bench
	DATABASE_URL=$(BENCH_DATABASE_URL) $(BIN)/python -m games.bench
	DATABASE_URL=$(BENCH_DATABASE_URL) $(BIN)/python -m games.bench_realtime
