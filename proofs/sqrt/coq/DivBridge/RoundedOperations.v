(* What an IEEE 754 binary operation rounded to nearest even satisfies, for every binary format (prec, emax)
   and every operation op on binary_float that rounds a real function f (`rounds`): it is exact wherever
   f's result is a float below the overflow threshold (`exact_of_format`), in particular below twice the
   smallest normal number (`exact_below_normal`), and within the relative error bound u = 2^-prec of it in
   the normal range (`relative_error_of`).  Rounding to nearest is no farther from a real than any float
   (`nearest_error_le`), and a real of the format below the overflow threshold is a float
   (`float_of_format`): where Flocq shows a rounding error is in the format, it is a float.
   Each operator's library (generators/coq/<op>/) shows that its Flocq operation rounds its real function
   (from the operation's correctness theorem) and derives its theorems from these lemmas.
   Compiled once per run by divbridge (provers/coq.py), before the libraries that load it. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.Prop Require Import Relative.
From Flocq.IEEE754 Require Import BinarySingleNaN.
Local Open Scope R_scope.

Section Generic.
Context {prec emax : Z} {prec_gt_0_ : Prec_gt_0 prec} {prec_lt_emax_ : Prec_lt_emax prec emax}.

Local Instance fexp_valid : Valid_exp (SpecFloat.fexp prec emax) := FLT_exp_valid _ _.
Notation float := (binary_float prec emax).
Notation fexp := (SpecFloat.fexp prec emax).
Notation emin := (SpecFloat.emin prec emax).
Notation rnd := (round radix2 fexp (round_mode mode_NE)).
Notation format := (generic_format radix2 fexp).

(* the operation op is the real function f rounded once: finite and f rounded wherever f rounded is below the
   overflow threshold, else not finite *)
Definition rounds (op : float -> float -> float) (f : R -> R -> R) := forall x y : float,
  is_finite x = true -> is_finite y = true ->
  if Rlt_bool (Rabs (rnd (f (B2R x) (B2R y)))) (bpow radix2 emax)
  then B2R (op x y) = rnd (f (B2R x) (B2R y)) /\ is_finite (op x y) = true
  else is_finite (op x y) = false.

(* how Flocq's correctness theorems say an operation overflows *)
Lemma overflow_not_finite : forall (z : float) s,
  B2SF z = binary_overflow prec emax mode_NE s -> is_finite z = false.
Proof. intros z s H. now rewrite <- is_finite_SF_B2SF, H. Qed.

Lemma rounds_where_finite : forall op f, rounds op f -> forall x y : float,
  is_finite x = true -> is_finite y = true -> is_finite (op x y) = true ->
  B2R (op x y) = rnd (f (B2R x) (B2R y)).
Proof.
intros op f R x y Fx Fy Fz. generalize (R x y Fx Fy).
destruct Rlt_bool. { now intros [H _]. } intros H. now rewrite H in Fz.
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

(* rounding to nearest is no farther from z than the float x *)
Lemma nearest_error_le : forall z (x : float), Rabs (rnd z - z) <= Rabs (B2R x - z).
Proof.
intros z x. destruct (round_N_pt radix2 fexp (fun n => negb (Z.even n)) z) as [_ N].
apply N, generic_format_B2R.
Qed.

(* an operation is exact wherever the exact result is a value of the format below the overflow threshold *)
Lemma exact_of_format : forall op f, rounds op f -> forall x y : float,
  is_finite x = true -> is_finite y = true ->
  format (f (B2R x) (B2R y)) -> Rabs (f (B2R x) (B2R y)) < bpow radix2 emax ->
  B2R (op x y) = f (B2R x) (B2R y) /\ is_finite (op x y) = true.
Proof.
intros op f R x y Fx Fy F B. generalize (R x y Fx Fy).
rewrite round_generic by (auto with typeclass_instances). now rewrite Rlt_bool_true by exact B.
Qed.

(* the same below twice the smallest normal number, far below the overflow threshold *)
Lemma exact_below_normal : forall op f, rounds op f -> forall x y : float,
  is_finite x = true -> is_finite y = true ->
  format (f (B2R x) (B2R y)) -> Rabs (f (B2R x) (B2R y)) <= bpow radix2 (prec + emin) ->
  B2R (op x y) = f (B2R x) (B2R y) /\ is_finite (op x y) = true.
Proof.
intros op f R x y Fx Fy F B. apply exact_of_format; auto.
apply Rle_lt_trans with (1 := B), bpow_lt.
unfold SpecFloat.emin. unfold Prec_gt_0 in prec_gt_0_. unfold Prec_lt_emax in prec_lt_emax_. lia.
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

(* the relative error bound u = 2^-prec wherever the exact result is in the normal range *)
Lemma relative_error_of : forall op f, rounds op f -> forall x y : float,
  is_finite x = true -> is_finite y = true -> is_finite (op x y) = true ->
  bpow radix2 (emin + prec - 1) <= Rabs (f (B2R x) (B2R y)) ->
  Rabs (B2R (op x y) - f (B2R x) (B2R y)) <= bpow radix2 (- prec) * Rabs (f (B2R x) (B2R y)).
Proof.
intros op f R x y Fx Fy Fz H. rewrite (rounds_where_finite op f R) by assumption.
now apply relative_error.
Qed.

End Generic.
