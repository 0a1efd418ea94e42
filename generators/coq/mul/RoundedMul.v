(* Mul's theorems, for IEEE 754 multiplication rounded to nearest even in every binary format (prec, emax):
   the rounding error of a product above 2^(emin + 2 prec - 1) is itself a float, and the relative error
   bound u = 2^-prec in the normal range.  Flocq's Bmult_correct shows that Bmult rounds the real product
   (`rounds_Bmult`); each theorem follows from it by a lemma of RoundedOperations (stated for any
   operation) and Flocq's Mult_error.  The theorems are named <claim>_Bmult (Flocq's name of the
   operation), as the obligations instantiate them.
   Compiled once per run by divbridge (provers/coq.py); each obligation's file instantiates a theorem for
   its format. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.Prop Require Import Relative Mult_error.
From Flocq.IEEE754 Require Import BinarySingleNaN.
From DivBridge Require Import RoundedOperations.
Local Open Scope R_scope.

Section Generic.
Variables prec emax : Z.
Context (prec_gt_0_ : Prec_gt_0 prec) (prec_lt_emax_ : Prec_lt_emax prec emax).

Local Instance fexp_valid : Valid_exp (SpecFloat.fexp prec emax) := FLT_exp_valid _ _.
Local Instance fexp_monotone : Monotone_exp (SpecFloat.fexp prec emax) := FLT_exp_monotone _ _.
Notation float := (binary_float prec emax).
Notation fexp := (SpecFloat.fexp prec emax).
Notation emin := (SpecFloat.emin prec emax).
Notation rnd := (round radix2 fexp (round_mode mode_NE)).

(* Bmult is the real product rounded once (Bmult_correct; where it overflows, not finite) *)
Lemma rounds_Bmult : rounds (Bmult mode_NE : float -> float -> float) Rmult.
Proof.
intros x y Fx Fy. generalize (Bmult_correct prec emax _ _ mode_NE x y).
rewrite Fx, Fy. destruct Rlt_bool.
- intros [H [F _]]. split; [exact H | exact F].
- exact (overflow_not_finite _ _).
Qed.

(* the error of x * y rounded is a float above 2^(emin + 2 prec - 1): Flocq's mult_error_FLT puts it in the
   format there, and it is no larger than u |round(x * y)|, below the overflow threshold *)
Theorem error_is_float_Bmult : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bmult mode_NE x y) = true ->
  bpow radix2 (emin + 2 * prec - 1) <= Rabs (B2R x * B2R y) ->
  exists e : float, is_finite e = true /\ B2R e = B2R (Bmult mode_NE x y) - B2R x * B2R y.
Proof.
intros x y Fx Fy Fz H.
generalize (abs_B2R_lt_emax _ _ (Bmult mode_NE x y)).
rewrite (rounds_where_finite _ _ rounds_Bmult) by assumption. intros Bz.
apply float_of_format.
- apply (mult_error_FLT radix2 emin prec); auto with typeclass_instances; try apply generic_format_B2R.
- assert (N : bpow radix2 (emin + prec - 1) <= Rabs (B2R x * B2R y)).
  { apply Rle_trans with (2 := H). apply bpow_le. unfold Prec_gt_0 in prec_gt_0_. lia. }
  assert (U : bpow radix2 (- prec) <= 1).
  { change 1 with (bpow radix2 0). apply bpow_le. unfold Prec_gt_0 in prec_gt_0_. lia. }
  apply Rle_lt_trans with (2 := Bz).
  apply Rle_trans with (bpow radix2 (- prec) * Rabs (rnd (B2R x * B2R y))).
  + rewrite <- half_ulp_one. now apply relative_error_N_FLT_round.
  + generalize (Rabs_pos (rnd (B2R x * B2R y))). nra.
Qed.

Theorem relative_error_Bmult : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bmult mode_NE x y) = true -> bpow radix2 (emin + prec - 1) <= Rabs (B2R x * B2R y) ->
  Rabs (B2R (Bmult mode_NE x y) - B2R x * B2R y) <= bpow radix2 (- prec) * Rabs (B2R x * B2R y).
Proof. exact (relative_error_of _ _ rounds_Bmult). Qed.

End Generic.
