# The two set-up commands: `make demo` and `make test`. Both create .venv if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test browser lint typecheck bench fuzz soak coverage mutate clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test,lsp,plot,cluster]'
	touch $(STAMP)

RC := $(BIN)/rulecraft

demo: $(STAMP)
	@echo "== Compiling every bundled ruleset =="
	@$(RC) check
	@$(RC) games
	@echo; echo "== Deck legality: a Doomtrooper deck against the Prague League 2010 rules =="
	@$(RC) deck check examples/decks/templars-legal.yaml
	@$(RC) deck check examples/decks/several-rules-at-once.yaml || true
	@echo; echo "== Exact odds: one Twilight Imperium domain counter drawn from the full pool of 44 =="
	@$(RC) odds twilight-imperium domain_counters
	@echo; echo "== Exact odds: the d10 reaction table after a total devastation =="
	@$(RC) odds twilight-imperium devastation
	@echo; echo "== Exact odds: Doom, wounds dealt by the pistol at range 3 against armour 1 =="
	@$(RC) odds doom attack_wounds weapon=pistol range=3 armor=1
	@echo; echo "== A seeded game excerpt: twilight-imperium/small_galaxy, seed 3, 4 rounds, random agents =="
	@$(RC) run twilight-imperium/small_galaxy --seed 3 --rounds 4
	@echo; echo "== A seeded Neuroshima Hex duel (the last lines) =="
	@$(RC) run neuroshima/duel --seed 2 | tail -n 12

# The browser tests (tests/serve: the deck page; tests/doc: the reference) drive playwright (the
# `browser` extra) and Debian's chromium: `make test` installs them where the machine allows
# (chromium with apt-get, as root); elsewhere the tests are skipped and say why. Neither ever
# fails the build.
BROWSER_STAMP := $(VENV)/.browser
CHROMIUM := /usr/bin/chromium

$(BROWSER_STAMP): $(STAMP)
	@$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test,lsp,plot,cluster,browser]' && touch $@ || \
		echo "note: playwright did not install: the browser test will be skipped"

browser: $(BROWSER_STAMP)
	@if [ -x $(CHROMIUM) ]; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get install -y -qq chromium >/dev/null 2>&1 || \
			{ apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium >/dev/null 2>&1; } || \
			echo "note: apt-get could not install chromium: the browser test will be skipped"; \
	else \
		echo "note: no $(CHROMIUM) (as root: apt-get install chromium): the browser test will be skipped"; \
	fi

test: $(STAMP) browser
	$(BIN)/ruff check rulecraft tests bench fuzz
	$(RC) fmt --check rulesets examples
	$(BIN)/mypy
	$(BIN)/python -m pytest
	$(BIN)/rulecraft coverage --summary

lint: $(STAMP)
	$(BIN)/ruff check rulecraft tests bench fuzz

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m bench

# Mutate the inputs strangers write for FUZZ_SECONDS (default an hour); new crashes are stored
# in fuzz/regressions/, which `make test` replays.
FUZZ_SECONDS ?= 3600
fuzz: $(STAMP)
	$(BIN)/python -m fuzz --seconds $(FUZZ_SECONDS)

# Every scenario of every bundled ruleset and mod played to its end by random agents for each of
# SOAK_SEEDS, every log replayed line for line (`make test` plays a slice: one seed each).
SOAK_SEEDS ?= 1-100
SOAK_JOBS ?= 2
soak: $(STAMP)
	$(BIN)/python -m tests.support.soak --seeds $(SOAK_SEEDS) --jobs $(SOAK_JOBS)

coverage: $(STAMP)
	$(BIN)/rulecraft coverage

# The rule-mutation score; MUTATE_ARGS narrows it, e.g. MUTATE_ARGS='--sample 3' or 'doom-base --jobs 1'.
mutate: $(STAMP)
	$(RC) mutate $(MUTATE_ARGS)

clean:
	rm -rf $(VENV) .rulecraft build *.egg-info
