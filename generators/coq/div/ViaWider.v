(* Division in a wider format: widen both operands, divide there, round back once more; the
   result is the narrow format's own quotient (special values and overflow included), for every
   pair of binary formats meeting the hypotheses below.
   Compiled once per run by divbridge (provers/coq.py); each obligation's file instantiates it
   for its format and checks the hypotheses. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.Prop Require Import Double_rounding.
From Flocq.IEEE754 Require Import BinarySingleNaN.
Local Open Scope R_scope.

Section Generic.
(* the narrow format (prec, emax) and the wide one (prec', emax') *)
Variables prec emax prec' emax' : Z.
Context {prec_gt_0_ : Prec_gt_0 prec} {prec_lt_emax_ : Prec_lt_emax prec emax}.
Context {prec_gt_0' : Prec_gt_0 prec'} {prec_lt_emax' : Prec_lt_emax prec' emax'}.
(* Flocq's round_round_div_FLT: double rounding of a quotient is innocuous when the
   wide format has at least twice the precision and reaches far enough below the
   narrow one's subnormals; the narrow range inside the wide one makes widening exact *)
Hypothesis wide_precision : (2 * prec <= prec')%Z.
Hypothesis wide_subnormals : (SpecFloat.emin prec' emax' <= SpecFloat.emin prec emax - prec - 2)%Z.
Hypothesis wide_range : (emax <= emax')%Z.

Local Instance fexp_valid : Valid_exp (SpecFloat.fexp prec emax) := FLT_exp_valid _ _.
Local Instance fexp_valid' : Valid_exp (SpecFloat.fexp prec' emax') := FLT_exp_valid _ _.
Notation narrow := (binary_float prec emax).
Notation wide := (binary_float prec' emax').
Notation rnd := (round radix2 (SpecFloat.fexp prec emax) ZnearestE).
Notation rnd' := (round radix2 (SpecFloat.fexp prec' emax') ZnearestE).

(* IEEE 754 convertFormat with round to nearest even: a finite value is rounded
   (binary_normalize), the special values keep their class and sign. *)
Definition widen (x : narrow) : wide :=
  match x with
  | B754_zero s => B754_zero s
  | B754_infinity s => B754_infinity s
  | B754_nan => B754_nan
  | B754_finite s m e _ => binary_normalize prec' emax' prec_gt_0' prec_lt_emax' mode_NE (SpecFloat.cond_Zopp s (Zpos m)) e s
  end.

Definition narrow_of (x : wide) : narrow :=
  match x with
  | B754_zero s => B754_zero s
  | B754_infinity s => B754_infinity s
  | B754_nan => B754_nan
  | B754_finite s m e _ => binary_normalize prec emax prec_gt_0_ prec_lt_emax_ mode_NE (SpecFloat.cond_Zopp s (Zpos m)) e s
  end.

Notation div := (@Bdiv prec emax prec_gt_0_ prec_lt_emax_ mode_NE).
Notation div' := (@Bdiv prec' emax' prec_gt_0' prec_lt_emax' mode_NE).

Lemma F2R_sign : forall s m e, (0 < F2R (Float radix2 (SpecFloat.cond_Zopp s (Zpos m)) e) <-> s = false)
  /\ (F2R (Float radix2 (SpecFloat.cond_Zopp s (Zpos m)) e) < 0 <-> s = true).
Proof.
intros [|] m e; simpl; split; split; intros H; try easy.
- apply gt_0_F2R in H. simpl in H. lia.
- apply F2R_lt_0. simpl. lia.
- apply F2R_gt_0. simpl. lia.
- apply lt_0_F2R in H. simpl in H. lia.
Qed.

Lemma rnd_sign_pos : forall (fexp : Z -> Z) {V : Valid_exp fexp} x, 0 < round radix2 fexp ZnearestE x -> 0 < x.
Proof.
intros fexp V x H. destruct (Rle_or_lt x 0) as [L|L]; [|exact L].
assert (round radix2 fexp ZnearestE x <= 0); [|lra].
rewrite <- (round_0 radix2 fexp ZnearestE). apply round_le; auto with typeclass_instances.
Qed.

Lemma rnd_sign_neg : forall (fexp : Z -> Z) {V : Valid_exp fexp} x, round radix2 fexp ZnearestE x < 0 -> x < 0.
Proof.
intros fexp V x H. destruct (Rle_or_lt 0 x) as [L|L]; [|exact L].
assert (0 <= round radix2 fexp ZnearestE x); [|lra].
rewrite <- (round_0 radix2 fexp ZnearestE). apply round_le; auto with typeclass_instances.
Qed.

Lemma widen_finite : forall s m e H,
  let x := B754_finite s m e H : narrow in
  is_finite (widen x) = true /\ B2R (widen x) = B2R x /\ Bsign (widen x) = s.
Proof.
intros s m e H x.
assert (Fw : generic_format radix2 (SpecFloat.fexp prec' emax') (B2R x)).
{ destruct (FLT_format_B2R prec emax prec_gt_0_ x) as [f E L U].
  apply generic_format_FLT. exists f; [exact E| |].
  - apply Z.lt_le_trans with (1 := L). apply Zpower_le. unfold Prec_gt_0 in *. lia.
  - unfold SpecFloat.emin, Prec_gt_0 in *. lia. }
generalize (binary_normalize_correct prec' emax' prec_gt_0' prec_lt_emax' mode_NE (SpecFloat.cond_Zopp s (Zpos m)) e s).
simpl. fold (B2R x). change (F2R _) with (B2R x). rewrite round_generic by (auto with typeclass_instances).
rewrite Rlt_bool_true.
- intros [E1 [E2 E3]]. split; [exact E2|]. split; [exact E1|]. rewrite E3.
  destruct (F2R_sign s m e) as [[P1 P2] [N1 N2]]. change (F2R _) with (B2R x) in *.
  destruct s.
  + rewrite Rcompare_Lt; auto.
  + rewrite Rcompare_Gt; auto.
- apply Rlt_le_trans with (1 := abs_B2R_lt_emax _ _ x). apply bpow_le. exact wide_range.
Qed.

Lemma finite_not_nan : forall z : narrow, is_finite z = true -> is_nan z = false.
Proof. now intros [| | |]. Qed.

Lemma sign_of_compare : forall b s : bool,
  match (if b then Lt else Gt) with Eq => s | Lt => true | Gt => false end = b.
Proof. intros [|] s; reflexivity. Qed.

Lemma Rlt_bool_of_compare : forall (r : R) (b : bool), Rcompare r 0 = (if b then Lt else Gt) -> Rlt_bool r 0 = b.
Proof.
intros r b H; destruct b; [apply Rlt_bool_true | apply Rlt_bool_false]; revert H; case Rcompare_spec; intros; easy || lra.
Qed.

Lemma widen_shape : forall s m e H, exists m' e' H', widen (B754_finite s m e H) = B754_finite s m' e' H'.
Proof.
intros s m e H. destruct (widen_finite s m e H) as [F [R S]].
destruct (widen _) as [s'|s'| |s' m' e' H']; try discriminate F.
- exfalso. simpl in R. symmetry in R. revert R. apply F2R_neq_0. destruct s; easy.
- simpl in S. subst s'. now exists m', e', H'.
Qed.

Theorem via_wider : forall x y : narrow,
  narrow_of (div' (widen x) (widen y)) = div x y.
Proof.
intros [sx|sx| |sx mx ex Hx] [sy|sy| |sy my ey Hy]; try reflexivity;
  try solve [ try (destruct (widen_shape sx mx ex Hx) as (mx' & ex' & Hx' & Ex); rewrite Ex);
              try (destruct (widen_shape sy my ey Hy) as (my' & ey' & Hy' & Ey); rewrite Ey); reflexivity ].
set (x := B754_finite sx mx ex Hx : narrow). set (y := B754_finite sy my ey Hy : narrow).
destruct (widen_finite sx mx ex Hx) as [Fx [Rx Sx]]. destruct (widen_finite sy my ey Hy) as [Fy [Ry Sy]].
fold x in Fx, Rx, Sx. fold y in Fy, Ry, Sy.
change (B754_finite sx mx ex Hx) with x. change (B754_finite sy my ey Hy) with y.
set (q := B2R x / B2R y).
assert (Zy : B2R y <> 0) by (apply F2R_neq_0; destruct sy; easy).
assert (Zx : B2R x <> 0) by (apply F2R_neq_0; destruct sx; easy).
assert (Zq : q <> 0) by (unfold q, Rdiv; apply Rmult_integral_contrapositive_currified; [exact Zx | now apply Rinv_neq_0_compat]).
(* the sign of the quotient is the XOR of the signs *)
assert (Sq : (q < 0 <-> xorb sx sy = true) /\ (0 < q <-> xorb sx sy = false)).
{ assert (NX : sx = true -> B2R x < 0) by (intros E; unfold x; simpl; rewrite E; apply F2R_lt_0; simpl; lia).
  assert (PX : sx = false -> 0 < B2R x) by (intros E; unfold x; simpl; rewrite E; apply F2R_gt_0; simpl; lia).
  assert (NY : sy = true -> B2R y < 0) by (intros E; unfold y; simpl; rewrite E; apply F2R_lt_0; simpl; lia).
  assert (PY : sy = false -> 0 < B2R y) by (intros E; unfold y; simpl; rewrite E; apply F2R_gt_0; simpl; lia).
  unfold q, Rdiv.
  destruct sx; [specialize (NX eq_refl) | specialize (PX eq_refl)];
  (destruct sy; [specialize (NY eq_refl); assert (I : / B2R y < 0) by now apply Rinv_lt_0_compat
                | specialize (PY eq_refl); assert (I : 0 < / B2R y) by now apply Rinv_0_lt_compat]);
  cbn [xorb]; split; split; intros H; first [reflexivity | exfalso; nra | nra]. }
(* double rounding is innocuous *)
assert (DR : rnd (rnd' q) = rnd q).
{ assert (RR : round_round_eq radix2 (FLT_exp (SpecFloat.emin prec emax) prec) (FLT_exp (SpecFloat.emin prec' emax') prec')
                 (fun n => negb (Z.even n)) (fun n => negb (Z.even n)) q).
  { apply round_round_div_FLT;
      solve [ exists 1%Z; reflexivity | assumption | apply FLT_format_B2R; assumption ]. }
  exact RR. }
generalize (Bdiv_correct prec emax prec_gt_0_ prec_lt_emax_ mode_NE x y Zy). fold q.
generalize (Bdiv_correct prec' emax' prec_gt_0' prec_lt_emax' mode_NE (widen x) (widen y) ltac:(rewrite Ry; exact Zy)).
rewrite Rx, Ry. fold q. rewrite Sx, Sy. simpl (Bsign x). simpl (Bsign y).
change (round_mode mode_NE) with ZnearestE.
case Rlt_bool_spec; intros W.
- (* the wide quotient is finite *)
  intros [RW [FW SW]].
  destruct (div' (widen x) (widen y)) as [sw|sw| |sw mw ew Hw] eqn:Ew; rewrite Fx in FW; try discriminate FW.
  + (* a zero wide quotient (an underflow to zero): the narrow one is the same signed zero *)
    simpl in RW. simpl in SW. specialize (SW eq_refl).
    case Rlt_bool_spec; intros N.
    * intros [RN [FN SN]]. change (narrow_of (B754_zero sw)) with (B754_zero sw : narrow).
      assert (Fd : is_finite (div x y) = true) by (rewrite FN; reflexivity).
      apply B2R_Bsign_inj; [reflexivity | exact Fd | | ].
      -- change (B2R (B754_zero sw : narrow)) with 0. rewrite RN, <- DR, <- RW. symmetry. apply round_0. auto with typeclass_instances.
      -- change (Bsign (B754_zero sw : narrow)) with sw. rewrite SN; [exact SW | ]. apply finite_not_nan. exact Fd.
    * exfalso. rewrite <- DR, <- RW, round_0, Rabs_R0 in N by auto with typeclass_instances. generalize (bpow_gt_0 radix2 emax). lra.
  + (* a finite non-zero wide quotient, rounded to the narrow format *)
    simpl narrow_of.
    generalize (binary_normalize_correct prec emax prec_gt_0_ prec_lt_emax_ mode_NE (SpecFloat.cond_Zopp sw (Zpos mw)) ew sw).
    simpl. change (F2R (Float radix2 (SpecFloat.cond_Zopp sw (Zpos mw)) ew)) with (B2R (B754_finite sw mw ew Hw : wide)).
    rewrite RW, DR.
    assert (Zw : rnd' q <> 0) by (rewrite <- RW; apply F2R_neq_0; destruct sw; easy).
    assert (Sw : Rcompare (rnd' q) 0 = if xorb sx sy then Lt else Gt).
    { destruct Sq as [[N1 N2] [P1 P2]]. case_eq (xorb sx sy); intros X.
      - apply Rcompare_Lt. destruct (Rlt_or_le (rnd' q) 0) as [L|L]; [exact L|].
        exfalso. assert (0 <= q). { destruct (Rle_or_lt 0 q) as [|Lq]; [assumption|].
        assert (rnd' q <= 0); [|lra]. rewrite <- (round_0 radix2 (SpecFloat.fexp prec' emax') ZnearestE).
        apply round_le; auto with typeclass_instances; lra. } specialize (N2 X). lra.
      - apply Rcompare_Gt. destruct (Rlt_or_le 0 (rnd' q)) as [L|L]; [exact L|].
        exfalso. assert (q <= 0). { destruct (Rle_or_lt q 0) as [|Lq]; [assumption|].
        assert (0 <= rnd' q); [|lra]. rewrite <- (round_0 radix2 (SpecFloat.fexp prec' emax') ZnearestE).
        apply round_le; auto with typeclass_instances; lra. } specialize (P2 X). lra. }
    case Rlt_bool_spec; intros N.
    * intros [R1 [F1 S1]] [R2 [F2 S2]].
      apply B2R_Bsign_inj; [exact F1 | rewrite F2; reflexivity | rewrite R1, R2; reflexivity | ].
      rewrite S1, S2, Sw; [apply sign_of_compare|]. apply finite_not_nan. rewrite F2. reflexivity.
    * intros E1 E2. apply B2SF_inj. rewrite E1, E2. f_equal.
      apply Rlt_bool_of_compare. exact Sw.
- (* the wide quotient overflows: so does the narrow one *)
  intros EW. assert (Ew : div' (widen x) (widen y) = B754_infinity (xorb sx sy)).
  { apply B2SF_inj. rewrite EW. reflexivity. }
  rewrite Ew. simpl narrow_of.
  rewrite Rlt_bool_false.
  + intros EN. apply B2SF_inj. rewrite EN. reflexivity.
  + rewrite <- DR.
    assert (B : bpow radix2 emax <= Rabs (rnd' q)).
    { apply Rle_trans with (2 := W). apply bpow_le. exact wide_range. }
    assert (G : generic_format radix2 (SpecFloat.fexp prec emax) (bpow radix2 emax)).
    { apply generic_format_FLT_bpow; [exact prec_gt_0_|]. unfold SpecFloat.emin. unfold Prec_gt_0, Prec_lt_emax in *. lia. }
    destruct (Rle_or_lt 0 (rnd' q)) as [P|P].
    * rewrite Rabs_pos_eq in B by exact P. rewrite Rabs_pos_eq.
      -- rewrite <- (round_generic radix2 _ ZnearestE _ G). apply round_le; auto with typeclass_instances.
      -- rewrite <- (round_0 radix2 (SpecFloat.fexp prec emax) ZnearestE). apply round_le; auto with typeclass_instances.
    * rewrite Rabs_left in B by exact P. rewrite Rabs_left1.
      -- rewrite <- (Ropp_involutive (bpow radix2 emax)). apply Ropp_le_contravar.
         rewrite <- (round_generic radix2 _ ZnearestE _ G) at 1. rewrite <- round_NE_opp.
         apply round_le; auto with typeclass_instances. lra.
      -- rewrite <- (round_0 radix2 (SpecFloat.fexp prec emax) ZnearestE). apply round_le; auto with typeclass_instances. lra.
Qed.

End Generic.
