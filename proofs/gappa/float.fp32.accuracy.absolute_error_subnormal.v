(* divbridge obligation float.fp32.accuracy.absolute_error_subnormal
   absolute error at most half the smallest subnormal below the normal range
   requirements: E_DIV_FLOAT_ACC_0010

   Gappa's proof of the script
     float.fp32.accuracy.absolute_error_subnormal.g
   checked by Coq.  Below, verbatim, the certificate `gappa -Bcoq` gives for that script: Gappa's
   statement of the goal's negation (its Definitions s...) and the lemmas of its proof, each step a
   theorem of Gappa's Coq library (Debian's libcoq-gappa) whose computations coqc redoes.  After it,
   inside Gappa's section, divbridge_goal: the goal as divbridge reads the same script
   (divbridge/provers/gappagoal.py), proved from the certificate's last lemma (l1: the negation
   refuted) by propositional logic.  So it holds only if Gappa proved the goal divbridge asked, as
   divbridge reads it.  Terms: BND x (makepairF l u) is l <= x <= u; Float2 m e is the real m * 2^e;
   Generic_fmt.round radix2 (FLT.FLT_exp emin p) rndNE is Flocq's rounding to nearest, ties to even, to
   p digits with the smallest subnormal 2^emin and an unbounded exponent.  No axiom is added: divbridge
   checks Print Assumptions, which walks the certificate's proof and the library's. *)
Require Coq.Logic.Classical_Prop.
Require Import Gappa.Gappa_library.
Section Generated_by_Gappa.
Variable _a : R.
Variable _b : R.
Notation _r := ((_a / _b)%R).
Notation r1 := ((Rabs _r)%R).
Definition f1 := Float2 (0) (0).
Definition f2 := Float2 (1) (-126).
Definition i1 := makepairF f1 f2.
Notation p1 := (BND r1 i1). (* BND(|r|, [0, 1.17549e-38]) *)
Notation _q := ((rounding_float rndNE (24)%positive (-149)%Z) _r).
Notation r5 := ((_q - _r)%R).
Definition f3 := Float2 (-1) (-150).
Definition f4 := Float2 (1) (-150).
Definition i2 := makepairF f3 f4.
Notation p2 := (BND r5 i2). (* BND(q - r, [-7.00649e-46, 7.00649e-46]) *)
Definition s2 := (not p2).
Definition s1 := (p1 /\ s2).
Lemma l2 : s1 -> s2.
Proof.
 intros h0.
 assert (h1 := h0).
 exact (proj2 h1).
Qed.
Definition f5 := Float2 (1) (-125).
Definition i3 := makepairF f1 f5.
Notation p3 := (ABS _r i3). (* ABS(r, [0, 2.35099e-38]) *)
Lemma l5 : s1 -> p1 (* BND(|r|, [0, 1.17549e-38]) *).
Proof.
 intros h0.
 assert (h1 := h0).
 exact (proj1 h1).
Qed.
Notation p4 := (BND r1 i3). (* BND(|r|, [0, 2.35099e-38]) *)
Lemma t1 : p4 -> p3.
Proof.
 intros h0.
 refine (abs_of_uabs _r i3 h0 _) ; finalize.
Qed.
Lemma l4 : s1 -> p3 (* ABS(r, [0, 2.35099e-38]) *).
Proof.
 intros h0.
 assert (h1 := l5 h0).
 apply t1. refine (subset r1 i1 i3 h1 _) ; finalize.
Qed.
Lemma t2 : p3 -> p2.
Proof.
 intros h0.
 refine (float_absolute_wide_ne _ _ _r i3 i2 h0 _) ; finalize.
Qed.
Lemma l3 : s1 -> p2 (* BND(q - r, [-7.00649e-46, 7.00649e-46]) *).
Proof.
 intros h0.
 assert (h1 := l4 h0).
 apply t2. exact h1.
Qed.
Lemma l1 : s1 -> False.
Proof.
 intros h0.
 assert (h1 := l2 h0).
 assert (h2 := l3 h0).
 refine (simplify (Tatom false (Abnd 0%nat i2)) Tfalse (Abnd 0%nat i2) (List.cons r5 List.nil) h2 h1 _) ; finalize.
Qed.
(* the goal as divbridge reads float.fp32.accuracy.absolute_error_subnormal.g *)
Theorem divbridge_goal :
  ((BND (Rabs (_a / _b))%R (makepairF (Float2 0 0) (Float2 (1) (-126)))) -> (BND (((Generic_fmt.round radix2 (FLT.FLT_exp (-149) (24)) Gappa.Gappa_round_def.rndNE) (_a / _b)) - (_a / _b))%R (makepairF (Float2 (-1) (-150)) (Float2 (1) (-150))))).
Proof.
  pose proof l1 as certificate.
  cbv beta delta [s2 s1] in certificate.
  tauto.
Qed.
End Generated_by_Gappa.
Print Assumptions divbridge_goal.
