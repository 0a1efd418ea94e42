"""Waiting for a prover process: input, time limit, cancellation."""

import signal
import subprocess
import threading

from divbridge.provers.process import communicate


def _start(script: str) -> subprocess.Popen:
    return subprocess.Popen(["sh", "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def test_input_reaches_a_process_slower_than_one_poll():
    stdout, _, outcome = communicate(_start("sleep 0.3; cat"), "the query\n", 600)
    assert (stdout, outcome) == ("the query\n", "done")


def test_time_limit_kills_the_process():
    process = _start("sleep 600")
    _, _, outcome = communicate(process, None, 0.3)
    assert outcome == "timeout" and process.returncode == -signal.SIGKILL   # killed, not waited for


def test_cancellation_stops_the_process():
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    _, _, outcome = communicate(_start("sleep 600"), "x", 600, cancel)
    assert outcome == "cancelled"
