"""The kernels are compiled extension modules: no JIT (numba) at run time, exact
dtypes at the boundary, and a C-level Ctrl-C handler for long kernel runs."""

import importlib
import importlib.machinery
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import matchgame
from matchgame._kernels import blossom, graphs

TESTS = Path(__file__).parent
PYTHONPATH = [os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []
KERNEL_MODULES = [
    "bipartite",
    "blossom",
    "bunny",
    "edgetext",
    "edmonds",
    "graphs",
    "grid",
    "incremental",
    "jsonscan",
    "text",
]


@pytest.mark.parametrize("name", [*KERNEL_MODULES, "_signals"])
def test_kernel_modules_are_extension_modules(name):
    module = importlib.import_module(f"matchgame._kernels.{name}")
    assert module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _imported_modules(args: list[str]) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Run ``python -X importtime ARGS``; the names of every module it imported."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", *args], capture_output=True, text=True, timeout=120
    )
    names = {
        line.rsplit("|", 1)[1].strip()
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }
    return proc, names


def _jit_modules(names: set[str]) -> set[str]:
    return {name for name in names if name.split(".")[0] in ("numba", "llvmlite")}


def test_library_runs_every_engine_without_numba():
    script = (
        "import matchgame\n"
        "from matchgame import GameRecord, analyse_record\n"
        "board = matchgame.Board.parse('3 3\\n.##\\n...\\n#.#\\n')\n"
        "assert matchgame.analyse(board).winning == [(1, 2), (2, 1)]\n"
        "triangle = matchgame.Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])\n"
        "assert matchgame.decompose(triangle).engine == 'blossom'\n"
        "record = GameRecord.parse('1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n')\n"
        "assert analyse_record(record).mistakes('Bunny') == [1]\n"
    )
    proc, names = _imported_modules(["-c", script])
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "matchgame._kernels.blossom" in names  # the probe sees kernel imports
    assert _jit_modules(names) == set()


def test_cli_run_imports_no_numba():
    proc, names = _imported_modules(["-m", "matchgame", "placements", "--example"])
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith("WIN\n")
    assert "matchgame._kernels.text" in names
    assert _jit_modules(names) == set()


def test_dtype_mismatch_is_a_value_error_not_a_crash():
    graph = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    with pytest.raises(ValueError, match="dtype mismatch"):
        graphs.two_colouring(graph.offsets.astype(np.int64), graph.indices)
    assert graphs.two_colouring(graph.offsets, graph.indices).tolist() == [0, 1, 0]


def slow_search_inputs(m: int = 200_000):
    """A graph, a maximum matching and a missable target whose every alternating
    search explores all ``m`` neighbours of the root before the one short path:
    about m * 20 ns of kernel time per search, in O(m) memory."""
    ys = 2 + 2 * np.arange(m)
    zs = ys + 1
    edges = np.concatenate(
        [[[0, 1]], np.stack([np.ones(m, int), ys], 1), np.stack([ys, zs], 1), [[zs[-1], 2 * m + 2]]]
    )
    graph = matchgame.Graph.from_edges(2 * m + 3, edges)
    mate = np.full(2 * m + 3, -1, dtype=np.int32)
    mate[0], mate[1] = 1, 0
    mate[ys], mate[zs] = zs, ys
    return graph, mate


def test_kernels_release_the_gil():
    graph, mate = slow_search_inputs()
    targets = np.zeros(50, dtype=np.int32)
    span = []

    def kernel() -> None:
        start = time.perf_counter()
        blossom.missable_paths(graph.offsets, graph.indices, mate, targets)
        span.extend([start, time.perf_counter()])

    worker = threading.Thread(target=kernel)
    worker.start()
    stamps = []
    while worker.is_alive():  # frozen while a kernel holds the GIL
        stamps.append(time.perf_counter())
    worker.join()
    start, stop = span
    quarter = (stop - start) / 4
    assert quarter > 0.02, "the kernel was too quick to tell"
    assert sum(start + quarter < t < stop - quarter for t in stamps) > 1000


