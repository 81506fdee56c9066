# Two commands on a fresh machine: `make run` plays, `make test` checks everything.
VENV := .venv
PY := $(VENV)/bin/python

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# `make run PORT=5001 HOST=127.0.0.1` to choose where it listens.
PORT ?= 5000
HOST ?= 0.0.0.0

.PHONY: run test bench lint system-deps
run: $(VENV)/.installed
	$(VENV)/bin/palazzo serve --host $(HOST) --port $(PORT)

system-deps:
	bash scripts/system-deps

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

test: $(VENV)/.installed system-deps lint
	$(PY) -m pytest

bench: $(VENV)/.installed
	$(PY) benchmarks/replay_append.py
	$(PY) benchmarks/web_render_fanout.py
	$(PY) benchmarks/club_night.py
