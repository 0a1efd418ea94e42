(* Monotonicity in the numerator: for a finite positive divisor b, a1 <= a2 implies
   a1 / b <= a2 / b (IEEE comparisons; infinite numerators and overflow to an infinity included),
   for every binary format.
   Compiled once per run by divbridge (provers/coq.py); each obligation's file instantiates it
   for its format and checks the hypotheses. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
Local Open Scope R_scope.

Section Generic.
Variables prec emax : Z.
Context (prec_gt_0_ : Prec_gt_0 prec) (prec_lt_emax_ : Prec_lt_emax prec emax).

Local Instance fexp_valid : Valid_exp (SpecFloat.fexp prec emax) := FLT_exp_valid _ _.
Notation float := (binary_float prec emax).
Notation rnd := (round radix2 (SpecFloat.fexp prec emax) (round_mode mode_NE)).
Notation div := (@Bdiv prec emax prec_gt_0_ prec_lt_emax_ mode_NE).

Lemma B2R_sign_nonneg : forall x : float, is_finite x = true -> Bsign x = false -> 0 <= B2R x.
Proof.
intros [s|s| |s m e H] F S; simpl in *; try discriminate; try lra.
subst s. apply F2R_ge_0. simpl. lia.
Qed.

Lemma B2R_sign_nonpos : forall x : float, is_finite x = true -> Bsign x = true -> B2R x <= 0.
Proof.
intros [s|s| |s m e H] F S; simpl in *; try discriminate; try lra.
subst s. apply F2R_le_0. simpl. lia.
Qed.

(* The quotient by a finite positive divisor of a finite numerator: the rounded
   real quotient, or an infinity of the numerator's sign on overflow. *)
Lemma div_pos_finite : forall x b : float,
  is_finite x = true -> is_finite b = true -> 0 < B2R b ->
  let r := rnd (B2R x / B2R b) in
  (is_finite (div x b) = true /\ B2R (div x b) = r)
  \/ (div x b = B754_infinity false /\ bpow radix2 emax <= r)
  \/ (div x b = B754_infinity true /\ r <= - bpow radix2 emax).
Proof.
intros x b Fx Fb Pb r.
generalize (Bdiv_correct prec emax prec_gt_0_ prec_lt_emax_ mode_NE x b ltac:(lra)).
fold r. case Rlt_bool_spec; intros Hr.
- intros [H1 [H2 _]]. left. split; [now rewrite H2 | exact H1].
- intros H. right.
  assert (Sb : Bsign b = false).
  { destruct b as [s|s| |s m e Hb]; simpl in *; try lra. destruct s; auto.
    exfalso. apply gt_0_F2R in Pb. simpl in Pb. lia. }
  rewrite Sb, xorb_false_r in H.
  assert (Ediv : div x b = B754_infinity (Bsign x)).
  { apply B2SF_inj. rewrite H. reflexivity. }
  case_eq (Bsign x); intros Sx; rewrite Sx in Ediv.
  + right. split; [exact Ediv|].
    assert (r <= 0).
    { unfold r. rewrite <- (round_0 radix2 (SpecFloat.fexp prec emax) (round_mode mode_NE)).
      apply round_le; auto with typeclass_instances.
      assert (B2R x <= 0) by now apply B2R_sign_nonpos. assert (0 < / B2R b) by now apply Rinv_0_lt_compat.
      unfold Rdiv. nra. }
    rewrite Rabs_left1 in Hr by lra. lra.
  + left. split; [exact Ediv|].
    assert (0 <= r).
    { unfold r. rewrite <- (round_0 radix2 (SpecFloat.fexp prec emax) (round_mode mode_NE)).
      apply round_le; auto with typeclass_instances.
      apply Rmult_le_pos; [now apply B2R_sign_nonneg | left; now apply Rinv_0_lt_compat]. }
    rewrite Rabs_pos_eq in Hr by lra. lra.
Qed.

Lemma Bleb_minus_inf : forall y : float, is_nan y = false -> Bleb (B754_infinity true) y = true.
Proof. intros [s|[|]| |[|] m e H] N; easy. Qed.

Lemma Bleb_plus_inf : forall y : float, is_nan y = false -> Bleb y (B754_infinity false) = true.
Proof. intros [s|[|]| |[|] m e H] N; easy. Qed.

Lemma is_nan_div_pos : forall x b : float, is_nan x = false -> is_finite b = true -> 0 < B2R b ->
  is_nan (div x b) = false.
Proof.
intros x b Nx Fb Pb.
destruct x as [sx|sx| |sx mx ex Hx]; try discriminate;
  destruct b as [sb|sb| |sb mb eb Hb]; try discriminate; simpl in Pb; try lra; try reflexivity.
destruct (div_pos_finite (B754_finite sx mx ex Hx) (B754_finite sb mb eb Hb) eq_refl eq_refl Pb)
  as [[F _]|[[E _]|[E _]]]; rewrite ?E; try reflexivity.
destruct (div _ _); easy.
Qed.

Theorem monotone_numerator : forall a1 a2 b : float,
  is_nan a1 = false -> is_nan a2 = false ->
  is_finite b = true -> Bltb (B754_zero false) b = true ->
  Bleb a1 a2 = true ->
  Bleb (div a1 b) (div a2 b) = true.
Proof.
intros a1 a2 b N1 N2 Fb Pb Le.
rewrite Bltb_correct in Pb by easy.
assert (Pb' : 0 < B2R b) by (revert Pb; simpl; case Rlt_bool_spec; easy). clear Pb. rename Pb' into Pb.
assert (Q2 := is_nan_div_pos a2 b N2 Fb Pb).
assert (Q1 := is_nan_div_pos a1 b N1 Fb Pb).
destruct b as [sb|sb| |sb mb eb Hb]; try discriminate; simpl in Pb; try lra.
destruct sb; [apply gt_0_F2R in Pb; simpl in Pb; lia|].
destruct a1 as [s1|s1| |s1 m1 e1 H1]; try discriminate.
(* infinite a1 *)
2: { destruct s1.
     - simpl. apply Bleb_minus_inf; exact Q2.
     - destruct a2 as [s2|[|]| |s2 m2 e2 H2]; try discriminate; easy. }
all: destruct a2 as [s2|s2| |s2 m2 e2 H2]; try discriminate.
(* infinite a2 *)
2,5: destruct s2; [ destruct s1; easy | apply Bleb_plus_inf; exact Q1 ].
(* both finite, zeros included *)
all: match goal with |- Bleb (div ?x ?b) (div ?y ?b) = true =>
  assert (Fx : is_finite x = true) by reflexivity;
  assert (Fy : is_finite y = true) by reflexivity;
  rewrite Bleb_correct in Le by reflexivity;
  assert (Le' : B2R x <= B2R y) by (revert Le; case Rle_bool_spec; easy); clear Le; rename Le' into Le;
  assert (R : rnd (B2R x / B2R b) <= rnd (B2R y / B2R b))
    by (apply round_le; auto with typeclass_instances;
        apply Rmult_le_compat_r; [left; now apply Rinv_0_lt_compat | exact Le]);
  destruct (div_pos_finite x b Fx eq_refl Pb) as [[F1 E1]|[[E1 B1]|[E1 B1]]];
  destruct (div_pos_finite y b Fy eq_refl Pb) as [[F2 E2]|[[E2 B2]|[E2 B2]]]
  end;
  try rewrite E1; try rewrite E2; try reflexivity;
  try (rewrite Bleb_correct by assumption; apply Rle_bool_true; lra);
  try (apply Bleb_plus_inf; assumption);
  try (apply Bleb_minus_inf; assumption);
  exfalso; pose proof (bpow_gt_0 radix2 emax);
  repeat match goal with
  | F : is_finite ?q = true, E : B2R ?q = _ |- _ =>
      let A := fresh in assert (A := abs_B2R_lt_emax _ _ q); rewrite E in A;
      apply Rabs_lt_inv in A; clear F
  end; lra.
Qed.

End Generic.
