# The two set-up commands of the README: `make prove` and `make test`.
# Each installs what it needs (scripts/setup.sh) before it runs.
VENV := .venv
PY := $(VENV)/bin/python
DIVBRIDGE := $(VENV)/bin/divbridge

.PHONY: prove test test-slow bench report audit crosscheck clean

# The proof run, then the reports; the exit code is the proof run's.
prove:
	@scripts/setup.sh prove
	@status=0; $(DIVBRIDGE) prove || status=$$?; $(DIVBRIDGE) report || true; exit $$status

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

# the peer table (proofs/peers.json, committed); JAX is an optional extra, installed here
crosscheck:
	@scripts/setup.sh test
	@$(PY) -c "import jax" 2>/dev/null || $(PY) -m pip install -q --disable-pip-version-check -e '.[test,peers]'
	$(DIVBRIDGE) crosscheck

# the spec document in the working tree against its committed version (HEAD)
audit:
	@scripts/setup.sh test
	$(DIVBRIDGE) audit --git HEAD WORKTREE proofs/spec/div.md

clean:
	rm -rf .cache reports
