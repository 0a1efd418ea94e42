(* Exactness: when a finite non-zero c satisfies c * b = a (a, b finite, non-zero), a / b is the
   very float c, for every binary format.
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
Notation div := (@Bdiv prec emax prec_gt_0_ prec_lt_emax_ mode_NE).

Theorem exact_when_representable : forall a b c : float,
  is_finite a = true -> B2R a <> 0 -> is_finite b = true -> B2R b <> 0 ->
  is_finite c = true -> B2R c * B2R b = B2R a ->
  div a b = c.
Proof.
intros a b c Fa Za Fb Zb Fc Ec.
assert (Q : B2R a / B2R b = B2R c) by (rewrite <- Ec; field; exact Zb).
assert (Zc : B2R c <> 0) by (intros Z; rewrite Z, Rmult_0_l in Ec; now apply Za).
generalize (Bdiv_correct prec emax prec_gt_0_ prec_lt_emax_ mode_NE a b Zb).
rewrite Q, round_generic by (auto with typeclass_instances; apply generic_format_B2R).
rewrite Rlt_bool_true by (apply abs_B2R_lt_emax).
intros [E _]. apply B2R_inj; [ | apply is_finite_strict_B2R; exact Zc | exact E ].
apply is_finite_strict_B2R. rewrite E. exact Zc.
Qed.

End Generic.
