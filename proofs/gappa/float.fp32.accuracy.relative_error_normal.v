(* divbridge obligation float.fp32.accuracy.relative_error_normal
   relative error at most 2^-24 in the normal range
   requirements: E_DIV_FLOAT_ACC_0010

   Gappa's proof of the script
     float.fp32.accuracy.relative_error_normal.g
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
Definition f1 := Float2 (1) (-126).
Definition f2 := Float2 (1) (128).
Definition i1 := makepairF f1 f2.
Notation p1 := (BND r1 i1). (* BND(|r|, [1.17549e-38, 3.40282e+38]) *)
Notation _q := ((rounding_float rndNE (24)%positive (-149)%Z) _r).
Notation r6 := ((_q - _r)%R).
Notation r5 := ((r6 / _r)%R).
Definition f3 := Float2 (-1) (-24).
Definition f4 := Float2 (1) (-24).
Definition i2 := makepairF f3 f4.
Notation p2 := (BND r5 i2). (* BND((q - r) / r, [-5.96046e-08, 5.96046e-08]) *)
Definition s2 := (not p2).
Definition s1 := (p1 /\ s2).
Definition f5 := Float2 (1) (-125).
Notation p3 := ((r1 <= f5)%R). (* BND(|r|, [-inf, 2.35099e-38]) *)
Lemma l3 : s1 -> s2.
Proof.
 intros h0.
 assert (h1 := h0).
 exact (proj2 h1).
Qed.
Definition f6 := Float2 (0) (0).
Definition i3 := makepairF f6 f4.
Notation p4 := (ABS r5 i3). (* ABS((q - r) / r, [0, 5.96046e-08]) *)
Definition f7 := Float2 (1) (-150).
Definition i4 := makepairF f6 f7.
Notation p5 := (ABS r6 i4). (* ABS(q - r, [0, 7.00649e-46]) *)
Definition f8 := Float2 (-1) (-150).
Definition i5 := makepairF f8 f7.
Notation p6 := (BND r6 i5). (* BND(q - r, [-7.00649e-46, 7.00649e-46]) *)
Definition i6 := makepairF f1 f5.
Notation p7 := (ABS _r i6). (* ABS(r, [1.17549e-38, 2.35099e-38]) *)
Notation p8 := (BND r1 i6). (* BND(|r|, [1.17549e-38, 2.35099e-38]) *)
Lemma l10 : p3 -> s1 -> p3 (* BND(|r|, [-inf, 2.35099e-38]) *).
Proof.
 intros h0 h1.
 assert (h2 := h0).
 exact (h2).
Qed.
Lemma l11 : s1 -> p1 (* BND(|r|, [1.17549e-38, 3.40282e+38]) *).
Proof.
 intros h0.
 assert (h1 := h0).
 exact (proj1 h1).
Qed.
Lemma l9 : p3 -> s1 -> p8 (* BND(|r|, [1.17549e-38, 2.35099e-38]) *).
Proof.
 intros h0 h1.
 assert (h2 := l10 h0 h1).
 assert (h3 := l11 h1).
 apply intersect_hb with (1 := h2) (2 := h3). finalize.
Qed.
Lemma t1 : p8 -> p7.
Proof.
 intros h0.
 refine (abs_of_uabs _r i6 h0 _) ; finalize.
Qed.
Lemma l8 : p3 -> s1 -> p7 (* ABS(r, [1.17549e-38, 2.35099e-38]) *).
Proof.
 intros h0 h1.
 assert (h2 := l9 h0 h1).
 apply t1. exact h2.
Qed.
Lemma t2 : p7 -> p6.
Proof.
 intros h0.
 refine (float_absolute_wide_ne _ _ _r i6 i5 h0 _) ; finalize.
Qed.
Lemma l7 : p3 -> s1 -> p6 (* BND(q - r, [-7.00649e-46, 7.00649e-46]) *).
Proof.
 intros h0 h1.
 assert (h2 := l8 h0 h1).
 apply t2. exact h2.
Qed.
Lemma t3 : p6 -> p5.
Proof.
 intros h0.
 refine (abs_of_bnd_o r6 i5 i4 h0 _) ; finalize.
Qed.
Lemma l6 : p3 -> s1 -> p5 (* ABS(q - r, [0, 7.00649e-46]) *).
Proof.
 intros h0 h1.
 assert (h2 := l7 h0 h1).
 apply t3. exact h2.
Qed.
Definition f9 := Float2 (1) (0).
Definition i7 := makepairF f1 f9.
Notation p9 := (ABS _r i7). (* ABS(r, [1.17549e-38, 1]) *)
Lemma t4 : p5 -> p9 -> p4.
Proof.
 intros h0 h1.
 refine (div_aa r6 _r i4 i7 i3 h0 h1 _) ; finalize.
Qed.
Lemma l5 : p3 -> s1 -> p4 (* ABS((q - r) / r, [0, 5.96046e-08]) *).
Proof.
 intros h0 h1.
 assert (h2 := l6 h0 h1).
 assert (h3 := l8 h0 h1).
 apply t4. exact h2. refine (abs_subset _r i6 i7 h3 _) ; finalize.
Qed.
Lemma t5 : p4 -> p2.
Proof.
 intros h0.
 refine (bnd_of_abs r5 i3 i2 h0 _) ; finalize.
Qed.
Lemma l4 : p3 -> s1 -> p2 (* BND((q - r) / r, [-5.96046e-08, 5.96046e-08]) *).
Proof.
 intros h0 h1.
 assert (h2 := l5 h0 h1).
 apply t5. exact h2.
Qed.
Lemma l2 : p3 -> s1 -> False.
Proof.
 intros h0 h1.
 assert (h2 := l3 h1).
 assert (h3 := l4 h0 h1).
 refine (simplify (Tatom false (Abnd 0%nat i2)) Tfalse (Abnd 0%nat i2) (List.cons r5 List.nil) h3 h2 _) ; finalize.
Qed.
Notation p10 := ((f5 <= r1)%R). (* BND(|r|, [2.35099e-38, inf]) *)
Notation p11 := (NZR _r). (* NZR(r) *)
Notation p12 := (ABS _r i1). (* ABS(r, [1.17549e-38, 3.40282e+38]) *)
Lemma t6 : p1 -> p12.
Proof.
 intros h0.
 refine (abs_of_uabs _r i1 h0 _) ; finalize.
Qed.
Lemma l15 : s1 -> p12 (* ABS(r, [1.17549e-38, 3.40282e+38]) *).
Proof.
 intros h0.
 assert (h1 := l11 h0).
 apply t6. exact h1.
Qed.
Lemma t7 : p12 -> p11.
Proof.
 intros h0.
 refine (nzr_of_abs _r i1 h0 _) ; finalize.
Qed.
Lemma l14 : s1 -> p11 (* NZR(r) *).
Proof.
 intros h0.
 assert (h1 := l15 h0).
 apply t7. exact h1.
Qed.
Notation p13 := (REL _q _r i2). (* REL(q, r, [-5.96046e-08, 5.96046e-08]) *)
Definition i8 := makepairF f5 f2.
Notation p14 := (ABS _r i8). (* ABS(r, [2.35099e-38, 3.40282e+38]) *)
Notation p15 := (BND r1 i8). (* BND(|r|, [2.35099e-38, 3.40282e+38]) *)
Lemma l19 : p10 -> s1 -> p10 (* BND(|r|, [2.35099e-38, inf]) *).
Proof.
 intros h0 h1.
 assert (h2 := h0).
 exact (h2).
Qed.
Lemma l18 : p10 -> s1 -> p15 (* BND(|r|, [2.35099e-38, 3.40282e+38]) *).
Proof.
 intros h0 h1.
 assert (h2 := l11 h1).
 assert (h3 := l19 h0 h1).
 apply intersect_bh with (1 := h2) (2 := h3). finalize.
Qed.
Lemma t8 : p15 -> p14.
Proof.
 intros h0.
 refine (abs_of_uabs _r i8 h0 _) ; finalize.
Qed.
Lemma l17 : p10 -> s1 -> p14 (* ABS(r, [2.35099e-38, 3.40282e+38]) *).
Proof.
 intros h0 h1.
 assert (h2 := l18 h0 h1).
 apply t8. exact h2.
Qed.
Lemma t9 : p14 -> p13.
Proof.
 intros h0.
 refine (float_relative_ne _ _ _r i8 i2 h0 _) ; finalize.
Qed.
Lemma l16 : p10 -> s1 -> p13 (* REL(q, r, [-5.96046e-08, 5.96046e-08]) *).
Proof.
 intros h0 h1.
 assert (h2 := l17 h0 h1).
 apply t9. exact h2.
Qed.
Lemma t10 : p11 -> p13 -> p2.
Proof.
 intros h0 h1.
 refine (bnd_of_nzr_rel _q _r i2 h0 h1) ; finalize.
Qed.
Lemma l13 : p10 -> s1 -> p2 (* BND((q - r) / r, [-5.96046e-08, 5.96046e-08]) *).
Proof.
 intros h0 h1.
 assert (h2 := l14 h1).
 assert (h3 := l16 h0 h1).
 apply t10. exact h2. exact h3.
Qed.
Lemma l12 : p10 -> s1 -> False.
Proof.
 intros h0 h1.
 assert (h2 := l3 h1).
 assert (h3 := l13 h0 h1).
 refine (simplify (Tatom false (Abnd 0%nat i2)) Tfalse (Abnd 0%nat i2) (List.cons r5 List.nil) h3 h2 _) ; finalize.
Qed.
Lemma l1 : s1 -> False.
Proof.
 intros h0.
 apply (union r1 f5).
 intro h1. (* [-inf, 2.35099e-38] *)
 apply (l2 h1 h0).
 intro h1. (* [2.35099e-38, inf] *)
 apply (l12 h1 h0).
Qed.
(* the goal as divbridge reads float.fp32.accuracy.relative_error_normal.g *)
Theorem divbridge_goal :
  ((BND (Rabs (_a / _b))%R (makepairF (Float2 (1) (-126)) (Float2 (1) (128)))) -> (BND ((((Generic_fmt.round radix2 (FLT.FLT_exp (-149) (24)) Gappa.Gappa_round_def.rndNE) (_a / _b)) - (_a / _b)) / (_a / _b))%R (makepairF (Float2 (-1) (-24)) (Float2 (1) (-24))))).
Proof.
  pose proof l1 as certificate.
  cbv beta delta [s2 s1] in certificate.
  tauto.
Qed.
End Generated_by_Gappa.
Print Assumptions divbridge_goal.
