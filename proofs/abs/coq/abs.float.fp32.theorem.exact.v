(* abs.float.fp32.theorem.exact: a finite x gives a finite |x|, its real value exactly |x|: no rounding (Flocq's B2R_Babs)
   requirement: E_ABS_FLOAT_FUNC_0010
   claim: a finite x gives a finite |x|, its real value exactly |x|: no rounding (Flocq's B2R_Babs)

   Checked by coqc against Flocq's IEEE 754 model (Flocq.IEEE754.BinarySingleNaN):
   binary_float prec emax is exactly the set of IEEE 754 binary values with a prec-bit
   significand (hidden bit included) and largest exponent emax - 1; Babs mode_NE is
   IEEE 754's operation rounded to nearest, ties to even (Babs_correct: the exact
   result rounded once, an infinity where it overflows); B2R is the real value of a finite float.
   The theorem is proved once for every format, in the operator's library this file loads
   (DivBridge/ExactAbs.v beside it, on the lemmas of DivBridge/RoundedOperations.v and
   Flocq's theorems); below it is instantiated for the obligation's format.  No axiom is added:
   divbridge checks Print Assumptions, which covers the libraries' proofs. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
From DivBridge Require Import ExactAbs.
Open Scope R_scope.

(* the instance: fp32 = binary_float 24 128, whose smallest subnormal is 2^-149 *)
Definition prec := 24%Z.
Definition emax := 128%Z.
Global Instance prec_gt_0 : Prec_gt_0 prec := eq_refl.
Global Instance prec_lt_emax : Prec_lt_emax prec emax := eq_refl.

Theorem fp32_exact : forall x : binary_float prec emax,
  is_finite x = true ->
  B2R (Babs x) = (if (Rlt_dec (B2R x) 0) then (- (B2R x)) else (B2R x)) /\ is_finite (Babs x) = true.
Proof. exact (exact_result_Babs prec emax). Qed.

Print Assumptions fp32_exact.
