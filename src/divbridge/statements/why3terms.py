"""The Why3 theory of each float format (the literals and the term printer are `divbridge.terms.why3`'s)."""

# the Why3 theory that provides each float format's type t and IEEE operations (why3/floats.mlw has FP16's
# and BFloat16's)
FLOAT_THEORIES = {"fp16": "floats.Float16", "bf16": "floats.BFloat16",
                  "fp32": "ieee_float.Float32", "fp64": "ieee_float.Float64"}

