(* Sqrt's theorem, for IEEE 754's square root rounded to nearest even in every binary format (prec, emax):
   the relative error bound u = 2^-prec wherever the real square root is in the normal range.  Flocq's
   Bsqrt_correct shows that Bsqrt is the real square root rounded once (a float below zero gives NaN, no
   finite result); the bound follows from RoundedOperations' relative_error.  The theorem is named
   relative_error_Bsqrt (Flocq's name of the operation), as the obligations instantiate it.
   Compiled once per run by divbridge (provers/coq.py); each obligation's file instantiates it for its
   format. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
From DivBridge Require Import RoundedOperations.
Local Open Scope R_scope.

Section Generic.
Variables prec emax : Z.
Context (prec_gt_0_ : Prec_gt_0 prec) (prec_lt_emax_ : Prec_lt_emax prec emax).

Notation float := (binary_float prec emax).
Notation emin := (SpecFloat.emin prec emax).

Theorem relative_error_Bsqrt : forall x : float, is_finite x = true ->
  is_finite (Bsqrt mode_NE x) = true -> bpow radix2 (emin + prec - 1) <= Rabs (sqrt (B2R x)) ->
  Rabs (B2R (Bsqrt mode_NE x) - sqrt (B2R x)) <= bpow radix2 (- prec) * Rabs (sqrt (B2R x)).
Proof.
intros x _ _ H. destruct (Bsqrt_correct prec emax _ _ mode_NE x) as [R _].
rewrite R. now apply relative_error.
Qed.

End Generic.
