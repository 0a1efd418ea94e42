(* add.float.fp64.theorem.subnormal_exact: |x + y| <= 2^(emin+p) -> x + y is exact: no relative error below the normal range
   requirement: E_ADD_FLOAT_FUNC_0010
   claim: |x + y| <= 2^(emin+p) -> x + y is exact: no relative error below the normal range

   Checked by coqc against Flocq's IEEE 754 model (Flocq.IEEE754.BinarySingleNaN):
   binary_float prec emax is exactly the set of IEEE 754 binary values with a prec-bit
   significand (hidden bit included) and largest exponent emax - 1; Bplus mode_NE is
   IEEE 754's operation rounded to nearest, ties to even (Bplus_correct: the exact
   result rounded once, an infinity where it overflows); B2R is the real value of a finite float.
   The theorem is proved once for every format, in the operator's library this file loads
   (DivBridge/RoundedAdd.v beside it, on the lemmas of DivBridge/RoundedOperations.v and
   Flocq's theorems); below it is instantiated for the obligation's format.  No axiom is added:
   divbridge checks Print Assumptions, which covers the libraries' proofs. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
From DivBridge Require Import RoundedAdd.
Open Scope R_scope.

(* the instance: fp64 = binary_float 53 1024, whose smallest subnormal is 2^-1074 *)
Definition prec := 53%Z.
Definition emax := 1024%Z.
Global Instance prec_gt_0 : Prec_gt_0 prec := eq_refl.
Global Instance prec_lt_emax : Prec_lt_emax prec emax := eq_refl.

Theorem fp64_subnormal_exact : forall x y : binary_float prec emax,
  is_finite x = true -> is_finite y = true ->
  Rabs (B2R x + B2R y) <= bpow radix2 (-1021) ->
  B2R (Bplus mode_NE x y) = B2R x + B2R y /\ is_finite (Bplus mode_NE x y) = true.
Proof. exact (subnormal_exact_Bplus prec emax _ _). Qed.

Print Assumptions fp64_subnormal_exact.
