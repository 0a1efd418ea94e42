"""A user's C kernel as an implementation of an operator: ``path/to/kernel.c:FUNC``.

The kernel has the signature ``void FUNC(const T *a, const T *b, T *c, size_t n)``
with ``T`` the C type of the format (``float``, ``double``, ``intN_t``,
``uintN_t``; ``uint16_t`` bit patterns for FP16 and BF16), computing
``c[i] = a[i] op b[i]``; for an operator of one input ``void FUNC(const T *a, T *c,
size_t n)``, computing ``c[i] = op(a[i])``; in general one ``const`` array per input in the
description's order, then the result and n.  A condition input and a bool result are C ``bool``
arrays (``<stdbool.h>``): Where's ``void FUNC(const bool *cond, const T *x, const T *y, T *out,
size_t n)``, Less's ``void FUNC(const T *a, const T *b, bool *c, size_t n)``.  A file named without ``:FUNC`` defines one function
per type, named ``<op>_<dtype>`` (`function_name`: the operator's name in lower
case, an underscore and the format's name).  It is compiled
with the system C compiler into a shared library cached under
``.cache/divbridge/ckernels/`` by a hash of the source, the flags and the
compiler (``DIVBRIDGE_CACHE`` moves the root).

The library is only built here: it runs in a child process
(`crosscheck.child`), like every implementation under test.

The source is compiled with the user's flags and linked with ``-shared``
alone: linking with ``-ffast-math`` would link crtfastmath in, whose constructor
turns on flush-to-zero for the whole process that loads the library.  The
flags' effect on the generated code (reciprocals, contractions,
reassociation) is what gets checked.
"""

from __future__ import annotations

import hashlib
import os
import resource
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from divbridge import cachedir
from divbridge.errors import InputError, ToolMissing
from divbridge.formats import Format
from divbridge.operators.model import Operator
from divbridge.provers.process import communicate, kill

BASE_FLAGS = ["-O2", "-fPIC"]
COMPILE_SECONDS = 120.0              # gcc -O2 on a kernel takes well under a second here
COMPILE_MEMORY_BYTES = 4 * 1024**3   # cc1's address space


def function_name(op: Operator, fmt: Format) -> str:
    """The function a kernel file defines for the operator on the format: ``<op>_<dtype>``."""
    return f"{op.name.lower()}_{fmt.name}"


def compiler() -> str:
    found = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not found:
        raise ToolMissing("a C compiler (gcc)", "apt-get install gcc")
    return found


def cache_dir() -> Path:
    """The built kernels; with the caches off, a directory of this machine's temporary space."""
    root = cachedir.root()
    return (root if root is not None else Path(tempfile.gettempdir()) / "divbridge") / "ckernels"


def build(source: Path, cflags: str = "") -> Path:
    """The shared library of ``source`` compiled with ``cflags``, built once per content and flags.

    A compile error raises `InputError` carrying the compiler's first error line."""
    if not source.is_file():
        raise InputError("no such file", str(source))
    cc = compiler()
    try:
        flags = BASE_FLAGS + shlex.split(cflags)
    except ValueError as exc:
        raise InputError(f"--cflags {cflags!r}: {exc}") from None
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


def _limits() -> None:   # in the compiler's process, before it starts
    resource.setrlimit(resource.RLIMIT_AS, (COMPILE_MEMORY_BYTES, COMPILE_MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _run(command: list[str], source: Path) -> None:
    """The compiler on ``source``: no standard input (``#include "/dev/stdin"`` reads nothing), a memory limit,
    and a time limit that kills its whole process group (cc1, as)."""
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, errors="replace", env={**os.environ, "LC_ALL": "C"},   # ASCII quotes
                               start_new_session=True, preexec_fn=_limits)
    try:
        _, stderr, outcome = communicate(process, None, COMPILE_SECONDS)
    finally:
        kill(process)   # an interrupted build leaves no compiler behind
    if outcome != "done":
        raise InputError(f"does not compile within {COMPILE_SECONDS:.0f} s (stopped)", str(source))
    if process.returncode != 0:
        lines = stderr.splitlines()
        first = next((line for line in lines if "error" in line), lines[0] if lines else f"exit {process.returncode}")
        first = first.strip()  # gcc's line names file:line:col; a bad flag's does not
        raise InputError(f"does not compile: {first}" if first.startswith(str(source)) else
                         f"{source}: does not compile: {first}")
