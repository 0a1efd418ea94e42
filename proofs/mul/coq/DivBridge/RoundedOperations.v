(* The theorems a numerical analyst relies on for IEEE 754 addition, subtraction and multiplication
   rounded to nearest even, for every binary format (prec, emax): Sterbenz's lemma, the rounding error of
   a sum (of a product above 2^(emin + 2 prec - 1)) is itself a float, the relative error bound
   u = 2^-prec in the normal range, and a sum below the normal range is exact.  Each rests on Flocq's
   theorem (Flocq.Prop.Sterbenz, Plus_error, Mult_error, Relative), carried to binary_float through
   Bplus_correct, Bminus_correct and Bmult_correct.  The lemmas are named <theorem>_<operation>, the
   operation as Flocq names it (Bplus, Bminus, Bmult).
   Compiled once per run by divbridge (provers/coq.py); each obligation's file instantiates a lemma for
   its format. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.Prop Require Import Sterbenz Plus_error Mult_error Relative.
From Flocq.IEEE754 Require Import BinarySingleNaN.
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
Notation format := (generic_format radix2 fexp).

(* an operation that rounds the real function f once, wherever its result is finite *)
Definition rounds (op : float -> float -> float) (f : R -> R -> R) := forall x y : float,
  is_finite x = true -> is_finite y = true -> is_finite (op x y) = true ->
  B2R (op x y) = rnd (f (B2R x) (B2R y)).

Lemma overflow_not_finite : forall (z : float) s,
  B2SF z = binary_overflow prec emax mode_NE s -> is_finite z = false.
Proof. intros z s H. now rewrite <- is_finite_SF_B2SF, H. Qed.

(* a sum's or difference's correctness theorem: rounded where it does not overflow, else not finite *)
Local Ltac rounds_by correct :=
  intros x y Fx Fy Fz; generalize (correct prec emax _ _ mode_NE x y Fx Fy);
  destruct Rlt_bool; [ now intros [H _] | intros [H _]; now rewrite (overflow_not_finite _ _ H) in Fz ].

Lemma rounds_Bplus : rounds (Bplus mode_NE) Rplus.
Proof. rounds_by Bplus_correct. Qed.

Lemma rounds_Bminus : rounds (Bminus mode_NE) Rminus.
Proof. rounds_by Bminus_correct. Qed.

Lemma rounds_Bmult : rounds (Bmult mode_NE) Rmult.
Proof.
intros x y Fx Fy Fz. generalize (Bmult_correct prec emax _ _ mode_NE x y).
destruct Rlt_bool. { now intros [H _]. }
intros H. now rewrite (overflow_not_finite _ _ H) in Fz.
Qed.

(* a value of the format below the overflow threshold is the value of a finite float *)
Lemma float_of_format : forall r, format r -> Rabs r < bpow radix2 emax ->
  exists e : float, is_finite e = true /\ B2R e = r.
Proof.
intros r Hr Hb.
generalize (binary_normalize_correct prec emax _ _ mode_NE (Ztrunc (scaled_mantissa radix2 fexp r))
              (cexp radix2 fexp r) false).
assert (R : F2R (Float radix2 (Ztrunc (scaled_mantissa radix2 fexp r)) (cexp radix2 fexp r)) = r)
  by (symmetry; exact Hr).
simpl. rewrite R, round_generic by (auto with typeclass_instances).
rewrite Rlt_bool_true by exact Hb.
intros [E [F _]]. eexists. split; [exact F | exact E].
Qed.

(* Sterbenz: two floats within a factor two of each other subtract exactly *)
Theorem sterbenz_Bminus : forall x y : float, is_finite x = true -> is_finite y = true ->
  B2R y / 2 <= B2R x <= 2 * B2R y ->
  B2R (Bminus mode_NE x y) = B2R x - B2R y /\ is_finite (Bminus mode_NE x y) = true.
Proof.
intros x y Fx Fy H.
generalize (Bminus_correct prec emax _ _ mode_NE x y Fx Fy).
rewrite round_generic by (auto with typeclass_instances;
  apply sterbenz; auto with typeclass_instances; apply generic_format_B2R).
generalize (abs_B2R_lt_emax _ _ x) (abs_B2R_lt_emax _ _ y).
rewrite (Rabs_pos_eq (B2R x)), (Rabs_pos_eq (B2R y)) by lra. intros Bx By.
rewrite Rlt_bool_true. { now intros [E [F _]]. }
unfold Rabs; destruct Rcase_abs; lra.
Qed.

(* the same for a sum of floats of opposite signs within a factor two: x + y is x - (-y) *)
Theorem sterbenz_Bplus : forall x y : float, is_finite x = true -> is_finite y = true ->
  - B2R y / 2 <= B2R x <= 2 * - B2R y ->
  B2R (Bplus mode_NE x y) = B2R x + B2R y /\ is_finite (Bplus mode_NE x y) = true.
Proof.
intros x y Fx Fy H.
generalize (Bplus_correct prec emax _ _ mode_NE x y Fx Fy).
replace (B2R x + B2R y) with (B2R x - - B2R y) by ring.
rewrite round_generic by (auto with typeclass_instances;
  apply sterbenz; auto with typeclass_instances; try apply generic_format_opp; apply generic_format_B2R).
generalize (abs_B2R_lt_emax _ _ x) (abs_B2R_lt_emax _ _ y).
rewrite (Rabs_pos_eq (B2R x)), (Rabs_left1 (B2R y)) by lra. intros Bx By.
rewrite Rlt_bool_true. { intros [E [F _]]. split; [lra | exact F]. }
unfold Rabs; destruct Rcase_abs; lra.
Qed.

(* the error of a rounded sum x + s is a float when x and s are: it is no larger than |s|, which is
   below the overflow threshold (rounding to nearest is no farther from x + s than the float x) *)
Lemma sum_error_is_float : forall (x : float) s, format s -> Rabs s < bpow radix2 emax ->
  exists e : float, is_finite e = true /\ B2R e = rnd (B2R x + s) - (B2R x + s).
Proof.
intros x s Fs Bs. apply float_of_format.
- apply (plus_error radix2 fexp (fun z => negb (Z.even z))); auto with typeclass_instances.
  apply generic_format_B2R.
- destruct (round_N_pt radix2 fexp (fun z => negb (Z.even z)) (B2R x + s)) as [_ N].
  apply Rle_lt_trans with (2 := Bs).
  replace (Rabs s) with (Rabs (B2R x - (B2R x + s))) 
    by (replace (B2R x - (B2R x + s)) with (- s) by ring; apply Rabs_Ropp).
  apply N, generic_format_B2R.
Qed.

Theorem error_is_float_Bplus : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bplus mode_NE x y) = true ->
  exists e : float, is_finite e = true /\ B2R e = B2R (Bplus mode_NE x y) - (B2R x + B2R y).
