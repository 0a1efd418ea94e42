"""divbridge: formal verification of ONNX element-wise operators as the SONNX profile specifies them.

The Python API (`divbridge.api`, re-exported here): ``evaluate``, ``read``, ``check``, ``prove``, ``load_results``,
``write_reports``.  It is imported on first use, so that ``import divbridge`` (and every command) stays quick.
"""

import importlib

from divbridge.errors import DivbridgeError, InputError, SpecViolation

__version__ = "0.1.0"
API = ("evaluate", "read", "check", "prove", "load_results", "write_reports")
__all__ = ["DivbridgeError", "InputError", "SpecViolation", "__version__", *API]


def __getattr__(name: str):
    if name in API:
        # by name, not `from divbridge import api`: every module imports this package (for __version__), and the
        # layers contract would read a static import as each of them reaching the API above it
        return getattr(importlib.import_module("divbridge.api"), name)
    raise AttributeError(f"module 'divbridge' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(API))