# A kernel call that runs for minutes in bounded memory.
LONG_KERNEL = """
import sys
import numpy as np
from matchgame._kernels import blossom
from matchgame._kernels._signals import exit_on_interrupt
from test_compiled_kernels import slow_search_inputs

if sys.argv[1] == "handler":
    exit_on_interrupt(b"interrupted\\n")
graph, mate = slow_search_inputs()
targets = np.zeros(100_000, dtype=np.int32)
print("ready", flush=True)
blossom.missable_paths(graph.offsets, graph.indices, mate, targets)
print("finished", flush=True)
"""


def _start_long_kernel(mode: str) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-c", LONG_KERNEL, mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), *PYTHONPATH])},
    )
    assert proc.stdout.readline() == "ready\n", proc.stderr.read()
    time.sleep(0.3)  # well inside the kernel call
    os.kill(proc.pid, signal.SIGINT)
    return proc


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_interrupt_exits_at_once_inside_a_kernel():
    proc = _start_long_kernel("handler")
    try:
        stdout, stderr = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert stderr == "interrupted\n"  # the message and nothing else: no traceback
    assert stdout == ""


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_without_the_handler_the_kernel_ignores_ctrl_c():
    """The control: Python's own handler must wait for the kernel to return."""
    proc = _start_long_kernel("python")
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            proc.communicate(timeout=2)
    finally:
        proc.kill()
        proc.communicate()


def test_exit_status_must_be_a_byte():
    from matchgame._kernels._signals import exit_on_interrupt

    with pytest.raises(ValueError, match=r"0\.\.255"):
        exit_on_interrupt(b"x", 256)


def test_a_raised_stop_flag_stops_the_kernels_of_its_thread_only():
    """The web server stops abandoned work through a per-thread flag (_kernels._stop)."""
    import threading

    import pytest

    from matchgame import analyse
    from matchgame._kernels._stop import StopFlag, Stopped
    from matchgame.generate import random_board

    board = random_board(300, 300, 0.1, seed=1)
    flag = StopFlag()
    flag.raise_()
    with flag, pytest.raises(Stopped):
        analyse(board)
    assert analyse(board).placer_wins in (True, False)  # outside the flag: no stop
    other: list[object] = []
    with flag:  # raised here, but another thread has no flag
        thread = threading.Thread(target=lambda: other.append(analyse(board).matching_size))
        thread.start()
        thread.join()
    assert other and other[0] == analyse(board).matching_size


def test_a_raised_stop_flag_stops_the_blossom_kernels():
    """Graphs with odd cycles go through Edmonds' kernels, which poll the flag too."""
    import pytest

    from matchgame import Graph, analyse, maximum_matching
    from matchgame._kernels import blossom
    from matchgame._kernels._stop import StopFlag, Stopped

    rng = np.random.default_rng(3)
    graph = Graph.from_edges(2000, rng.integers(0, 2000, size=(6000, 2)))
    assert not graph.is_bipartite
    mate = maximum_matching(graph)
    flag = StopFlag()
    flag.raise_()
    with flag, pytest.raises(Stopped):
        analyse(graph)
    # the kernel itself returns at once (the caller's check then raises Stopped)
    empty = np.full(graph.n_vertices, -1, dtype=np.int32)
    with flag:
        assert blossom.edmonds_matching(graph.offsets, graph.indices, empty) == 0
    assert blossom.edmonds_matching(graph.offsets, graph.indices, empty) > 0
    targets = np.flatnonzero(mate >= 0).astype(np.int32)
    with flag, pytest.raises(Stopped):
        blossom.missable_paths(graph.offsets, graph.indices, mate, targets)
    # without the flag the same calls finish
    _paths, lengths = blossom.missable_paths(graph.offsets, graph.indices, mate, targets)
    assert lengths.shape[0] == targets.shape[0] + 1
