(* Neg's theorem, for IEEE 754 negation in every binary format (prec, emax): a finite float's negation is
   finite and its real value is the exact negation of the float's, with no rounding (Flocq's B2R_Bopp and
   is_finite_Bopp).  The theorem is named exact_result_Bopp (Flocq's name of the operation), as the
   obligations instantiate it.  Compiled once per run by divbridge (provers/coq.py); each obligation's file
   instantiates it for its format. *)
From Coq Require Import Reals.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
Local Open Scope R_scope.

Theorem exact_result_Bopp : forall prec emax (x : binary_float prec emax), is_finite x = true ->
  B2R (Bopp x) = - B2R x /\ is_finite (Bopp x) = true.
Proof. intros prec emax x Fx. split; [apply B2R_Bopp | now rewrite is_finite_Bopp]. Qed.
