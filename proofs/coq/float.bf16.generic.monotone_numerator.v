(* float.bf16.generic.monotone_numerator: A / B is monotone in A for finite B > 0
   requirement: E_DIV_FLOAT_DEF_0010
   claim: not isNaN(a1) and not isNaN(a2) and isFinite(b) and b > 0 and a1 <= a2 -> a1 / b <= a2 / b

   Checked by coqc against Flocq's IEEE 754 model (Flocq.IEEE754.BinarySingleNaN):
   - binary_float prec emax is exactly the set of IEEE 754 binary values with a
     prec-bit significand (hidden bit included) and largest exponent emax - 1:
     signed zeros, signed infinities, NaN and the finite values, normal and subnormal.
     FP16 is (11, 16), BF16 (8, 128), FP32 (24, 128), FP64 (53, 1024).
   - Bdiv mode_NE is IEEE 754 division rounded to nearest, ties to even: the special
     cases by the table of IEEE 754 clause 7 (NaN operand, 0/0, inf/inf give NaN;
     x/0 and inf/finite an infinity, finite/inf and 0/x a zero, sign by XOR), otherwise
     the exact quotient rounded once, overflowing to an infinity (Bdiv_correct).
   - Bleb, Bltb are IEEE comparisons (false on NaN, -0 = +0); B2R is the real value of
     a finite float.  NaN payloads play no part: every claim treats NaN as one class.
   The theorem is proved once for every format meeting its hypotheses, in the library
   this file loads (DivBridge/<library>.v beside it, compiled once per run); below it is
   instantiated for the obligation's format, its hypotheses checked by computation.
   No axiom is added: divbridge checks Print Assumptions, which covers the library's proof. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.

From Flocq.IEEE754 Require Import BinarySingleNaN.
From DivBridge Require Import MonotoneNumerator.
Open Scope R_scope.

(* the instance: bf16 = binary_float 8 128 *)
Definition prec := 8%Z.
Definition emax := 128%Z.
Global Instance prec_gt_0 : Prec_gt_0 prec := eq_refl.
Global Instance prec_lt_emax : Prec_lt_emax prec emax := eq_refl.

Theorem bf16_monotone_numerator : forall a1 a2 b : binary_float prec emax,
  is_nan a1 = false -> is_nan a2 = false ->
  is_finite b = true -> Bltb (B754_zero false) b = true ->
  Bleb a1 a2 = true ->
  Bleb (Bdiv mode_NE a1 b) (Bdiv mode_NE a2 b) = true.
Proof. exact (monotone_numerator prec emax _ _). Qed.

Print Assumptions bf16_monotone_numerator.
