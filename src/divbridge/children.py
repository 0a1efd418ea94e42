"""Ending every process divbridge started, wherever it was started.

The provers (why3 and its why3server and solvers, coqc, gappa, the solver workers) and the children running
code under test each lead a process group of their own, so that a time limit kills one of them whole; so a
signal to divbridge's own group (Ctrl-C in a terminal) does not reach them, and SIGTERM (``timeout``, CI
cancellation, ``docker stop``) reaches divbridge alone.  `end_all` finds every descendant of this process in
/proc and kills its process group, then the descendant itself.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path


def _parents() -> dict[int, int]:
    """pid -> parent pid of every process /proc shows."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue   # gone meanwhile
        fields = stat.rpartition(")")[2].split()   # after "pid (comm)": state, ppid, ...
        if len(fields) > 1:
            found[int(entry.name)] = int(fields[1])
    return found


def descendants(pid: int | None = None) -> list[int]:
    """The processes below ``pid`` (default: this one), parents before their children."""
    root = os.getpid() if pid is None else pid
    parents = _parents()
    children: dict[int, list[int]] = {}
    for child, parent in parents.items():
        children.setdefault(parent, []).append(child)
    order, frontier = [], list(children.get(root, []))
    while frontier:
        current = frontier.pop(0)
        order.append(current)
        frontier += children.get(current, [])
    return order


def end_all() -> int:
    """Kill every descendant of this process and their process groups (SIGKILL); how many were found.
    Repeated while new ones appear (a child forking as it is killed)."""
    killed: set[int] = set()
    mine = os.getpgrp()
    for _ in range(5):
        found = [pid for pid in descendants() if pid not in killed]   # the killed stay as zombies till reaped
        if not found:
            break
        for pid in found:
            try:
                group = os.getpgid(pid)
                if group != mine:
                    os.killpg(group, signal.SIGKILL)
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        killed.update(found)
    return len(killed)
