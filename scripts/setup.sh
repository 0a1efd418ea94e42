#!/usr/bin/env bash
# One-step set-up for a fresh Debian machine: the Debian tools the given job
# needs (apt-get when missing), then the Python dependencies in .venv.
# Usage: scripts/setup.sh prove|test|bench|peers  (peers: also the optional JAX extra)
set -euo pipefail
cd "$(dirname "$0")/.."

job=${1:-prove}
# command -> Debian package
# cvc4: the second prover inside Why3 (Why3 1.5.1 detects CVC4, not cvc5); gcc: conform --impl kernel.c;
# bwrap: the sandbox of the code conform runs (conform/sandbox.py)
declare -A package=([why3]=why3 [z3]=z3 [cvc4]=cvc4 [gappa]=gappa [coqc]=coq [gcc]=gcc [bwrap]=bubblewrap)
if [[ $job == test ]]; then package[chromium]=chromium; fi

missing=()
for cmd in "${!package[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${package[$cmd]}")
done
# Flocq, the Coq library of the coq prover's proofs, is files, not a command
[[ -d "$(coqc -where 2>/dev/null)/user-contrib/Flocq/IEEE754" ]] || missing+=(libcoq-flocq)
if ((${#missing[@]})); then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: missing ${missing[*]}; install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 2
  fi
fi

extras=test stamp=.venv/.installed
if [[ $job == peers ]]; then extras=test,peers stamp=.venv/.installed-peers; fi
if [[ ! -f $stamp || pyproject.toml -nt $stamp || constraints.txt -nt $stamp ]]; then
  echo "setup: installing Python dependencies ($extras) into .venv (versions pinned by constraints.txt)"
  [[ -x .venv/bin/python ]] || python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -c constraints.txt -e ".[$extras]"
  touch "$stamp"
fi
# divbridge's bytecode, compiled once: with PYTHONDONTWRITEBYTECODE set (as on some CI images) every command
# would otherwise compile each module again (0.2 s of a 1 s warm `make prove`); a stale file is recompiled
.venv/bin/python -m compileall -q src/divbridge >/dev/null