Proof.
intros x y Fx Fy Fz. rewrite rounds_Bplus by assumption.
apply sum_error_is_float. apply generic_format_B2R. apply abs_B2R_lt_emax.
Qed.

Theorem error_is_float_Bminus : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bminus mode_NE x y) = true ->
  exists e : float, is_finite e = true /\ B2R e = B2R (Bminus mode_NE x y) - (B2R x - B2R y).
Proof.
intros x y Fx Fy Fz. rewrite rounds_Bminus by assumption. unfold Rminus.
apply sum_error_is_float. apply generic_format_opp, generic_format_B2R.
rewrite Rabs_Ropp. apply abs_B2R_lt_emax.
Qed.

(* Flocq's relative error of rounding to nearest, /2 * 2^(1-prec), is u = 2^-prec *)
Lemma half_ulp_one : / 2 * bpow radix2 (- prec + 1) = bpow radix2 (- prec).
Proof. rewrite bpow_plus. simpl. unfold Z.pow_pos. simpl. field. Qed.

Lemma relative_error : forall z, bpow radix2 (emin + prec - 1) <= Rabs z ->
  Rabs (rnd z - z) <= bpow radix2 (- prec) * Rabs z.
Proof.
intros z H. rewrite <- half_ulp_one.
now apply relative_error_N_FLT.
Qed.

Theorem error_is_float_Bmult : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bmult mode_NE x y) = true ->
  bpow radix2 (emin + 2 * prec - 1) <= Rabs (B2R x * B2R y) ->
  exists e : float, is_finite e = true /\ B2R e = B2R (Bmult mode_NE x y) - B2R x * B2R y.
