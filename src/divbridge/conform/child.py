"""Code under test runs here: in a child process, with a time and a memory limit.

One harness for every implementation a user hands to `divbridge conform`: a
C kernel (a shared library called through ctypes: ``void FUNC(const T *a,
const T *b, T *c, size_t n)``, one array per input, a condition or a bool result
an array of C ``bool``: `conform.ckernel`) and a Python function (``path/file.py:FUNC`` or
``module:FUNC``, taking the operator's inputs as NumPy arrays, two or one, and
returning one).  Neither is
ever loaded into divbridge's own process, so whatever it does (raise, call
``sys.exit`` or ``os._exit``, crash on a signal, hang, exhaust its memory)
is a finding about it, with the input it happened on, and divbridge's exit
code stays divbridge's.

`ImplProcess` keeps one child alive for as long as it is used.  The parent
keeps the operands and results in its own memory and copies them (``pwrite``,
``pread``) into and out of the files ``a``, ``b`` and ``c`` of a temporary
directory (in /dev/shm when there is one); it never maps them, so a child that
truncates or rewrites them spoils only its own answer (a short result is a
finding), never divbridge (no ``SIGBUS``).  It sends ``FORMAT CAPACITY OFFSET
COUNT`` on the child's stdin; the child runs the implementation on its
mappings of the files, writes the result into ``c`` and answers ``done`` (or
``error KIND DETAIL`` for an exception or a result that is not an array of the
format).  End of file instead of an answer: it died, and the job is run again
in pieces to find the input it dies on; the next call starts a new child.  No
answer within `allowance` seconds: it hangs, and is killed.  The child maps
``a`` and ``b`` read-only, so a kernel that writes its ``const`` inputs dies
too.

The child starts as ``python -I`` (no ``PYTHONPATH``, no user site, neither
the script's directory nor the working directory on the import path: a
``numpy.py`` beside the user cannot shadow NumPy) in an empty working
directory of its own, confined as `sandbox` describes (an unprivileged user,
its own namespaces, nothing of the machine writable but its folder, a cgroup
for the whole tree, killed with divbridge); without a sandbox only when the
user said ``--unsandboxed``.  Its process group (and namespace) is killed by
`close` (also on Ctrl-C or SIGTERM), whatever the code under test started, and
the directory removed.  In the child, ``RLIMIT_AS`` bounds each process's
memory, core dumps are off, and it dies with its parent (``PR_SET_PDEATHSIG``).

`main(DIR MEMORY_MB KIND WHERE FUNCTION SOURCE ARITY)` is that child (KIND:
``c``, ``file`` or ``module``; ARITY: how many inputs the implementation takes).
"""

from __future__ import annotations

import json
import math
import os
import resource
import select
import shutil
import signal
import subprocess
import sys
import weakref
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from divbridge import children
from divbridge.conform import sandbox
from divbridge.conform.outcome import ImplError, check_result, describe_exit, last_line, operand_columns, result_shape
from divbridge.errors import InputError
from divbridge.formats import Format, describe_element, get_format

PR_SET_PDEATHSIG = 1   # prctl(2)
PIECES = 4096   # a job the child died on is run again in this many pieces, then the fatal piece likewise
# how long a call may take before the implementation counts as hung: 30 s, plus 1 us a pair (the slowest
# kernel measured, FP16 through libgcc conversions without -mf16c, takes 37 ns a pair)
HANG_SECONDS = 30.0
HANG_SECONDS_PER_PAIR = 1e-6
MEMORY_MB = 8192   # the child's address space: NumPy, the user's imports and the operands fit many times over
LABELS = {"c": "C kernel", "file": "Python implementation", "module": "Python implementation"}
SOURCE_ROOT = Path(__file__).resolve().parents[2]   # the directory holding the divbridge package
# The child's start: divbridge's own source first on an import path that `python -I` keeps free of the
# working directory and PYTHONPATH.
BOOT = "import sys; sys.path.insert(0, sys.argv[1]); from divbridge.conform.child import main; sys.exit(main(sys.argv[2:]))"


def allowance(count: int) -> float:
    return HANG_SECONDS + count * HANG_SECONDS_PER_PAIR


@dataclass(frozen=True)
class Hang:
    """A call the implementation did not return from within ``seconds``."""

    seconds: float


