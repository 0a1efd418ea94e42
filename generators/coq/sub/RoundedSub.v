(* Sub's theorems, for IEEE 754 subtraction rounded to nearest even in every binary format (prec, emax):
   Sterbenz's lemma, the rounding error of a difference is itself a float, the relative error bound
   u = 2^-prec in the normal range, and a difference below the normal range is exact.  Flocq's
   Bminus_correct shows that Bminus rounds the real difference (`rounds_Bminus`); each theorem follows from
   it by a lemma of RoundedOperations (stated for any operation) and Flocq's Sterbenz or Plus_error.  The
   theorems are named <claim>_Bminus (Flocq's name of the operation), as the obligations instantiate them.
   Compiled once per run by divbridge (provers/coq.py); each obligation's file instantiates a theorem for
   its format. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.Prop Require Import Sterbenz Plus_error.
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
Notation format := (generic_format radix2 fexp).

(* Bminus is the real difference rounded once (Bminus_correct; where it overflows, not finite) *)
Lemma rounds_Bminus : rounds (Bminus mode_NE : float -> float -> float) Rminus.
Proof.
intros x y Fx Fy. generalize (Bminus_correct prec emax _ _ mode_NE x y Fx Fy).
destruct Rlt_bool; intros [H F]; [ split; [exact H | exact (proj1 F)] | exact (overflow_not_finite _ _ H) ].
Qed.

(* Sterbenz: two floats within a factor two of each other subtract exactly *)
Theorem sterbenz_Bminus : forall x y : float, is_finite x = true -> is_finite y = true ->
  B2R y / 2 <= B2R x <= 2 * B2R y ->
  B2R (Bminus mode_NE x y) = B2R x - B2R y /\ is_finite (Bminus mode_NE x y) = true.
Proof.
intros x y Fx Fy H. apply (exact_of_format _ _ rounds_Bminus); auto.
- apply sterbenz; auto with typeclass_instances; apply generic_format_B2R.
- generalize (abs_B2R_lt_emax _ _ x) (abs_B2R_lt_emax _ _ y).
  rewrite (Rabs_pos_eq (B2R x)), (Rabs_pos_eq (B2R y)) by lra. intros Bx By.
  unfold Rabs; destruct Rcase_abs; lra.
Qed.

(* the error of x - y rounded is a float: Flocq's plus_error (on x + (-y)) puts it in the format, and it
   is no larger than |y|, the distance from x - y to the float x *)
Theorem error_is_float_Bminus : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bminus mode_NE x y) = true ->
  exists e : float, is_finite e = true /\ B2R e = B2R (Bminus mode_NE x y) - (B2R x - B2R y).
Proof.
intros x y Fx Fy Fz. rewrite (rounds_where_finite _ _ rounds_Bminus) by assumption.
apply float_of_format.
- unfold Rminus at 1 2. apply (plus_error radix2 fexp (fun n => negb (Z.even n))); auto with typeclass_instances.
  + apply generic_format_B2R.
  + apply generic_format_opp, generic_format_B2R.
- apply Rle_lt_trans with (1 := nearest_error_le _ x).
  replace (B2R x - (B2R x - B2R y)) with (B2R y) by ring. apply abs_B2R_lt_emax.
Qed.

Theorem relative_error_Bminus : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bminus mode_NE x y) = true -> bpow radix2 (emin + prec - 1) <= Rabs (B2R x - B2R y) ->
  Rabs (B2R (Bminus mode_NE x y) - (B2R x - B2R y)) <= bpow radix2 (- prec) * Rabs (B2R x - B2R y).
Proof. exact (relative_error_of _ _ rounds_Bminus). Qed.

(* below twice the smallest normal number x - y is a float (Flocq's FLT_format_plus_small on x + (-y)):
   where it underflows it has no rounding error at all *)
Theorem subnormal_exact_Bminus : forall x y : float, is_finite x = true -> is_finite y = true ->
  Rabs (B2R x - B2R y) <= bpow radix2 (prec + emin) ->
  B2R (Bminus mode_NE x y) = B2R x - B2R y /\ is_finite (Bminus mode_NE x y) = true.
Proof.
intros x y Fx Fy H. apply (exact_below_normal _ _ rounds_Bminus); auto.
apply FLT_format_plus_small; try apply generic_format_opp; try apply generic_format_B2R; auto.
Qed.

End Generic.
