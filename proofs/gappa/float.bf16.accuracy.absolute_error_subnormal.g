# divbridge obligation float.bf16.accuracy.absolute_error_subnormal
# absolute error at most half the smallest subnormal below the normal range
# requirements: E_DIV_FLOAT_ACC_0010
# statement: isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and |r| < min_normal -> |real(a / b) - r| <= min_subnormal / 2
#
# r is the exact quotient a / b; q = rnd(r) is bf16's rounding to nearest even
# with an unbounded exponent, which is IEEE 754's quotient whenever |r| <= max_finite
# (max_finite is representable, so rounding cannot overflow below it).
@rnd = float<8, -133, ne>;
r = a / b;
q = rnd(r);
# below min_normal = 1b-126: at most half the smallest subnormal 1b-133
{ |r| <= 1b-126 -> q - r in [-1b-134, 1b-134] }
