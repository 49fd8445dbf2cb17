# The short commands. `make run` and `make test` work on a fresh machine:
# each creates .venv if needed and installs the package with its test extras.
# `make test` also builds the wheel and the sdist (`make dist`) and tries the
# wheel as a new user would (tests/installed/check_installed.py).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TOOLS  := $(VENV)/.dist-tools

.PHONY: run test test-installed dist check bench venv clean

$(STAMP): setup.cfg setup.py pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The packaging tools, for `make dist` only.
$(TOOLS): $(STAMP)
	$(BIN)/python -m pip install --quiet build twine
	touch $(TOOLS)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/retro

test: $(STAMP)
	$(BIN)/python -m pytest
	$(MAKE) test-installed

# The wheel and the sdist in dist/, checked by twine.
dist: $(TOOLS)
	rm -rf dist
	$(BIN)/python -m build --outdir dist . > $(VENV)/build.log 2>&1 || { cat $(VENV)/build.log; exit 1; }
	$(BIN)/python -m twine check --strict dist/*

test-installed: dist
	$(BIN)/python tests/installed/check_installed.py dist

check: $(STAMP)
	$(BIN)/retro check

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
