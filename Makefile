# The two set-up commands of the README: `make prove` and `make test`.
# Each installs what it needs (scripts/setup.sh) before it runs.
VENV := .venv
PY := $(VENV)/bin/python
DIVBRIDGE := $(VENV)/bin/divbridge

.PHONY: prove replay why3-replay crosscheck test test-slow bench report audit clean

# The proof run of every document of proofs/spec/ (each operator's evidence into its directory: proofs/ for
# Div, proofs/mul/ ...), then the reports of every operator with their index; the exit code is the proof run's.
prove:
	@scripts/setup.sh prove
	@status=0; $(DIVBRIDGE) prove || status=$$?; $(DIVBRIDGE) report || true; exit $$status

# every proof recorded in proofs/results.json again, with the prover and version that gave it
replay:
	@scripts/setup.sh prove
	$(DIVBRIDGE) prove --replay

# every Why3 session (proofs/why3/<theory>/why3session.xml) through plain `why3 replay`, with this machine's
# Why3 configuration (detected into .cache/divbridge/why3/) and the project's driver; exit 1 unless all replay
why3-replay:
	@scripts/setup.sh prove
	$(PY) -m divbridge.provers.why3session proofs/why3

# the proved properties on vectors, and the peer table (proofs/peers.json), then the reports with it;
# the `peers` set-up adds the optional JAX extra
crosscheck:
	@scripts/setup.sh peers
	@status=0; $(DIVBRIDGE) crosscheck || status=$$?; $(DIVBRIDGE) report || true; exit $$status

# on every core: one test module per worker (its fixtures and private cache stay with it)
test:
	@scripts/setup.sh test
	$(PY) -m pytest -q -n auto --dist loadfile

test-slow:
	@scripts/setup.sh test
	$(PY) -m pytest -q -m slow

# BENCH=prove runs only benchmarks/bench_prove.py; BENCH_BASE=../wt-base (a worktree of an earlier
# commit) adds its figures, measured in the same run
bench:
	@scripts/setup.sh bench
	$(PY) benchmarks/run.py $(BENCH)

report:
	@scripts/setup.sh prove
	$(DIVBRIDGE) report

# the spec document in the working tree against its committed version (HEAD)
audit:
	@scripts/setup.sh test
	$(DIVBRIDGE) audit --git HEAD WORKTREE proofs/spec/div.md

clean:
	rm -rf .cache reports
