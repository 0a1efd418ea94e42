"""JAX / XLA on the CPU as a peer: the operator's functions by their description's names (`Names.jax_float`
on floats, a ``jnp`` function; `Names.jax_int` on integers, a ``jax.lax`` one), each through `jax.jit`.

64-bit types are switched on (``jax_enable_x64``): without it JAX silently
computes float64 and int64 in 32 bits, and the peer would not be computing
in the format it is asked for.  JAX is an optional extra (``pip install -e '.[peers]'``).
"""

from __future__ import annotations

import functools
from typing import Callable

import numpy as np

from divbridge.errors import ToolMissing
from divbridge.operators.model import Operator

INSTALL = "pip install -e '.[peers]' (or make crosscheck)"
_MODULES = {"jnp": "jax.numpy", "jax.lax": "jax.lax"}   # the prefixes the descriptions write


def require_jax() -> None:
    try:
        import jax  # noqa: F401
    except ImportError:
        raise ToolMissing("jax (Python package)", INSTALL) from None


def jax_function(op: Operator) -> Callable[..., np.ndarray]:
    """(the operator's inputs) -> its result in JAX: `Names.jax_int` on integers, `Names.jax_float` otherwise."""
    def run(a: np.ndarray, *rest: np.ndarray) -> np.ndarray:
        integer = bool(np.issubdtype(a.dtype, np.integer))
        constants = (a.dtype.type(c) for c in op.names.constant_args)
        return np.asarray(_compiled(op.names.jax_int if integer else op.names.jax_float)(a, *rest, *constants))
    return run


@functools.cache
def _compiled(name: str):
    """``jnp.name`` -> jax.jit(jax.numpy.name)."""
    import importlib

    import jax
    jax.config.update("jax_enable_x64", True)
    module, _, function = name.rpartition(".")
    return jax.jit(getattr(importlib.import_module(_MODULES.get(module, module)), function))


def version() -> str:
    import jax
    import jaxlib
    return f"jax {jax.__version__}, jaxlib {jaxlib.__version__}"
