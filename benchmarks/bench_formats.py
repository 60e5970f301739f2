"""Reading a Matrix Market file and solving it: matchgame against SciPy.

    python benchmarks/bench_formats.py [--rows R] [--cols C] [--entries E]
        [--repeats 3] [--seed 1] [--quick]

Writes a random ``pattern general`` Matrix Market file (default 10^6 x 10^6 with
10^7 entries; ``--quick``: 10^5 x 10^5 with 10^6), then times, in this process and
alternately, the median of ``--repeats`` runs of

- matchgame: ``matchgame.read_graph(path)`` (the compiled Matrix Market reader;
  a rectangular or square matrix read as rows against columns here, since the
  matrix is taken as a bipartite graph) and ``matchgame.analyse(graph)``: the
  maximum matching *and* every vertex's verdict (the Gallai-Edmonds set D);
- SciPy: ``scipy.io.mmread(path)`` and
  ``scipy.sparse.csgraph.maximum_bipartite_matching``: the matching only.

The matching sizes are compared; they must agree.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import scipy.io
import scipy.sparse
from scipy.sparse.csgraph import maximum_bipartite_matching

import matchgame
from matchgame._kernels.text import format_int_rows


def write_pattern_file(path: Path, rows: int, cols: int, entries: int, seed: int) -> None:
    """A random ``rows x cols`` pattern matrix with ``entries`` entries (1-based)."""
    rng = np.random.default_rng(seed)
    with path.open("wb") as handle:
        handle.write(b"%%MatrixMarket matrix coordinate pattern general\n")
        handle.write(b"% random entries, written by benchmarks/bench_formats.py\n")
        handle.write(f"{rows} {cols} {entries}\n".encode())
        chunk = 1 << 21
        for start in range(0, entries, chunk):
            size = min(chunk, entries - start)
            pairs = np.stack(
                [rng.integers(1, rows + 1, size), rng.integers(1, cols + 1, size)], axis=1
            ).astype(np.int64)
            handle.write(format_int_rows(pairs).tobytes())


def matchgame_run(path: Path) -> tuple[dict[str, float], int]:
    start = time.perf_counter()
    graph = matchgame.read_graph(path, format="mtx")
    read = time.perf_counter()
    analysis = matchgame.analyse(graph)
    done = time.perf_counter()
    return {"read": read - start, "solve": done - read}, analysis.matching_size


def scipy_run(path: Path) -> tuple[dict[str, float], int]:
    start = time.perf_counter()
    matrix = scipy.sparse.csr_matrix(scipy.io.mmread(str(path)))
    read = time.perf_counter()
    matched = maximum_bipartite_matching(matrix, perm_type="column")
    done = time.perf_counter()
    return {"read": read - start, "solve": done - read}, int((matched >= 0).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10**6)
    parser.add_argument("--cols", type=int, default=10**6)
    parser.add_argument("--entries", type=int, default=10**7)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="10^5 x 10^5, 10^6 entries")
    args = parser.parse_args()
    if args.quick:
        args.rows, args.cols, args.entries = 10**5, 10**5, 10**6
    if args.rows == args.cols:
        # a square matrix would be read as a graph on its rows; keep the benchmark
        # about rows against columns by adding one empty column
        args.cols += 1
    runners: dict[str, Callable[[Path], tuple[dict[str, float], int]]] = {
        "matchgame read_graph + analyse": matchgame_run,
        "scipy mmread + maximum_bipartite_matching": scipy_run,
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.mtx"
        write_pattern_file(path, args.rows, args.cols, args.entries, args.seed)
        megabytes = path.stat().st_size / 1e6
        print(
            f"{args.rows} x {args.cols} pattern matrix, {args.entries} entries, "
            f"{megabytes:.0f} MB; median of {args.repeats} runs"
        )
        times: dict[str, list[dict[str, float]]] = {name: [] for name in runners}
        sizes: dict[str, int] = {}
        for _ in range(args.repeats):
            for name, runner in runners.items():  # alternately: drift hits both alike
                seconds, size = runner(path)
                times[name].append(seconds)
                sizes[name] = size
    if len(set(sizes.values())) != 1:
        raise SystemExit(f"the matching sizes differ: {sizes}")
    print(f"matching size {next(iter(sizes.values()))} (both agree)")
    for name, runs in times.items():
        read = statistics.median(run["read"] for run in runs)
        solve = statistics.median(run["solve"] for run in runs)
        total = statistics.median(run["read"] + run["solve"] for run in runs)
        print(f"{name:45s} read {read:7.3f} s  solve {solve:7.3f} s  total {total:7.3f} s")


if __name__ == "__main__":
    main()
