# divbridge obligation float.fp32.accuracy.relative_error_normal
# relative error at most 2^-24 in the normal range
# requirements: E_DIV_FLOAT_ACC_0010
# statement: isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and min_normal <= |r| <= max_finite -> |real(a / b) - r| <= 2^-24 * |r|
#
# r is the exact quotient a / b; q = rnd(r) is fp32's rounding to nearest even
# with an unbounded exponent, which is IEEE 754's quotient whenever |r| <= max_finite
# (max_finite is representable, so rounding cannot overflow below it).
@rnd = float<24, -149, ne>;
r = a / b;
q = rnd(r);
# min_normal = 1b-126, max_finite < 1b128, unit roundoff 2^-24
{ |r| in [1b-126, 1b128] -> (q - r) / r in [-1b-24, 1b-24] }
# Gappa proves the lowest binade apart (its default interval splitting loses it for binary64)
$ |r| in (1b-125);
