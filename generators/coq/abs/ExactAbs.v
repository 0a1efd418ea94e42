(* Abs's theorem, for IEEE 754 absolute value in every binary format (prec, emax): a finite float's absolute
   value is finite and its real value is the exact absolute value of the float's (its description's real
   operation: -x below zero, x otherwise), with no rounding (Flocq's B2R_Babs and is_finite_Babs).  The
   theorem is named exact_result_Babs, as the obligations instantiate it.  Compiled once per run by divbridge
   (provers/coq.py); each obligation's file instantiates it for its format. *)
From Coq Require Import Reals Lra.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
Local Open Scope R_scope.

Theorem exact_result_Babs : forall prec emax (x : binary_float prec emax), is_finite x = true ->
  B2R (Babs x) = (if Rlt_dec (B2R x) 0 then - B2R x else B2R x) /\ is_finite (Babs x) = true.
Proof.
intros prec emax x Fx. split.
- rewrite B2R_Babs. destruct (Rlt_dec (B2R x) 0) as [N|N].
  + now apply Rabs_left.
  + apply Rabs_right. lra.
- now rewrite is_finite_Babs.
Qed.
