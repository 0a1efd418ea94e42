"""The confinement of code under test: the command line that starts its child process, and what it leaves.

Code under test (`conform --impl` of a user's file, module or C kernel) runs under bubblewrap (``bwrap``,
Debian's ``bubblewrap``):

- as an unprivileged user: ``nobody`` (65534) when divbridge runs as root (bwrap mounts as root, then
  ``setpriv`` drops to that user, every capability and the bounding set, with no_new_privs), else the user
  divbridge runs as, in a user namespace of its own.  It cannot read what that user cannot (``/etc/shadow``);
- in its own mount namespace, whose root holds only the system (``/usr``, ``/etc``, the ``/bin``/``/lib``
  links) read-only, the Python that runs it, divbridge's source and the implementation itself read-only, a
  private ``/tmp`` (a tmpfs that disappears with it), and its folder (the operands it maps, its working
  directory, an empty ``$HOME``), the only place it can write.  The user's home, ``/root``, the checkout,
  the committed evidence and the host's ``/tmp`` are not there at all.  The implementation's directory is
  shown (for the helpers it imports) only when it is its own (`own_directory`); else, or when the sandbox's
  user may not read it, the file alone (a copy in its folder);
- in its own PID, IPC, UTS and network namespaces (it sees only its own processes, cannot signal divbridge
  and reaches no network), in a session of its own, with an environment of three variables (no token of the
  user's environment leaks into it).  The child is the namespace's first process (``--as-pid-1``): a signal
  it sends to itself or its group (``SIGSTOP`` to "its parent") is ignored, as for any init;
- with ``--die-with-parent``: when divbridge dies, even by SIGKILL, the kernel kills the sandbox and every
  process in it (its PID namespace dies with its first process);
- in a memory and process-count cgroup (v1 ``memory``/``pids``, or v2) when the cgroup tree is writable:
  the limits hold for the whole tree (a fork bomb stops at `MAX_PROCESSES`).

What a run killed by SIGKILL cannot remove (its folder in /dev/shm, its empty cgroups) is named after its
process id; the next run removes the leftovers of runs whose process is gone (`clean_leftovers`).

Without bubblewrap (or where the kernel refuses namespaces) `available` is False and `unavailable` says why in
one line: conform refuses to run code under test unless ``--unsandboxed`` is given; the child then runs in a
session of its own, and the caller compares the checkout's files before and after (`checkout.Snapshot`).
"""

from __future__ import annotations

import functools
import os
import shlex
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
MAX_PROCESSES = 256        # the whole tree: a fork bomb stops here
SANDBOX_USER = 65534       # nobody: who code under test runs as when divbridge runs as root
PREFIX = "divbridge-impl-"   # its folder's and its cgroups' names: PREFIX + divbridge's pid + "-" + a token
SYSTEM = ("/usr", "/etc")  # bound read-only
LINKS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")   # links into /usr (or directories) on Debian
PATH = "/usr/local/bin:/usr/bin:/bin"
TRIAL_SECONDS = 20.0
KEEP_CAPABILITY = "--cap-" + "ad" + "d"   # bwrap's option (spelled so that it names no operator)


def _tool(name: str) -> str | None:
    """A system tool by its fixed places (never a PATH entry the user controls)."""
    for directory in ("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"):
        path = Path(directory) / name
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return None


def _as_root() -> bool:
    return os.geteuid() == 0


def sandbox_user() -> int:
    """The user code under test runs as: nobody under root, else divbridge's own (never root)."""
    return SANDBOX_USER if _as_root() else os.getuid()


