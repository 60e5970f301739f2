"""``matchgame sweep`` as a process: what it starts ends with it, Ctrl-C is said once,
a Dask address that does not answer is one line, input is bounded as it is read.
"""

from __future__ import annotations

import contextlib
import http.server
import io
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import assert_user_error, run_cli
from nauty_helpers import require_nauty

import matchgame
from matchgame import InvalidInputError, InvalidTypeError
from matchgame.sweep.executors import run_tasks

pytestmark = pytest.mark.slow


def _group(pgid: int) -> list[str]:
    """The live processes of process group ``pgid`` (zombies left out: an orphan that
    died waits for init, which may be slow to reap it), as ``pid (name)``."""
    live = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        head, _, rest = text.rpartition(")")
        fields = rest.split()
        if int(fields[2]) == pgid and fields[0] not in "ZX":
            live.append(head + ")")
    return live


def _wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize(
    ("signum", "to_group", "jobs"),
    [
        (signal.SIGTERM, False, "2"),
        (signal.SIGINT, False, "2"),
        (signal.SIGINT, True, "2"),  # Ctrl-C: the terminal signals the whole group
        (signal.SIGTERM, False, "1"),
    ],
    ids=["TERM", "INT", "Ctrl-C", "TERM-jobs-1"],
)
def test_killing_a_sweep_ends_its_workers_and_geng(signum, to_group, jobs):
    require_nauty()
    process = subprocess.Popen(
        [sys.executable, "-m", "matchgame", "sweep", "--geng", "11", "--count", "--jobs", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, to find everything it starts
    )
    group = process.pid
    try:
        geng_running = _wait_for(
            lambda: sum("nauty-geng" in p for p in _group(group)) >= int(jobs), 30
        )
        assert geng_running, _group(group)
        if to_group:
            os.killpg(group, signum)
        else:
            os.kill(process.pid, signum)
        out, err = process.communicate(timeout=30)
        assert _wait_for(lambda: not _group(group), 10), _group(group)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGKILL)
        process.wait()
    # the counts so far, marked partial (issue 34), then "interrupted" once
    partial = json.loads(out)
    assert partial["partial"] is True and partial["graphs"] >= 0, out
    # "interrupted", once; a worker hit by the terminal's Ctrl-C as it shuts down may
    # add a line of Python's own after it (seen once under load), never a traceback
    assert err.splitlines()[0] == b"interrupted" and err.count(b"interrupted") == 1, err
    assert b"Traceback" not in err, err
    if signum == signal.SIGINT:
        assert process.returncode == 130
    else:
        assert process.returncode in (128 + signum, -signum)


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_a_sweep_stopped_early_ends_its_running_tasks():
    """A caller that stops reading (or an error) does not wait for the tasks in flight."""
    results = run_tasks([(_sleep, 0.01)] + [(_sleep, 60.0)] * 4, jobs=2)
    assert next(results) == 0.01
    assert len(multiprocessing.active_children()) == 2
    start = time.monotonic()
    results.close()
    assert time.monotonic() - start < 10
    assert multiprocessing.active_children() == []


# -- Dask addresses that do not answer ---------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_dask_port_where_nothing_listens_is_one_line():
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{_free_port()}"
    start = time.monotonic()
    run = run_cli("sweep", "--count", "--dask", address, stdin=b"Bw\n")
    assert_user_error(run, address, "refused")
    assert time.monotonic() - start < 20


def test_a_port_that_is_not_a_dask_scheduler_is_one_line_after_the_timeout():
    """An HTTP server (a Dask dashboard, say) takes the connection and never answers
    the handshake: Client alone waits forever."""
    pytest.importorskip("distributed")
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        address = f"tcp://127.0.0.1:{server.server_address[1]}"
        start = time.monotonic()
        run = run_cli("sweep", "--count", "--dask", address, "--dask-timeout", "1", stdin=b"Bw\n")
        assert_user_error(run, address, "not answer as a Dask scheduler within 1 s")
        assert time.monotonic() - start < 20
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        (["--dask-timeout", "2"], "--dask-timeout goes with --dask"),
        (["--dask", "tcp://127.0.0.1:1", "--dask-timeout", "0"], "--dask-timeout must be"),
        (["--dask", "tcp://a:b"], "not a Dask address"),
    ],
)
def test_dask_options_are_checked(options, fragment):
    pytest.importorskip("distributed")
    assert_user_error(run_cli("sweep", "--count", *options, stdin=b"Bw\n"), fragment)


# -- input bounded as it is read ---------------------------------------------------------

_BIG = "x" * 5_000_000


@pytest.mark.parametrize(
    "line",
    [
        json.dumps({"n": _BIG}),
        json.dumps({"n": 3, "edges": [[_BIG, 1]]}),
        json.dumps({"n": 3, "edges": [[0, 10**4000]]}),
        '{"n": 1' + "0" * 5000 + "}",
    ],
    ids=["n", "edge", "long-vertex", "long-n"],
)
def test_error_lines_quote_a_short_prefix(line):
    run = run_cli("sweep", "--jobs", "1", stdin=line.encode() + b"\n")
    assert_user_error(run, "line 1")
    assert len(run.err) < 300, run.err[:300]


