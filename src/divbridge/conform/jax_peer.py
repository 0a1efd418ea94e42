"""JAX / XLA on the CPU as a peer: `jax.numpy.divide` for floats, `jax.lax.div` (truncating) for integers,
each through `jax.jit`.

64-bit types are switched on (``jax_enable_x64``): without it JAX silently
computes float64 and int64 in 32 bits, and the peer would not be dividing
the format it is asked for.  JAX is an optional extra (``pip install -e '.[peers]'``).
"""

from __future__ import annotations

import numpy as np

from divbridge.errors import ToolMissing

INSTALL = "pip install -e '.[peers]' (or make crosscheck)"
_compiled: dict[bool, object] = {}


def require_jax() -> None:
    try:
        import jax  # noqa: F401
    except ImportError:
        raise ToolMissing("jax (Python package)", INSTALL) from None


def jax_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    import jax
    jax.config.update("jax_enable_x64", True)
    integer = bool(np.issubdtype(a.dtype, np.integer))
    if integer not in _compiled:
        _compiled[integer] = jax.jit(jax.lax.div if integer else jax.numpy.divide)
    return np.asarray(_compiled[integer](a, b))


def version() -> str:
    import jax
    import jaxlib
    return f"jax {jax.__version__}, jaxlib {jaxlib.__version__}"
