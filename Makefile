# Корень — every target sets itself up: a fresh machine needs only `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SOURCES ?= ../shared/lexicon-sources
HOST ?= 127.0.0.1
PORT ?= 8000

# Plain `make` only lists the targets: it used to rewrite openapi.json, the file's first target.
.DEFAULT_GOAL := help
help:
	@echo "make run      serve the API on http://$(HOST):$(PORT) with the bundled lexicon"
	@echo "make test     run the test suite (installs first)"
	@echo "make eval | bench | lexicon | openapi | fuzz | load | soak | test-browser | test-postgres | clean"

openapi: install
	$(PY) -m service.api.openapi_export > openapi.json

.PHONY: help openapi install run test test-browser test-postgres eval bench load soak fuzz lexicon clean

# The natasha wheel only for its model files (lexicon/context.py), without its requirements: they would
# bring pymorphy2 beside pymorphy3 (pyproject.toml says why; the Dockerfile installs the same MODELS).
MODELS := natasha==1.6.0

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps '$(MODELS)'
	touch $@

install: $(VENV)/.installed

# Says whether a rulings token is set, never its value (make's ${VAR:-…} would print the token itself).
run: install
	@if [ -n "$${KOREN_RULINGS_TOKEN}$${KOREN_RULINGS_TOKEN_FILE}" ]; then rulings="writes with the token set in KOREN_RULINGS_TOKEN"; \
	else rulings="read-only (start with KOREN_RULINGS_TOKEN=<a secret> make run to write them)"; fi; \
	echo "Корень on http://$(HOST):$(PORT) — rulings: $$rulings"
	$(PY) -m service serve --host $(HOST) --port $(PORT)

test: install
	$(PY) -m pytest

# Every dev-set score, then each floor with its figure and PASS/FAIL: exits 1 below a floor
# (service/evaluation/floors.py; `make test` holds behaviour tests only).
eval: install
	$(PY) -m service eval

bench: install
	$(PY) bench/run.py
	$(PY) bench/pools.py
	$(PY) bench/first_run.py

test-browser: install
	.ci/browser.sh
	$(PY) -m pytest tests/browser

test-postgres: install
	@url=$$(.ci/postgres.sh); trap '.ci/postgres.sh stop "$$url"' EXIT; KOREN_TEST_POSTGRES_URL=$$url $(PY) -m pytest tests/service/test_rulings.py

# Property and schemathesis suites with fresh examples, and the raw-socket ones: slow bodies, dribbling or over-long heads.
fuzz: install
	KOREN_FUZZ_EXAMPLES=$${KOREN_FUZZ_EXAMPLES:-400} $(PY) -m pytest tests/service/test_properties.py tests/service/test_schemathesis.py tests/service/test_raw_socket.py tests/service/test_slow_bodies.py tests/service/test_connection_limits.py

load: install
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,load]'
	$(PY) bench/load.py

# SOAK_SECONDS=600 by default: varied load, the workers' PSS every 30 s, req/s, p99, errors, growth.
soak: install
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,load]'
	$(PY) bench/soak.py --seconds $${SOAK_SECONDS:-600}

lexicon: install
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,build]'
	$(PY) -m lexicon.build --sources $(SOURCES)

clean:
	rm -rf $(VENV) .pytest_cache *.egg-info
