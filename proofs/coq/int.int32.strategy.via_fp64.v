(* int.int32.strategy.via_fp64: int32 Div computed in float64 and truncated is exact
   requirement: none of the document's: divbridge's own (an implementation strategy)
   claim: b != 0 and not (a = MIN and b = -1) -> trunc(fp64(a) /fp64 fp64(b)) = trunc(a / b)

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
From DivBridge Require Import IntViaFloat.
Open Scope R_scope.

(* the instance: int32 (32-bit two's complement) through fp64 = binary_float 53 1024 *)
Definition prec := 53%Z. Definition emax := 1024%Z.
Global Instance prec_gt_0 : Prec_gt_0 prec := eq_refl.
Global Instance prec_lt_emax : Prec_lt_emax prec emax := eq_refl.

(* for every int32 a, b with b <> 0, trunc(fp(a) / fp(b)) = trunc(a / b); the quotient is
   finite.  INT_MIN / -1 needs no exclusion here: its quotient 2^31 is exact in
   fp64; the obligation's range precondition is about the int32 result. *)
Theorem int32_via_fp64 : forall a b : Z,
  (-2147483648 <= a <= 2147483647)%Z -> (-2147483648 <= b <= 2147483647)%Z -> b <> 0%Z ->
  is_finite (Bdiv mode_NE (of_int prec emax a) (of_int prec emax b)) = true /\
  Btrunc (Bdiv mode_NE (of_int prec emax a) (of_int prec emax b)) = Z.quot a b.
Proof.
intros a b Ha Hb Zb. apply (int_via_float 32); unfold prec, emax, SpecFloat.emin; simpl; lia.
Qed.

Print Assumptions int32_via_fp64.
