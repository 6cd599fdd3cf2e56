# Two entry points: `make run` and `make test`. Both build .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	@if [ -n "$$DISCORD_TOKEN" ]; then \
		exec $(BIN)/railbot run; \
	else \
		echo "DISCORD_TOKEN is not set: starting the local client instead. Start each line with the player who types it, e.g. alice /game help (Ctrl-D to quit)."; \
		exec $(BIN)/railbot play; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint
	@$(BIN)/python tests/pg_server.py
	$(BIN)/pytest

clean:
	rm -rf $(VENV)