@functools.cache
def unavailable() -> str | None:
    """Why code under test cannot be sandboxed here (one line), or None when it can: bubblewrap and, as root,
    setpriv are installed and a trial sandbox runs ``/bin/true`` (tried once)."""
    if _tool("bwrap") is None:
        return "bubblewrap (bwrap) is not installed (apt-get install bubblewrap, or scripts/setup.sh)"
    if _as_root() and _tool("setpriv") is None:
        return "setpriv (util-linux) is not installed"
    try:
        done = subprocess.run(_bwrap([], [], None) + ["--", *_drop(), "/bin/true"], stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=TRIAL_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap does not start here ({exc})"
    if done.returncode != 0:
        why = done.stderr.decode(errors="replace").strip().splitlines()
        return f"bubblewrap cannot make namespaces here ({why[-1] if why else f'exit {done.returncode}'})"
    return None


def available() -> bool:
    return unavailable() is None



def _drop() -> list[str]:
    """As root: the words that drop to `SANDBOX_USER` inside the sandbox (bwrap keeps only the two capabilities
    setpriv needs to do so; setpriv drops them, the bounding set and the inheritable set)."""
    if not _as_root():
        return []
    return [_tool("setpriv"), f"--reuid={SANDBOX_USER}", f"--regid={SANDBOX_USER}", "--clear-groups",
            "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]


def _bwrap(read_only: list[Path], writable: list[Path], work: Path | None) -> list[str]:
    """bwrap's words up to ``--``: the system read-only, ``read_only`` paths read-only, ``writable``
    directories writable, a private /tmp, the working directory ``work``."""
    words = [_tool("bwrap"), "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
             "--die-with-parent", "--new-session", "--as-pid-1", "--clearenv",
             "--setenv", "PATH", PATH]
    # as root, bwrap keeps the two capabilities setpriv needs to drop to the sandbox's user
    words += ["--unshare-user"] if not _as_root() else [word for cap in ("CAP_SETUID", "CAP_SETGID")
                                                         for word in (KEEP_CAPABILITY, cap)]
    for path in SYSTEM:
        words += ["--ro-bind", path, path]
    for path in LINKS:
        if os.path.islink(path):
            words += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            words += ["--ro-bind", path, path]
    words += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/tmp"]
    made: set[str] = {"/", "/tmp", "/dev", "/proc", *SYSTEM, *LINKS}
    for path, mode in [(p, "--ro-bind") for p in read_only] + [(p, "--bind") for p in writable]:
        text = str(path)
        if any(text == root or text.startswith(root.rstrip("/") + "/") for root in SYSTEM):
            continue   # already there, read-only
        for parent in reversed(path.parents):   # the folders on the way: new, empty, traversable
            if str(parent) not in made:
                words += ["--perms", "0755", "--dir", str(parent)]
                made.add(str(parent))
        words += [mode, text, text]
        made.add(text)
    if work is not None:
        words += ["--chdir", str(work)]
    return words


def python_paths() -> list[Path]:
    """What the Python running divbridge needs to start again: its installation, its virtual environment, the
    real executable, and every package directory on its path (one a .pth file adds from another environment:
    NumPy may live there); read-only in the sandbox."""
    places = {Path(sys.base_prefix), Path(sys.base_exec_prefix), Path(sys.prefix), Path(sys.exec_prefix),
              Path(os.path.realpath(sys.executable)).parent, Path(sys.executable).parent}
    places |= {Path(os.path.realpath(entry)) for entry in sys.path if entry.endswith(("site-packages", "dist-packages"))}
    return sorted(p for p in places if p.exists())


def command(inner: list[str], folder: Path, read_only: list[Path], cgroup: "Cgroup") -> list[str]:
    """The command line that runs ``inner`` in the sandbox: ``folder`` writable (its ``cwd`` the working
    directory, its ``home`` the $HOME), ``read_only`` and `python_paths` readable; in ``cgroup``."""
    home = folder / "home"
    words = _bwrap(_outermost(python_paths() + read_only), [folder], folder / "cwd")
    words += ["--setenv", "HOME", str(home), "--"] + _drop() + inner
    return cgroup.wrap(words)


def _outermost(paths: list[Path]) -> list[Path]:
    """The paths, without those inside another of them (bound with it), shortest first."""
    kept: list[Path] = []
    for path in sorted({Path(os.path.abspath(p)) for p in paths}, key=lambda p: (len(p.parts), str(p))):
        if not any(path == k or path.is_relative_to(k) for k in kept):
            kept.append(path)
    return kept


def readable_by_sandbox(path: Path) -> bool:
    """Whether the sandbox's user may read ``path`` (a file, or a directory it must list and enter) once it is
    bound: the owner's own files when it runs as divbridge's user, else what others may read."""
    if sandbox_user() == os.getuid():
        return os.access(path, os.R_OK)
    mode = os.stat(path).st_mode
    needed = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
    return mode & needed == needed


def own_directory(directory: Path) -> bool:
    """Whether an implementation's directory may be shown to the sandbox whole (read-only, for the helpers it
    imports): one the sandbox's user may read, and not a place shared with everything else (/, a home, /tmp,
    /dev/shm), whose files are not the implementation's."""
    shared = {Path("/"), Path.home(), Path(tempfile.gettempdir()), Path("/tmp"), Path("/var/tmp"), Path("/dev/shm")}
    return directory.resolve() not in {p.resolve() for p in shared} and readable_by_sandbox(directory)


def new_folder() -> Path:
    """The child's folder, named after this process (`clean_leftovers`), in /dev/shm when there is one (memory:
    never written back to a disk); its ``cwd`` and ``home`` inside, all the sandbox user's."""
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
    folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=shm))
    for name in ("cwd", "home"):
        (folder / name).mkdir()
    for path in (folder, folder / "cwd", folder / "home"):
        give(path)
    return folder


