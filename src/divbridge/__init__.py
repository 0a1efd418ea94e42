"""divbridge: a formal-verification bridge for ONNX element-wise operators (SONNX profile)."""

from divbridge.errors import DivbridgeError, InputError, SpecViolation

__version__ = "0.1.0"
__all__ = ["DivbridgeError", "InputError", "SpecViolation", "__version__"]
