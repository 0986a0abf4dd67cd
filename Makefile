# The two set-up commands: `make demo` and `make test`. Both create .venv if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench coverage clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/rulecraft demo

test: $(STAMP)
	$(BIN)/ruff check compiler runtime rulecraft tests bench
	$(BIN)/python -m pytest
	$(BIN)/rulecraft coverage --summary

lint: $(STAMP)
	$(BIN)/ruff check compiler runtime rulecraft tests bench

bench: $(STAMP)
	$(BIN)/python -m bench

coverage: $(STAMP)
	$(BIN)/rulecraft coverage

clean:
	rm -rf $(VENV) .rulecraft build *.egg-info