class ImplProcess:
    """An implementation loaded in a child process that lives as long as this object (or until `close`)."""

    def __init__(self, kind: str, where: str, function: str, source: str, infix: str, unsandboxed: bool = False,
                 kinds: tuple[str, ...] = ("T", "T"), result: str = "same"):
        self.source = source          # how the user named it, for messages
        self.infix = infix            # the operator's symbol, for the inputs a message shows: "/"
        self.arity = len(kinds)       # the inputs it takes: A and B, or A alone, or a condition, X and Y
        self.result = result          # its result's type: the inputs' ("same") or bool (`Operation.result`)
        if not unsandboxed and not sandbox.available():
            raise InputError(f"no sandbox for code under test: {sandbox.unavailable()}; --unsandboxed runs it "
                             "without one, with all your rights", source)
        self.sandboxed = not unsandboxed
        if kind in ("c", "file"):     # the child works in a directory of its own
            where = str(Path(where).resolve())
        self.label = LABELS[kind]
        sandbox.clean_leftovers()     # of runs killed by SIGKILL
        self.directory = sandbox.new_folder()   # its cwd and $HOME inside: empty, its own
        self._cgroup = sandbox.Cgroup(MEMORY_MB * 1024 * 1024)
        self._readable: list[Path] = []   # what the sandboxed child may read of the implementation
        if self.sandboxed:
            where = self._visible(kind, Path(where))
        inner = [sys.executable, "-I", "-c", BOOT, str(SOURCE_ROOT), str(self.directory), str(MEMORY_MB), kind,
                 where, function, source, ",".join(kinds), result]
        self._command = (sandbox.command(inner, self.directory, [SOURCE_ROOT, *self._readable], self._cgroup)
                         if self.sandboxed else self._cgroup.wrap(inner))
        self._capacity = 0
        self._buffers_of: dict[str, np.ndarray] = {}   # the parent's own copies of a, b and c
        self._files: dict[str, int] = {}               # descriptors of the files the child maps
        self._proc: subprocess.Popen | None = None
        self._state = {"proc": None, "directory": self.directory, "files": self._files,
                       "cgroup": self._cgroup}   # what the finalizer ends
        self._finalizer = weakref.finalize(self, _end, self._state)
        self._start()   # the implementation loads and defines the function, or bad input now

    def _visible(self, kind: str, path: Path) -> str:
        """Where the sandboxed child finds the implementation (its path, or a copy in its folder when the
        sandbox's user may not read it there); sets the paths it may read (`_readable`)."""
        self._readable: list[Path] = []
        if kind == "module":   # imported from the Python installation's own packages
            return str(path)
        if kind == "file" and sandbox.own_directory(path.parent):   # its own helpers import beside it
            self._readable.append(path.parent)
        if sandbox.readable_by_sandbox(path):
            self._readable.append(path)
            return str(path)
        staged = self.directory / "implementation"
        staged.mkdir()
        copy = staged / path.name
        shutil.copyfile(path, copy)
        for made in (staged, copy):
            sandbox.give(made)
        return str(copy)

    def close(self) -> None:
        """Kill the child (and anything it started) and remove the shared files."""
        self._finalizer()

    def inputs(self, dtype: np.dtype, count: int) -> tuple[np.ndarray, np.ndarray]:
        """Arrays for ``count`` operands that `run` passes to the child without a copy."""
        a, b, _ = self._buffers(dtype, count)
        return a, b

    def run(self, fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray | ImplError:
        """The implementation's result, or what went wrong with the input it happened on.

        Operands taken from `inputs` are not copied, and their result is the output
        buffer itself, valid until the next call; other operands are copied in, and
        the result out.  Stacks of matrices (a contraction: [k, m, n] and [k, n, p]) go with their shapes."""
        if a.ndim > 1:
            return self._run_matrices(fmt, a, b)
        a_in, b_in, out = self._buffers(fmt.dtype, a.size)
        shared = _same(a, a_in) and _same(b, b_in)
        if not shared:
            a_in[...], b_in[...] = a.ravel(), b.ravel()
        _write_all(self._files["a"], a_in)
        _write_all(self._files["b"], b_in)
        answer = self._call(fmt.name, 0, a.size)
        if isinstance(answer, Hang):   # not located: every piece could hang as long again
            return ImplError("hang", f"the {self.label} did not return within {answer.seconds:.0f} s (stopped) "
                                     f"{self._where(fmt, a_in, b_in, 0, a.size)}")
        if isinstance(answer, ImplError):
            return answer
        if answer is not None:
            start, count = self._locate(fmt.name, a.size)
            return ImplError("crash", f"{answer} {self._where(fmt, a_in, b_in, start, count)}")
        if not _read_all(self._files["c"], out):
            return ImplError("crash", f"the {self.label} truncated its result file {self._where(fmt, a_in, b_in, 0, a.size)}")
        if self.result == "bool":     # the child wrote each truth value as 1 or 0 of the inputs' type
            return out.reshape(a.shape) != 0
        return out.reshape(a.shape) if shared else out.reshape(a.shape).copy()

    def _run_matrices(self, fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray | ImplError:
        """`run` on stacks of matrix pairs, the result a stack of their contractions (`outcome.result_shape`): a
        crash or a hang is not located (a piece of a stack is no stack)."""
        shape = result_shape(a, b, contraction=True)
        size = max(a.size, b.size, math.prod(shape))
        a_in, b_in, out = self._buffers(fmt.dtype, size)
        a_in[:a.size], b_in[:b.size] = a.ravel(), b.ravel()
        _write_all(self._files["a"], a_in)
        _write_all(self._files["b"], b_in)
        answer = self._call(fmt.name, 0, size, (a.shape, b.shape))
        where = f"on one of {a.shape[0]} pairs of a {a.shape[1]} x {a.shape[2]} and a {b.shape[1]} x {b.shape[2]} matrix"
        if isinstance(answer, Hang):
            return ImplError("hang", f"the {self.label} did not return within {answer.seconds:.0f} s (stopped) {where}")
        if isinstance(answer, ImplError):
            return answer
        if answer is not None:
            return ImplError("crash", f"{answer} {where}")
        if not _read_all(self._files["c"], out):
            return ImplError("crash", f"the {self.label} truncated its result file {where}")
        return out[:math.prod(shape)].reshape(shape).copy()

    def _where(self, fmt: Format, a: np.ndarray, b: np.ndarray, start: int, count: int) -> str:
        """On which inputs it happened: the first of them (A op B, or A alone), and how many."""
        first = describe_element(fmt, a[start]) if self.arity == 1 else \
            f"{describe_element(fmt, a[start])} {self.infix} {describe_element(fmt, b[start])}"
        return f"on {first}" if count == 1 else \
            f"on one of {count} {'inputs' if self.arity == 1 else 'pairs'} from {first} on"

    # -- the child -----------------------------------------------------------------

    def _start(self) -> None:
        with open(self.directory / "stderr.txt", "wb") as stderr:
            self._proc = subprocess.Popen(self._command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=stderr, start_new_session=True, cwd=self.directory / "cwd")
        self._state["proc"] = self._proc
        if not select.select([self._proc.stdout], [], [], HANG_SECONDS)[0]:
            self._kill()
            raise InputError(f"the {self.label} did not load within {HANG_SECONDS:.0f} s", self.source)
        reply = self._proc.stdout.readline().decode(errors="replace").strip()
        if reply == "ready":
            return
        if reply.startswith("{"):
            problem = json.loads(reply)
            self._kill()
            raise InputError(problem["message"], problem.get("path"), problem.get("line"))
        raise InputError(f"cannot be loaded: {self._death()}", self.source)

    def _call(self, format_name: str, offset: int, count: int,
              shapes: tuple[tuple[int, ...], ...] = ()) -> "str | Hang | ImplError | None":
        """The implementation on elements [offset, offset + count) of the files (or on the stacks of matrices of
        these ``shapes`` at their start): None when it answered, its error, how the child died, or a `Hang` (the
        child is then killed)."""
        if self._proc is None:
            self._start()
        limit = allowance(count)
        try:
            shown = "".join(" " + "x".join(map(str, shape)) for shape in shapes)
            self._proc.stdin.write(f"{format_name} {self._capacity} {offset} {count}{shown}\n".encode())
            self._proc.stdin.flush()
            if not select.select([self._proc.stdout], [], [], limit)[0]:
                self._kill()
                return Hang(limit)
            reply = self._proc.stdout.readline().decode(errors="replace")
        except BrokenPipeError:
            reply = ""
        if reply == "done\n":
            return None
        if reply.startswith("error "):
            kind, _, detail = reply[len("error "):].rstrip("\n").partition(" ")
            return ImplError(kind, detail)
        return self._death()

    def _kill(self) -> None:
        _kill(self._proc)
        self._proc = self._state["proc"] = None

    def _death(self) -> str:
        code = self._proc.wait()
        if self.sandboxed and code > 128:   # bwrap passes a death by a signal on as 128 + the signal, as a shell
            code = 128 - code
        self._proc = self._state["proc"] = None
        text = describe_exit(self.label, code)
        if code >= 0:   # not a signal: the child's last words say why
            text += f": {last_line((self.directory / 'stderr.txt').read_text(errors='replace'))}"
        return text

    def _locate(self, format_name: str, count: int) -> tuple[int, int]:
        """(start, count) of the shortest run of pairs found to kill the child on its own:
        the job again in up to PIECES calls, then the piece it died on likewise."""
        start = 0
        while count > 1:
            step = -(-count // PIECES)
            for offset in range(start, start + count, step):
                size = min(step, start + count - offset)
                if isinstance(self._call(format_name, offset, size), (str, Hang)):
                    break
            else:
                break   # no piece kills it alone
            start, count = offset, size
        return start, count

    def _buffers(self, dtype: np.dtype, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        nbytes = count * dtype.itemsize
        if nbytes > self._capacity or not self._buffers_of:
            self._capacity = max(nbytes, 4096)   # the child remaps when the capacity it is sent changes
            for name in "abc":
                if name not in self._files:
                    self._files[name] = os.open(self.directory / name, os.O_RDWR | os.O_CREAT, 0o600)
                    sandbox.give(self._files[name])
                os.ftruncate(self._files[name], self._capacity)
                self._buffers_of[name] = np.zeros(self._capacity, np.uint8)
        return tuple(self._buffers_of[name][:nbytes].view(dtype) for name in "abc")


def _write_all(fd: int, array: np.ndarray) -> None:
    view, done = memoryview(array.reshape(-1).view(np.uint8)), 0
    while done < len(view):
        done += os.pwrite(fd, view[done:], done)


def _read_all(fd: int, array: np.ndarray) -> bool:
    """Fill ``array`` from the file; False when the file is shorter (the child truncated it)."""
    view, done = memoryview(array.reshape(-1).view(np.uint8)), 0
    while done < len(view):
        got = os.preadv(fd, [view[done:]], done)
        if got == 0:
            return False
        done += got
    return True


def _kill(proc: subprocess.Popen | None) -> None:
    if proc is None:
        return
    below = children.descendants(proc.pid)   # a setsid() one too (outside namespaces it leaves the group)
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for pid in below:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait()


def _end(state: dict) -> None:
    """Kill the child's process group (its namespace and cgroup with it) and remove its directory (what
    `close` and the finalizer do)."""
    _kill(state["proc"])
    state["proc"] = None
    state["cgroup"].remove()
    for fd in state["files"].values():
        os.close(fd)
    state["files"].clear()
    sandbox.clean_directory(state["directory"])


def _same(x: np.ndarray, buffer: np.ndarray) -> bool:
    return x.flags.c_contiguous and x.ctypes.data == buffer.ctypes.data and x.size == buffer.size


# -- in the child ------------------------------------------------------------------------

def _load(kind: str, where: str, function: str, source: str, arity: int):
    """The callable, or a dict describing why it cannot be had (sent to the parent as JSON)."""
    if kind == "c":
        import ctypes
        try:
            kernel = getattr(ctypes.CDLL(where), function)
        except AttributeError:
            return {"message": f"defines no exported function '{function}'", "path": source}
        except OSError as exc:
            return {"message": f"cannot be loaded: {exc}", "path": source}
        kernel.argtypes = [ctypes.c_void_p] * (arity + 1) + [ctypes.c_size_t]   # its inputs, C, n
        kernel.restype = None
        return kernel
    import importlib
    import importlib.util
    if kind == "file":
        path = Path(where)
        spec = importlib.util.spec_from_file_location(f"divbridge_impl_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as exc:  # noqa: BLE001 - the user's file: report, don't trace back
            return {"message": f"cannot load: {type(exc).__name__}: {exc}", "path": source,
                    "line": _error_line(exc, path)}
    else:
        try:
            module = importlib.import_module(where)
        except Exception as exc:  # noqa: BLE001
            return {"message": f"--impl '{source}': cannot import {where}: {type(exc).__name__}: {exc}"}
    target = getattr(module, function, None)
    if not callable(target):
        return {"message": f"--impl '{source}': {where} has no function '{function}'"}
    return target


def _error_line(exc: BaseException, path: Path) -> int | None:
    if isinstance(exc, SyntaxError):
        return exc.lineno
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if Path(tb.tb_frame.f_code.co_filename).resolve() == path.resolve():
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _c_call(kernel, fmt: Format, inputs: tuple[np.ndarray, ...], c: np.ndarray, result: str) -> str:
    """Run a C kernel: a condition is a C ``bool`` array (one byte, 0 or 1, as NumPy's), a bool result too, written
    back into ``c`` as 1 or 0 of the inputs' type (as a Python implementation's is)."""
    columns = [np.ascontiguousarray(x) for x in inputs]
    out = np.zeros(c.size // fmt.dtype.itemsize, dtype=bool) if result == "bool" else c
    kernel(*(x.ctypes.data for x in columns), out.ctypes.data, len(columns[0]))
    if result == "bool":
        c.view(fmt.dtype)[...] = out
    return "done"


def _python_call(target, fmt: Format, inputs: tuple[np.ndarray, ...], c: np.ndarray, result: str = "same",
                 shape: tuple[int, ...] | None = None) -> str:
    """Run a Python implementation on copies of its inputs; the answer line (a bool result written into ``c``
    as 1 or 0 of the inputs' type; a result of ``shape``, the inputs' by default)."""
    a = inputs[0]
    try:
        with np.errstate(all="ignore"):
            out = target(*(x.copy() for x in inputs))
    except Exception as exc:  # noqa: BLE001 - any failure of the implementation is a finding
        return "error exception " + " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
    checked = check_result(fmt, a, out, result, shape)
    if isinstance(checked, ImplError):
        return f"error {checked.kind} " + " ".join(checked.detail.split())[:300]
    c[:checked.size] = checked.ravel()
    return "done"


def main(argv: list[str]) -> int:
    """The child: ``DIR MEMORY_MB KIND WHERE FUNCTION SOURCE KINDS RESULT`` (KINDS: its inputs' kinds, ``T,T`` or
    ``bool,T,T``; `BOOT` put divbridge's source on the path)."""
    directory, memory_mb, kind, where, function, source, kinds, result = argv
    if kind == "file":   # the file's own helpers import, after everything else: they shadow nothing
        sys.path.append(str(Path(where).resolve().parent))
    return _serve(Path(directory), int(memory_mb), kind, where, function, source, tuple(kinds.split(",")), result)


def _die_with_parent() -> None:
    """SIGKILL to this child when its parent dies (unsandboxed; bwrap's --die-with-parent does it in a sandbox)."""
    import ctypes
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _serve(directory: Path, memory_mb: int, kind: str, where: str, function: str, source: str,
           kinds: tuple[str, ...], result: str) -> int:
    """Load the implementation, then run it on the mapped files for each command on stdin."""
    _die_with_parent()
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)   # what the implementation prints goes to stderr, not into the replies
    target = _load(kind, where, function, source, len(kinds))
    if isinstance(target, dict):
        replies.write(json.dumps(target) + "\n")
        return 0
    replies.write("ready\n")
    replies.flush()
    mapped, maps = 0, {}
    for line in sys.stdin:
        format_name, capacity, offset, count, *shapes = line.split()
        capacity, offset, count = int(capacity), int(offset), int(count)
        if capacity != mapped:
            maps = {name: np.memmap(directory / name, np.uint8, mode, shape=capacity)
                    for name, mode in (("a", "r"), ("b", "r"), ("c", "r+"))}
            mapped = capacity
        fmt = get_format(format_name)
        size = fmt.dtype.itemsize
        a, b, c = (maps[name][offset * size:(offset + count) * size] for name in "abc")
        if shapes:   # stacks of matrices at the files' start (a contraction): a Python implementation's only
            shape_a, shape_b = (tuple(int(d) for d in s.split("x")) for s in shapes)
            matrices = (a.view(fmt.dtype)[:math.prod(shape_a)].reshape(shape_a),
                        b.view(fmt.dtype)[:math.prod(shape_b)].reshape(shape_b))
            answer = _python_call(target, fmt, matrices, c.view(fmt.dtype), result,
                                  result_shape(*matrices, contraction=True))
            replies.write(answer + "\n")
            replies.flush()
            continue
        inputs = operand_columns(kinds, a.view(fmt.dtype), b.view(fmt.dtype))
        if kind == "c":
            answer = _c_call(target, fmt, inputs, c, result)
        else:
            answer = _python_call(target, fmt, inputs, c.view(fmt.dtype), result)
        replies.write(answer + "\n")
        replies.flush()
    return 0

