"""`make bench`: run every benchmarks/bench_*.py and record its figures.

Each bench module has ``run() -> dict`` of named figures (seconds, bytes,
counts).  Figures go to benchmarks/figures.json, one section per module,
with the date and machine, written atomically; sections of modules not run
this time are kept.  Usage: run.py [NAME ...] to run only some.
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import sys
from datetime import datetime, timezone
from pathlib import Path

from divbridge.atomicio import write_json_atomic

HERE = Path(__file__).resolve().parent
FIGURES = HERE / "figures.json"


def main(selected: list[str]) -> int:
    figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if selected and name not in selected:
            continue
        print(f"bench {name} ...", flush=True)
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        result = module.run()
        figures[name] = {
            "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "machine": f"{platform.machine()} {os.cpu_count()} cores",
            **result,
        }
        write_json_atomic(FIGURES, figures)
        for key, value in result.items():
            print(f"  {key}: {value}")
    print(f"figures written to {FIGURES.relative_to(Path.cwd()) if FIGURES.is_relative_to(Path.cwd()) else FIGURES}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