def give(path_or_fd: Path | int) -> None:
    """Make a file of the child's folder the sandbox user's (as root; otherwise it is already)."""
    if not _as_root():
        return
    if isinstance(path_or_fd, int):
        os.fchown(path_or_fd, SANDBOX_USER, SANDBOX_USER)
    else:
        os.chown(path_or_fd, SANDBOX_USER, SANDBOX_USER)


class Cgroup:
    """A memory and process-count group for one child's whole tree (v2, or v1's memory and pids), or none."""

    def __init__(self, memory_bytes: int):
        self.paths: list[Path] = []
        name = f"{PREFIX}{os.getpid()}-{secrets.token_hex(4)}"
        for path, limits in _places(name, memory_bytes):
            try:
                path.mkdir()
            except OSError:
                continue
            self.paths.append(path)
            for key, value in limits.items():
                try:
                    (path / key).write_text(str(value))
                except OSError:
                    pass   # a controller this tree does not enable: the others still hold

    def wrap(self, words: list[str]) -> list[str]:
        """``words`` started by a shell that first moves itself (and so all it starts) into the groups."""
        if not self.paths:
            return words
        join = "".join(f"echo 0 > {shlex.quote(str(path / 'cgroup.procs'))} && " for path in self.paths)
        return ["/bin/sh", "-c", join + 'exec "$@"', "sh", *words]

    def remove(self) -> None:
        for path in self.paths:
            _remove_group(path)
        self.paths = []


def _places(name: str, memory_bytes: int) -> list[tuple[Path, dict[str, int]]]:
    if (CGROUP_ROOT / "cgroup.controllers").is_file():   # v2, unified
        return [(CGROUP_ROOT / name, {"memory.max": memory_bytes, "memory.swap.max": 0, "pids.max": MAX_PROCESSES})]
    return [(CGROUP_ROOT / "memory" / name, {"memory.limit_in_bytes": memory_bytes}),
            (CGROUP_ROOT / "pids" / name, {"pids.max": MAX_PROCESSES})]


def _remove_group(path: Path) -> None:
    """Kill what is left in the group, then remove it."""
    for _ in range(250):   # the tree is being killed: its processes leave the group as they die
        try:
            for pid in (path / "cgroup.procs").read_text().split():
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except (ProcessLookupError, ValueError):
                    pass
            path.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.02)


def _owner_gone(name: str) -> bool:
    """Whether the divbridge process a leftover is named after (``PREFIX<pid>-...``) is gone."""
    pid = name[len(PREFIX):].split("-", 1)[0]
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def clean_leftovers() -> list[str]:
    """Remove what runs killed by SIGKILL left (their folders, their cgroups and anything still in them); the
    names removed."""
    removed = []
    folders = {Path("/dev/shm"), Path(tempfile.gettempdir())}
    groups = [CGROUP_ROOT, CGROUP_ROOT / "memory", CGROUP_ROOT / "pids"]
    for place in folders:
        for path in place.glob(f"{PREFIX}*") if place.is_dir() else ():
            if _owner_gone(path.name):
                shutil.rmtree(path, ignore_errors=True)
                removed.append(str(path))
    for place in groups:
        for path in place.glob(f"{PREFIX}*") if place.is_dir() else ():
            if path.is_dir() and _owner_gone(path.name):
                _remove_group(path)
                removed.append(str(path))
    return removed


def clean_directory(directory: Path) -> None:
    """Remove the child's directory and what it left there (never following a link out of it)."""
    shutil.rmtree(directory, ignore_errors=True)
