"""A user's C kernel as an implementation of Div: ``path/to/kernel.c:FUNC``.

The kernel has the signature ``void FUNC(const T *a, const T *b, T *c, size_t n)``
with ``T`` the C type of the format (``float``, ``double``, ``intN_t``,
``uintN_t``; ``uint16_t`` bit patterns for FP16 and BF16).  It is compiled
with the system C compiler into a shared library cached under
``.cache/divbridge/ckernels/`` by a hash of the source, the flags and the
compiler (``DIVBRIDGE_CACHE`` moves the root), and called through ctypes on
the NumPy arrays' buffers.

The source is compiled with the user's flags and linked with ``-shared``
alone: linking with ``-ffast-math`` would add crtfastmath, whose constructor
turns on flush-to-zero for the whole Python process and so would corrupt the
reference the kernel is judged against.  The flags' effect on the generated
code (reciprocals, contractions, reassociation) is what gets checked.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from divbridge.crosscheck.impls import Impl
from divbridge.errors import InputError, ToolMissing

BASE_FLAGS = ["-O2", "-fPIC"]


def compiler() -> str:
    found = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not found:
        raise ToolMissing("a C compiler (gcc)", "apt-get install gcc")
    return found


def cache_dir() -> Path:
    return Path(os.environ.get("DIVBRIDGE_CACHE", ".cache/divbridge")) / "ckernels"


def build(source: Path, cflags: str = "") -> Path:
    """The shared library of ``source`` compiled with ``cflags``, built once per content and flags.

    A compile error raises `InputError` carrying the compiler's first error line."""
    if not source.is_file():
        raise InputError("no such file", str(source))
    cc = compiler()
    flags = BASE_FLAGS + shlex.split(cflags)
    text = source.read_bytes()
    key = hashlib.sha256(b"\0".join([text, " ".join(flags).encode(), cc.encode()])).hexdigest()[:32]
    library = cache_dir() / f"{key}.so"
    if library.is_file():
        return library
    library.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=library.parent) as work:
        obj, so = Path(work) / "kernel.o", Path(work) / "kernel.so"
        _run([cc, *flags, "-c", str(source), "-o", str(obj)], source)
        _run([cc, "-shared", str(obj), "-o", str(so)], source)
        os.replace(so, library)  # atomic: a concurrent run sees the whole library or none
    return library


def _run(command: list[str], source: Path) -> None:
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "LC_ALL": "C"})  # ASCII quotes
    if done.returncode != 0:
        lines = done.stderr.splitlines()
        first = next((line for line in lines if "error" in line), lines[0] if lines else f"exit {done.returncode}")
        first = first.strip()  # gcc's line names file:line:col; a bad flag's does not
        raise InputError(f"does not compile: {first}" if first.startswith(str(source)) else
                         f"{source}: does not compile: {first}")


def load_c_kernel(source: Path, function: str, cflags: str = "") -> Impl:
    library = ctypes.CDLL(str(build(source, cflags).resolve()))
    try:
        kernel = getattr(library, function)
    except AttributeError:
        raise InputError(f"defines no exported function '{function}'", str(source)) from None
    kernel.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    kernel.restype = None

    def call(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        # The arrays' buffers hold exactly the C type (FP16/BF16 as their 16-bit patterns).
        a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
        c = np.empty_like(a)
        kernel(a.ctypes.data, b.ctypes.data, c.ctypes.data, a.size)
        return c

    name = f"{source}:{function}" + (f" [{cflags}]" if cflags else "")
    return Impl(name, call)