def _peak_of_pipeline(command: str) -> tuple[subprocess.CompletedProcess, int]:
    """Run ``command`` in a shell; also the largest resident size (KiB) of any process
    it ran (the sweep's, here)."""
    probe = (
        "import resource, subprocess, sys; "
        "run = subprocess.run(sys.argv[1], shell=True, capture_output=True); "
        "sys.stderr.buffer.write(run.stderr); sys.stdout.buffer.write(run.stdout); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); "
        "sys.exit(run.returncode)"
    )
    run = subprocess.run([sys.executable, "-c", probe, command], capture_output=True, timeout=300)
    *err, peak = run.stderr.decode().splitlines()
    return subprocess.CompletedProcess(run.args, run.returncode, run.stdout, "\n".join(err)), int(
        peak
    )


@pytest.mark.parametrize("byte", ["?", "\\000"], ids=["graph6-bytes", "zeros"])
def test_a_line_longer_than_any_graph_line_is_refused_as_it_is_read(byte):
    """300 MB without a line end: refused once it passes the longest graph6 line a sweep
    reads (179 MB), never held whole (was: the whole line in memory, and a copy)."""
    sweep = f"{sys.executable} -m matchgame sweep --count --jobs 1"
    run, peak_kib = _peak_of_pipeline(
        f"head -c 300000000 /dev/zero | tr '\\000' '{byte}' | {sweep}"
    )
    assert run.returncode == 2, run.stderr
    assert run.stdout == b""
    assert run.stderr.startswith("error: line 1: <stdin>: longer than any graph line"), run.stderr
    assert len(run.stderr.splitlines()) == 1
    assert peak_kib < 400 * 1024, peak_kib


def test_the_lines_before_a_line_too_long_are_answered_first():
    from matchgame.sweep.sources import stream_tasks

    data = b"Bw\nBW\n" + b"?" * 5000 + b"\nBw\n"
    tasks = list(stream_tasks(io.BytesIO(data), False, "<in>", chunk_bytes=64, max_line_bytes=100))
    results = [function(*arguments) for function, *arguments in tasks]
    assert sum(r.n_graphs for r in results) == 2
    assert results[-1].error.startswith("line 3: <in>: longer than any graph line")
    # a long line that ends within the bound is read whole
    tasks = list(stream_tasks(io.BytesIO(data), True, "<in>", chunk_bytes=64, max_line_bytes=5000))
    results = [function(*arguments) for function, *arguments in tasks]
    assert "line 3" in results[-1].error and "longer than its vertex count" in results[-1].error


# -- one rule for --jobs -----------------------------------------------------------------


@pytest.mark.parametrize("command", ["placements", "annotate", "mistakes", "verify", "sweep"])
def test_jobs_is_a_count_of_processes_on_every_command(command):
    for bad in ("-3", "two", "1.5"):
        run = run_cli(command, "--jobs", bad, "-", stdin=b"")
        assert_user_error(run, "--jobs", f"'{bad}'", "0: one per core")


def test_jobs_0_is_one_per_core(tmp_path):
    board = tmp_path / "b.in"
    board.write_text("2 2\n..\n.#\n")
    run = run_cli("placements", "--jobs", "0", str(board), str(board))
    assert run.code == 0 and run.out.count("WIN") == 2, run
    run = run_cli("sweep", "--jobs", "0", "--count", stdin=b"Bw\nBW\n")
    assert run.code == 0 and '"graphs":2' in run.out, run
    assert matchgame.sweep(b"Bw\n", jobs=0, count=True).graphs == 1
    with pytest.raises(InvalidInputError, match="jobs"):
        matchgame.sweep(b"Bw\n", jobs=-1)
    with pytest.raises(InvalidTypeError, match="jobs"):
        matchgame.sweep(b"Bw\n", jobs=2.0)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_ctrl_c_is_said_once_with_many_inputs_on_workers(tmp_path):
    """placements --jobs: the workers inherit the command line's Ctrl-C handler."""
    rng = np.random.default_rng(5)
    for i in range(12):
        rows = np.where(rng.random((1200, 1200)) < 0.3, "#", ".")
        (tmp_path / f"{i}.in").write_text("1200 1200\n" + "\n".join(map("".join, rows)) + "\n")
    boards = sorted(map(str, tmp_path.glob("*.in")))
    process = subprocess.Popen(
        [sys.executable, "-m", "matchgame", "placements", "--jobs", "2", *boards],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert _wait_for(lambda: len(_group(process.pid)) >= 3, 30), _group(process.pid)
        time.sleep(0.5)  # the workers at work
        os.killpg(process.pid, signal.SIGINT)
        # a second or two unloaded; over 30 s once beside other tests on two cores
        _, err = process.communicate(timeout=90)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert err == b"interrupted\n"
    assert process.returncode == 130
