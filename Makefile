# The short commands. `make run` and `make test` work on a fresh machine:
# each creates .venv if needed and installs the package with its test extras.
# `make test` runs every test, `make lint`'s checks (tests/test_lint.py) and
# the wheel and the sdist built and tried as a new user would
# (tests/installed/test_installed.py) among them.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# setuptools says "Editable installation ... be careful with folders in your
# working directory with the same name as your package" on every editable
# install, whatever the layout (a notice, no warning of ours): not shown.
QUIET_BUILD := PYTHONWARNINGS="ignore:Editable installation"

.PHONY: run test test-quick lint test-installed dist check bench venv clean chromium nginx tmux test-tools npm vendor docs

$(STAMP): setup.py pyproject.toml package.json package-lock.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	@$(MAKE) --no-print-directory npm
	$(BIN)/python setup.py vendor
	$(QUIET_BUILD) $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

# The menu, with retro's own exit status.  Ctrl-C inside a program goes to the
# terminal's foreground process group; were that make's, make would die of it
# (status 130) though the program only went back to the menu.  So retro runs
# as a job of its own (`set -m`: its own group, the terminal's foreground), and
# only retro sees Ctrl-C.  Ctrl-Z stops retro alone: then make is stopped too,
# so that the shell that ran make gets the terminal back, and when `fg`
# continues make, retro is continued (`fg`) where it was.  The waiting between
# is done with job control off (`set +m`): a SIGCONT to make's group (the
# user's `fg`) is noted too, so that a loop that did not run while make was
# stopped (a loaded machine, a quick `fg`) does not wait for a stop that has
# already passed.  With job control on, the shell (dash) would
# run each `sleep` as a foreground job and take the terminal from the user's
# shell for it, every turn of the loop (the user's shell then died of the next
# key typed).  Off, the recipe's shell goes back into make's group, which
# gives the terminal to that group first, while make still runs.
run: $(STAMP)
	@set -m; $(BIN)/retro; status=$$?; \
	make_stopped() { state=$$(cut -d' ' -f3 /proc/$$PPID/stat 2>/dev/null || ps -o stat= -p $$PPID); \
		case $$state in T*) return 0;; *) return 1;; esac; }; \
	while [ $$status = 148 ]; do \
		set +m; continued=; trap 'continued=1' CONT; \
		kill -TSTP $$PPID || break; \
		until make_stopped || [ -n "$$continued" ]; do sleep 0.1; done; \
		while make_stopped; do sleep 0.2; done; \
		trap - CONT; \
		set -m; \
		fg >/dev/null; status=$$?; \
	done; exit $$status

# The tests run in parallel (pytest-xdist), two workers a core (`make test
# WORKERS=1` for one at a time): a worker waits on a terminal, a browser or a
# server much of the time (with one a core, a 2-core machine was four-fifths
# busy), and a worker with nothing left takes tests queued for another
# (`--dist worksteal`); tests/conftest.py has those that build the tree take
# turns.  The lint and the try of the built wheel are tests too, so that
# their work overlaps the tests that wait rather than coming before and
# after them.  `make test-quick`, for the edit loop, leaves out the slow,
# pty and browser tests (their markers: tests/conftest.py).
WORKERS ?= $(shell $(PYTHON) -c 'import os; print(2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2 * (os.cpu_count() or 1))')
PYTEST  := $(BIN)/python -m pytest -n $(WORKERS) --dist worksteal

test: $(STAMP) test-tools
	$(PYTEST) -rfEs

test-quick: $(STAMP)
	$(PYTEST) -rfEs -m "not slow and not pty and not browser"

# The checks on their own, for the edit loop (their settings: [tool.mypy] and
# [tool.ruff] in pyproject.toml): mypy --strict over retro/, the runtime and
# its five ports; ruff's rules everywhere.  `make test` runs the same
# (tests/test_lint.py).
lint: $(STAMP)
	$(BIN)/python -m mypy
	$(BIN)/python -m ruff check .

# The browser tests (tests/web) drive the system's Chromium with Playwright,
# which downloads nothing, the reverse-proxy test starts the system's nginx,
# and the menu's scrollback test (tests/test_menu_scrollback.py) runs retro
# in tmux, a terminal that keeps one.  As root on Debian whichever is missing
# is installed here; elsewhere those tests are skipped with a message saying
# how to run them.
test-tools:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || missing="$$missing nginx"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "make: installing$$missing for the browser, reverse-proxy and scrollback tests (apt-get)"; \
		apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else \
		echo "make: no$$missing and no root to install it: their tests will be skipped"; \
	fi

chromium nginx tmux: test-tools

# npm, to fetch xterm.js once (setup.py vendor): as root on Debian, installed here.
npm:
	@command -v npm >/dev/null 2>&1 || \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "make: installing npm to fetch xterm.js for retro serve's page (apt-get install npm)"; \
		apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	else \
		echo "make: no npm and no root to install it: install npm (the build needs it once)"; \
	fi

# xterm.js for the page, as package-lock.json pins it (npm ci), copied into
# retro/web/static/vendor/; the wheel and sdist builds do the same (setup.py).
vendor:
	$(PYTHON) setup.py vendor

# The wheel and the sdist in dist/, checked by twine.
dist: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --outdir dist . > $(VENV)/build.log 2>&1 || { cat $(VENV)/build.log; exit 1; }
	$(BIN)/python -m twine check --strict dist/*

# The try of the built wheel on its own (`make test` runs it as
# tests/installed/test_installed.py).
test-installed: dist
	$(BIN)/python tests/installed/check_installed.py dist

check: $(STAMP)
	$(BIN)/retro check

# The README's pictures of the terminal (docs/terminal-*.svg, drawn from pyte's
# screen; their test fails when they are stale) and of `retro serve` (docs/retro-serve-menu.png,
# docs/retro-serve-game.png, docs/retro-serve-phone.png, docs/retro-serve-kiosk.png), taken by the browser
# tests that show those pages; the tests write them only when asked
# (RETRO_DOCS=1), never on an ordinary run.
DOCS_TESTS := test_a_teletype_port_plays_in_the_terminal_as_in_the_pipe and mj-weakness \
	or test_the_menu_and_a_session_at_any_width and 1280 \
	or test_a_phone_plays_a_teletype_game_by_touch and fortran-rcd and upright
docs: $(STAMP) test-tools
	RETRO_DOCS=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests/web/test_web_browser.py -k "$(DOCS_TESTS)"
	RETRO_DOCS=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests/web/test_web_kiosk.py -k test_the_kiosk_opens_on_the_loop
	RETRO_DOCS=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_terminal_pictures.py

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache node_modules retro/web/static/vendor
