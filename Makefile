# plansza — the two commands of the README are `make run` and `make test`.
# Both create .venv and install everything they need (dependencies, the compiled
# core, the default lexicon) on a fresh machine, with no manual step.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# Rebuild the editable install when the build inputs or the C sources change.
BUILD_INPUTS := pyproject.toml setup.py $(shell find src -name '*.c' -o -name '*.h' -o -name '*.po' 2>/dev/null)
PYTEST_ARGS ?=

.PHONY: setup run test check bench clean messages docs

setup: $(STAMP)
	$(PY) -m plansza lexicon ensure

$(STAMP): $(BUILD_INPUTS)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,postgres,redis]'
	$(PY) scripts/messages.py --compile
	touch $(STAMP)

# The web app on http://localhost:8000/ (the terminal game: .venv/bin/plansza play).
run: setup
	$(VENV)/bin/plansza serve --host 127.0.0.1 --port 8000 $(SERVE_ARGS)

# The checks first, then the whole suite (CI's .ci/run is `make test`).
test: check
	$(PY) -m pytest -q -n 2 $(PYTEST_ARGS)

# Lint, strict types, the import layers, dead code (vulture reads [tool.vulture] in
# pyproject.toml and scripts/vulture_whitelist.py).
check: setup
	$(VENV)/bin/ruff check src tests benchmarks scripts
	$(VENV)/bin/mypy --strict src/plansza
	$(VENV)/bin/lint-imports --no-cache
	$(PY) -m vulture

# Every benchmark runs even when one misses its target; the ones that did are named at
# the end and the target fails.
bench: setup
	@failed=""; for script in benchmarks/[!_]*.py; do echo "== $$script"; \
	    $(PY) $$script || failed="$$failed $$script"; done; \
	if [ -n "$$failed" ]; then echo "missed their targets:$$failed"; exit 1; fi

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete

# The message catalogues: extract the English ids from the sources and templates,
# merge them into the Polish and English .po files (translators edit those), compile.
messages: $(STAMP)
	$(PY) scripts/messages.py

# The API documentation, generated from the docstrings by pdoc: the flat API of
# ``plansza`` first, then every public module. HTML in build/api/ (not committed).
docs: $(STAMP)
	$(PY) scripts/api_docs.py build/api
