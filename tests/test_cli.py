"""The `divbridge` command line: eval's output, and exit code 2 with one line on bad input."""

import subprocess
import sys

import pytest

from divbridge.cli import main


@pytest.mark.parametrize("args,expected", [
    (["fp16", "1", "-0"], "-inf (0xfc00)"),
    (["fp16", "0", "0"], "nan (0x7e00)"),
    (["fp32", "0x1.8p+1", "2"], "1.5 (0x3fc00000)"),
    (["bf16", "bits:0x3f80", "1.046875"], "0.95703125 (0x3f75)"),
    (["fp32", "0x1p-149", "0.5"], "2.802596928649634e-45 (0x00000002)"),
    (["int32", "-7", "2"], "-3 (0xfffffffd)"),
    (["int32", "-7", "2", "--profile", "openvino"], "-4 (0xfffffffc)"),
    (["int32", "-7", "2", "--profile", "openvino", "-A", "m_pythondiv=false"], "-3 (0xfffffffd)"),
    (["real", "1", "3"], "1/3 (~0.3333333333333333)"),
])
def test_eval_prints_result_and_bits(args, expected, capsys):
    assert main(["eval", *args]) == 0
    assert capsys.readouterr().out.strip() == expected


@pytest.mark.parametrize("args,expected", [
    (["fp32", "1", "-inf"], "-0.0 (0x80000000)"),
    (["fp32", "-inf", "-0"], "inf (0x7f800000)"),
    (["fp32", "-0x1.8p+1", "-1.5"], "2.0 (0x40000000)"),
    (["fp32", "-1/3", "bits:0xbf800000"], "0.3333333432674408 (0x3eaaaaab)"),
    (["--profile", "onnx", "fp32", "-1e3", "-nan"], "nan (0x7fc00000)"),
    (["fp16", "-inf", "-1", "--profile", "sonnx"], "inf (0x7c00)"),
    (["int32", "-7", "-2", "-A", "m_pythondiv=true", "--profile", "openvino"], "3 (0x00000003)"),
])
def test_eval_takes_negative_operands_in_any_position(args, expected, capsys):
    assert main(["eval", *args]) == 0
    assert capsys.readouterr().out.strip() == expected


@pytest.mark.parametrize("args,expected", [
    (["--op", "Neg", "fp16", "-0"], "0.0 (0x0000)"),
    (["--op", "abs", "int8", "-128"], "-128 (0x80)"),                  # wraps: ONNX Abs of INT_MIN
    (["--op", "Where", "fp32", "true", "-0", "1"], "-0.0 (0x80000000)"),  # a selection keeps the sign of zero
    (["--op", "Where", "int8", "0", "-5", "7"], "7 (0x07)"),
    (["--op", "Less", "fp16", "-0", "0"], "False"),
    (["--op", "Max", "fp32", "nan", "1"], "nan (0x7fc00000)"),
    (["--op", "Sqrt", "real", "2"], "1.4142135623730950488 (~1.4142135623730951)"),
])
def test_eval_takes_the_inputs_of_any_operator(args, expected, capsys):
    assert main(["eval", *args]) == 0
    assert capsys.readouterr().out.strip() == expected


@pytest.mark.parametrize("args,message", [
    (["eval", "--op", "Neg", "fp16", "1", "2"], "Neg takes 1 input (A), 2 given"),
    (["eval", "--op", "Where", "fp16", "1", "2"], "Where takes 3 inputs (condition X Y), 2 given"),
    (["eval", "--op", "Where", "fp16", "maybe", "1", "2"], "'maybe' is not a condition"),
    (["eval", "--op", "Neg", "--profile", "onnx", "fp16", "1"], "unknown profile 'onnx'"),
    (["eval", "fp16", "x", "1"], "'x' is not a fp16 operand"),
    (["eval", "fp17", "1", "2"], "unknown format 'fp17'"),
    (["eval", "int8", "-128", "-1"], "[E_DIV_INT_CONSTR_AB_0020]"),
    (["eval", "int32", "1", "0"], "[E_DIV_INT_CONSTR_B_0010]"),
    (["eval", "fp32", "1", "2", "-A", "opset"], "attribute 'opset' is not NAME=VALUE"),
    (["prove", "--provers", "alt-ergo"], "unknown prover alt-ergo"),
    (["prove", "--only", "no.such.*"], "matches no obligation"),
])
def test_bad_input_is_one_line_and_exit_2(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_console_script_usage_error_exit_2():
    done = subprocess.run([sys.executable, "-m", "divbridge.cli", "eval", "fp16"], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
