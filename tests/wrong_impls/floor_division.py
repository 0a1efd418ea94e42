"""WRONG int32: floor instead of truncation (NumPy //, OpenVINO m_pythondiv)."""
import numpy as np

DTYPE = "int32"


def div(a, b):
    return np.floor_divide(a, b)
