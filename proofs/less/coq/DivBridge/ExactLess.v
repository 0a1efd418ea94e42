(* Less's theorem, for IEEE 754's comparison in every binary format (prec, emax): two finite floats compare
   below exactly when the real values they stand for do (Flocq's Bltb_correct), the decision written as the
   exact comparison of the reals.  The theorem is named exact_comparison_Bltb (Flocq's name of the
   operation), as the obligations instantiate it.  Compiled once per run by divbridge (provers/coq.py); each
   obligation's file instantiates it for its format. *)
From Coq Require Import Reals Lra.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
Local Open Scope R_scope.

Theorem exact_comparison_Bltb : forall prec emax (x y : binary_float prec emax),
  is_finite x = true -> is_finite y = true ->
  Bltb x y = (if Rlt_dec (B2R x) (B2R y) then true else false).
Proof.
  intros prec emax x y Fx Fy. rewrite (Bltb_correct prec emax x y Fx Fy).
  destruct (Rlt_bool_spec (B2R x) (B2R y)); destruct (Rlt_dec (B2R x) (B2R y)); auto; lra.
Qed.
