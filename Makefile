# The two set-up commands of the README: `make prove` and `make test`.
# Each installs what it needs (scripts/setup.sh) before it runs.
VENV := .venv
PY := $(VENV)/bin/python
DIVBRIDGE := $(VENV)/bin/divbridge

.PHONY: prove test test-slow bench report audit clean

prove:
	@scripts/setup.sh prove
	$(DIVBRIDGE) prove

test:
	@scripts/setup.sh test
	$(PY) -m pytest -q

test-slow:
	@scripts/setup.sh test
	$(PY) -m pytest -q -m slow

bench:
	@scripts/setup.sh bench
	$(PY) benchmarks/run.py

report:
	@scripts/setup.sh prove
	$(DIVBRIDGE) report

clean:
	rm -rf .cache reports
