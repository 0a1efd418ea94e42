(* The theorems of IEEE 754's operations on the sign bit alone (clause 5.5.1), in every binary format (prec,
   emax): Neg's negation (Flocq's Bopp) and Abs's absolute value (Babs).  A finite float gives a finite result
   whose real value is the exact operation on the float's: -x, and |x| (its description's real operation: -x
   below zero, x otherwise), with no rounding.  Flocq's B2R_Bopp, B2R_Babs, is_finite_Bopp and is_finite_Babs
   state them; the theorems are named exact_result_<Flocq's name of the operation>, as the obligations
   instantiate them.  Compiled once per run by divbridge (provers/coq.py); each obligation's file
   instantiates one for its format. *)
From Coq Require Import Reals Lra.
From Flocq Require Import Core.
From Flocq.IEEE754 Require Import BinarySingleNaN.
Local Open Scope R_scope.

Section Generic.
Variables prec emax : Z.
Notation float := (binary_float prec emax).

Theorem exact_result_Bopp : forall x : float, is_finite x = true ->
  B2R (Bopp x) = - B2R x /\ is_finite (Bopp x) = true.
Proof. intros x Fx. split; [apply B2R_Bopp | now rewrite is_finite_Bopp]. Qed.

Theorem exact_result_Babs : forall x : float, is_finite x = true ->
  B2R (Babs x) = (if Rlt_dec (B2R x) 0 then - B2R x else B2R x) /\ is_finite (Babs x) = true.
Proof.
intros x Fx. split.
- rewrite B2R_Babs. destruct (Rlt_dec (B2R x) 0) as [N|N].
  + now apply Rabs_left.
  + apply Rabs_right. lra.
- now rewrite is_finite_Babs.
Qed.
End Generic.
