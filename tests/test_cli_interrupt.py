"""Nothing a ``--jobs`` run or the web server starts outlives it (issue 33, 1).

``matchgame placements many/*.txt --out-dir outd --jobs 2`` killed (TERM, INT or
KILL, to the command line alone) left its two workers running: they went on writing
answers into ``outd`` and then slept for ever. Now the workers end with the command
line, the command line ends them before it says "interrupted", and an answer file
gets its name only once it is whole: after the command line is gone, no worker
remains and no file appears.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from matchgame.generate import random_board, serpentine_record

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's"
    ),
]

COPIES = 64  # enough that a run is still going a second after it starts


def _copies(folder: Path, name: str, text: str) -> list[str]:
    folder.mkdir(exist_ok=True)
    paths = []
    for i in range(COPIES):
        path = folder / f"{i}{name}"
        path.write_text(text)
        paths.append(str(path))
    return paths


def _walk_record(size: int) -> str:
    moves = []
    for r in range(size):
        columns = range(size) if r % 2 == 0 else range(size - 1, -1, -1)
        moves += [f"{r + 1} {c + 1}" for c in columns]
    rows = "\n".join("." * size for _ in range(size))
    return f"{size} {size}\n{rows}\n{len(moves)}\n" + "\n".join(moves) + "\n"


def _command(kind: str, folder: Path) -> tuple[list[str], Path | None]:
    """A ``--jobs 2`` run of ``kind`` over inputs that each take a good part of a second."""
    out = folder / "answers"
    if kind == "placements":
        board = random_board(500, 500, 0.2, seed=1).to_text()
        files = _copies(folder / "in", ".txt", board)
        return ["placements", "--out-dir", str(out), *files], out
    if kind == "mistakes":
        record = str(serpentine_record(501))
        files = _copies(folder / "in", ".txt", record)
        return ["mistakes", "--out-dir", str(out), *files], out
    if kind == "annotate":
        files = _copies(folder / "in", ".txt", _walk_record(70))
        return ["annotate", "--out-dir", str(out), *files], out
    assert kind == "verify"  # answers to standard output, certificates read from --answers
    board = random_board(600, 600, 0.2, seed=2)
    files = _copies(folder / "in", ".txt", board.to_text())
    answers = folder / "certificates"
    answers.mkdir()
    certificate = subprocess.run(
        [
            sys.executable,
            "-m",
            "matchgame",
            "placements",
            "--format=json",
            "--certificate",
            files[0],
        ],
        capture_output=True,
        check=True,
    ).stdout
    for path in files:
        (answers / Path(path).with_suffix(".out").name).write_bytes(certificate)
    return ["verify", "--answers", str(answers), *files], None


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _listing(folder: Path | None) -> dict[str, int]:
    if folder is None or not folder.exists():
        return {}
    return {entry.name: entry.stat().st_size for entry in os.scandir(folder)}


@pytest.mark.parametrize(
    ("kind", "signum"),
    [
        ("placements", signal.SIGTERM),
        ("placements", signal.SIGINT),
        ("placements", signal.SIGKILL),
        ("mistakes", signal.SIGTERM),
        ("annotate", signal.SIGINT),
        ("verify", signal.SIGKILL),
    ],
)
def test_killing_the_command_line_ends_its_workers(tmp_path, kind, signum):
    command, out = _command(kind, tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "matchgame", *command, "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2:  # the pool's two workers
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
            workers = _children(process.pid)
        time.sleep(1.0)  # a few answers under way
        os.kill(process.pid, signum)
        _, err = process.communicate(timeout=30)
        if signum != signal.SIGKILL:
            # it said so, after its workers were gone
            assert err.decode().splitlines()[-1] == "interrupted", err
            # 130 for Ctrl-C; TERM's own status (143 in a shell) for TERM
            assert process.returncode in (128 + signum, -signum), err
            assert not any(_running(pid) for pid in workers)
        deadline = time.monotonic() + 10
        while any(_running(pid) for pid in workers):
            assert time.monotonic() < deadline, "a worker outlived the command line"
            time.sleep(0.05)
        before = _listing(out)
        time.sleep(1.5)
        assert _listing(out) == before, "a file appeared after the command line ended"
        # whole answers only: the interrupted ones are not there, partial or hidden
        assert not [name for name in before if name.startswith(".")] or signum == signal.SIGKILL
        # every input is the same: every whole answer too (KILL may leave a hidden part)
        sizes = {size for name, size in before.items() if not name.startswith(".")}
        assert len(sizes) <= 1, before
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pid in workers:  # whatever a failed run left
            if _running(pid):
                os.kill(pid, signal.SIGKILL)


SERVER = """
import sys, time
from matchgame.apps.web import worker
worker.call(time.sleep, 120)  # as a graph picture's layout runs: in a worker process
"""


def test_the_web_servers_workers_end_with_it(tmp_path):
    """What cannot poll the stop flag (NetworkX) runs in a worker forked from a
    forkserver; killed, the server left such a worker running to its end."""
    pytest.importorskip("starlette")
    server = subprocess.Popen([sys.executable, "-c", SERVER])
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while not workers:  # the forkserver's child, sleeping
            assert time.monotonic() < deadline and server.poll() is None
            time.sleep(0.1)
            workers = [pid for child in _children(server.pid) for pid in _children(child)]
        workers += _children(server.pid)  # the forkserver and resource tracker too
        server.kill()
        server.wait()
        deadline = time.monotonic() + 10
        while any(_running(pid) for pid in workers):
            assert time.monotonic() < deadline, "a web worker outlived the server"
            time.sleep(0.05)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for pid in workers:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)


def _die_halfway_through_an_answer() -> None:
    """A worker that has written the start of an answer's message (its length and a
    few bytes) to the pool's answer pipe, then is killed: what a Ctrl-C does to a
    worker sending a large answer."""
    import gc
    import struct
    from multiprocessing.queues import SimpleQueue

    (answers,) = [item for item in gc.get_objects() if isinstance(item, SimpleQueue)]
    answers._writer._send(struct.pack("!i", 1 << 20) + b"abc")
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_stopped_pool_ends_its_thread_when_a_worker_died_inside_an_answer():
    """The pool's thread, left reading the rest of a message no one will write, once
    kept the command line from exiting after it said "interrupted" (CI, under load)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from matchgame.core._process import stop_pool

    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    pool.submit(_die_halfway_through_an_answer)
    thread = pool._executor_manager_thread
    deadline = time.monotonic() + 30
    while any(p.exitcode is None for p in pool._processes.values()):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    time.sleep(0.2)  # the thread has read the length and waits for the rest
    assert thread is not None and thread.is_alive()
    stop_pool(pool)
    thread.join(timeout=10)
    assert not thread.is_alive()
