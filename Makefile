# Two commands do all set-up: `make demo` and `make test` (each creates .venv on first use).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,plot,cluster]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/puzzlesat solve magic-star --all

test: $(STAMP)
	$(PY) -m pytest -q

lint: $(STAMP)
	$(VENV)/bin/ruff check .

# The peer comparison of issue #6 (benchmarks/README.md): installs OR-Tools; MiniZinc/Gecode comes
# from Debian (apt-get install minizinc) and its column is left empty without it.
bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis *.egg-info
