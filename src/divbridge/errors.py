"""The exceptions every module raises; the CLI turns them into exit codes."""

from __future__ import annotations


class DivbridgeError(Exception):
    """Base class of divbridge's own errors."""


class InputError(DivbridgeError):
    """Bad usage or bad input: one line naming the file and line, exit code 2."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line is not None else f"{self.path}: "
        return where + self.message


class ToolMissing(DivbridgeError):
    """An external tool (why3, z3, chromium...) is not installed: exit code 2."""

    def __init__(self, tool: str, install: str):
        self.tool = tool
        self.install = install
        super().__init__(f"{tool} is not installed; install it with: {install}")


class ToolBroken(DivbridgeError):
    """An external tool that does not behave as the tool it is named (hangs on --version, proves a false
    bound): exit code 2."""


class SpecViolation(ValueError):
    """An input violates a restriction or precondition of the specification.

    The message names the requirement tag in brackets, e.g.
    ``[R1] shapes (2, 3) and (3,) differ``.
    """

    def __init__(self, tag: str, detail: str):
        self.tag = tag
        self.detail = detail
        super().__init__(f"[{tag}] {detail}")


class Tampered(DivbridgeError):
    """Code under test changed files it must not (the checkout's): the run is void, exit code 2."""
