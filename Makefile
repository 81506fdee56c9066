# Two commands on a fresh machine: `make run` plays, `make test` checks everything.
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip install -q --disable-pip-version-check
# What running needs (`make run`), then the test tools on top (`make test`): a newcomer's
# first page does not wait for Playwright, mypy and ruff.
RUNTIME := $(VENV)/.installed-run
TOOLS := $(VENV)/.installed-test

$(RUNTIME): pyproject.toml
	python3 -m venv $(VENV)
	$(PIP) -e .
	touch $@

$(TOOLS): $(RUNTIME) pyproject.toml
	$(PIP) -e '.[test]'
	touch $@

# `make run PORT=5001 HOST=127.0.0.1` to choose where it listens.
PORT ?= 5000
HOST ?= 0.0.0.0

.PHONY: run test test-fast bench lint system-deps docs translations compile-translations
run: $(RUNTIME) compile-translations
	$(VENV)/bin/palazzo serve --host $(HOST) --port $(PORT)

system-deps:
	bash scripts/system-deps

lint: $(TOOLS)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# Every test process (each xdist worker, each server a test starts) reuses the compiled
# bytecode of the one before it, even where the shell says not to write any: without it, each
# recompiles every module it imports (about 5 s of CPU per pytest process).
unexport PYTHONDONTWRITEBYTECODE

# How many pytest-xdist workers share the tests: one per core and one more (`make test JOBS=1`:
# one process). Half the spread tests' time is spent waiting (a browser, a server, a stream),
# so a third worker on 2 cores fills it: 2 min 47 s against 3 min 9 s with two.
JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST_SPREAD := -n $(JOBS)

# Everything: lint, then every test (browsers, PostgreSQL, servers). CI runs this (.ci/run).
# Every test but the `stress` ones is spread over the cores; then the `stress` ones run alone,
# since they measure how a server shares the CPU (docs/testing.md). Both always run; the
# target fails if either failed.
test: $(TOOLS) system-deps lint compile-translations
	$(PY) -m pytest $(PYTEST_SPREAD) -m "not stress"; spread=$$?; \
	$(PY) -m pytest -m stress; alone=$$?; \
	test $$spread -eq 0 -a $$alone -eq 0

# The engines and the unit tests: no web pages, no browser, no PostgreSQL, no server. The web
# tests are the `web` folders: tests/platform/web and each game's (tests/games/<game>/web).
test-fast: $(TOOLS) compile-translations
	$(PY) -m pytest $(PYTEST_SPREAD) -m "not postgres and not slow" --ignore-glob='*/web'

docs: $(RUNTIME)  # the generated parts of docs/ (the event schemas' field table)
	$(PY) -c "from companion.games.princes.rules.schema import write_doc; write_doc('docs/events.md')"
	$(PY) -c "from companion.games.firenze.rules.schema import SHAPES; SHAPES.write_doc('docs/firenze.md')"

# The benchmarks (replay and append, render fan-out, club night, clone), then their figures
# into docs/benchmarks.md with the machine and the date (benchmarks/report.py).
bench: $(TOOLS)
	$(PY) benchmarks/report.py

# Messages (docs/i18n.md): find every marked string, merge it into each language's catalog
# (companion/translations/<lang>/LC_MESSAGES/messages.po, kept in git), compile the .mo files
# (built, not kept in git). Then translate what is new in the .po files and run it again.
LANGS := de fr
POT := build/messages.pot
translations: $(RUNTIME)
	mkdir -p build
	$(VENV)/bin/pybabel extract -F babel.cfg --no-location --sort-output --no-wrap --project=Palazzo -o $(POT) .
	for l in $(LANGS); do \
	  if [ -f companion/translations/$$l/LC_MESSAGES/messages.po ]; then \
	    $(VENV)/bin/pybabel update -i $(POT) -d companion/translations -l $$l --no-wrap --ignore-obsolete --no-fuzzy-matching; \
	  else \
	    $(VENV)/bin/pybabel init -i $(POT) -d companion/translations -l $$l --no-wrap; \
	  fi; \
	done
	# no dates in the headers: two branches that both ran this must not conflict over them
	sed -i '/^"POT-Creation-Date: /d; /^"PO-Revision-Date: /d' companion/translations/*/LC_MESSAGES/messages.po
	# French spacing before : ; ! ? and inside « » (companion/tools/typography.py)
	$(VENV)/bin/python -m companion.tools.typography companion/translations/fr/LC_MESSAGES/messages.po
	$(MAKE) compile-translations

compile-translations: $(RUNTIME)
	$(VENV)/bin/pybabel compile -d companion/translations --statistics
