# Two commands do all set-up: `make demo` and `make test` (each creates .venv on first use).
# `make demo` installs what puzzlesat needs to run; `make test` adds the test tools. The optional
# extras (matplotlib for `compare --plot`, Dask for `--scheduler`) come only with `make extras`;
# without them their tests skip.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: demo test test-sweeps extras lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(TEST_STAMP)

demo: $(STAMP)
	$(VENV)/bin/puzzlesat solve magic-star --all

# About 8 minutes on 2 cores, a pytest-xdist worker on each: a dot per test with the percentage done, the ten slowest
# tests at the end. The sweeps run one at a time (they make their own load).
test: $(TEST_STAMP)
	$(PY) -m pytest -n 2 --durations=10

# The sweeps too (browser sweeps, stops repeated twenty times under load, the slowest real link).
test-sweeps: $(TEST_STAMP)
	PUZZLESAT_SWEEPS=1 $(PY) -m pytest --durations=10

# compare --plot (matplotlib) and --scheduler (Dask), and the tests that use them (.ci/run installs them).
extras: $(TEST_STAMP)
	$(PY) -m pip install --quiet -e '.[plot,cluster,web]'

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# The peer comparison of issue #6 (benchmarks/README.md): installs OR-Tools; MiniZinc/Gecode comes
# from Debian (apt-get install minizinc) and its column is left empty without it.
bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis *.egg-info