Proof.
intros x y Fx Fy Fz H.
generalize (abs_B2R_lt_emax _ _ (Bmult mode_NE x y)).
rewrite rounds_Bmult by assumption. intros Bz.
rewrite rounds_Bmult by assumption.
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

(* the relative error bound u = 2^-prec wherever the exact result is in the normal range *)
Theorem relative_error_Bplus : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bplus mode_NE x y) = true -> bpow radix2 (emin + prec - 1) <= Rabs (B2R x + B2R y) ->
  Rabs (B2R (Bplus mode_NE x y) - (B2R x + B2R y)) <= bpow radix2 (- prec) * Rabs (B2R x + B2R y).
Proof. intros x y Fx Fy Fz H. rewrite rounds_Bplus by assumption. now apply relative_error. Qed.

Theorem relative_error_Bminus : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bminus mode_NE x y) = true -> bpow radix2 (emin + prec - 1) <= Rabs (B2R x - B2R y) ->
  Rabs (B2R (Bminus mode_NE x y) - (B2R x - B2R y)) <= bpow radix2 (- prec) * Rabs (B2R x - B2R y).
Proof. intros x y Fx Fy Fz H. rewrite rounds_Bminus by assumption. now apply relative_error. Qed.

Theorem relative_error_Bmult : forall x y : float, is_finite x = true -> is_finite y = true ->
  is_finite (Bmult mode_NE x y) = true -> bpow radix2 (emin + prec - 1) <= Rabs (B2R x * B2R y) ->
  Rabs (B2R (Bmult mode_NE x y) - B2R x * B2R y) <= bpow radix2 (- prec) * Rabs (B2R x * B2R y).
Proof. intros x y Fx Fy Fz H. rewrite rounds_Bmult by assumption. now apply relative_error. Qed.

(* below twice the smallest normal number a sum of floats is exact (Flocq's FLT_format_plus_small): where
   a sum underflows it has no rounding error at all *)
Lemma sum_exact : forall s, format s -> Rabs s <= bpow radix2 (prec + emin) ->
  Rlt_bool (Rabs (rnd s)) (bpow radix2 emax) = true /\ rnd s = s.
Proof.
intros s Fs Hs. rewrite round_generic by (auto with typeclass_instances). split; [ | reflexivity].
apply Rlt_bool_true, Rle_lt_trans with (1 := Hs), bpow_lt.
unfold SpecFloat.emin. unfold Prec_gt_0 in prec_gt_0_. unfold Prec_lt_emax in prec_lt_emax_. lia.
Qed.

Theorem subnormal_exact_Bplus : forall x y : float, is_finite x = true -> is_finite y = true ->
  Rabs (B2R x + B2R y) <= bpow radix2 (prec + emin) ->
  B2R (Bplus mode_NE x y) = B2R x + B2R y /\ is_finite (Bplus mode_NE x y) = true.
Proof.
intros x y Fx Fy H.
assert (F : format (B2R x + B2R y)) by (apply FLT_format_plus_small; try apply generic_format_B2R; auto).
destruct (sum_exact _ F H) as [B E].
generalize (Bplus_correct prec emax _ _ mode_NE x y Fx Fy). rewrite B, E. now intros [? [? _]].
Qed.

Theorem subnormal_exact_Bminus : forall x y : float, is_finite x = true -> is_finite y = true ->
  Rabs (B2R x - B2R y) <= bpow radix2 (prec + emin) ->
  B2R (Bminus mode_NE x y) = B2R x - B2R y /\ is_finite (Bminus mode_NE x y) = true.
Proof.
intros x y Fx Fy H.
assert (F : format (B2R x - B2R y)).
{ apply FLT_format_plus_small; try apply generic_format_opp; try apply generic_format_B2R; auto. }
destruct (sum_exact _ F H) as [B E].
generalize (Bminus_correct prec emax _ _ mode_NE x y Fx Fy). rewrite B, E. now intros [? [? _]].
Qed.

End Generic.
