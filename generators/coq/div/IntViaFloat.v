(* Integer division through a binary format: convert both w-bit operands, divide, truncate; the
   quotient is finite and its truncation is the truncated integer quotient, for every width and
   format meeting the hypotheses below.
   Compiled once per run by divbridge (provers/coq.py); each obligation's file instantiates it
   for its format and checks the hypotheses. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.
From Flocq.Prop Require Import Relative.
From Flocq.IEEE754 Require Import BinarySingleNaN.
Local Open Scope R_scope.

Section Generic.
(* w-bit two's complement integers, divided in the binary format (prec, emax) *)
Variables w prec emax : Z.
Context {prec_gt_0_ : Prec_gt_0 prec} {prec_lt_emax_ : Prec_lt_emax prec emax}.
Hypothesis width_positive : (1 <= w)%Z.
Hypothesis width_in_precision : (w <= prec)%Z.
Hypothesis width_in_range : (w <= emax)%Z.
Hypothesis width_above_subnormals : (SpecFloat.emin prec emax + prec - 1 <= - (w - 1))%Z.

Local Instance fexp_valid : Valid_exp (SpecFloat.fexp prec emax) := FLT_exp_valid _ _.
Notation float := (binary_float prec emax).
Notation rnd := (round radix2 (SpecFloat.fexp prec emax) ZnearestE).
Notation bound := (Zpower radix2 (w - 1)).

(* IEEE 754 convertFromInt with round to nearest even (exact here); 0 becomes +0 *)
Definition of_int (z : Z) : float := binary_normalize prec emax prec_gt_0_ prec_lt_emax_ mode_NE z 0 false.

Lemma bound_real : IZR bound = bpow radix2 (w - 1).
Proof. apply IZR_Zpower. lia. Qed.

Lemma int_format : forall z : Z, (Z.abs z <= bound)%Z -> generic_format radix2 (SpecFloat.fexp prec emax) (IZR z).
Proof.
intros z Hz. apply generic_format_FLT. exists (Float radix2 z 0).
- unfold F2R. simpl. ring.
- simpl. apply Z.le_lt_trans with (1 := Hz). apply Zpower_lt; lia.
- simpl. unfold SpecFloat.emin, Prec_gt_0, Prec_lt_emax in *. lia.
Qed.

Lemma of_int_correct : forall z : Z, (Z.abs z <= bound)%Z -> is_finite (of_int z) = true /\ B2R (of_int z) = IZR z.
Proof.
intros z Hz. generalize (binary_normalize_correct prec emax prec_gt_0_ prec_lt_emax_ mode_NE z 0 false).
simpl. replace (F2R (Float radix2 z 0)) with (IZR z) by (unfold F2R; simpl; ring).
rewrite round_generic by (auto with typeclass_instances; now apply int_format).
rewrite Rlt_bool_true.
- intros [E [F _]]. split; assumption.
- rewrite <- abs_IZR. apply Rle_lt_trans with (IZR bound). apply IZR_le. exact Hz.
  rewrite bound_real. apply bpow_lt. lia.
Qed.

(* Btrunc x is the integer x rounded toward zero (Btrunc_correct): IEEE roundToIntegral
   toward zero then conversion to an integer, the SMT obligation's fp.to_sbv RTZ. *)

(* the heart: for 0 <= A <= bound and 1 <= B <= bound, rounding A / B cannot cross an integer *)
Lemma trunc_round_pos : forall A B : Z, (0 <= A <= bound)%Z -> (1 <= B <= bound)%Z ->
  Ztrunc (rnd (IZR A / IZR B)) = Ztrunc (IZR A / IZR B).
Proof.
intros A B HA HB.
set (X := IZR A / IZR B).
assert (PB : 0 < IZR B) by (apply IZR_lt; lia).
assert (X0 : 0 <= X) by (unfold X; apply Rmult_le_pos; [apply IZR_le; lia | left; now apply Rinv_0_lt_compat]).
assert (XB : X * IZR B = IZR A) by (unfold X; field; lra).
set (n := Zfloor X).
assert (Ln := Zfloor_lb X). assert (Un := Zfloor_ub X). fold n in Ln, Un.
assert (N0 : (0 <= n)%Z) by (rewrite <- (Zfloor_IZR 0); apply Zfloor_le; exact X0).
assert (XA : X <= IZR A).
{ unfold X. apply Rmult_le_reg_r with (IZR B); [exact PB|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra.
  assert (1 <= IZR B) by (apply IZR_le; lia). assert (0 <= IZR A) by (apply IZR_le; lia). nra. }
assert (NA : (n <= A)%Z) by (apply le_IZR; lra).
rewrite (Ztrunc_floor X X0). fold n.
assert (R0 : 0 <= rnd X).
{ rewrite <- (round_0 radix2 (SpecFloat.fexp prec emax) ZnearestE). apply round_le; auto with typeclass_instances. }
rewrite (Ztrunc_floor _ R0). apply Zfloor_imp. split.
- rewrite <- (round_generic radix2 _ ZnearestE (IZR n)) by (apply int_format; lia).
  apply round_le; auto with typeclass_instances.
- destruct (Req_dec X (IZR n)) as [E|E].
  + rewrite E, round_generic by (auto with typeclass_instances; apply int_format; lia). rewrite plus_IZR. lra.
  + assert (Xp : IZR n < X) by lra.
    assert (Zlt : (A < (n + 1) * B)%Z).
    { apply lt_IZR. rewrite mult_IZR, <- XB, plus_IZR. apply Rmult_lt_compat_r; [exact PB | exact Un]. }
    assert (Gap : 1 <= (IZR (n + 1) - X) * IZR B).
    { replace ((IZR (n + 1) - X) * IZR B) with (IZR ((n + 1) * B - A)) by (rewrite minus_IZR, mult_IZR, <- XB; ring).
      apply IZR_le. lia. }
    assert (Xpos : 0 < X) by (apply Rle_lt_trans with (2 := Xp); apply IZR_le; exact N0).
    assert (A1 : 1 <= IZR A) by (apply IZR_le; cut (0 < A)%Z; [lia|]; apply lt_IZR; rewrite <- XB; apply Rmult_lt_0_compat; assumption).
    assert (Low : bpow radix2 (SpecFloat.emin prec emax + prec - 1) <= Rabs X).
    { rewrite Rabs_pos_eq by exact X0. apply Rle_trans with (bpow radix2 (- (w - 1))).
      - apply bpow_le. exact width_above_subnormals.
      - rewrite bpow_opp, <- bound_real. apply Rmult_le_reg_r with (IZR B * IZR bound).
        + assert (0 < IZR bound) by (rewrite bound_real; apply bpow_gt_0). nra.
        + assert (IZR B <= IZR bound) by (apply IZR_le; lia).
          assert (0 < IZR bound) by (rewrite bound_real; apply bpow_gt_0).
          replace (/ IZR bound * (IZR B * IZR bound)) with (IZR B) by (field; lra).
          replace (X * (IZR B * IZR bound)) with (IZR A * IZR bound) by (rewrite <- XB; ring). nra. }
    assert (Err := relative_error_N_FLT radix2 (SpecFloat.emin prec emax) prec prec_gt_0_ (fun n => negb (Z.even n)) X Low).
    change (FLT_exp (SpecFloat.emin prec emax) prec) with (SpecFloat.fexp prec emax) in Err.
    change (Znearest (fun n => negb (Z.even n))) with ZnearestE in Err.
    rewrite (Rabs_pos_eq X) in Err by exact X0.
    set (u := bpow radix2 (- prec)).
    assert (Eu : / 2 * bpow radix2 (- prec + 1) = u).
    { unfold u. rewrite bpow_plus. simpl (bpow radix2 1). change (IZR (Zpower_pos 2 1)) with 2. field. }
    rewrite Eu in Err.
    assert (Up : 0 < u) by apply bpow_gt_0.
    assert (UB : u * IZR bound <= / 2).
    { unfold u. rewrite bound_real, <- bpow_plus. change (/ 2) with (bpow radix2 (-1)). apply bpow_le. lia. }
    assert (UX : u * X * IZR B <= / 2).
    { rewrite Rmult_assoc, XB. apply Rle_trans with (2 := UB). apply Rmult_le_compat_l; [lra|]. apply IZR_le; lia. }
    assert (Lt : u * X < IZR (n + 1) - X).
    { apply Rmult_lt_reg_r with (IZR B); [exact PB|]. lra. }
    apply Rabs_le_inv in Err. lra.
Qed.

Lemma round_trunc_int : forall r, round radix2 (FIX_exp 0) Ztrunc r = IZR (Ztrunc r).
Proof. intros r. unfold round, F2R, scaled_mantissa, cexp, FIX_exp. simpl. now rewrite 2!Rmult_1_r. Qed.

(* The strategy: convert both operands to the binary format, divide there, truncate.
   The quotient is finite and its truncation is the truncated integer quotient. *)
Theorem int_via_float : forall a b : Z,
  (Z.abs a <= bound)%Z -> (Z.abs b <= bound)%Z -> b <> 0%Z ->
  is_finite (Bdiv mode_NE (of_int a) (of_int b)) = true /\
  Btrunc (Bdiv mode_NE (of_int a) (of_int b)) = Z.quot a b.
Proof.
intros a b Ha Hb Zb.
destruct (of_int_correct a Ha) as [Fa Ra]. destruct (of_int_correct b Hb) as [Fb Rb].
assert (Zb' : B2R (of_int b) <> 0) by (rewrite Rb; now apply IZR_neq).
generalize (Bdiv_correct prec emax prec_gt_0_ prec_lt_emax_ mode_NE (of_int a) (of_int b) Zb').
rewrite Ra, Rb. change (round_mode mode_NE) with ZnearestE.
set (q := IZR a / IZR b).
assert (Bp : 0 < bpow radix2 (w - 1)) by apply bpow_gt_0.
assert (Aq : Rabs q = IZR (Z.abs a) / IZR (Z.abs b)) by (unfold q, Rdiv; rewrite Rabs_mult, Rabs_inv; now rewrite !abs_IZR).
assert (Qb : Rabs q <= bpow radix2 (w - 1)).
{ rewrite Aq, <- bound_real. assert (1 <= IZR (Z.abs b)) by (apply IZR_le; lia).
  assert (IZR (Z.abs a) <= IZR bound) by (apply IZR_le; lia). assert (0 <= IZR (Z.abs a)) by (apply IZR_le; lia).
  apply Rmult_le_reg_r with (IZR (Z.abs b)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. nra. }
rewrite Rlt_bool_true.
- intros [E [F _]]. split; [rewrite F; exact Fa|].
  apply eq_IZR. rewrite Btrunc_correct, E, round_trunc_int. f_equal.
  rewrite <- Ztrunc_div by exact Zb. fold q.
  assert (HA : (0 <= Z.abs a <= bound)%Z) by lia. assert (HB : (1 <= Z.abs b <= bound)%Z) by lia.
  destruct (Rle_or_lt 0 q) as [P|N].
  + rewrite <- (Rabs_pos_eq q P), Aq. now apply trunc_round_pos.
  + replace q with (- Rabs q) by (rewrite Rabs_left by exact N; ring). rewrite Aq.
    rewrite (round_NE_opp radix2 (SpecFloat.fexp prec emax)), 2!Ztrunc_opp. f_equal. now apply trunc_round_pos.
  + exact prec_lt_emax_.
- apply Rle_lt_trans with (bpow radix2 (w - 1)).
  + apply abs_round_le_generic; auto with typeclass_instances.
    apply generic_format_FLT_bpow; [exact prec_gt_0_|]. unfold SpecFloat.emin, Prec_gt_0, Prec_lt_emax in *. lia.
  + apply bpow_lt. lia.
Qed.

End Generic.
