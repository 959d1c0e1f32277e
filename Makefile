# Dwaalhof. `make run` serves the game on the embedded default; `make test` runs every test.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup browser run test test-slow lint bench prod prod-stop proxy loadtest loadtest-floor cost cluster cluster-stop cluster-test cluster-needs-root

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

# The web client's linter: eslint, pinned in tools/eslint/package-lock.json (npm), with its
# small flat config there (recommended rules, browser globals, ES modules). The client tests
# (tests/client) read the client with espree, eslint's parser, from the same folder.
ESLINT_JS := tools/eslint/node_modules/eslint/bin/eslint.js

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

# Tests run in PYTEST_WORKERS pytest-xdist worker processes (0: all in pytest's own process).
# Much of a test's time is waiting (the browser, servers, sleeps), so more workers than the
# 2 cores pay off. The order each worker keeps is set in tests/conftest.py.
PYTEST_WORKERS ?= 3
# (A prerequisite is expanded when make reads the rule: ESLINT_JS is defined above it.)
# --durations: every run ends with its slowest tests, where CI's time goes.
test: setup browser proxy $(ESLINT_JS)
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist load --durations=25 $(PYTEST_ARGS)

# The tests marked slow (minutes each: the whole tutorial played by mouse, the browser's
# invite tour and whole game against the computer), left out of `make test` and CI, which
# run short versions of them.
test-slow: setup browser $(ESLINT_JS)
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist load -m slow $(PYTEST_ARGS)

$(ESLINT_JS): tools/eslint/package.json tools/eslint/package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  echo "Installing Debian's npm for the client's eslint..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; }
	npm ci --prefix tools/eslint --no-audit --no-fund --loglevel=error
	touch $@

lint: setup $(ESLINT_JS)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	node $(ESLINT_JS) -c tools/eslint/eslint.config.mjs frontend/js frontend/sw.js tests/client
	@# known advisories in the dependencies: pip-audit, npm audit (tools/audit-ignore.toml)
	$(BIN)/python tools/audit.py

# Benchmarks print figures and assert nothing. The server figures are taken on PostgreSQL;
# the HTTP one also needs Redis (it uses a scratch database and a channel prefix of its own).
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/dwaalhof
BENCH_REDIS_URL ?= redis://127.0.0.1:6379/0
bench: setup
	$(BIN)/python -m engine.bench
	DATABASE_URL=$(BENCH_DATABASE_URL) REDIS_URL=$(BENCH_REDIS_URL) $(BIN)/python -m bench.http_latency
	DATABASE_URL=$(BENCH_DATABASE_URL) $(BIN)/python -m bench.server
	DATABASE_URL=$(BENCH_DATABASE_URL) $(BIN)/python -m bench.realtime

# The production topology on loopback: nginx -> WEB daphne processes, worker, Redis,
# PostgreSQL (own data in var/prod unless DATABASE_URL / REDIS_URL are set). Ctrl-C stops all.
WEB ?= 2
# nginx (the proxy), PostgreSQL's server binaries and Redis from Debian, installed when
# missing (needs root + apt): `make prod`, `make loadtest` and the fault tests start them.
proxy:
	@{ command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx; } \
	  && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	  && command -v redis-server >/dev/null 2>&1 || { \
	  echo "Installing Debian's nginx, postgresql and redis-server..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y -qq nginx postgresql redis-server >/dev/null; }

prod: setup proxy
	$(BIN)/python -m stacks.prod --web $(WEB) --port $(PORT)

prod-stop:
	@test -f var/prod/supervisor.pid && kill -TERM $$(cat var/prod/supervisor.pid) || echo "not running"

# K concurrent games through the proxy for 1, 2 and 4 web processes; bounded in time.
LOADTEST_ARGS ?=
loadtest: setup proxy
	$(BIN)/python -m bench.loadtest $(LOADTEST_ARGS)

# The same through nginx and daphne with the bare DRF floor app: the ceiling the framework
# itself puts on requests per second here.
loadtest-floor: setup proxy
	$(BIN)/python -m bench.floor_capacity $(LOADTEST_ARGS)

# Both side by side, alternating, with the medians of issue 26's two ratios (docs/deploy.md,
# "A cheaper move"); COST_ARGS="--pairs 5 --docs" writes the table there.
COST_ARGS ?=
cost: setup proxy
	$(BIN)/python -m bench.side_by_side $(COST_ARGS)

# Separate hosts on this machine (docs/deploy.md, "Cluster"): network namespaces edge, web1,
# web2, data, standby, redis on a bridge of their own (198.18.0.0/24), each running its
# service from deploy/ with deploy/cluster/env/<host>.env. Needs root. `make cluster` starts it
# and returns; `make cluster-stop` removes everything (safe to repeat, and after a crash).
cluster-needs-root:
	@test "$$(id -u)" = 0 || { echo "The cluster needs root: it creates network namespaces, a bridge and veth pairs (sudo make $(MAKECMDGOALS))."; exit 1; }

cluster: cluster-needs-root setup proxy
	$(BIN)/python -m deploy.cluster up

cluster-stop: cluster-needs-root
	$(BIN)/python -m deploy.cluster down

# Every cluster fault (tests/cluster), one after the other (2-7 minutes, by the machine's
# load); the short failover test is also in `make test`. A green run writes its figures to
# docs/deploy.md (tests/cluster/figures.py).
cluster-test: cluster-needs-root setup proxy
	DWAALHOF_CLUSTER_DOCS=1 $(BIN)/pytest -p no:randomly -m 'cluster_full or cluster' tests/cluster $(PYTEST_ARGS)
