(* float.bf16.strategy.via_fp32: bf16 Div computed in fp32, then rounded to bf16, is correctly rounded
   requirement: none of the document's: divbridge's own (an implementation strategy)
   claim: s = round_bf16(to_fp32(x) /fp32 to_fp32(y)) -> (isNaN(s) and isNaN(x / y)) or s = x / y

   Checked by coqc against Flocq's IEEE 754 model (Flocq.IEEE754.BinarySingleNaN):
   - binary_float prec emax is exactly the set of IEEE 754 binary values with a
     prec-bit significand (hidden bit included) and largest exponent emax - 1:
     signed zeros, signed infinities, NaN and the finite values, normal and subnormal.
     FP16 is (11, 16), BF16 (8, 128), FP32 (24, 128), FP64 (53, 1024).
   - Bdiv mode_NE is IEEE 754 division rounded to nearest, ties to even: the special
     cases by the table of IEEE 754 clause 7 (NaN operand, 0/0, inf/inf give NaN;
     x/0 and inf/finite an infinity, finite/inf and 0/x a zero, sign by XOR), otherwise
     the exact quotient rounded once, overflowing to an infinity (Bdiv_correct).
   - Bleb, Bltb are IEEE comparisons (false on NaN, -0 = +0); B2R is the real value of
     a finite float.  NaN payloads play no part: every claim treats NaN as one class.
   The theorem is proved once for every format meeting its hypotheses, in the library
   this file loads (DivBridge/<library>.v beside it, compiled once per run); below it is
   instantiated for the obligation's format, its hypotheses checked by computation.
   No axiom is added: divbridge checks Print Assumptions, which covers the library's proof. *)
From Coq Require Import Bool ZArith Reals Lia Lra Psatz.
From Flocq Require Import Core.

From Flocq.IEEE754 Require Import BinarySingleNaN.
From DivBridge Require Import ViaWider.
Open Scope R_scope.

(* the instance: bf16 = binary_float 8 128 through fp32 = binary_float 24 128 *)
Definition prec := 8%Z. Definition emax := 128%Z.
Definition prec' := 24%Z. Definition emax' := 128%Z.
Global Instance prec_gt_0 : Prec_gt_0 prec := eq_refl.
Global Instance prec_lt_emax : Prec_lt_emax prec emax := eq_refl.
Global Instance prec_gt_0w : Prec_gt_0 prec' := eq_refl.
Global Instance prec_lt_emaxw : Prec_lt_emax prec' emax' := eq_refl.

(* s = round_bf16(to_fp32(x) / to_fp32(y)) is the very float x / y (Leibniz
   equality: same class, sign and value; NaN is the one NaN of BinarySingleNaN) *)
Theorem bf16_via_fp32 : forall x y : binary_float prec emax,
  narrow_of prec emax prec' emax' (Bdiv mode_NE (widen prec emax prec' emax' x) (widen prec emax prec' emax' y))
  = Bdiv mode_NE x y.
Proof. apply via_wider; unfold prec, prec', emax, emax', SpecFloat.emin; lia. Qed.

Print Assumptions bf16_via_fp32.
