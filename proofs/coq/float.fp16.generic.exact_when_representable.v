(* float.fp16.generic.exact_when_representable: the quotient is exact when it is representable
   requirement: E_DIV_FLOAT_DEF_0010
   claim: isFinite(a) and not isZero(a) and isFinite(b) and not isZero(b) and isFinite(c) and real(c) * real(b) = real(a) -> a / b = c

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
From DivBridge Require Import ExactWhenRepresentable.
Open Scope R_scope.

(* the instance: fp16 = binary_float 11 16 *)
Definition prec := 11%Z.
Definition emax := 16%Z.
Global Instance prec_gt_0 : Prec_gt_0 prec := eq_refl.
Global Instance prec_lt_emax : Prec_lt_emax prec emax := eq_refl.

(* isZero x is B2R x = 0 for a finite x; the conclusion is Leibniz equality of the
   floats, which is stronger than IEEE equality (it fixes the sign of a zero) *)
Theorem fp16_exact_when_representable : forall a b c : binary_float prec emax,
  is_finite a = true -> B2R a <> 0 -> is_finite b = true -> B2R b <> 0 ->
  is_finite c = true -> B2R c * B2R b = B2R a ->
  Bdiv mode_NE a b = c.
Proof. exact (exact_when_representable prec emax _ _). Qed.

Print Assumptions fp16_exact_when_representable.
