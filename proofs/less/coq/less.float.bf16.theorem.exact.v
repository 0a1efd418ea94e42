(* less.float.bf16.theorem.exact: finite x and y compare as the reals they stand for: x < y exactly when B2R x < B2R y (Flocq's Bltb_correct)
   requirement: E_LESS_FLOAT_FUNC_0010
   claim: finite x and y compare as the reals they stand for: x < y exactly when B2R x < B2R y (Flocq's Bltb_correct)

   Checked by coqc against Flocq's IEEE 754 model (Flocq.IEEE754.BinarySingleNaN):
   binary_float prec emax is exactly the set of IEEE 754 binary values with a prec-bit
   significand (hidden bit included) and largest exponent emax - 1; Bltb mode_NE is
   IEEE 754's operation rounded to nearest, ties to even (Bltb_correct: the exact
   result rounded once, an infinity where it overflows); B2R is the real value of a finite float.
   The theorem is proved once for every format, in the operator's library this file loads
   (DivBridge/ExactLess.v beside it, on the lemmas of DivBridge/RoundedOperations.v and
   Flocq's theorems); below it is instantiated for the obligation's format.  No axiom is added:
   divbridge checks Print Assumptions, which covers the libraries' proofs. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
From DivBridge Require Import ExactLess.
Open Scope R_scope.

(* the instance: bf16 = binary_float 8 128, whose smallest subnormal is 2^-133 *)
Definition prec := 8%Z.
Definition emax := 128%Z.
Global Instance prec_gt_0 : Prec_gt_0 prec := eq_refl.
Global Instance prec_lt_emax : Prec_lt_emax prec emax := eq_refl.

Theorem bf16_exact : forall x y : binary_float prec emax,
  is_finite x = true -> is_finite y = true ->
  Bltb x y = (if Rlt_dec (B2R x) (B2R y) then true else false).
Proof. exact (exact_comparison_Bltb prec emax). Qed.

Print Assumptions bf16_exact.
