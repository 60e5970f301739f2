"""``matchgame sweep`` as a process: what it starts ends with it, Ctrl-C is said once,
a Dask address that does not answer is one line, input is bounded as it is read.

Tests that need ``nauty-geng`` skip when it is missing, unless
``MATCHGAME_REQUIRE_NAUTY=1`` makes that a failure.
"""

from __future__ import annotations

import contextlib
import http.server
import multiprocessing
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cli_helpers import assert_user_error, run_cli

from matchgame.sweep.executors import run_tasks


def _require_nauty() -> None:
    if shutil.which("nauty-geng"):
        return
    if os.environ.get("MATCHGAME_REQUIRE_NAUTY") == "1":
        pytest.fail("nauty-geng is required (MATCHGAME_REQUIRE_NAUTY=1) but not installed")
    pytest.skip("nauty-geng is not installed (Debian: apt install nauty)")


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
    _require_nauty()
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
    assert out == b""
    if signum == signal.SIGINT:
        assert err == b"interrupted\n"
        assert process.returncode == 130
    else:
        assert err == b""
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
