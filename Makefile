# Корень — every target sets itself up: a fresh machine needs only `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SOURCES ?= ../shared/lexicon-sources
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test eval bench load lexicon clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

install: $(VENV)/.installed

run: install
	$(PY) -m service serve --host $(HOST) --port $(PORT)

test: install
	$(PY) -m pytest

eval: install
	$(PY) -m service eval

bench: install
	$(PY) bench/run.py

load: install
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,load]'
	$(PY) bench/load.py

lexicon: install
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,build]'
	$(PY) -m lexicon.build --sources $(SOURCES)
	$(PY) -m lexicon.build.stress --sources $(SOURCES)
	$(PY) -m lexicon.build.profanity --sources $(SOURCES)

clean:
	rm -rf $(VENV) .pytest_cache *.egg-info
