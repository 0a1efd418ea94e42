"""A user's C kernel as an implementation of Div: ``path/to/kernel.c:FUNC``.

The kernel has the signature ``void FUNC(const T *a, const T *b, T *c, size_t n)``
with ``T`` the C type of the format (``float``, ``double``, ``intN_t``,
``uintN_t``; ``uint16_t`` bit patterns for FP16 and BF16).  It is compiled
with the system C compiler into a shared library cached under
``.cache/divbridge/ckernels/`` by a hash of the source, the flags and the
compiler (``DIVBRIDGE_CACHE`` moves the root).

The library runs in a long-lived child process (`KernelProcess`), so that a
crash in the kernel is a finding about that kernel, not the end of divbridge:
the job it died on is reported as an `ImplError` naming the input it died on,
and the next call starts a new child.  Operands and results pass through
files both processes map, not through pipes.

The source is compiled with the user's flags and linked with ``-shared``
alone: linking with ``-ffast-math`` would add crtfastmath, whose constructor
turns on flush-to-zero for the whole process that loads the library.  The
flags' effect on the generated code (reciprocals, contractions,
reassociation) is what gets checked.

Run as ``python -m divbridge.crosscheck.ckernel DIR LIBRARY FUNCTION`` it is that child.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import select
import shlex
import shutil
import subprocess
import sys
import tempfile
import weakref
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from divbridge import cachedir
from divbridge.crosscheck.impls import Impl
from divbridge.crosscheck.outcome import ImplError, check_result, describe_exit, last_line
from divbridge.errors import InputError, ToolMissing
from divbridge.formats import Format

BASE_FLAGS = ["-O2", "-fPIC"]


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


PIECES = 4096   # a job the child died on is run again in this many pieces, then the fatal piece likewise
# how long a call may take before the kernel counts as hung: 30 s, plus 1 us a pair (the slowest kernel
# measured, FP16 through libgcc conversions without -mf16c, takes 37 ns a pair)
HANG_SECONDS = 30.0
HANG_SECONDS_PER_PAIR = 1e-6


@dataclass(frozen=True)
class Hang:
    """A call the kernel did not return from within ``seconds``."""

    seconds: float


class KernelProcess:
    """The kernel's library loaded in a child process that lives as long as this object.

    The parent writes the operands into the files ``a`` and ``b`` of a temporary
    directory (in /dev/shm when there is one) and sends ``ITEMSIZE CAPACITY OFFSET
    COUNT`` on the child's stdin; the child calls the kernel on its mappings of the
    files and answers ``done`` (end of file instead: it died).  The child maps ``a``
    and ``b`` read-only, so a kernel that writes its ``const`` inputs dies too."""

    def __init__(self, library: Path, function: str, source: str):
        self.source = source
        shm = "/dev/shm" if os.path.isdir("/dev/shm") else None   # memory, never written back to a disk
        self._tmp = tempfile.TemporaryDirectory(prefix="divbridge-ckernel-", dir=shm)
        self.directory = Path(self._tmp.name)
        self._command = [sys.executable, "-m", "divbridge.crosscheck.ckernel", str(self.directory),
                         str(library), function]
        self._capacity = 0
        self._maps: dict[str, np.ndarray] = {}
        self._proc: subprocess.Popen | None = None
        self._child: list[subprocess.Popen | None] = [None]   # the current child, for the finalizer
        weakref.finalize(self, _stop, self._child)
        self._start()   # the library loads and defines the function, or bad input now

    def inputs(self, dtype: np.dtype, count: int) -> tuple[np.ndarray, np.ndarray]:
        """Arrays for ``count`` operands that `run` passes to the child without a copy."""
        a, b, _ = self._buffers(dtype, count)
        return a, b

    def run(self, fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray | ImplError:
        """The kernel's result, or the crash with the input it happened on.

        Operands taken from `inputs` are not copied, and their result is the output
        buffer itself, valid until the next call; other operands are copied in, and
        the result out."""
        a_in, b_in, out = self._buffers(a.dtype, a.size)
        shared = _same(a, a_in) and _same(b, b_in)
        if not shared:
            a_in[...], b_in[...] = a.ravel(), b.ravel()
        death = self._call(a.dtype.itemsize, 0, a.size)
        if isinstance(death, Hang):   # not located: every piece could hang as long again
            return ImplError("hang", f"the C kernel did not return within {death.seconds:.0f} s (stopped) "
                                     f"{_where(fmt, a_in, b_in, 0, a.size)}")
        if death is not None:
            start, count = self._locate(a.dtype.itemsize, a.size)
            return ImplError("crash", f"{death} {_where(fmt, a_in, b_in, start, count)}")
        return check_result(fmt, a, out.reshape(a.shape) if shared else out.reshape(a.shape).copy())

    # -- the child -----------------------------------------------------------------

    def _start(self) -> None:
        with open(self.directory / "stderr.txt", "wb") as stderr:
            self._proc = subprocess.Popen(self._command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        self._child[0] = self._proc
        reply = self._proc.stdout.readline().decode().strip()
        if reply != "ready":
            raise InputError(reply or f"cannot be loaded: {self._death()}", self.source)

    def _call(self, itemsize: int, offset: int, count: int) -> "str | Hang | None":
        """The kernel on elements [offset, offset + count) of the files: None, how the child died,
        or a `Hang` when it did not answer within its allowance (the child is then killed)."""
        if self._proc is None:
            self._start()
        allowance = HANG_SECONDS + count * HANG_SECONDS_PER_PAIR
        try:
            self._proc.stdin.write(f"{itemsize} {self._capacity} {offset} {count}\n".encode())
            self._proc.stdin.flush()
            if not select.select([self._proc.stdout], [], [], allowance)[0]:
                self._proc.kill()
                self._proc.wait()
                self._proc = None
                return Hang(allowance)
            if self._proc.stdout.readline() == b"done\n":
                return None
        except BrokenPipeError:
            pass
        return self._death()

    def _death(self) -> str:
        code = self._proc.wait()
        self._proc = None
        text = describe_exit("C kernel", code)
        if code >= 0:   # not a signal: the child's last words say why
            text += f": {last_line((self.directory / 'stderr.txt').read_text(errors='replace'))}"
        return text

    def _locate(self, itemsize: int, count: int) -> tuple[int, int]:
        """(start, count) of the shortest run of pairs found to kill the child on its own:
        the job again in up to PIECES calls, then the piece it died on likewise."""
        start = 0
        while count > 1:
            step = -(-count // PIECES)
            for offset in range(start, start + count, step):
                size = min(step, start + count - offset)
                if self._call(itemsize, offset, size) is not None:
                    break
            else:
                break   # no piece kills it alone
            start, count = offset, size
        return start, count

    def _buffers(self, dtype: np.dtype, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        nbytes = count * dtype.itemsize
        if nbytes > self._capacity or not self._maps:
            self._capacity = max(nbytes, 4096)   # the child remaps when the capacity it is sent changes
            for name in "abc":
                path = self.directory / name
                path.touch()
                os.truncate(path, self._capacity)
                self._maps[name] = np.asarray(np.memmap(path, np.uint8, "r+"))
        return tuple(self._maps[name][:nbytes].view(dtype) for name in "abc")


def _stop(child: list) -> None:
    """End the child: it exits when its stdin closes."""
    proc = child[0]
    if proc is not None and proc.poll() is None:
        proc.stdin.close()
        proc.wait()


def _same(x: np.ndarray, buffer: np.ndarray) -> bool:
    return x.flags.c_contiguous and x.ctypes.data == buffer.ctypes.data and x.size == buffer.size


def _where(fmt: Format, a: np.ndarray, b: np.ndarray, start: int, count: int) -> str:
    from divbridge.crosscheck.conform import show   # lazily: the child process never needs it
    first = f"{show(fmt, a[start])} / {show(fmt, b[start])}"
    return f"on {first}" if count == 1 else f"on one of {count} pairs from {first} on"


@dataclass
class CKernel(Impl):
    """A C kernel as an implementation: `Impl.run` through its child process."""
    process: KernelProcess | None = None

    def run(self, fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray | ImplError:
        return self.process.run(fmt, a, b)

    def inputs(self, fmt: Format, count: int) -> tuple[np.ndarray, np.ndarray]:
        return self.process.inputs(fmt.dtype, count)


def load_c_kernel(source: Path, function: str, cflags: str = "") -> CKernel:
    process = KernelProcess(build(source, cflags).resolve(), function, str(source))
    return CKernel(f"{source}:{function}" + (f" [{cflags}]" if cflags else ""), process=process)


def _serve(directory: Path, library: str, function: str) -> int:
    """The child: load the kernel, then run it on the mapped files for each command on stdin."""
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)   # what the kernel prints goes to stderr, not into the replies
    try:
        kernel = getattr(ctypes.CDLL(library), function)
    except AttributeError:
        replies.write(f"defines no exported function '{function}'\n")
        return 0
    except OSError as exc:
        replies.write(f"cannot be loaded: {exc}\n")
        return 0
    kernel.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    kernel.restype = None
    replies.write("ready\n")
    replies.flush()
    mapped, addresses = 0, {}
    for line in sys.stdin:
        itemsize, capacity, offset, count = map(int, line.split())
        if capacity != mapped:
            maps = {name: np.memmap(directory / name, np.uint8, mode, shape=capacity)
                    for name, mode in (("a", "r"), ("b", "r"), ("c", "r+"))}
            addresses = {name: m.ctypes.data for name, m in maps.items()}
            mapped = capacity
        kernel(*(addresses[name] + offset * itemsize for name in "abc"), count)
        replies.write("done\n")
        replies.flush()
    return 0


if __name__ == "__main__":
    sys.exit(_serve(Path(sys.argv[1]), sys.argv[2], sys.argv[3]))
